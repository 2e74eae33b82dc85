"""``manage.py seed_demo --games N [--seed S]``: fill the database with a demo club's games
(see ``scorekeeper/operations/demo.py``). The same seed on the same day gives the same club."""

from __future__ import annotations

import time
from datetime import date
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scorekeeper.operations.demo import seed_demo


class Command(BaseCommand):
    help = "Add N demo games of random but legal hands, spread over the last two years."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--games", type=int, default=200, help="how many games (200)")
        parser.add_argument("--seed", type=int, default=0, help="random seed (0)")
        parser.add_argument(
            "--today",
            type=date.fromisoformat,
            default=None,
            help="the last day of the two years, YYYY-MM-DD (default: today)",
        )

    def handle(self, *args: Any, games: int, seed: int, today: date | None, **options: Any) -> None:
        if games < 1:
            raise CommandError("--games: expected at least 1")
        started = time.perf_counter()

        def progress(done: int, total: int) -> None:
            self.stderr.write(f"seeded {done:,}/{total:,} games")

        hands = seed_demo(games=games, seed=seed, today=today, progress=progress)
        self.stdout.write(
            f"added {games:,} games ({hands:,} hands) in {time.perf_counter() - started:.1f} s"
        )
