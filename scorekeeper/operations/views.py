"""The club's backup as a download, for organisers."""

from __future__ import annotations

from django.http import HttpRequest, StreamingHttpResponse
from django.utils import timezone
from django.views.decorators.http import require_safe

from scorekeeper.operations.backup import backup_lines
from scorekeeper.registry.permissions import organiser_required


@require_safe
@organiser_required
def backup_download(request: HttpRequest) -> StreamingHttpResponse:
    """The same lines as ``manage.py backup``, streamed as they are read."""
    day = timezone.now().date().isoformat()
    response = StreamingHttpResponse(
        backup_lines(), content_type="application/x-ndjson; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="scorekeeper-backup-{day}.jsonl"'
    return response
