"""``manage.py import_game FILE``: store a ``scorekeeper.game/1`` record as a new game."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scorekeeper.errors import ServiceError
from scorekeeper.operations.uploads import import_text


class Command(BaseCommand):
    help = (
        "Import a game record (scorekeeper.game/1) as a new game: players are matched by "
        "name and created when missing; every hand is checked before anything is stored."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the record's JSON file, or - to read standard input")
        parser.add_argument("--table-label", default="", help="the game's table label")
        parser.add_argument("--ruleset-name", default=None, help="name the game's ruleset")

    def handle(self, *args: Any, **options: Any) -> None:
        name = options["file"]
        try:
            text = sys.stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(f"{name}: cannot read it: {error}") from None
        try:
            # The same code as the organiser's import page.
            game = import_text(
                text=text, table_label=options["table_label"], ruleset_name=options["ruleset_name"]
            )
        except ServiceError as error:
            raise CommandError(f"{name}: {error.message}") from None
        self.stdout.write(f"Imported game {game.pk}: {game.get_absolute_url()}")
