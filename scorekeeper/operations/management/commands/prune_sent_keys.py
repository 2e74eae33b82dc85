"""``manage.py prune_sent_keys [--days N]``: remove the keys of hands stored as a phone sent
them (recorded, or merged with the same hand), sent more than N days ago (30 by default).
A key keeps a hand sent again (an answer lost, a phone back online) from being stored twice;
after a month no phone is still sending it, and one that does has it merged with the same
hand at its place. Conflicts to settle are kept, and the latest settled ones (a game prunes
older ones as others are settled: ``table/services/outbox.py``).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from scorekeeper.table.services.outbox import prune_sent_keys


class Command(BaseCommand):
    help = "Remove the keys of hands stored as phones sent them, sent more than N days ago."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--days", type=int, default=30, help="keep the keys of the last N days (30)"
        )

    def handle(self, *args: Any, days: int, **options: Any) -> None:
        if days < 1:
            raise CommandError(f"--days {days}: expected 1 or more")
        removed = prune_sent_keys(before=timezone.now() - timedelta(days=days))
        self.stdout.write(f"removed {removed:,} keys of hands sent before the last {days} days")
