"""One hand in record form (``docs/game-record.md``, ``hands``): read and written.

``parse_hand`` reads a hand strictly, a ``RecordError`` naming the place of anything the format
refuses (an unknown key, a wrong type, two outcomes); the quick reader takes the ordinary,
well-formed hand without building any error text, and leaves everything else to it.
``hand_to_json`` writes a hand back, so that a hand read and written again is the same. Whether
the rules accept the hand is the game's to say when it is played (``scoring.game``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, assert_never, cast

from scoring.errors import RecordError, Values, describe_value, excerpt, shown
from scoring.outcomes import Abort, AbortReason, Chombo, Draw, Hand, Outcome, Ron, Tsumo, Win
from scoring.record_win import (
    WIN_DETAIL_KEYS,
    read_dora,
    read_kita,
    read_open,
    read_yaku,
    win_details_json,
)
from scoring.seats import FOUR, Seat

OUTCOMES: Final = ("ron", "tsumo", "draw", "abort", "chombo")
COMPUTED_HAND_KEYS: Final = frozenset({"round", "dealer", "honba", "sticks", "deltas", "scores"})
#: The most chips one win may carry.
MAX_CHIPS: Final = 100
#: The longest word (an abort reason, a round) the format has.
MAX_RECORD_WORD: Final = 20


def record_error(
    where: str, message: str, *, code: str = "", values: Values | None = None
) -> RecordError:
    return RecordError(where, message, code=code, values=values)


def check_keys(value: Mapping[str, Any], allowed: frozenset[str] | set[str], where: str) -> None:
    for key in value:
        if key not in allowed:
            name = str(key)
            name = name if len(name) <= MAX_RECORD_WORD else excerpt(name)
            raise record_error(
                f"{where}.{name}" if where else name,
                "unknown field",
                code="record.unknown_field",
                values={"field": name},
            )


def read_object(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise record_error(
            where,
            f"expected an object, got {describe_value(value)}",
            code="record.not_object",
            values={"got": shown(value)},
        )
    return value


def read_int(value: Any, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise record_error(
            where,
            f"expected a whole number, got {describe_value(value)}",
            code="record.not_whole_number",
            values={"got": shown(value)},
        )
    if not low <= value <= high:
        raise record_error(
            where,
            f"expected {low}..{high}, got {value}",
            code="record.out_of_range",
            values={"low": low, "high": high, "got": value},
        )
    return value


def read_seat(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise record_error(
            where,
            f"expected a seat 0-3, got {describe_value(value)}",
            code="record.not_seat",
            values={"got": shown(value)},
        )
    # Before the game is known: a seat of the largest game (a smaller one asks again).
    if not 0 <= value <= FOUR.last_seat:
        raise record_error(
            where,
            f"seat {value} does not exist (seats are 0-{FOUR.last_seat})",
            code="seat.unknown",
            values={"seat": value, "players": FOUR.players, "last_seat": FOUR.last_seat},
        )
    return value


def _seat_list(value: Any, where: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise record_error(
            where,
            f"expected a list of seats, got {describe_value(value)}",
            code="record.not_seat_list",
            values={"got": shown(value)},
        )
    seats = tuple(read_seat(v, f"{where}[{i}]") for i, v in enumerate(value))
    if len(set(seats)) != len(seats):
        raise record_error(where, "a seat is listed twice", code="seat.listed_twice")
    return tuple(sorted(seats))


def _win(value: Any, where: str, *, tsumo: bool) -> Win:
    data = read_object(value, where)
    check_keys(data, _WIN_KEYS, where)
    if "winner" not in data:
        raise record_error(f"{where}.winner", "missing", code="record.missing")
    winner = read_seat(data["winner"], f"{where}.winner")
    han = fu = None
    yakuman = 0
    if data.get("yakuman") is not None:
        yakuman = read_int(data["yakuman"], f"{where}.yakuman", 0, 6)
    if data.get("han") is not None:
        han = read_int(data["han"], f"{where}.han", 1, 200)
    if data.get("fu") is not None:
        fu = read_int(data["fu"], f"{where}.fu", 20, 200)
    if yakuman and (han is not None or fu is not None):
        raise record_error(
            where, "give han and fu, or yakuman, not both", code="win.han_and_yakuman"
        )
    if not yakuman and han is None:
        raise record_error(
            f"{where}.han",
            "a win needs han (and fu below 5 han) or yakuman",
            code="win.no_value",
        )
    pao = None if data.get("pao") is None else read_seat(data["pao"], f"{where}.pao")
    chips = (
        0 if data.get("chips") is None else read_int(data["chips"], f"{where}.chips", 0, MAX_CHIPS)
    )
    return Win(
        winner=winner,
        han=han,
        fu=fu,
        yakuman=yakuman,
        pao=pao,
        chips=chips,
        yaku=read_yaku(data.get("yaku"), f"{where}.yaku"),
        dora=read_dora(data.get("dora"), f"{where}.dora"),
        open=read_open(data.get("open"), f"{where}.open"),
        kita=read_kita(data.get("dora"), f"{where}.dora"),
    )


#: The keys of a win the quick reader takes; a win with yaku, dora or open goes to the full one.
_QUICK_WIN_KEYS: Final = frozenset({"winner", "han", "fu", "yakuman", "pao", "chips"})
_WIN_KEYS: Final = _QUICK_WIN_KEYS | WIN_DETAIL_KEYS


def _outcome(kind: str, value: Any, where: str) -> Outcome:
    where = f"{where}.{kind}"
    data = read_object(value, where)
    if kind == "ron":
        check_keys(data, {"from", "wins"}, where)
        if "from" not in data:
            raise record_error(
                f"{where}.from",
                "missing: who discarded the winning tile",
                code="record.missing_discarder",
            )
        discarder = read_seat(data["from"], f"{where}.from")
        wins = data.get("wins")
        if not isinstance(wins, list) or not 1 <= len(wins) <= 3:
            raise record_error(
                f"{where}.wins", "expected a list of one to three wins", code="record.ron_wins"
            )
        return Ron(
            discarder, tuple(_win(w, f"{where}.wins[{i}]", tsumo=False) for i, w in enumerate(wins))
        )
    if kind == "tsumo":
        return Tsumo(_win(data, where, tsumo=True))
    if kind == "draw":
        check_keys(data, {"tenpai", "nagashi"}, where)
        return Draw(
            tenpai=_seat_list(data.get("tenpai", []), f"{where}.tenpai"),
            nagashi=_seat_list(data.get("nagashi", []), f"{where}.nagashi"),
        )
    if kind == "abort":
        check_keys(data, {"reason"}, where)
        if "reason" not in data:
            return Abort(None)  # the table did not note which abortive draw
        reason = data["reason"]
        if (
            not isinstance(reason, str)
            or len(reason) > MAX_RECORD_WORD
            or reason not in AbortReason._value2member_map_
        ):
            raise record_error(
                f"{where}.reason",
                f"expected one of {', '.join(r.value for r in AbortReason)}, "
                f"got {describe_value(reason)}",
                code="record.not_abort_reason",
                values={"got": shown(reason)},
            )
        return Abort(AbortReason(reason))
    check_keys(data, {"offender"}, where)
    if "offender" not in data:
        raise record_error(f"{where}.offender", "missing", code="record.missing")
    return Chombo(read_seat(data["offender"], f"{where}.offender"))


def parse_hand(value: Any, where: str = "hand") -> Hand:
    """One hand of a record, checked for form (the rules check it when it is played).

    >>> parse_hand({"riichi": [2, 0], "draw": {"tenpai": [0]}})
    Hand(outcome=Draw(tenpai=(0,), nagashi=()), riichi=(0, 2), end=False)
    """
    data = read_object(value, where)
    kinds = [key for key in OUTCOMES if key in data]
    if len(kinds) != 1:
        raise record_error(
            where,
            "expected exactly one outcome (ron, tsumo, draw, abort or chombo), "
            f"got {len(kinds)}" + (f": {', '.join(kinds)}" if kinds else ""),
            code="record.outcome_count",
            values={"count": len(kinds), "outcomes": ", ".join(kinds)},
        )
    check_keys(data, {"riichi", "end", kinds[0]} | COMPUTED_HAND_KEYS, where)
    riichi = _seat_list(data.get("riichi", []), f"{where}.riichi")
    end = data.get("end", False)
    if not isinstance(end, bool):
        raise record_error(
            f"{where}.end",
            f"expected true or false, got {describe_value(end)}",
            code="record.not_bool",
            values={"got": shown(end)},
        )
    return Hand(_outcome(kinds[0], data[kinds[0]], where), riichi, end)


def _is_seat(value: Any) -> bool:
    return type(value) is int and 0 <= value <= 3


def _quick_seats(value: Any) -> tuple[Seat, ...] | None:
    if type(value) is not list:
        return None
    for seat in value:
        if not _is_seat(seat):
            return None
    if len(value) < 2:
        return tuple(value)
    if len(set(value)) != len(value):
        return None
    return tuple(sorted(value))


def _quick_count(value: Any, low: int, high: int) -> bool:
    return value is None or (type(value) is int and low <= value <= high)


def _quick_win(value: Any) -> Win | None:
    if type(value) is not dict:
        return None
    for key in value:
        if key not in _QUICK_WIN_KEYS:
            return None
    get = value.get
    winner, han, fu, yakuman = get("winner"), get("han"), get("fu"), get("yakuman")
    pao, chips = get("pao"), get("chips")
    if (
        not _is_seat(winner)
        or not _quick_count(han, 1, 200)
        or not _quick_count(fu, 20, 200)
        or not _quick_count(yakuman, 0, 6)
        or not (pao is None or _is_seat(pao))
        or not _quick_count(chips, 0, MAX_CHIPS)
    ):
        return None
    if yakuman:
        if han is not None or fu is not None:
            return None
    elif han is None:
        return None
    return Win(cast(int, winner), han, fu, yakuman or 0, pao, chips or 0)


def _quick_outcome(kind: str, value: Any) -> Outcome | None:
    if type(value) is not dict:
        return None
    if kind == "ron":
        wins = value.get("wins")
        discarder = value.get("from")
        if (
            len(value) != 2
            or not _is_seat(discarder)
            or type(wins) is not list
            or not 1 <= len(wins) <= 3
        ):
            return None
        parsed = []
        for raw in wins:
            win = _quick_win(raw)
            if win is None:
                return None
            parsed.append(win)
        return Ron(cast(int, discarder), tuple(parsed))
    if kind == "tsumo":
        win = _quick_win(value)
        return None if win is None else Tsumo(win)
    if kind == "draw":
        if len(value) > 2 or any(key not in ("tenpai", "nagashi") for key in value):
            return None
        tenpai = _quick_seats(value.get("tenpai", _EMPTY))
        nagashi = _quick_seats(value.get("nagashi", _EMPTY))
        return None if tenpai is None or nagashi is None else Draw(tenpai, nagashi)
    return None  # aborts and chombos are rare: the full parser reads them


_EMPTY: Final[list[Any]] = []


def quick_parse_hand(value: Any) -> Hand | None:
    """The hand an ordinary, well-formed entry holds, or ``None`` for anything else (then
    ``parse_hand`` reads it and says what is wrong where). Most hands of most records take
    this path, which builds no text for an error that does not happen."""
    if type(value) is not dict:
        return None
    kind = None
    riichi: tuple[Seat, ...] | None = ()
    end = False
    for key, item in value.items():
        if key in _QUICK_KINDS:
            if kind is not None:
                return None
            kind = key
        elif key == "riichi":
            riichi = _quick_seats(item)
            if riichi is None:
                return None
        elif key == "end":
            if type(item) is not bool:
                return None
            end = item
        elif key not in COMPUTED_HAND_KEYS:
            return None
    if kind is None or riichi is None:
        return None
    outcome = _quick_outcome(kind, value[kind])
    return None if outcome is None else Hand(outcome, riichi, end)


_QUICK_KINDS: Final = frozenset(OUTCOMES)


def _win_json(win: Win) -> dict[str, Any]:
    out: dict[str, Any] = {"winner": win.winner}
    if win.yakuman:
        out["yakuman"] = win.yakuman
    else:
        out["han"] = win.han
        if win.fu is not None:
            out["fu"] = win.fu
    if win.pao is not None:
        out["pao"] = win.pao
    if win.chips:
        out["chips"] = win.chips
    if win.yaku or win.dora is not None or win.open is not None:
        out.update(win_details_json(win))
    return out


def hand_to_json(hand: Hand) -> dict[str, Any]:
    """A hand in record form.

    >>> hand_to_json(parse_hand({"tsumo": {"winner": 1, "han": 1, "fu": 30}}))
    {'tsumo': {'winner': 1, 'han': 1, 'fu': 30}}
    """
    out: dict[str, Any] = {}
    if hand.riichi:
        out["riichi"] = list(hand.riichi)
    outcome = hand.outcome
    match outcome:
        case Ron():
            out["ron"] = {"from": outcome.discarder, "wins": [_win_json(w) for w in outcome.wins]}
        case Tsumo():
            out["tsumo"] = _win_json(outcome.win)
        case Draw():
            draw: dict[str, Any] = {"tenpai": list(outcome.tenpai)}
            if outcome.nagashi:
                draw["nagashi"] = list(outcome.nagashi)
            out["draw"] = draw
        case Abort():
            out["abort"] = {} if outcome.reason is None else {"reason": outcome.reason.value}
        case Chombo():
            out["chombo"] = {"offender": outcome.offender}
        case _:
            assert_never(outcome)
    if hand.end:
        out["end"] = True
    return out


__all__: Sequence[str] = ["hand_to_json", "parse_hand"]
