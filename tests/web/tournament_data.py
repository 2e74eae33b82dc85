"""A tournament for the tests: sixteen players, tenhou hanchan rules, and real Tenhou games
(from tests/data) played at its tables hand by hand, with what each seat finished with in
the game's .expected.json."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

from real_data import GAMES_DIR

from scorekeeper.club.models import Game, Player
from scorekeeper.table.services.hands import record_hand
from scorekeeper.tournaments.models import Table, Tournament
from scorekeeper.tournaments.services import create_tournament, register_players
from scoring.record_hand import parse_hand
from scoring.rules import resolve_rules

#: The rules of 27 of the real games: tenhou's hanchan.
RULES = {"preset": "tenhou", "length": "hanchan"}


def hanchan_records() -> list[Path]:
    return [
        path
        for path in sorted(GAMES_DIR.glob("*.game.json"))
        if json.loads(path.read_text())["rules"] == RULES
    ]


def expected_results(path: Path) -> list[Decimal]:
    expected = json.loads(path.with_name(path.name.replace(".game", ".expected")).read_text())
    return [Decimal(str(r)) for r in expected["final_result"]]


def make_tournament(players: int = 16, sessions: int = 3, **fields) -> Tournament:
    tournament = create_tournament(
        rules=resolve_rules(RULES),
        ruleset_name="tenhou",
        name="Autumn Cup",
        start_date="2026-11-28",
        sessions=sessions,
        **fields,
    )
    register_players(
        tournament=tournament,
        players=[Player.objects.create(name=f"Player {n:03}") for n in range(1, players + 1)],
    )
    return tournament


def play(table: Table, path: Path) -> list[Decimal]:
    """Play the real game at ``table`` (its seats in their order), hand by hand; what each
    seat's result is by the game's .expected.json."""
    game = table.game
    assert game is not None
    for sequence, data in enumerate(json.loads(path.read_text())["hands"]):
        record_hand(game=game, hand=parse_hand(data, "hand"), expected_sequence=sequence)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return expected_results(path)
