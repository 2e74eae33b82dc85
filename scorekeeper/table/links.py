"""From a table to the calculator and back: the calculator opened for one seat of a game,
and the hand it sends back as the hand form's values. Both travel in the URL, as all of the
calculator's state does: the way back to the table (``return``) carries every value the hand
form had when "Count it from the tiles" was tapped (the other winners, the discarder, each
riichi), and the calculator adds the seat's han and fu, how it was won, whether the seat
declared riichi (``han``, ``fu``, ``yakuman``, ``tsumo``, ``riichi_declared``) and what the
win was made of (``YAKU_QUERY``: its yaku, dora and open)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from django import forms
from django.http import QueryDict
from django.urls import reverse

from scorekeeper.club.models import Game
from scorekeeper.request_numbers import request_number
from scorekeeper.table.forms.fields import FU_CHOICES, HAN_CHOICES, YAKUMAN, YAKUMAN_COUNTS
from scoring.seats import seat_wind
from scoring.state import GameState
from scoring.yaku import BY_NAME

#: The hand form's fields that say nothing about the hand (they are not carried).
NOT_CARRIED = frozenset({"sequence", "revision"})
#: The longest value of a hand form's field worth carrying (a seat, a han, a reason).
LONGEST_VALUE = 24


def carried_values(data: Mapping[str, object], fields: Mapping[str, forms.Field]) -> QueryDict:
    """The hand form's values in ``data`` (a POST or a query) worth carrying to the
    calculator and back: only the form's own fields, short values, each list as a list."""
    carried = QueryDict(mutable=True)
    if not isinstance(data, QueryDict):
        return carried
    for name, field in fields.items():
        if name in NOT_CARRIED:
            continue
        values = [v for v in data.getlist(name) if v and len(v) <= LONGEST_VALUE]
        if not values:
            continue
        if isinstance(field, forms.MultipleChoiceField):
            # Each of the field's choices at most once (seats, or a winner's yaku).
            carried.setlist(name, [v for v in dict.fromkeys(values) if field.valid_value(v)])
        else:
            carried[name] = values[0]
    return carried


def calculator_url(
    game: Game, state: GameState, seat: int, carried: QueryDict | None = None
) -> str:
    """The calculator with this game's ruleset, the seat's and the round's wind, the honba,
    tsumo and riichi as the hand form had them for the seat, and the way back to the table
    with the hand form's values (``?seat=2&outcome=ron&winners=0&winners=2…``)."""
    carried = carried or QueryDict()
    back = QueryDict(mutable=True)
    back["seat"] = str(seat)
    for name, values in carried.lists():
        back.setlist(name, values)
    query = QueryDict(mutable=True)
    query["rules"] = f"game-{game.pk}"
    query["seat_wind"] = seat_wind(seat, state.dealer, game.players).value
    query["round_wind"] = state.round_wind.value
    query["honba"] = str(state.honba)
    if carried.get("outcome") == "tsumo" and carried.get("winner") == str(seat):
        query["tsumo"] = "1"
    if str(seat) in carried.getlist("riichi"):
        query["riichi"] = "1"
    query["return"] = f"{reverse('game_table', args=[game.pk])}?{back.urlencode(safe='/')}"
    return f"{reverse('calculator')}?{query.urlencode(safe='/')}"


def returned_values(query: QueryDict, fields: Mapping[str, forms.Field]) -> QueryDict | None:
    """The hand form's values when the table is opened on the way back from the calculator
    (``?seat=2&outcome=ron&winners=0&…&han=3&fu=30&tsumo=0&riichi_declared=1``): the form
    as it was, with the calculator's answer for the seat laid over it. Only hints: anything
    that does not fit is left for the player to choose, and the form checks the rest when it
    is sent. ``None`` when the address carries no hand."""
    values = carried_values(query, fields)
    seat = query.get("seat", "")
    han = query.get("han", "")
    if seat in ("0", "1", "2", "3") and han in dict(HAN_CHOICES):
        _lay_answer(values, query, seat, han, fields)
    return values or None


def _lay_answer(
    values: QueryDict, query: QueryDict, seat: str, han: str, fields: Mapping[str, forms.Field]
) -> None:
    if query.get("tsumo") == "1":
        values["outcome"] = "tsumo"
        values["winner"] = seat
        for name in ("winners", "discarder"):
            values.pop(name, None)
    else:
        if values.get("outcome") != "ron":
            values["outcome"] = "ron"
            values.setlist("winners", [])
        winners = values.getlist("winners")
        values.setlist("winners", winners if seat in winners else [*winners, seat])
        if values.get("discarder") == seat:
            values.pop("discarder")
        values.pop("winner", None)
    for kind in ("han", "fu", "yakuman"):
        values.pop(f"win_{seat}_{kind}", None)
    values[f"win_{seat}_han"] = han
    fu = query.get("fu", "")
    if fu in dict(FU_CHOICES):
        values[f"win_{seat}_fu"] = fu
    yakuman, count = f"win_{seat}_yakuman", query.get("yakuman", "")
    if han == YAKUMAN and yakuman in fields and count in dict(YAKUMAN_COUNTS):
        values[yakuman] = count
    declared = query.get("riichi_declared")
    if declared in ("0", "1"):
        riichi = [s for s in values.getlist("riichi") if s != seat]
        values.setlist("riichi", sorted([*riichi, seat] if declared == "1" else riichi))
    _lay_yaku(values, query, seat)


def form_initial(values: QueryDict, fields: Mapping[str, forms.Field]) -> dict[str, object]:
    """``values`` as a hand form's initial values (a list for a field of many choices)."""
    return {
        name: values.getlist(name)
        if isinstance(fields.get(name), forms.MultipleChoiceField)
        else values[name]
        for name in values
    }


#: The most dora of a kind a seat's answer may carry back.
_MOST_DORA: Final = 40


def _lay_yaku(values: QueryDict, query: QueryDict, seat: str) -> None:
    """The seat's yaku, dora and open/closed from the calculator's answer, over what the form
    had for the seat; names the table does not know and counts that are not numbers are
    left out."""
    for name in ("yaku", "dora", "ura", "aka", "open"):
        values.pop(f"win_{seat}_{name}", None)
    names = [name for name in query.getlist("yaku") if name in BY_NAME]
    if names:
        values.setlist(f"win_{seat}_yaku", names)
    for name in ("dora", "ura", "aka"):
        count = request_number(query.get(name, ""), digits=2)
        if count is not None and count <= _MOST_DORA:
            values[f"win_{seat}_{name}"] = str(count)
    if query.get("open") in ("0", "1"):
        values[f"win_{seat}_open"] = "open" if query["open"] == "1" else "closed"
