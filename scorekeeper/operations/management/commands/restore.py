"""``manage.py restore FILE``: load a backup (``manage.py backup``) into an empty database.

Every game is read through the engine before anything is stored, all in one transaction:
a bad line stops the restore with its line number and the place in it, and nothing is kept.
``-`` reads standard input.
"""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import translation

from scorekeeper.errors import RestoreError
from scorekeeper.operations.restore import restore
from scorekeeper.operations.uploads import restored_text


class Command(BaseCommand):
    help = "Restore a backup (JSON lines) into an empty database."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the backup to read, or - for standard input")
        parser.add_argument(
            "--every", type=int, default=1000, help="report progress every N games (1000)"
        )

    def handle(self, *args: Any, file: str, every: int, **options: Any) -> None:
        def progress(done: int, total: int) -> None:
            self.stderr.write(f"restored {done:,}/{total:,} games")

        try:
            if file == "-":
                if hasattr(sys.stdin, "reconfigure"):
                    sys.stdin.reconfigure(encoding="utf-8-sig")
                counts = restore(sys.stdin, progress=progress, every=every)
            else:
                with open(file, encoding="utf-8-sig") as lines:
                    counts = restore(lines, progress=progress, every=every)
        except OSError as error:
            raise CommandError(f"{file}: {error.strerror}") from None
        except UnicodeDecodeError:
            raise CommandError(f"{file}: not a UTF-8 text file") from None
        except RestoreError as error:
            raise CommandError(f"{file}: {error} (nothing was restored)") from None
        # The command line speaks English (the site's words in their English form).
        with translation.override("en"):
            self.stdout.write(restored_text(counts))
