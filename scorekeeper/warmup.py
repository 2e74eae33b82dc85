"""Getting a server ready before its first request.

A process that serves the site loads, on its first requests, every view module (through the
URL patterns) and every template it renders, compiled. ``warm_up`` does it at once. Gunicorn
calls it in its master process, after loading the site and before forking the workers
(``gunicorn.conf.py``), so the workers start with it done and share one copy of it, and the
first phones of the evening do not wait while each worker compiles the table page.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.template.loader import get_template
from django.urls import get_resolver


def warm_up() -> int:
    """Load the URL patterns and compile the site's own templates; how many templates."""
    get_resolver().reverse_dict  # noqa: B018 - reading it imports the views and fills it
    count = 0
    engines: list[dict[str, Any]] = settings.TEMPLATES
    for engine in engines:
        for folder in map(Path, engine.get("DIRS", [])):
            for path in sorted(folder.rglob("*.html")):
                get_template(path.relative_to(folder).as_posix())
                count += 1
    return count
