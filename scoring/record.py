"""The game record ``scorekeeper.game/1`` (``shared/spec/game-record.md``): read, validate,
write, and score.

A record is the rules, four players in seat order and the hands; everything else is computed
by replaying. Reading is strict: an unknown key, a wrong type or a hand the rules refuse is a
``RecordError`` naming the place (``hands[3] (E4).ron.wins[0].fu``). The computed fields of an
output document are accepted on input and ignored, so an exported game imports again.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, assert_never, cast

from scoring.errors import RecordError, RulesError, excerpt
from scoring.game import play_hand, replay
from scoring.outcomes import (
    Abort,
    AbortReason,
    Chombo,
    Draw,
    Hand,
    Outcome,
    Penalty,
    Ron,
    Tsumo,
    Win,
)
from scoring.rule_values import MAX_POINTS
from scoring.rules import Ruleset, resolve_rules
from scoring.seats import Seat
from scoring.standings import Standing, final_standings
from scoring.state import (
    MAX_COUNTER,
    GameState,
    Replay,
    check_start,
    parse_round_label,
    start_state,
)

FORMAT: Final = "scorekeeper.game/1"
OUTCOMES: Final = ("ron", "tsumo", "draw", "abort", "chombo")
COMPUTED_HAND_KEYS: Final = frozenset({"round", "dealer", "honba", "sticks", "deltas", "scores"})
COMPUTED_KEYS: Final = frozenset({"finished", "end_reason", "final"})
MAX_NAME: Final = 100
#: The longest reason a penalty may give.
MAX_REASON: Final = 200
#: The most hands a record may hold: far more than any game plays, few enough to replay
#: at once.
MAX_HANDS: Final = 2000
#: The most chips one win may carry.
MAX_CHIPS: Final = 100
#: The most penalties a record may hold.
MAX_PENALTIES: Final = 100
#: The longest word (an abort reason, a round) the format has.
_MAX_WORD: Final = 20


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game as its record holds it: the rules, the players in seat order, the hands; and,
    where the record has them, the state it starts from (a game begun elsewhere) and the
    penalties taken off the final results."""

    rules: Ruleset
    players: tuple[str, str, str, str]
    hands: tuple[Hand, ...]
    start: GameState | None = None
    penalties: tuple[Penalty, ...] = ()


def _fail(where: str, message: str) -> RecordError:
    return RecordError(where, message)


def _keys(value: Mapping[str, Any], allowed: frozenset[str] | set[str], where: str) -> None:
    for key in value:
        if key not in allowed:
            name = str(key)
            name = name if len(name) <= _MAX_WORD else excerpt(name)
            raise _fail(f"{where}.{name}" if where else name, "unknown field")


def _obj(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise _fail(where, f"expected an object, got {_kind(value)}")
    return value


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text {excerpt(value)}"
    if isinstance(value, list):
        return "a list"
    return "an object"


def _int(value: Any, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(where, f"expected a whole number, got {_kind(value)}")
    if not low <= value <= high:
        raise _fail(where, f"expected {low}..{high}, got {value}")
    return value


def _seat(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(where, f"expected a seat 0-3, got {_kind(value)}")
    if not 0 <= value <= 3:
        raise _fail(where, f"seat {value} does not exist (seats are 0-3)")
    return value


def _seat_list(value: Any, where: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise _fail(where, f"expected a list of seats, got {_kind(value)}")
    seats = tuple(_seat(v, f"{where}[{i}]") for i, v in enumerate(value))
    if len(set(seats)) != len(seats):
        raise _fail(where, "a seat is listed twice")
    return tuple(sorted(seats))


def _win(value: Any, where: str, *, tsumo: bool) -> Win:
    data = _obj(value, where)
    _keys(data, _WIN_KEYS, where)
    if "winner" not in data:
        raise _fail(f"{where}.winner", "missing")
    winner = _seat(data["winner"], f"{where}.winner")
    han = fu = None
    yakuman = 0
    if data.get("yakuman") is not None:
        yakuman = _int(data["yakuman"], f"{where}.yakuman", 0, 6)
    if data.get("han") is not None:
        han = _int(data["han"], f"{where}.han", 1, 200)
    if data.get("fu") is not None:
        fu = _int(data["fu"], f"{where}.fu", 20, 200)
    if yakuman and (han is not None or fu is not None):
        raise _fail(where, "give han and fu, or yakuman, not both")
    if not yakuman and han is None:
        raise _fail(f"{where}.han", "a win needs han (and fu below 5 han) or yakuman")
    pao = None if data.get("pao") is None else _seat(data["pao"], f"{where}.pao")
    chips = 0 if data.get("chips") is None else _int(data["chips"], f"{where}.chips", 0, MAX_CHIPS)
    return Win(winner=winner, han=han, fu=fu, yakuman=yakuman, pao=pao, chips=chips)


_WIN_KEYS: Final = frozenset({"winner", "han", "fu", "yakuman", "pao", "chips"})


def _outcome(kind: str, value: Any, where: str) -> Outcome:
    where = f"{where}.{kind}"
    data = _obj(value, where)
    if kind == "ron":
        _keys(data, {"from", "wins"}, where)
        if "from" not in data:
            raise _fail(f"{where}.from", "missing: who discarded the winning tile")
        discarder = _seat(data["from"], f"{where}.from")
        wins = data.get("wins")
        if not isinstance(wins, list) or not 1 <= len(wins) <= 3:
            raise _fail(f"{where}.wins", "expected a list of one to three wins")
        return Ron(
            discarder, tuple(_win(w, f"{where}.wins[{i}]", tsumo=False) for i, w in enumerate(wins))
        )
    if kind == "tsumo":
        return Tsumo(_win(data, where, tsumo=True))
    if kind == "draw":
        _keys(data, {"tenpai", "nagashi"}, where)
        return Draw(
            tenpai=_seat_list(data.get("tenpai", []), f"{where}.tenpai"),
            nagashi=_seat_list(data.get("nagashi", []), f"{where}.nagashi"),
        )
    if kind == "abort":
        _keys(data, {"reason"}, where)
        if "reason" not in data:
            return Abort(None)  # the table did not note which abortive draw
        reason = data["reason"]
        if (
            not isinstance(reason, str)
            or len(reason) > _MAX_WORD
            or reason not in AbortReason._value2member_map_
        ):
            raise _fail(
                f"{where}.reason",
                f"expected one of {', '.join(r.value for r in AbortReason)}, got {_kind(reason)}",
            )
        return Abort(AbortReason(reason))
    _keys(data, {"offender"}, where)
    if "offender" not in data:
        raise _fail(f"{where}.offender", "missing")
    return Chombo(_seat(data["offender"], f"{where}.offender"))


def parse_hand(value: Any, where: str = "hand") -> Hand:
    """One hand of a record, checked for form (the rules check it when it is played).

    >>> parse_hand({"riichi": [2, 0], "draw": {"tenpai": [0]}})
    Hand(outcome=Draw(tenpai=(0,), nagashi=()), riichi=(0, 2), end=False)
    """
    data = _obj(value, where)
    kinds = [key for key in OUTCOMES if key in data]
    if len(kinds) != 1:
        raise _fail(
            where,
            "expected exactly one outcome (ron, tsumo, draw, abort or chombo), "
            f"got {len(kinds)}" + (f": {', '.join(kinds)}" if kinds else ""),
        )
    _keys(data, {"riichi", "end", kinds[0]} | COMPUTED_HAND_KEYS, where)
    riichi = _seat_list(data.get("riichi", []), f"{where}.riichi")
    end = data.get("end", False)
    if not isinstance(end, bool):
        raise _fail(f"{where}.end", f"expected true or false, got {_kind(end)}")
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
        if key not in _WIN_KEYS:
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


def _quick_hand(value: Any) -> Hand | None:
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


def _players(value: Any) -> tuple[str, str, str, str]:
    if not isinstance(value, list) or len(value) != 4:
        raise _fail("players", "expected a list of four names (East, South, West, North)")
    names = []
    for i, name in enumerate(value):
        if isinstance(name, str) and len(name) > MAX_NAME:
            raise _fail(f"players[{i}]", f"a name has at most {MAX_NAME} characters")
        if not isinstance(name, str) or not name.strip():
            raise _fail(f"players[{i}]", f"expected a name, got {_kind(name)}")
        if len(name.strip()) > MAX_NAME:
            raise _fail(f"players[{i}]", f"a name has at most {MAX_NAME} characters")
        # As the site's forms refuse it (and PostgreSQL cannot store it).
        if "\x00" in name:
            raise _fail(f"players[{i}]", "a name cannot contain a NUL character")
        names.append(name.strip())
    if len(set(names)) != 4:
        raise _fail("players", "the four players must be different people")
    return (names[0], names[1], names[2], names[3])


def _start(value: Any, rules: Ruleset) -> GameState:
    where = "start"
    data = _obj(value, where)
    _keys(data, {"round", "honba", "sticks", "scores"}, where)
    label = data.get("round")
    index = parse_round_label(label) if isinstance(label, str) and len(label) <= _MAX_WORD else None
    if index is None:
        raise _fail(f"{where}.round", f"expected a round E1..N4, got {_kind(label)}")
    honba = _int(data.get("honba", 0), f"{where}.honba", 0, MAX_COUNTER)
    sticks = _int(data.get("sticks", 0), f"{where}.sticks", 0, MAX_COUNTER)
    raw = data.get("scores")
    if not isinstance(raw, list) or len(raw) != 4:
        raise _fail(f"{where}.scores", "expected four scores in seat order")
    scores = [
        _int(v, f"{where}.scores[{i}]", -4 * MAX_POINTS, 4 * MAX_POINTS) for i, v in enumerate(raw)
    ]
    state = GameState((scores[0], scores[1], scores[2], scores[3]), index, honba, sticks)
    problem = check_start(rules, state)
    if problem:
        raise _fail(where, problem)
    return state


def _penalties(value: Any, hands: int) -> tuple[Penalty, ...]:
    where = "penalties"
    if not isinstance(value, list) or len(value) > MAX_PENALTIES:
        raise _fail(where, f"expected a list of at most {MAX_PENALTIES} penalties")
    out = []
    for i, item in enumerate(value):
        at = f"{where}[{i}]"
        data = _obj(item, at)
        _keys(data, {"seat", "points", "reason", "after_hand"}, at)
        if "seat" not in data or "points" not in data:
            raise _fail(at, "a penalty needs a seat and points")
        seat = _seat(data["seat"], f"{at}.seat")
        points = _int(data["points"], f"{at}.points", 100, MAX_POINTS)
        if points % 100:
            raise _fail(f"{at}.points", f"expected whole hundreds of points, got {points}")
        reason = data.get("reason", "")
        if not isinstance(reason, str) or len(reason) > MAX_REASON:
            raise _fail(f"{at}.reason", f"expected a text of at most {MAX_REASON} characters")
        after = data.get("after_hand")
        if after is not None:
            after = _int(after, f"{at}.after_hand", 0, max(hands - 1, 0))
        out.append(Penalty(seat, points, reason, after))
    return tuple(out)


def read_record(doc: Any) -> tuple[GameRecord, Replay]:
    """Read and validate a record by replaying it; the replay comes with it."""
    data = _obj(doc, "document")
    _keys(data, _DOCUMENT_KEYS, "")
    if data.get("format") != FORMAT:
        raise _fail("format", f"expected {FORMAT!r}, got {_kind(data.get('format'))}")
    try:
        rules = resolve_rules(data.get("rules"))  # type: ignore[arg-type]
    except RulesError as error:
        # A rules refusal starts with the parameter's path (``rules.uma: ...``): keep it as
        # the place in the document.
        where, _, message = str(error).partition(": ")
        raise _fail(where, message) from None
    players = _players(data.get("players"))
    raw_hands = data.get("hands", [])
    if not isinstance(raw_hands, list):
        raise _fail("hands", f"expected a list of hands, got {_kind(raw_hands)}")
    if len(raw_hands) > MAX_HANDS:
        raise _fail("hands", f"a record holds at most {MAX_HANDS} hands")
    start = None if data.get("start") is None else _start(data["start"], rules)
    penalties = _penalties(data.get("penalties", []), len(raw_hands))
    state: GameState = start_state(rules) if start is None else start
    first = state
    # Most records are well formed: read every hand first, then play them (two tight loops
    # run faster than one that alternates). A hand the quick reader leaves is read in turn,
    # as it is played, so that its error names its round and an earlier refusal comes first.
    quick = [_quick_hand(raw) for raw in raw_hands]
    hands = []
    results = []
    for index, hand in enumerate(quick):
        if hand is None:
            hand = parse_hand(raw_hands[index], f"hands[{index}] ({state.round_label})")
        result = play_hand(state, hand, rules, index=index)
        hands.append(hand)
        results.append(result)
        state = result.after
    record = GameRecord(rules, players, tuple(hands), start, penalties)
    return record, Replay(first, tuple(results))


_DOCUMENT_KEYS: Final = (
    frozenset({"format", "rules", "players", "hands", "start", "penalties"}) | COMPUTED_KEYS
)


def parse_record(doc: Any) -> GameRecord:
    """A validated ``GameRecord`` from a JSON document (already decoded)."""
    return read_record(doc)[0]


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


def _start_json(start: GameState) -> dict[str, Any]:
    return {
        "round": start.round_label,
        "honba": start.honba,
        "sticks": start.sticks,
        "scores": list(start.scores),
    }


def _penalty_json(penalty: Penalty) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": penalty.seat, "points": penalty.points}
    if penalty.reason:
        out["reason"] = penalty.reason
    if penalty.after_hand is not None:
        out["after_hand"] = penalty.after_hand
    return out


def _optional_fields(record: GameRecord) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if record.start is not None:
        out["start"] = _start_json(record.start)
    if record.penalties:
        out["penalties"] = [_penalty_json(p) for p in record.penalties]
    return out


def record_to_json(record: GameRecord) -> dict[str, Any]:
    """The input document of a record (rules as the preset plus overrides)."""
    return {
        "format": FORMAT,
        "rules": record.rules.to_spec(),
        "players": list(record.players),
        **_optional_fields(record),
        "hands": [hand_to_json(hand) for hand in record.hands],
    }


def _thousands(points: int) -> int | float:
    """Points as a JSON number of thousands: whole numbers as ints. Dividing two ints rounds
    correctly, so ``51200`` gives the float written ``51.2``."""
    return points // 1000 if points % 1000 == 0 else points / 1000


def _final_row(record: GameRecord, row: Standing) -> dict[str, Any]:
    """One final row: the result and, where the ruleset or the record has them, its parts
    (spec ``final``)."""
    rules = record.rules
    out: dict[str, Any] = {
        "seat": row.seat,
        "name": record.players[row.seat],
        "points": row.points,
        "place": row.place,
        "result": _thousands(row.result_points),
        "uma": _thousands(row.uma_points),
    }
    if rules.oka:
        out["oka"] = _thousands(row.oka_points)
    if rules.chip_value:
        out["chips"] = row.chips
    if rules.tobi_bonus:
        out["tobi_bonus"] = _thousands(row.tobi_points)
    if _shows_penalty(record):
        out["penalty"] = _thousands(-row.penalty_points)
    return out


#: Each ruleset's JSON, by identity: resolved rulesets are shared (``resolve_rules`` caches
#: them), and writing one out costs more than scoring a short game.
_RULES_JSON: dict[int, tuple[Ruleset, dict[str, Any]]] = {}


def _rules_json(rules: Ruleset) -> dict[str, Any]:
    cached = _RULES_JSON.get(id(rules))
    if cached is None or cached[0] is not rules:
        if len(_RULES_JSON) >= 256:
            _RULES_JSON.clear()
        cached = _RULES_JSON[id(rules)] = (rules, rules.to_json())
    return {k: list(v) if isinstance(v, list) else v for k, v in cached[1].items()}


def scored_json(record: GameRecord, replay: Replay) -> dict[str, Any]:
    """The output document: the record with every computed field."""
    hands = []
    for result in replay.results:
        out = hand_to_json(result.hand)
        before = result.before
        out["round"] = before.round_label
        out["dealer"] = before.dealer
        out["honba"] = before.honba
        out["sticks"] = before.sticks
        out["deltas"] = list(result.deltas)
        out["scores"] = list(result.after.scores)
        hands.append(out)
    state = replay.state
    final = None
    if state.finished:
        final = [
            _final_row(record, row)
            for row in final_standings(state, record.rules, record.penalties)
        ]
    return {
        "format": FORMAT,
        "rules": _rules_json(record.rules),
        "players": list(record.players),
        **_optional_fields(record),
        "hands": hands,
        "finished": state.finished,
        "end_reason": state.end_reason.value if state.end_reason else None,
        "final": final,
    }


_ENCODE: Final = json.JSONEncoder(ensure_ascii=False).encode

#: Each hand's record form as JSON text, by the hand: many hands of many games are alike
#: (a draw with nobody tenpai, a 1 han 30 fu ron), and a hand is an immutable value.
_HAND_TEXT: dict[Hand, str] = {}
_HAND_TEXT_MAX: Final = 4096


def _hand_text(hand: Hand) -> str:
    text = _HAND_TEXT.get(hand)
    if text is None:
        if len(_HAND_TEXT) >= _HAND_TEXT_MAX:
            _HAND_TEXT.clear()
        text = _HAND_TEXT[hand] = _ENCODE(hand_to_json(hand))
    return text


def _rules_text(rules: Ruleset) -> str:
    cached = _RULES_TEXT.get(id(rules))
    if cached is None or cached[0] is not rules:
        if len(_RULES_TEXT) >= 256:
            _RULES_TEXT.clear()
        cached = _RULES_TEXT[id(rules)] = (rules, _ENCODE(rules.to_json()))
    return cached[1]


_RULES_TEXT: dict[int, tuple[Ruleset, str]] = {}


_FORMAT_TEXT: Final = '{\n "format": ' + _ENCODE(FORMAT)
_string: Final = json.encoder.encode_basestring


def _number_text(points: int) -> str:
    """``_thousands(points)`` as JSON writes it (a float as its ``repr``)."""
    return str(points // 1000) if points % 1000 == 0 else repr(points / 1000)


def _final_row_text(record: GameRecord, row: Standing) -> str:
    """``_final_row`` as JSON text, written field by field (the encoder's set-up costs more
    than a row)."""
    rules = record.rules
    text = (
        f'  {{"seat": {row.seat}, "name": {_string(record.players[row.seat])}, '
        f'"points": {row.points}, "place": {row.place}, '
        f'"result": {_number_text(row.result_points)}, "uma": {_number_text(row.uma_points)}'
    )
    if rules.oka:
        text += f', "oka": {_number_text(row.oka_points)}'
    if rules.chip_value:
        text += f', "chips": {row.chips}'
    if rules.tobi_bonus:
        text += f', "tobi_bonus": {_number_text(row.tobi_points)}'
    if _shows_penalty(record):
        text += f', "penalty": {_number_text(-row.penalty_points)}'
    return text + "}"


def _shows_penalty(record: GameRecord) -> bool:
    rules = record.rules
    return bool(
        (rules.chombo == "penalty" and rules.chombo_penalty)
        or rules.yakitori_penalty
        or record.penalties
    )


def _lines(items: Sequence[str]) -> str:
    return "[\n" + ",\n".join(items) + "\n ]" if items else "[]"


def scored_text(record: GameRecord, replay: Replay) -> str:
    """The output document as JSON text, one hand and one final row a line: the same JSON
    as ``scored_json``, written straight from the replay without building the document
    first (the command line's path, where building and encoding it took most of the time).

    >>> import json
    >>> doc = {"format": FORMAT, "rules": "ema", "players": ["A", "B", "C", "D"],
    ...        "hands": [{"draw": {"tenpai": [1]}}]}
    >>> json.loads(scored_text(*read_record(doc))) == score_document(doc)
    True
    """
    parts = [
        _FORMAT_TEXT,
        ',\n "rules": ',
        _rules_text(record.rules),
        ',\n "players": ',
        _ENCODE(list(record.players)),
    ]
    for key, value in _optional_fields(record).items():
        parts += [f',\n "{key}": ', _ENCODE(value)]
    hands = []
    for result in replay.results:
        before = result.before
        d = result.deltas
        p = result.after.scores
        hands.append(
            f'  {_hand_text(result.hand)[:-1]}, "round": "{before.round_label}", '
            f'"dealer": {before.round_index % 4}, "honba": {before.honba}, '
            f'"sticks": {before.sticks}, "deltas": [{d[0]}, {d[1]}, {d[2]}, {d[3]}], '
            f'"scores": [{p[0]}, {p[1]}, {p[2]}, {p[3]}]}}'
        )
    state = replay.state
    parts += [',\n "hands": ', _lines(hands), ',\n "finished": ']
    parts.append("true" if state.finished else "false")
    parts.append(
        f',\n "end_reason": "{state.end_reason.value}"'
        if state.end_reason
        else ',\n "end_reason": null'
    )
    parts.append(',\n "final": ')
    if state.finished:
        rows = final_standings(state, record.rules, record.penalties)
        parts.append(_lines([_final_row_text(record, row) for row in rows]))
    else:
        parts.append("null")
    parts.append("\n}")
    return "".join(parts)


def score_document(doc: Any) -> dict[str, Any]:
    """Score a game record: the output document of ``spec/game-record.md``.

    >>> out = score_document({"format": FORMAT, "rules": "tenhou",
    ...     "players": ["Aki", "Ben", "Chie", "Dan"],
    ...     "hands": [{"tsumo": {"winner": 1, "han": 1, "fu": 30}}]})
    >>> out["hands"][0]["deltas"], out["hands"][0]["round"], out["finished"]
    ([-500, 1100, -300, -300], 'E1', False)
    """
    record, replay = read_record(doc)
    return scored_json(record, replay)


def replay_record(record: GameRecord) -> Replay:
    """Replay a record already read (for callers that hold a ``GameRecord``)."""
    return replay(record.rules, record.hands, start=record.start)


__all__: Sequence[str] = [
    "FORMAT",
    "GameRecord",
    "hand_to_json",
    "parse_hand",
    "parse_record",
    "read_record",
    "record_to_json",
    "replay_record",
    "score_document",
    "scored_json",
    "scored_text",
]
