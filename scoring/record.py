"""The game record ``scorekeeper.game/1`` (``docs/game-record.md``): read, validated
by replaying it, and written back as its input document.

A record is the rules, the players in seat order (four, or three where the rules are for
three: RULES.md, version 3) and the hands; everything else is computed
by replaying. Reading is strict: an unknown key, a wrong type or a hand the rules refuse is a
``RecordError`` naming the place (``hands[3] (E4).ron.wins[0].fu``). The computed fields of an
output document are accepted on input and ignored, so an exported game imports again. One
hand's form is ``scoring.record_hand``; the scored output document is ``scoring.record_output``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from scoring.errors import RulesError, describe_value, shown
from scoring.game import play_hand
from scoring.outcomes import Hand, Penalty
from scoring.record_hand import (
    MAX_RECORD_WORD,
    check_keys,
    hand_to_json,
    parse_hand,
    quick_parse_hand,
    read_int,
    read_object,
    read_seat,
    record_error,
)
from scoring.rule_values import MAX_POINTS, PLAYER_COUNTS
from scoring.rules import Ruleset, resolve_rules
from scoring.seats import FOUR, Seating
from scoring.state import (
    MAX_COUNTER,
    EndReason,
    GameState,
    Replay,
    parse_round_label,
    start_problem,
    start_state,
)

FORMAT: Final = "scorekeeper.game/1"
COMPUTED_KEYS: Final = frozenset({"finished", "end_reason", "final"})
MAX_NAME: Final = 100
#: The longest reason a penalty may give.
MAX_REASON: Final = 200
#: The most hands a record may hold: far more than any game plays, few enough to replay
#: at once.
MAX_HANDS: Final = 2000
#: The most penalties a record may hold.
MAX_PENALTIES: Final = 100
#: The longest platform name or log id a record's ``source`` may hold.
MAX_SOURCE: Final = 200


class Source(NamedTuple):
    """Where an imported game came from: the platform (``tenhou``, ``mahjongsoul``) and the
    log's id on it, where the log has one (``""`` otherwise)."""

    platform: str
    log: str = ""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game as its record holds it: the rules, the players in seat order, the hands; and,
    where the record has them, the state it starts from (a game begun elsewhere) and the
    penalties taken off the final results."""

    rules: Ruleset
    #: The names in seat order: four, or three with three players.
    players: tuple[str, ...]
    hands: tuple[Hand, ...]
    start: GameState | None = None
    penalties: tuple[Penalty, ...] = ()
    source: Source | None = None
    #: Why the game ended where its hands did not end it: time was up (``"end": "time"``).
    end: EndReason | None = None


def _players(value: Any, seating: Seating) -> tuple[str, ...]:
    count = seating.players
    if isinstance(value, list) and len(value) in PLAYER_COUNTS and len(value) != count:
        # A list of names that would do for the other kind of game: say which the rules are.
        raise record_error(
            "players",
            f"{len(value)} names, but the rules are for {count} players",
            code="record.players_count",
            values={"players": count, "count": len(value)},
        )
    if not isinstance(value, list) or len(value) != count:
        raise record_error(
            "players",
            f"expected a list of {seating.count_word} names "
            f"({', '.join(wind.name_en for wind in seating.winds)})",
            code="record.players",
            values={"players": count},
        )
    names = []
    for i, name in enumerate(value):
        if isinstance(name, str) and len(name) > MAX_NAME:
            raise record_error(
                f"players[{i}]",
                f"a name has at most {MAX_NAME} characters",
                code="record.name_too_long",
                values={"most": MAX_NAME},
            )
        if not isinstance(name, str) or not name.strip():
            raise record_error(
                f"players[{i}]",
                f"expected a name, got {describe_value(name)}",
                code="record.not_name",
                values={"got": shown(name)},
            )
        if len(name.strip()) > MAX_NAME:
            raise record_error(
                f"players[{i}]",
                f"a name has at most {MAX_NAME} characters",
                code="record.name_too_long",
                values={"most": MAX_NAME},
            )
        # As the site's forms refuse it (and PostgreSQL cannot store it).
        if "\x00" in name:
            raise record_error(
                f"players[{i}]", "a name cannot contain a NUL character", code="record.name_nul"
            )
        names.append(name.strip())
    if len(set(names)) != count:
        raise record_error(
            "players",
            f"the {seating.count_word} players must be different people",
            code="record.players_repeat",
            values={"players": count},
        )
    return tuple(names)


def read_start(value: Any, rules: Ruleset) -> GameState:
    """The state a record's ``start`` holds, checked against ``rules`` (``check_start``).

    >>> from scoring.rules import PRESETS
    >>> start = {"round": "S2", "honba": 1, "scores": [26000, 24000, 25000, 25000]}
    >>> read_start(start, PRESETS["tenhou"]).round_label
    'S2'
    """
    where = "start"
    data = read_object(value, where)
    check_keys(data, {"round", "honba", "sticks", "scores"}, where)
    label = data.get("round")
    index = (
        parse_round_label(label)
        if isinstance(label, str) and len(label) <= MAX_RECORD_WORD
        else None
    )
    if index is None:
        raise record_error(
            f"{where}.round",
            f"expected a round E1..N4, got {describe_value(label)}",
            code="record.not_round",
            values={"got": shown(label)},
        )
    honba = read_int(data.get("honba", 0), f"{where}.honba", 0, MAX_COUNTER)
    sticks = read_int(data.get("sticks", 0), f"{where}.sticks", 0, MAX_COUNTER)
    raw = data.get("scores")
    seating = rules.seating
    if not isinstance(raw, list) or len(raw) != seating.players:
        raise record_error(
            f"{where}.scores",
            f"expected {seating.count_word} scores in seat order",
            code="record.scores",
            values={"players": seating.players},
        )
    scores = tuple(
        read_int(v, f"{where}.scores[{i}]", -4 * MAX_POINTS, 4 * MAX_POINTS)
        for i, v in enumerate(raw)
    )
    state = start_state(rules)._replace(
        scores=scores, round_index=index, honba=honba, sticks=sticks
    )
    problem = start_problem(rules, state)
    if problem:
        message, code, values = problem
        raise record_error(where, message, code=code, values=values)
    return state


def read_penalties(value: Any, hands: int, seating: Seating = FOUR) -> tuple[Penalty, ...]:
    """A record's ``penalties`` for a game of ``hands`` hands (``after_hand`` names one) and
    ``seating``'s players.

    >>> read_penalties([{"seat": 2, "points": 10000, "reason": "late"}], 0)
    (Penalty(seat=2, points=10000, reason='late', after_hand=None),)
    """
    where = "penalties"
    if not isinstance(value, list) or len(value) > MAX_PENALTIES:
        raise record_error(
            where,
            f"expected a list of at most {MAX_PENALTIES} penalties",
            code="record.penalties",
            values={"most": MAX_PENALTIES},
        )
    out = []
    for i, item in enumerate(value):
        at = f"{where}[{i}]"
        data = read_object(item, at)
        check_keys(data, {"seat", "points", "reason", "after_hand"}, at)
        if "seat" not in data or "points" not in data:
            raise record_error(at, "a penalty needs a seat and points", code="penalty.incomplete")
        seat = read_seat(data["seat"], f"{at}.seat")
        if seat not in seating.seats:
            raise record_error(
                f"{at}.seat",
                f"seat {seat} does not exist (seats are 0-{seating.last_seat})",
                code="seat.unknown",
                values={"seat": seat, "players": seating.players, "last_seat": seating.last_seat},
            )
        points = read_int(data["points"], f"{at}.points", 100, MAX_POINTS)
        if points % 100:
            raise record_error(
                f"{at}.points",
                f"expected whole hundreds of points, got {points}",
                code="penalty.not_hundreds",
                values={"points": points},
            )
        reason = data.get("reason", "")
        if not isinstance(reason, str) or len(reason) > MAX_REASON:
            raise record_error(
                f"{at}.reason",
                f"expected a text of at most {MAX_REASON} characters",
                code="penalty.reason_too_long",
                values={"most": MAX_REASON},
            )
        after = data.get("after_hand")
        if after is not None:
            after = read_int(after, f"{at}.after_hand", 0, max(hands - 1, 0))
        out.append(Penalty(seat, points, reason, after))
    return tuple(out)


def read_source(value: Any) -> Source:
    """A record's ``source``: the platform and, where it has one, the log id.

    >>> read_source({"platform": "tenhou", "log": "2019021004gm-00a9-0000-e2f6516d"}).log
    '2019021004gm-00a9-0000-e2f6516d'
    """
    where = "source"
    data = read_object(value, where)
    check_keys(data, {"platform", "log"}, where)
    texts = []
    for key in ("platform", "log"):
        text = data.get(key, "")
        if not isinstance(text, str) or len(text) > MAX_SOURCE or "\x00" in text:
            raise record_error(
                f"{where}.{key}",
                f"expected a text of at most {MAX_SOURCE} characters",
                code="record.source_text",
                values={"most": MAX_SOURCE},
            )
        texts.append(text.strip())
    if not texts[0]:
        raise record_error(
            f"{where}.platform",
            "missing: the platform the game was played on",
            code="record.missing",
        )
    return Source(texts[0], texts[1])


def read_record(doc: Any) -> tuple[GameRecord, Replay]:
    """Read and validate a record by replaying it; the replay comes with it."""
    data = read_object(doc, "document")
    check_keys(data, _DOCUMENT_KEYS, "")
    if data.get("format") != FORMAT:
        raise record_error(
            "format",
            f"expected {FORMAT!r}, got {describe_value(data.get('format'))}",
            code="record.format",
            values={"expected": FORMAT, "got": shown(data.get("format"))},
        )
    try:
        rules = resolve_rules(data.get("rules"))  # type: ignore[arg-type]
    except RulesError as error:
        # A rules refusal starts with the parameter's path (``rules.uma: ...``): keep it as
        # the place in the document.
        where, _, message = str(error).partition(": ")
        raise record_error(where, message, code=error.code, values=error.values) from None
    players = _players(data.get("players"), rules.seating)
    raw_hands = data.get("hands", [])
    if not isinstance(raw_hands, list):
        raise record_error(
            "hands",
            f"expected a list of hands, got {describe_value(raw_hands)}",
            code="record.not_hand_list",
            values={"got": shown(raw_hands)},
        )
    if len(raw_hands) > MAX_HANDS:
        raise record_error(
            "hands",
            f"a record holds at most {MAX_HANDS} hands",
            code="record.too_many_hands",
            values={"most": MAX_HANDS},
        )
    start = None if data.get("start") is None else read_start(data["start"], rules)
    penalties = read_penalties(data.get("penalties", []), len(raw_hands), rules.seating)
    source = None if data.get("source") is None else read_source(data["source"])
    state: GameState = start_state(rules) if start is None else start
    first = state
    # Most records are well formed: read every hand first, then play them (two tight loops
    # run faster than one that alternates). A hand the quick reader leaves is read in turn,
    # as it is played, so that its error names its round and an earlier refusal comes first.
    quick = [quick_parse_hand(raw) for raw in raw_hands]
    hands = []
    results = []
    for index, hand in enumerate(quick):
        if hand is None:
            hand = parse_hand(raw_hands[index], f"hands[{index}] ({state.round_label})")
        result = play_hand(state, hand, rules, index=index)
        hands.append(hand)
        results.append(result)
        state = result.after
    end = None if data.get("end") is None else read_end(data["end"], state)
    record = GameRecord(rules, players, tuple(hands), start, penalties, source, end)
    return record, Replay(first, tuple(results), end)


def read_end(value: Any, state: GameState) -> EndReason:
    """A record's ``end``: ``"time"``, for a game that time ended where its hands had not
    (``state``, after them, says whether they had).

    >>> from scoring.rules import PRESETS
    >>> read_end("time", start_state(PRESETS["tenhou"])).value
    'time'
    """
    if value != EndReason.TIME.value:
        raise record_error(
            "end",
            f'expected "time", got {describe_value(value)}',
            code="record.end",
            values={"got": shown(value)},
        )
    if state.end_reason is not None:
        raise record_error(
            "end",
            f"the hands end the game already ({state.end_reason.value}): time cannot end it",
            code="record.end_ended",
            values={"reason": state.end_reason.value},
        )
    return EndReason.TIME


_DOCUMENT_KEYS: Final = (
    frozenset({"format", "rules", "players", "hands", "start", "penalties", "source", "end"})
    | COMPUTED_KEYS
)


def parse_record(doc: Any) -> GameRecord:
    """A validated ``GameRecord`` from a JSON document (already decoded)."""
    return read_record(doc)[0]


def start_json(start: GameState) -> dict[str, Any]:
    """A start state as the record writes it.

    >>> start_json(GameState((31000, 19000, 25000, 25000), 5, 1))["round"]
    'S2'
    """
    return {
        "round": start.round_label,
        "honba": start.honba,
        "sticks": start.sticks,
        "scores": list(start.scores),
    }


def penalty_json(penalty: Penalty) -> dict[str, Any]:
    """A penalty as the record writes it: its reason and hand only where it has them.

    >>> penalty_json(Penalty(1, 2000))
    {'seat': 1, 'points': 2000}
    """
    out: dict[str, Any] = {"seat": penalty.seat, "points": penalty.points}
    if penalty.reason:
        out["reason"] = penalty.reason
    if penalty.after_hand is not None:
        out["after_hand"] = penalty.after_hand
    return out


def source_json(source: Source) -> dict[str, str]:
    """A source as the record writes it: the log id only where there is one.

    >>> source_json(Source("tenhou"))
    {'platform': 'tenhou'}
    """
    out = {"platform": source.platform}
    if source.log:
        out["log"] = source.log
    return out


def optional_fields(record: GameRecord) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if record.source is not None:
        out["source"] = source_json(record.source)
    if record.start is not None:
        out["start"] = start_json(record.start)
    if record.penalties:
        out["penalties"] = [penalty_json(p) for p in record.penalties]
    if record.end is not None:
        out["end"] = record.end.value
    return out


def record_to_json(record: GameRecord) -> dict[str, Any]:
    """The input document of a record (rules as the preset plus overrides)."""
    return {
        "format": FORMAT,
        "rules": record.rules.to_spec(),
        "players": list(record.players),
        **optional_fields(record),
        "hands": [hand_to_json(hand) for hand in record.hands],
    }


__all__: Sequence[str] = [
    "FORMAT",
    "GameRecord",
    "Source",
    "parse_record",
    "penalty_json",
    "read_end",
    "read_penalties",
    "read_record",
    "read_source",
    "read_start",
    "record_to_json",
    "source_json",
    "start_json",
]
