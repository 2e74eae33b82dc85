"""``manage.py import_game FILE``: store a ``scorekeeper.game/1`` record as a new game."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scorekeeper.club.limits import TooDeep, load_json
from scorekeeper.table.services import ServiceError
from scorekeeper.table.services_games import import_record
from scoring.errors import ScoringError


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
        doc = _read_json(name)
        try:
            game = import_record(
                doc=doc, table_label=options["table_label"], ruleset_name=options["ruleset_name"]
            )
        except ScoringError as error:
            raise CommandError(f"{name}: {error}") from None
        except ServiceError as error:
            raise CommandError(f"{name}: {error.message}") from None
        self.stdout.write(f"Imported game {game.pk}: {game.get_absolute_url()}")


def _read_json(name: str) -> Any:
    try:
        text = sys.stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise CommandError(f"{name}: cannot read it: {error}") from None
    try:
        return load_json(text)
    except json.JSONDecodeError as error:
        raise CommandError(
            f"{name}: not JSON: {error.msg} at line {error.lineno}, column {error.colno}"
        ) from None
    except TooDeep as error:
        raise CommandError(f"{name}: not a game record: {error}") from None
