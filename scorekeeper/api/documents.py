"""What the API answers, as JSON: a game as the game record's output document
(``docs/game-record.md``) with what the club keeps of it (``game``), one hand of it as
played, and the summary a write answers with."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from scorekeeper.club.models import Game
from scorekeeper.table.services.hands import Scoreboard, scoreboard
from scoring.record_output import scored_json


def about(game: Game) -> dict[str, Any]:
    """What the club keeps of a game beside its record: its id and page, its status, its
    number of hands (the ``sequence`` the next hand is sent with) and its revision (every
    write changes it; a correction or an undo may be sent with it)."""
    return {
        "id": game.pk,
        "url": reverse("game_table", args=[game.pk]),
        "status": game.status,
        "table_label": game.table_label,
        "ruleset_name": game.ruleset_name,
        "hand_count": game.hand_count,
        "revision": game.revision,
        "created_at": game.created_at.isoformat(),
        "finished_at": game.finished_at.isoformat() if game.finished_at else None,
    }


def game_document(game: Game, board: Scoreboard | None = None) -> dict[str, Any]:
    """The game record's output document, with ``game``: what the club keeps of it."""
    board = board or scoreboard(game)
    return {**scored_json(board.record, board.replay), "game": about(game)}


def hand_answer(game: Game, sequence: int, **extra: Any) -> dict[str, Any]:
    """The answer to a write of hand ``sequence``: the hand as played there now (its round,
    dealer, honba, deltas and scores), and the game after it, without its other hands."""
    document = game_document(game)
    hands = document.pop("hands")
    hand = hands[sequence] if 0 <= sequence < len(hands) else None
    return {**extra, "sequence": sequence, "hand": hand, "game": document}
