"""``manage.py import_game FILE``: store a ``scorekeeper.game/1`` record as a new game, or the
game(s) of a platform's log (Tenhou's mjlog XML, tenhou.net/6 JSON, a ZIP of logs)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scorekeeper.errors import ServiceError
from scorekeeper.operations.logs.services import import_log_file, is_log
from scorekeeper.operations.uploads import import_text


class Command(BaseCommand):
    help = (
        "Import a game record (scorekeeper.game/1), or a Tenhou / Mahjong Soul log (mjlog "
        "XML, tenhou.net/6 JSON, a ZIP of logs), as new games: players are matched by name "
        "and created when missing; every hand is checked before anything is stored, and a "
        "log must reproduce the scores and results the platform recorded."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "file", help="the record's or the log's file, or - to read standard input"
        )
        parser.add_argument("--table-label", default="", help="the game's table label")
        parser.add_argument("--ruleset-name", default=None, help="name the game's ruleset")

    def handle(self, *args: Any, **options: Any) -> None:
        name = options["file"]
        try:
            content = sys.stdin.read().encode() if name == "-" else Path(name).read_bytes()
        except OSError as error:
            raise CommandError(f"{name}: cannot read it: {error}") from None
        if is_log(content):
            try:
                games = import_log_file(name=Path(name).name, content=content)
            except ServiceError as error:
                raise CommandError(error.message) from None
            for game in games:
                self.stdout.write(f"Imported game {game.pk}: {game.get_absolute_url()}")
            return
        try:
            text = content.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise CommandError(f"{name}: cannot read it: {error}") from None
        try:
            # The same code as the organiser's import page.
            game = import_text(
                text=text, table_label=options["table_label"], ruleset_name=options["ruleset_name"]
            )
        except ServiceError as error:
            raise CommandError(f"{name}: {error.message}") from None
        self.stdout.write(f"Imported game {game.pk}: {game.get_absolute_url()}")
