"""A platform's log made into a game record, and the record checked against the log before it
is returned (``docs/log-import.md``, the promise).

The record's rules are the lobby's preset with what the log itself shows: the length, red
fives and open tanyao its lobby names; the start points of its first hand; the result rounding
of its final results (a result with tenths: none; Tenhou's whole thousands otherwise); the uma
that reproduces its final results (Tenhou paid +10/+5/-5/-10 until mid-2009); and no
tenpai-yame or agari-yame where the log plays on after a hand that would have ended the game
(Tenhou had no tenpai-yame before June 2010). A ruleset given by the caller is taken as it is.

The record is then replayed hand by hand and compared with what the log recorded: the round,
honba, sticks and scores each hand starts from, each hand's score changes, every other number
the log states inside a hand (``Stated``: the points once a stick is placed and before each
end, the honba and sticks at each end, each win's worth), whether the game ends where the log
does, the final points and results. The first difference refuses the whole
log with a ``LogError`` naming the hand (``hands[3] (E4)``) and both sides' numbers (codes
``log.*_differ``; ``values``: the ``hand`` counted from 1, its ``round``, the first ``seat``
that differs, ``log`` and ``record``).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace
from typing import Any, Final

from scoring.errors import LogError, RulesError
from scoring.game import play_hand
from scoring.logs.mjlog import read_mjlog
from scoring.logs.tenhou6 import read_tenhou6
from scoring.logs.values import LogFinal, LogGame, LogHand, Stated, damaged
from scoring.outcomes import Hand, Ron, Tsumo, Win
from scoring.payments import ron_points, tsumo_payments, win_value
from scoring.record import GameRecord, Source, record_to_json
from scoring.rule_values import FloatingUma, ResultRounding, Ties, Yame
from scoring.rules import Ruleset, resolve_rules
from scoring.standings import final_standings
from scoring.state import GameState, HandResult, Replay, round_label, start_state

#: The largest log read (a whole Tenhou hanchan is about 20 kB as XML, 30 kB as JSON).
MAX_LOG_BYTES: Final = 1_000_000
#: Uma a preset's lobby has paid, besides the preset's own, to try against the final results.
EARLIER_UMA: Final[dict[str, tuple[tuple[int, int, int, int], ...]]] = {
    "tenhou": ((10000, 5000, -5000, -10000),),
}
#: The stops a lobby may not have had, dropped when the log plays on after one.
_YAME: Final = {"tenpai_yame": "tenpai_yame", "agari_yame": "agari_yame"}


@dataclass(frozen=True, slots=True)
class ImportedLog:
    """A log made into a record that reproduces it: the record, its replay, and the names
    as the log wrote them (the record's players)."""

    record: GameRecord
    replay: Replay
    #: Whether the log holds a whole game (its final results), not a few hands.
    whole: bool


def read_log(data: str | bytes, *, log_id: str = "") -> LogGame:
    """A log of either format, told apart by its content: ``<`` starts an mjlog XML, ``{`` a
    tenhou.net/6 JSON."""
    if len(data) > MAX_LOG_BYTES:
        raise LogError(
            "log",
            f"larger than {MAX_LOG_BYTES:,} bytes",
            code="log.too_large",
            values={"most": MAX_LOG_BYTES},
        )
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise LogError(
                f"byte {error.start}",
                "not UTF-8 text",
                code="log.not_utf8",
                values={"position": error.start},
            ) from None
    else:
        text = data
    text = text.lstrip()
    if text[:1] == "<":
        return read_mjlog(text, log_id)
    if text[:1] == "{":
        try:
            doc = json.loads(text)
        except (ValueError, RecursionError) as error:  # also a number too long to read
            line = getattr(error, "lineno", 1)
            column = getattr(error, "colno", 1)
            raise LogError(
                f"JSON line {line}, column {column}",
                "not JSON (a damaged or cut file?)",
                code="log.not_json",
                values={"line": line, "column": column},
            ) from None
        return read_tenhou6(doc, log_id)
    raise LogError(
        "log",
        "neither Tenhou's mjlog XML nor tenhou.net/6 JSON",
        code="log.unknown_format",
    )


def convert_log(
    data: str | bytes, *, rules: Ruleset | None = None, log_id: str = ""
) -> ImportedLog:
    """A log made into a record that reproduces every hand's scores and the final results the
    platform recorded, or a ``LogError`` (or the record's own refusal) naming the hand.

    >>> log = {"name": ["A", "B", "C", "D"], "log": [[[0, 0, 0], [25000] * 4, [11], [],
    ...     *[[]] * 12, ["和了", [-500, 1100, -300, -300],
    ...                  [1, 1, 1, "30符1飜1100点", "門前清自摸和(1飜)"]]]]}
    >>> convert_log(json.dumps(log)).replay.results[0].deltas
    (-500, 1100, -300, -300)
    """
    game = read_log(data, log_id=log_id)
    start = _start(game)
    source = Source(game.platform, game.log_id[:200])
    players = tuple(game.names)
    hands = tuple(hand.hand for hand in game.hands)
    whole = game.final is not None
    if rules is not None:
        # The rules as given, and with the ties rule the log's final results show.
        tried_given: list[LogError] = []
        for candidate in [rules, *_tie_variants(rules, game)]:
            record = GameRecord(candidate, players, hands, _fit_start(start, candidate), (), source)
            try:
                return ImportedLog(record, _replay(record, game), whole)
            except _PlaysOn as stop:
                raise stop.error from None
            except LogError as error:
                if error.code not in (FINAL_POINTS, FINAL_RESULTS):
                    raise
                tried_given.append(error)
        raise tried_given[0]
    base = _lobby_rules(game, start)
    record = GameRecord(base, players, hands, _fit_start(start, base), (), source)
    tried: list[LogError] = []
    for candidate in _candidates(base, game):
        try:
            record, replay = _fit(replace(record, rules=candidate), game)
            return ImportedLog(record, replay, whole)
        except LogError as error:
            if error.code not in (FINAL_POINTS, FINAL_RESULTS):
                raise
            tried.append(error)
    raise tried[0]


def log_digest(record: GameRecord) -> str:
    """A digest of what a game was: its players, start and hands (not its rules, nor the
    format it came in), by which the same game imported again is known.

    >>> from scoring.rules import PRESETS
    >>> len(log_digest(GameRecord(PRESETS["tenhou"], ("A", "B", "C", "D"), ())))
    64
    """
    doc = record_to_json(record)
    kept = {key: doc.get(key) for key in ("players", "start", "hands")}
    text = json.dumps(kept, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _start(game: LogGame) -> GameState:
    first = game.hands[0]
    players = len(first.scores)
    return GameState(
        tuple(first.scores),
        first.round_index,
        first.honba,
        first.sticks,
        chombos=(0,) * players,
        chips=(0,) * players,
        won=(False,) * players,
    )


def _fit_start(start: GameState, rules: Ruleset) -> GameState | None:
    """The record's ``start``: none where the log starts at East 1 as the rules do."""
    return None if start == start_state(rules) else start


def _lobby_rules(game: LogGame, start: GameState) -> Ruleset:
    spec: dict[str, Any] = {"preset": game.preset, **game.overrides}
    total = sum(start.scores) + 1000 * start.sticks
    players = len(start.scores)
    if total % players == 0 and total // players != resolve_rules(game.preset).start_points:
        spec["start_points"] = total // players
    final = game.final
    if final is not None and any(result % 1000 for result in final.results):
        spec["result_rounding"] = ResultRounding.NONE.value
    try:
        return resolve_rules(spec)
    except RulesError as error:
        raise damaged("rule", str(error)) from None


def _candidates(base: Ruleset, game: LogGame) -> list[Ruleset]:
    """The rulesets to try against the final results: the lobby's, then with the uma it has
    paid before; and, for a lobby whose preset keeps exact results (Tenhou's three-player
    lobby since about 2020), Tenhou's rounding to 1000 where every result is whole
    thousands, as they were before (rules/sanma.md 1a)."""
    out = [base]
    if game.final is not None:
        out += [replace(base, uma=uma) for uma in EARLIER_UMA.get(base.preset, ())]
        whole = all(result % 1000 == 0 for result in game.final.results)
        if whole and base.result_rounding is ResultRounding.NONE:
            out += [replace(rules, result_rounding=ResultRounding.TENHOU) for rules in out]
        out += [variant for rules in list(out) for variant in _tie_variants(rules, game)]
        out += _owari_rules(base, game.final)
    return out


def _tie_variants(rules: Ruleset, game: LogGame) -> list[Ruleset]:
    """Where players end on equal points, the other way of placing them: tied places sharing
    their uma and oka, or placed by seat; the log's final results show which."""
    final = game.final
    if final is None or len(set(final.points)) == len(final.points):
        return []
    other = Ties.SEAT_ORDER if rules.ties is Ties.SPLIT else Ties.SPLIT
    return [replace(rules, ties=other)]


def _owari_rules(base: Ruleset, final: LogFinal) -> list[Ruleset]:
    """A lobby's return points, uma and ties read from the log's own final results, where
    they settle them: results kept in tenths (exact), the return points the start points or
    the preset's (oka the difference, to first), the uma one value per place. Equal final
    points shared by their places (``split``), four players with an uma symmetric around
    zero (as every preset's is): settled where the tied groups leave one uma. Nothing is
    returned where the results do not settle it; the caller replays each candidate."""
    if base.result_rounding is not ResultRounding.NONE or isinstance(base.uma, FloatingUma):
        return []
    players = len(final.points)
    order = sorted(range(players), key=lambda seat: (-final.points[seat], seat))
    groups: list[list[int]] = []
    for place, seat in enumerate(order):
        if groups and final.points[order[groups[-1][0]]] == final.points[seat]:
            groups[-1].append(place)
        else:
            groups.append([place])
    out: list[Ruleset] = []
    start = base.start_points
    for back in dict.fromkeys((start, base.return_points)):
        oka = (back - start) * players
        # Each place's uma and oka together, as the results give them.
        bonus = [final.results[seat] - (final.points[seat] - back) for seat in order]
        if all(len(group) == 1 for group in groups):
            uma = tuple(bonus[place] - (oka if place == 0 else 0) for place in range(players))
            ties = base.ties
        else:
            solved = _symmetric_uma(groups, bonus, oka)
            if solved is None:
                continue
            uma, ties = solved, Ties.SPLIT
        if sum(uma) != 0 or any(value % 100 for value in uma):
            continue
        out.append(replace(base, return_points=back, oka=oka, uma=uma, ties=ties))
    return out


def _symmetric_uma(
    groups: list[list[int]], bonus: list[int], oka: int
) -> tuple[int, int, int, int] | None:
    """The uma ``(a, b, -b, -a)`` whose tied places share it as the results show, where the
    groups settle ``a`` and ``b`` (an untied place or a tie of places not mirrored: a tie
    of first and second with third and fourth leaves only ``a + b``)."""
    sign = ((1, 0), (0, 1), (0, -1), (-1, 0))
    if len(bonus) != len(sign):
        # Solved for four places only: three players' logs keep the preset's uma.
        return None
    rows = []
    for group in groups:
        coefficient_a = sum(sign[place][0] for place in group)
        coefficient_b = sum(sign[place][1] for place in group)
        total = sum(bonus[place] for place in group) - (oka if 0 in group else 0)
        rows.append((coefficient_a, coefficient_b, total))
    for i, (a1, b1, t1) in enumerate(rows):
        for a2, b2, t2 in rows[i + 1 :]:
            determinant = a1 * b2 - a2 * b1
            if determinant == 0:
                continue
            a_times, b_times = t1 * b2 - t2 * b1, a1 * t2 - a2 * t1
            if a_times % determinant or b_times % determinant:
                return None
            a, b = a_times // determinant, b_times // determinant
            if all(ca * a + cb * b == total for ca, cb, total in rows):
                return (a, b, -b, -a)
            return None
    return None


def _fit(record: GameRecord, game: LogGame) -> tuple[GameRecord, Replay]:
    """Replay the record against the log; a lobby's stop that the log plays past (tenpai-yame,
    agari-yame) is dropped from the record's rules, once each."""
    for _ in range(len(_YAME) + 1):
        try:
            return record, _replay(record, game)
        except _PlaysOn as stop:
            if stop.parameter is None or getattr(record.rules, stop.parameter) is Yame.NONE:
                raise stop.error from None
            rules = (
                replace(record.rules, tenpai_yame=Yame.NONE)
                if stop.parameter == "tenpai_yame"
                else replace(record.rules, agari_yame=Yame.NONE)
            )
            record = replace(record, rules=rules)
    raise AssertionError("unreachable")  # pragma: no cover


class _PlaysOn(Exception):
    def __init__(self, error: LogError, parameter: str | None) -> None:
        super().__init__(str(error))
        self.error = error
        self.parameter = parameter


def _replay(record: GameRecord, game: LogGame) -> Replay:
    rules = record.rules
    first = start_state(rules) if record.start is None else record.start
    state = first
    results: list[HandResult] = []
    for index, (hand, logged) in enumerate(zip(record.hands, game.hands, strict=True)):
        label = round_label(logged.round_index)
        where = f"hands[{index}] ({label})"
        if state.end_reason is not None:
            reason = state.end_reason.value
            error = LogError(
                where,
                f"the game ended after the hand before ({reason}) under these rules, "
                "but the log plays on",
                code="log.plays_on",
                values={"hand": index + 1, "round": label, "reason": reason},
            )
            raise _PlaysOn(error, _YAME.get(reason))
        _compare_start(state, logged, where, index, record.players)
        result = play_hand(state, hand, rules, index=index)
        if logged.deltas is not None and result.deltas != logged.deltas:
            raise _differs(
                where,
                index,
                label,
                result.deltas,
                logged.deltas,
                "log.deltas_differ",
                record.players,
            )
        for stated in logged.stated:
            _check_stated(stated, state, hand, rules, where, index, record.players)
        results.append(result)
        state = result.after
    final = game.final
    if final is not None:
        last = len(results) - 1
        label = round_label(game.hands[last].round_index)
        if state.end_reason is None:
            raise LogError(
                f"hands[{last}] ({label})",
                "the log ends the game here, but under these rules it goes on",
                code="log.ends_early",
                values={"hand": last + 1, "round": label},
            )
        rows = final_standings(state, rules, record.penalties)
        points = tuple(row.points for row in rows)
        if points != final.points:
            raise _differs(
                final.where, last, label, points, final.points, FINAL_POINTS, record.players
            )
        results_ = tuple(row.result_points for row in rows)
        if results_ != final.results:
            raise _differs(
                final.where, last, label, results_, final.results, FINAL_RESULTS, record.players
            )
    return Replay(first, tuple(results))


def _check_stated(
    stated: Stated,
    state: GameState,
    hand: Hand,
    rules: Ruleset,
    where: str,
    index: int,
    names: tuple[str, ...],
) -> None:
    """A number the log states inside a hand (``Stated``) against the replay: the points
    once a stick is placed or before an end, the honba and sticks at an end, a win's worth."""
    label = round_label(state.round_index)
    sticks = [0] * len(state.scores)
    placed = stated.previous if stated.kind == "riichi" else hand.riichi
    for seat in placed:
        sticks[seat] += 1000
    if stated.kind in ("riichi", "before"):
        changes = stated.previous if stated.kind == "before" else (0,) * len(sticks)
        ours = tuple(
            points - stick + change
            for points, stick, change in zip(state.scores, sticks, changes, strict=True)
        )
        what = "points once the stick is placed" if stated.kind == "riichi" else "points before"
    elif stated.kind == "ba":
        ours = (state.honba, state.sticks + len(hand.riichi) if stated.order == 0 else 0)
        what = "honba and sticks"
    else:
        wins = _wins(hand)
        if stated.order >= len(wins):
            raise damaged(stated.where, "a win the hand does not have")
        tsumo = isinstance(hand.outcome, Tsumo)
        ours = (_worth(wins[stated.order], rules, tsumo=tsumo, state=state),)
        what = "win's worth"
    if ours == stated.values:
        return
    seat = next(seat for seat in range(len(ours)) if ours[seat] != stated.values[seat])
    seated = stated.kind in ("riichi", "before")
    shown = {
        "log": " / ".join(f"{value:,}" for value in stated.values),
        "record": " / ".join(f"{value:,}" for value in ours),
    }
    whose = f" (seat {seat}: {names[seat]})" if seated else ""
    raise LogError(
        where,
        f"the log's {stated.where} states the {what} {shown['log']}, the replay gives "
        f"{shown['record']}{whose}",
        code="log.stated_points_differ" if seated else "log.stated_differs",
        values={
            "hand": index + 1,
            "round": label,
            "place": stated.where,
            "seat": seat if seated else None,
            "player": names[seat] if seated else "",
            **shown,
        },
    )


def _wins(hand: Hand) -> tuple[Win, ...]:
    outcome = hand.outcome
    if isinstance(outcome, Ron):
        return outcome.wins
    if isinstance(outcome, Tsumo):
        return (outcome.win,)
    return ()


def _worth(win: Win, rules: Ruleset, *, tsumo: bool, state: GameState) -> int:
    """What a win is worth before honba and sticks, as a log states it: a ron's payment,
    or a tsumo's payments added up (``scoring.payments``)."""
    value = win_value(rules, han=win.han, fu=win.fu, yakuman=win.yakuman, tsumo=tsumo)
    dealer = win.winner == state.dealer
    if not tsumo:
        return ron_points(value.basic, dealer=dealer)
    each, from_dealer = tsumo_payments(rules, value.basic, dealer=dealer)
    payers = len(state.scores) - 1
    return each * payers if from_dealer is None else each * (payers - 1) + from_dealer


def _compare_start(
    state: GameState, logged: LogHand, where: str, index: int, names: tuple[str, ...]
) -> None:
    label = round_label(logged.round_index)
    ours = (state.round_index, state.honba, state.sticks)
    theirs = (logged.round_index, logged.honba, logged.sticks)
    if ours != theirs:
        raise LogError(
            where,
            f"the log plays {label} with {logged.honba} honba and {logged.sticks} sticks, "
            f"the record {state.round_label} with {state.honba} honba and {state.sticks} sticks",
            code="log.round_differs",
            values={
                "hand": index + 1,
                "round": label,
                "log": f"{label} {logged.honba}/{logged.sticks}",
                "record": f"{state.round_label} {state.honba}/{state.sticks}",
            },
        )
    if state.scores != logged.scores:
        raise _differs(where, index, label, state.scores, logged.scores, "log.scores_differ", names)


#: The refusals of the final results, after which another uma is tried.
FINAL_POINTS: Final = "log.final_points_differ"
FINAL_RESULTS: Final = "log.final_results_differ"
#: What each difference compares, for the English message.
_COMPARED: Final = {
    "log.scores_differ": "starting scores",
    "log.deltas_differ": "score changes",
    FINAL_POINTS: "final points",
    FINAL_RESULTS: "final results",
}


def _differs(
    where: str,
    index: int,
    label: str,
    ours: tuple[int, ...],
    theirs: tuple[int, ...],
    code: str,
    names: tuple[str, ...] = (),
) -> LogError:
    """The first seat where the log and the record differ, with both sides' numbers, and
    that seat's player."""
    seat = next(seat for seat in range(len(ours)) if ours[seat] != theirs[seat])

    def shown(values: tuple[int, ...]) -> str:
        if code == FINAL_RESULTS:
            return " / ".join(f"{value / 1000:+.1f}" for value in values)
        if code == "log.deltas_differ":
            return " / ".join(f"{value:+,}" if value else "0" for value in values)
        return " / ".join(f"{value:,}" for value in values)

    what = _COMPARED[code]
    player = names[seat] if seat < len(names) else ""
    whose = f"seat {seat}: {player}" if player else f"seat {seat}"
    return LogError(
        where,
        f"the log's {what} are {shown(theirs)}, the record's {shown(ours)} ({whose})",
        code=code,
        values={
            "hand": index + 1,
            "round": label,
            "seat": seat,
            "player": player,
            "log": shown(theirs),
            "record": shown(ours),
        },
    )


__all__ = ["MAX_LOG_BYTES", "ImportedLog", "convert_log", "log_digest", "read_log"]
