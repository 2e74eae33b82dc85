"""Per-seat statistics of a replayed game: wins, deal-ins, riichi, hand values.

These are the counts a club's player page aggregates. A chombo does not count as a hand
(reference edge case 52). A win's value is what the hand itself is worth (the ron payment,
or the sum of the tsumo payments), without honba or riichi sticks; a deal-in's value is
what the discarder paid for the hand itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import assert_never

from scoring.outcomes import Abort, Chombo, Draw, Ron, Tsumo, Win
from scoring.payments import ron_points, tsumo_payments, tsumo_total, win_value
from scoring.rules import Ruleset
from scoring.state import EndReason, Replay


@dataclass(slots=True)
class SeatStats:
    """One seat's counts over a game."""

    hands: int = 0
    wins: int = 0
    tsumo_wins: int = 0
    dealer_wins: int = 0
    deal_ins: int = 0
    riichi: int = 0
    win_points: int = 0
    deal_in_points: int = 0
    best_win: int = 0
    #: The best win's han, fu and yakuman (``None``, ``None``, 0 without a win).
    best_han: int | None = None
    best_fu: int | None = None
    best_yakuman: int = 0
    yakuman: int = 0
    chombos: int = 0
    tobi: bool = False
    points_by_hand: list[int] = field(default_factory=list)

    @property
    def best_hand(self) -> str:
        """The best win's value in words (``describe_win``), blank without a win."""
        if not self.best_win:
            return ""
        return describe_win(Win(0, self.best_han, self.best_fu, self.best_yakuman))


def describe_win(win: Win) -> str:
    """``3 han 40 fu``, ``6 han``, ``yakuman`` or ``double yakuman``.

    >>> describe_win(Win(winner=0, han=3, fu=40)), describe_win(Win(winner=0, yakuman=2))
    ('3 han 40 fu', 'double yakuman')
    """
    if win.yakuman:
        prefix = {1: "", 2: "double ", 3: "triple "}.get(win.yakuman, f"{win.yakuman}x ")
        return f"{prefix}yakuman"
    if win.fu is None or (win.han or 0) >= 5:
        return f"{win.han} han"
    return f"{win.han} han {win.fu} fu"


def hand_value(rules: Ruleset, win: Win, *, dealer: bool, tsumo: bool) -> int:
    """What a win is worth before honba and sticks.

    >>> from scoring.rules import PRESETS
    >>> hand_value(PRESETS["tenhou"], Win(winner=1, han=1, fu=30), dealer=False, tsumo=True)
    1100
    """
    basic = win_value(rules, han=win.han, fu=win.fu, yakuman=win.yakuman, tsumo=tsumo).basic
    if not tsumo:
        return ron_points(basic, dealer=dealer)
    if rules.seating.has_north:
        return tsumo_total(basic, dealer=dealer)
    # No North: what the two payers pay under ``sanma_tsumo`` (RULES.md, version 3).
    each, from_dealer = tsumo_payments(rules, basic, dealer=dealer)
    return each * 2 if from_dealer is None else each + from_dealer


def seat_stats(rules: Ruleset, game: Replay) -> tuple[SeatStats, ...]:
    """Each seat's statistics over a replayed game, in seat order.

    >>> from scoring.rules import PRESETS
    >>> from scoring.game import replay
    >>> from scoring.outcomes import Hand
    >>> rules = PRESETS["tenhou"]
    >>> stats = seat_stats(rules, replay(rules, [Hand(Ron(2, (Win(winner=1, han=2, fu=30),)))]))
    >>> stats[1].wins, stats[1].win_points, stats[2].deal_ins, stats[2].deal_in_points
    (1, 2000, 1, 2000)
    """
    seats = tuple(SeatStats() for _ in rules.seating.seats)
    for result in game.results:
        hand = result.hand
        outcome = hand.outcome
        for seat, stats in enumerate(seats):
            stats.points_by_hand.append(result.after.scores[seat])
        match outcome:
            case Chombo():
                seats[outcome.offender].chombos += 1
                continue
            case Ron():
                wins: tuple[Win, ...] = outcome.wins
                seats[outcome.discarder].deal_ins += 1
            case Tsumo():
                wins = (outcome.win,)
            case Draw() | Abort():
                wins = ()
            case _:
                assert_never(outcome)
        for stats in seats:
            stats.hands += 1
        for seat in hand.riichi:
            seats[seat].riichi += 1
        dealer = result.before.dealer
        tsumo = isinstance(outcome, Tsumo)
        for win in wins:
            value = hand_value(rules, win, dealer=win.winner == dealer, tsumo=tsumo)
            stats = seats[win.winner]
            stats.wins += 1
            stats.tsumo_wins += tsumo
            stats.dealer_wins += win.winner == dealer
            stats.win_points += value
            stats.yakuman += win.yakuman > 0
            if value > stats.best_win:
                stats.best_win = value
                stats.best_han, stats.best_fu, stats.best_yakuman = win.han, win.fu, win.yakuman
            if isinstance(outcome, Ron):
                seats[outcome.discarder].deal_in_points += value
    final = game.state
    if final.end_reason is EndReason.TOBI:
        for seat, stats in enumerate(seats):
            score = final.scores[seat]
            stats.tobi = score < 0 or (score == 0 and rules.tobi_at_zero)
    return seats
