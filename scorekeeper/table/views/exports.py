"""A game's hand log as a download, CSV or JSON, for readers."""

from __future__ import annotations

import json

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

from scorekeeper.registry.permissions import game_read_required
from scorekeeper.table.exports import hand_log_document, hand_log_lines
from scorekeeper.table.pages import load_game
from scorekeeper.table.services.hands import scoreboard


def _download(body: str, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_safe
@game_read_required
def hand_log_csv(request: HttpRequest, game_id: int) -> HttpResponse:
    board = scoreboard(load_game(game_id))
    body = "".join(hand_log_lines(board))
    return _download(body, "text/csv; charset=utf-8", f"game-{game_id}-hands.csv")


@require_safe
@game_read_required
def hand_log_json(request: HttpRequest, game_id: int) -> HttpResponse:
    board = scoreboard(load_game(game_id))
    body = json.dumps(hand_log_document(board), indent=2, ensure_ascii=False) + "\n"
    return _download(body, "application/json; charset=utf-8", f"game-{game_id}-hands.json")
