"""How a game reads at the table: the scoreboard, each hand's result in plain words ("Ben
ron from Chie, 3 han 40 fu") and the final standings as lines. Numbers and names are written
by ``scorekeeper.format``.

Formatting only: every number comes from ``scoring`` (a replay, a state, the standings).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Final, assert_never

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from scorekeeper.format import (
    abort_name,
    format_points,
    format_tsumo,
    han_fu,
    limit_name,
    name_list,
    round_name,
    seat_wind,
    sign_class,
    signed,
    signed_result,
    yaku_name,
    yakuman_name,
)
from scoring.errors import IllegalWin
from scoring.outcomes import Abort, Chombo, Draw, Hand, Ron, Tsumo, Win
from scoring.payments import ron_points, tsumo_points, win_value
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
    """
    parts = [yaku_name(name) for name in win.yaku]
    dora = dora_total(win)
    if dora:
        parts.append(_("dora %(count)s") % {"count": dora})
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
        text = format_tsumo(tsumo_points(basic, dealer=dealer))
        if honba:
            return _(", %(points)s + %(honba)s each") % {
                "points": text,
                "honba": format_points(honba // 3),
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
    if len(draw.tenpai) == 4:
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


def seat_lines(state: GameState, names: Names) -> tuple[SeatLine, ...]:
    """The four players in seat order, as the scoreboard shows them.

    >>> lines = seat_lines(GameState((28200, 25000, 21800, 25000), round_index=1), "ABCD")
    >>> lines[1].wind, lines[1].dealer, lines[0].points
    ('East', True, '28,200')
    >>> [(d.label, d.text) for d in lines[0].differences]
    [('vs B', '+3,200'), ('vs C', '+6,400'), ('vs D', '+3,200')]
    """
    scores = state.scores
    return tuple(
        SeatLine(
            seat=seat,
            name=names[seat],
            wind=seat_wind(seat, state.dealer),
            dealer=seat == state.dealer,
            points=format_points(scores[seat]),
            sign="down" if scores[seat] < 0 else "",
            differences=tuple(
                Difference(
                    _("vs %(name)s") % {"name": names[other]},
                    signed(scores[seat] - scores[other]),
                    sign_class(scores[seat] - scores[other]),
                )
                for other in range(4)
                if other != seat
            ),
        )
        for seat in range(4)
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


def standing_lines(standings: Sequence[Standing], names: Names) -> list[StandingLine]:
    """The final standings by place (then seat).

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
        )
        for row in ordered
    ]


def end_words(reason: EndReason | None, *, stopped_early: bool) -> str:
    """Why a game is over, for the standings' caption."""
    if stopped_early and reason is None:
        return _("ended by an organiser")
    return str(END_REASONS.get(reason, "")) if reason else ""
