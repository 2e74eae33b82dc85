"""From a table to the calculator and back: the calculator opened for one seat of a game,
and the hand it sends back as the hand form's first values. Both travel in the URL, as all
of the calculator's state does."""

from __future__ import annotations

from typing import Any

from django.http import QueryDict
from django.urls import reverse

from scorekeeper.club.models import Game
from scorekeeper.table.fields import FU_CHOICES, HAN_CHOICES, YAKUMAN, YAKUMAN_COUNTS
from scoring.seats import Wind, seat_wind
from scoring.state import GameState


def calculator_url(game: Game, state: GameState, seat: int) -> str:
    """The calculator with this game's ruleset, the seat's and the round's wind and the
    honba filled in, and the way back to the table (``?seat=2``)."""
    back = reverse("game_table", args=[game.pk])
    query = QueryDict(mutable=True)
    query["rules"] = f"game-{game.pk}"
    query["seat_wind"] = seat_wind(seat, state.dealer).value
    query["round_wind"] = Wind.of_index(state.round_index // 4).value
    query["honba"] = str(state.honba)
    query["return"] = f"{back}?seat={seat}"
    return f"{reverse('calculator')}?{query.urlencode(safe='/')}"


def hand_form_initial(query: QueryDict) -> dict[str, Any]:
    """The hand form's first values for a hand the calculator sends back to the table
    (``?seat=2&han=3&fu=30&tsumo=0&riichi=1``). Only hints: anything that does not fit is
    left for the player to choose, and the form checks the rest when it is sent."""
    seat = query.get("seat", "")
    han = query.get("han", "")
    if seat not in ("0", "1", "2", "3") or han not in dict(HAN_CHOICES):
        return {}
    number = int(seat)
    tsumo = query.get("tsumo") == "1"
    initial: dict[str, Any] = {
        "outcome": "tsumo" if tsumo else "ron",
        "winner" if tsumo else "winners": number if tsumo else [number],
        f"win_{number}_han": han,
    }
    if query.get("fu") in dict(FU_CHOICES):
        initial[f"win_{number}_fu"] = query["fu"]
    if han == YAKUMAN and query.get("yakuman") in dict(YAKUMAN_COUNTS):
        initial[f"win_{number}_yakuman"] = query["yakuman"]
    if query.get("riichi") == "1":
        initial["riichi"] = [number]
    return initial
