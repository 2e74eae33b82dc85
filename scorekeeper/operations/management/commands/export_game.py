"""``manage.py export_game GAME_ID``: print a game's record (``scorekeeper.game/1``)."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scorekeeper.club.models import Game
from scorekeeper.table.services.games import export_record


class Command(BaseCommand):
    help = "Print a game's record as JSON (scorekeeper.game/1), ready for import_game."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game_id", type=int, help="the game's number")

    def handle(self, *args: Any, **options: Any) -> None:
        game = Game.objects.filter(pk=options["game_id"]).first()
        if game is None:
            raise CommandError(f"There is no game {options['game_id']}.")
        self.stdout.write(json.dumps(export_record(game), indent=2, ensure_ascii=False))
