"""Real games for the history tests: Tenhou records from the test data, imported through
the services with the four players rotated game by game (so each player sits in every
seat), and what their .expected.json files say each seat finished with."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path

from real_data import GAMES_DIR

from scorekeeper.club.models import Game
from scorekeeper.table.services.games import import_record

DATA = GAMES_DIR
NAMES = ("Aki", "Ben", "Chie", "Dan")
#: The first game's day; each next game is a day later.
FIRST_DAY = datetime(2025, 3, 1, 19, 0, tzinfo=UTC)


@dataclass(frozen=True)
class Imported:
    game: Game
    players: tuple[str, ...]
    record: dict
    expected: dict

    def seat_of(self, name: str) -> int:
        return self.players.index(name)


def record_files(count: int) -> list[Path]:
    return sorted(DATA.glob("*.game.json"))[:count]


def import_games(count: int) -> list[Imported]:
    """``count`` real games, one a day from ``FIRST_DAY``, finished (as the records end)."""
    out = []
    for number, path in enumerate(record_files(count)):
        record = json.loads(path.read_text())
        shift = number % 4
        players = NAMES[shift:] + NAMES[:shift]
        record["players"] = list(players)
        game = import_record(doc=record, ruleset_name="tenhou", table_label=f"Table {number}")
        when = FIRST_DAY + timedelta(days=number)
        Game.objects.filter(pk=game.pk).update(
            created_at=when, finished_at=when + timedelta(hours=1)
        )
        game.refresh_from_db()
        expected = json.loads(path.with_name(path.name.replace(".game", ".expected")).read_text())
        out.append(Imported(game, players, record, expected))
    return out


def expected_total(games: list[Imported], name: str) -> Decimal:
    """The sum of the seat's recorded final_result over the games, for ``name``."""
    return sum(
        (Decimal(str(g.expected["final_result"][g.seat_of(name)])) for g in games), Decimal(0)
    )


def expected_place(imported: Imported, name: str) -> int:
    """The place from the recorded final results (a tie goes to the earlier seat)."""
    results = imported.expected["final_result"]
    seat = imported.seat_of(name)
    return 1 + sum(
        1
        for other, value in enumerate(results)
        if value > results[seat] or (value == results[seat] and other < seat)
    )
