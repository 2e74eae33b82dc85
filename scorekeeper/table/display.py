"""How a game reads at the table: the scoreboard, each hand's result in plain words ("Ben
ron from Chie, 3 han 40 fu"), the final standings as lines, and the hand log (each hand's
line with who recorded and who last edited it, and when; the penalties, each in its place in
time among the hands; where a game begun on paper began). Numbers and names are written
by ``scorekeeper.format``.

Formatting only: every number comes from ``scoring`` (a replay, a state, the standings).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any, Final, assert_never

from django.utils.timezone import get_current_timezone_name
from django.utils.translation import get_language, gettext_lazy, ngettext, pgettext
from django.utils.translation import gettext as _

from scorekeeper.club.models import Game
from scorekeeper.digest import digest
from scorekeeper.format import (
    abort_name,
    format_points,
    format_tsumo,
    han_fu,
    limit_name,
    name_list,
    round_name,
    seat_wind,
    short_name,
    sign_class,
    signed,
    signed_result,
    yaku_name,
    yakuman_name,
)
from scorekeeper.table.services.hands import Scoreboard
from scoring.errors import IllegalWin
from scoring.outcomes import Abort, Chombo, Draw, Hand, Penalty, Ron, Tsumo, Win
from scoring.payments import ron_points, tsumo_payments, win_value
from scoring.rules import Ruleset
from scoring.standings import Standing
from scoring.state import EndReason, GameState, HandResult
from scoring.win_details import dora_total

#: Why a game ended, as the standings' caption says it.
END_REASONS: Final = {
    EndReason.LAST_HAND: gettext_lazy("after the last hand"),
    EndReason.TOBI: gettext_lazy("a player went below zero (tobi)"),
    EndReason.AGARI_YAME: gettext_lazy("the dealer won the last hand in first place (agari-yame)"),
    EndReason.TENPAI_YAME: gettext_lazy(
        "the dealer was tenpai in the last hand in first place (tenpai-yame)"
    ),
    EndReason.EXTENSION_OVER: gettext_lazy("at the end of the extension"),
    EndReason.TIME: gettext_lazy("time was up"),
}

Names = Sequence[str]


def win_words(win: Win, rules: Ruleset, *, tsumo: bool) -> str:
    """A win's value: han and fu, with the limit it reaches, or the yakuman.

    >>> from scoring.rules import PRESETS
    >>> rules = PRESETS["wrc"]
    >>> win_words(Win(0, han=3, fu=40), rules, tsumo=False)
    '3 han 40 fu'
    >>> win_words(Win(0, han=4, fu=30), rules, tsumo=False)
    '4 han 30 fu (mangan)'
    >>> win_words(Win(0, han=6), rules, tsumo=True)
    '6 han (haneman)'
    >>> win_words(Win(0, yakuman=2), rules, tsumo=False)
    'double yakuman'
    """
    if win.yakuman:
        return yakuman_name(win.yakuman)
    # A win without yakuman has its han (the engine refuses one without).
    text = han_fu(win.han or 0, win.fu)
    try:
        limit = win_value(rules, han=win.han, fu=win.fu, tsumo=tsumo).limit
    except IllegalWin:
        limit = None
    if not limit:
        return text
    name = limit_name("kazoe_yakuman" if limit == "yakuman" else limit)
    return _("%(value)s (%(limit)s)") % {"value": text, "limit": name}


def _pao(win: Win, names: Names) -> str:
    """What a win says beside its value: what it was made of, who is liable for it, the
    chips it carries."""
    text = ""
    if win.pao is not None:
        text = _(", %(name)s liable (pao)") % {"name": names[win.pao]}
    if win.chips:
        text += ngettext(", %(count)s chip", ", %(count)s chips", win.chips) % {"count": win.chips}
    return made_of_words(win) + text


def made_of_words(win: Win) -> str:
    """What a win was made of, where the record says: its yaku and dora, open or not.

    >>> made_of_words(Win(0, han=3, fu=40, yaku=("Haku", "Honitsu"), dora=0, open=True))
    ' · open: Haku + Honitsu'
    >>> made_of_words(Win(0, han=4, fu=30, yaku=("Riichi", "Pinfu"), dora=(1, 1, 0)))
    ' · Riichi + Pinfu + dora 2'
    >>> made_of_words(Win(0, han=5, fu=30, yaku=("Riichi",), dora=(0, 0, 2), kita=2))
    ' · Riichi + dora 2 + kita 2'
    """
    parts = [yaku_name(name) for name in win.yaku]
    # The kita are dora by the rules, but a player counts them apart: said apart, as the
    # record's object form keeps them (a plain count has none apart).
    dora = (dora_total(win) or 0) - win.kita
    if dora:
        parts.append(_("dora %(count)s") % {"count": dora})
    if win.kita:
        parts.append(_("kita %(count)s") % {"count": win.kita})
    if not parts:
        return ""
    made_of = pgettext("yaku list", " + ").join(parts)
    if win.open:
        return _(" · open: %(yaku)s") % {"yaku": made_of}
    return _(" · %(yaku)s") % {"yaku": made_of}


def describe_hand(hand: Hand, names: Names, rules: Ruleset) -> str:
    """What happened in a hand, in plain words.

    >>> from scoring.rules import PRESETS
    >>> names = ("Aki", "Ben", "Chie", "Dan")
    >>> describe_hand(Hand(Ron(2, (Win(1, han=3, fu=40),))), names, PRESETS["ema"])
    'Ben ron from Chie, 3 han 40 fu'
    >>> describe_hand(Hand(Draw(tenpai=(0, 3))), names, PRESETS["ema"])
    'Exhaustive draw: Aki and Dan tenpai'
    """
    outcome = hand.outcome
    match outcome:
        case Ron():
            wins = outcome.wins
            source = names[outcome.discarder]
            if len(wins) == 1:
                win = wins[0]
                text = _("%(winner)s ron from %(discarder)s, %(value)s") % {
                    "winner": names[win.winner],
                    "discarder": source,
                    "value": win_words(win, rules, tsumo=False) + _pao(win, names),
                }
            else:
                parts = pgettext("clauses", "; ").join(
                    _("%(winner)s %(value)s")
                    % {
                        "winner": names[w.winner],
                        "value": win_words(w, rules, tsumo=False) + _pao(w, names),
                    }
                    for w in wins
                )
                if len(wins) == 2:
                    text = _("Double ron from %(discarder)s: %(wins)s")
                else:
                    text = _("Triple ron from %(discarder)s: %(wins)s")
                text %= {"discarder": source, "wins": parts}
        case Tsumo():
            win = outcome.win
            text = _("%(winner)s tsumo, %(value)s") % {
                "winner": names[win.winner],
                "value": win_words(win, rules, tsumo=True) + _pao(win, names),
            }
        case Draw():
            text = _("Exhaustive draw: %(words)s") % {"words": _draw_words(outcome, names)}
        case Abort():
            if outcome.reason:
                text = _("Abortive draw: %(reason)s") % {"reason": abort_name(outcome.reason.value)}
            else:
                text = _("Abortive draw")
        case Chombo():
            text = _("Chombo by %(name)s") % {"name": names[outcome.offender]}
        case _:
            assert_never(outcome)
    if hand.end:
        text += stopped_words()
    return text


def stopped_words() -> str:
    """What a hand's line adds when the game stopped after it by choice."""
    return _(" — the game stopped here by choice")


def payment_words(result: HandResult, rules: Ruleset) -> str:
    """What a single win without pao is paid, as players call it: the hand's value, then
    the honba; empty for anything else (the log's changes show those).

    >>> from scoring.rules import PRESETS
    >>> before = GameState((25000,) * 4, honba=1)
    >>> ron = Hand(Ron(2, (Win(1, han=3, fu=40),)))
    >>> payment_words(HandResult(ron, before, before, (0, 0, 0, 0)), PRESETS["ema"])
    ', 5,200 + 300'
    >>> tsumo = Hand(Tsumo(Win(0, han=2, fu=30)))
    >>> payment_words(HandResult(tsumo, before, before, (0, 0, 0, 0)), PRESETS["ema"])
    ', 1,000 all + 100 each'
    """
    outcome, before = result.hand.outcome, result.before
    honba = before.honba * rules.honba_value
    match outcome:
        case Ron(wins=(win,)) if win.pao is None:
            tsumo = False
        case Tsumo(win=win) if win.pao is None:
            tsumo = True
        case _:
            return ""
    try:
        basic = win_value(rules, han=win.han, fu=win.fu, yakuman=win.yakuman, tsumo=tsumo).basic
    except IllegalWin:
        return ""
    dealer = win.winner == before.dealer
    if tsumo:
        # With three players, what the two payers pay under the ruleset's tsumo mode.
        text = format_tsumo(tsumo_payments(rules, basic, dealer=dealer))
        if honba:
            return _(", %(points)s + %(honba)s each") % {
                "points": text,
                "honba": format_points(before.honba * rules.tsumo_honba),
            }
        return _(", %(points)s") % {"points": text}
    text = format_points(ron_points(basic, dealer=dealer))
    if honba:
        return _(", %(points)s + %(honba)s") % {"points": text, "honba": format_points(honba)}
    return _(", %(points)s") % {"points": text}


def _draw_words(draw: Draw, names: Names) -> str:
    parts = []
    if draw.nagashi:
        who = name_list([names[s] for s in draw.nagashi])
        parts.append(_("nagashi mangan by %(names)s") % {"names": who})
    if len(draw.tenpai) == len(names):
        parts.append(_("everyone tenpai"))
    elif draw.tenpai:
        who = name_list([names[s] for s in draw.tenpai])
        parts.append(_("%(names)s tenpai") % {"names": who})
    else:
        parts.append(_("everyone noten"))
    return pgettext("clauses", "; ").join(parts)


@dataclass(frozen=True, slots=True)
class Change:
    """A number beside a name, with its sign class: a hand's change for a player, or how far
    a player is from another."""

    name: str
    text: str
    sign: str


@dataclass(frozen=True, slots=True)
class Difference:
    """How far a player is from another: "vs Ben" and the signed points. Worded here, not in
    the template: the scoreboard has twelve of them and is drawn after every hand."""

    label: str
    text: str
    sign: str
    #: The other player's whole name, where the label shortens it.
    title: str = ""


@dataclass(frozen=True, slots=True)
class SeatLine:
    """A player at the table now: wind this round, dealer or not, points, and how far each
    other player is."""

    seat: int
    name: str
    wind: str
    dealer: bool
    points: str
    sign: str
    differences: tuple[Difference, ...]
    #: The player's page, where the page links to it.
    url: str = ""

    @property
    def short(self) -> str:
        """The name cut at a word, for a phone's narrow card (``short_name``)."""
        return short_name(self.name)


def seat_lines(state: GameState, names: Names, urls: Sequence[str] = ()) -> tuple[SeatLine, ...]:
    """The players (three or four) in seat order, as the scoreboard shows them; ``urls``:
    their pages.

    >>> lines = seat_lines(GameState((28200, 25000, 21800, 25000), round_index=1), "ABCD")
    >>> lines[1].wind, lines[1].dealer, lines[0].points
    ('East', True, '28,200')
    >>> [(d.label, d.text) for d in lines[0].differences]
    [('vs B', '+3,200'), ('vs C', '+6,400'), ('vs D', '+3,200')]
    """
    scores = state.scores
    seats = range(len(scores))
    return tuple(
        SeatLine(
            seat=seat,
            name=names[seat],
            wind=seat_wind(seat, state.dealer, len(scores)),
            dealer=seat == state.dealer,
            points=format_points(scores[seat]),
            sign="down" if scores[seat] < 0 else "",
            differences=tuple(
                Difference(
                    _("vs %(name)s") % {"name": short_name(names[other])},
                    signed(scores[seat] - scores[other]),
                    sign_class(scores[seat] - scores[other]),
                    names[other] if short_name(names[other]) != names[other] else "",
                )
                for other in seats
                if other != seat
            ),
            url=urls[seat] if urls else "",
        )
        for seat in seats
    )


@dataclass(frozen=True, slots=True)
class Authorship:
    """Who recorded a hand and who last edited it, and when (``None``: not known, as after
    a restore, or an account since deleted)."""

    recorded_by: str
    recorded_at: datetime | None
    edited_by: str
    edited_at: datetime | None


@dataclass(frozen=True, slots=True)
class HandLine:
    """One hand in the log."""

    sequence: int
    number: int
    round: str
    honba: int
    sticks: int
    text: str
    riichi: str
    changes: tuple[Change, ...]
    edited: bool = False
    authors: Authorship | None = None


def _log_words(result: HandResult, names: Names, rules: Ruleset) -> str:
    """The hand in words with its payment, before any stop by choice."""
    hand = result.hand
    text = describe_hand(hand._replace(end=False), names, rules) + payment_words(result, rules)
    return text + stopped_words() if hand.end else text


def hand_line(
    sequence: int,
    result: HandResult,
    names: Names,
    rules: Ruleset,
    *,
    edited: bool = False,
    authors: Authorship | None = None,
) -> HandLine:
    """One hand of the log: hand ``sequence`` (0 for the first) as played."""
    before = result.before
    return HandLine(
        sequence=sequence,
        number=sequence + 1,
        round=round_name(before.round_index),
        honba=before.honba,
        sticks=before.sticks,
        text=_log_words(result, names, rules),
        riichi=name_list([names[s] for s in result.hand.riichi]),
        changes=tuple(
            Change(names[seat], signed(delta), sign_class(delta))
            for seat, delta in enumerate(result.deltas)
        ),
        edited=edited,
        authors=authors,
    )


@dataclass(frozen=True, slots=True)
class StandingLine:
    """One line of the final standings; uma and oka are ``bonus``."""

    seat: int
    name: str
    place: int
    points: str
    bonus: str
    penalty: str
    result: str
    sign: str
    #: The chips' worth in the result (with their count), where the rules have chips.
    chips: str = ""
    #: The player's page, where the page links to it.
    url: str = ""


def standing_lines(
    standings: Sequence[Standing], names: Names, urls: Sequence[str] = ()
) -> list[StandingLine]:
    """The final standings by place (then seat); ``urls``: the players' pages, in seat order.

    >>> from scoring.rules import PRESETS
    >>> from scoring.standings import final_standings
    >>> rows = final_standings(GameState((42300, 31100, 18400, 8200)), PRESETS["tenhou"])
    >>> [(line.place, line.name, line.result) for line in standing_lines(rows, "ABCD")][:2]
    [(1, 'A', '+53.0'), (2, 'B', '+11.0')]
    """
    ordered = sorted(standings, key=lambda row: (row.place, row.seat))
    return [
        StandingLine(
            seat=row.seat,
            name=names[row.seat],
            place=row.place,
            points=format_points(row.points),
            bonus=signed_result(row.bonus),
            # What the player lost, negative as in the CSV and JSON files.
            penalty=signed_result(-row.penalty) if row.penalty else "",
            result=signed_result(row.result),
            sign=sign_class(row.result),
            chips=f"{signed_result(row.chip_result)} ({signed(row.chips)})" if row.chips else "",
            url=urls[row.seat] if urls else "",
        )
        for row in ordered
    ]


def sticks_note(standings: Sequence[Standing], state: GameState, names: Names) -> str:
    """Why a player's final points differ from their points after the last hand (the
    chart's and the hand log's): the riichi sticks left on the table at the end, given as
    the rules say (RULES.md, leftover sticks); empty where nobody's differ.

    >>> from scoring.rules import PRESETS
    >>> from scoring.standings import final_standings
    >>> state = GameState((30800, 24000, 21200, 23000), sticks=1)
    >>> sticks_note(final_standings(state, PRESETS["mleague"]), state, "ABCD").split(":")[0]
    'A +1,000'
    """
    gains = [
        (names[row.seat], row.points - state.scores[row.seat])
        for row in sorted(standings, key=lambda row: row.seat)
        if row.points != state.scores[row.seat]
    ]
    if not gains:
        return ""
    who = name_list([f"{name} {signed(gain)}" for name, gain in gains])
    return ngettext(
        "%(who)s: the riichi stick left on the table at the end. The chart and the hands show "
        "the points before it.",
        "%(who)s: the riichi sticks left on the table at the end. The chart and the hands show "
        "the points before them.",
        state.sticks,
    ) % {"who": who}


def end_words(reason: EndReason | None, *, stopped_early: bool) -> str:
    """Why a game is over, for the standings' caption."""
    if stopped_early and reason is None:
        return _("ended by an organiser")
    return str(END_REASONS.get(reason, "")) if reason else ""


@dataclass(frozen=True, slots=True)
class PenaltyLine:
    """One penalty in the log: ``index`` is its place in the record's list (to remove it)."""

    index: int
    name: str
    points: str
    result: str
    reason: str
    #: The number of the hand it was given after (1 for the first), or 0: before any hand.
    after: int

    is_penalty = True


def penalty_lines(penalties: Sequence[Penalty], names: Sequence[str]) -> list[PenaltyLine]:
    """The record's penalties as the log shows them, in the order given.

    >>> [line.points for line in penalty_lines([Penalty(2, 10000, "late", 4)], "ABCD")]
    ['\u221210,000']
    >>> penalty_lines([Penalty(2, 10000, "late", 4)], "ABCD")[0].result
    '\u221210.0'
    """
    return [
        PenaltyLine(
            index=i,
            name=names[p.seat],
            points=signed(-p.points),
            result=signed_result(Decimal(-p.points) / 1000),
            reason=p.reason,
            after=0 if p.after_hand is None else p.after_hand + 1,
        )
        for i, p in enumerate(penalties)
    ]


def with_penalties(lines: Sequence[HandLine], penalties: Iterable[PenaltyLine]) -> list[Any]:
    """The log (``lines``, newest hand first) with each penalty just above the hand it was
    given after, the latest given first; penalties given before any hand at the bottom."""
    after: dict[int, list[PenaltyLine]] = {}
    for penalty in penalties:
        after.setdefault(penalty.after, []).append(penalty)
    out: list[Any] = []
    for line in lines:
        out.extend(reversed(after.pop(line.number, [])))
        out.append(line)
    # Those after a hand the log does not show, then those before the first hand.
    for number in sorted(after, reverse=True):
        out.extend(reversed(after[number]))
    return out


def authorship(record: Any) -> Authorship:
    """A stored hand's (``HandRecord``) authors and times."""
    return Authorship(
        recorded_by=record.recorded_by.get_username() if record.recorded_by else "",
        recorded_at=record.recorded_at,
        edited_by=record.edited_by.get_username() if record.edited_by else "",
        edited_at=record.edited_at,
    )


@dataclass(frozen=True, slots=True)
class StartLine:
    """Where a game begun on paper started: the first line of its log (at the bottom)."""

    round: str
    honba: int
    sticks: int
    points: tuple[tuple[str, str], ...]

    is_start = True


def start_line(start: GameState | None, names: Sequence[str]) -> StartLine | None:
    """The log's line for a game begun elsewhere (``None`` for one begun at East 1).

    >>> line = start_line(GameState((31000, 22000, 25000, 21000), 7, 1, 1), "ABCD")
    >>> line.round, line.points[0]
    ('South 4', ('A', '31,000'))
    """
    if start is None:
        return None
    return StartLine(
        round=round_name(start.round_index),
        honba=start.honba,
        sticks=start.sticks,
        points=tuple(
            (names[seat], format_points(points)) for seat, points in enumerate(start.scores)
        ),
    )


def log_lines(game: Game, board: Scoreboard) -> list[Any]:
    """The hand log's lines, newest first, with each hand's authors and each penalty in its
    place in time (``HandLine`` and ``PenaltyLine``)."""
    names, rules = board.record.players, board.record.rules
    stored = {h.sequence: h for h in game.hands.all()}
    lines = []
    for sequence, result in enumerate(board.replay.results):
        kept = stored.get(sequence)
        lines.append(
            hand_line(
                sequence,
                result,
                names,
                rules,
                edited=kept is not None and kept.edited_at is not None,
                authors=authorship(kept) if kept is not None else None,
            )
        )
    lines.reverse()
    log = with_penalties(lines, penalty_lines(board.record.penalties, names))
    begun = start_line(board.record.start, names)
    return [*log, begun] if begun else log


def first_log(game: Game, line: HandLine, names: tuple[str, ...]) -> list[Any]:
    """The log after a game's first hand: the hand, the penalties given before it, and
    where a game begun on paper began."""
    log = with_penalties([line], penalty_lines(game.record_penalties(), names))
    begun = start_line(game.record_start(), names)
    return [*log, begun] if begun else log


def log_key(board: str) -> str:
    """What a game's drawn hand log depends on besides who reads it (whether they may edit
    hands and take back penalties, which the template adds): the game as it is now
    (``pages.board_key``: its id, revision, last change and players' names), the language
    and the time zone, in a digest. The table page keeps the drawn log in the cache under
    it, and makes the log's lines only where it is not there: a long game's log is most of
    the page's work."""
    return digest(board, get_language(), get_current_timezone_name())
