"""``manage.py backup FILE``: the whole club as JSON lines (``scorekeeper.backup/1``);
``-`` writes to standard output. See ``scorekeeper/operations/backup.py`` for the format."""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scorekeeper.operations.backup import backup_lines


class Command(BaseCommand):
    help = "Write a backup of every player, ruleset, season, game and tournament as JSON lines."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="where to write the backup, or - for standard output")

    def handle(self, *args: Any, file: str, **options: Any) -> None:
        if file == "-":
            # Names may be Japanese whatever the terminal's locale says.
            if hasattr(sys.stdout, "reconfigure"):
                sys.stdout.reconfigure(encoding="utf-8")
            for line in backup_lines():
                self.stdout.write(line, ending="")
            return
        line = "{}"
        with open(file, "w", encoding="utf-8", newline="\n") as out:
            for line in backup_lines():
                out.write(line)
        counts = json.loads(line)["counts"]
        tournaments = counts.get("tournaments", 0)
        self.stderr.write(
            f"wrote {counts['players']:,} players, {counts['games']:,} games, "
            f"{counts['hands']:,} hands and {tournaments:,} "
            f"tournament{'' if tournaments == 1 else 's'} to {file}"
        )
