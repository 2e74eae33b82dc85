"""What the wins were made of, counted over many hands: yaku, riichi / dama / open, dora,
han, and how often a riichi won. For one seat of each game (a player's page) or for every
seat (the club).

A hand recorded before yaku were kept, or without them, counts where it can: a win with
riichi is a riichi win whatever else is known, its han are always known; a win that says
neither riichi nor open nor its yaku is left out of the split, and the counts say how many
were left out of each statistic. A win with yaku and no ``open`` is closed (``scoring.
win_details``). Dama is a closed hand without riichi. A chombo is not a hand (as in
``scoring.stats``): a riichi declared in it is not counted, its sticks went back.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

from scoring.outcomes import Chombo, Hand, Ron, Tsumo, Win
from scoring.seats import Seat
from scoring.win_details import dora_total
from scoring.yaku import sort_yaku

#: How a winning hand was played.
RIICHI: Final = "riichi"
DAMA: Final = "dama"
OPEN: Final = "open"
STYLES: Final = (RIICHI, DAMA, OPEN)
#: The han histogram's bars: the han below mangan one by one, then the limits.
HAN_BARS: Final = ("1", "2", "3", "4", "5", "6–7", "8–10", "11–12", "13+", "Yakuman")


def han_bar(win: Win) -> str:
    """The han histogram bar a win falls in.

    >>> han_bar(Win(0, han=7)), han_bar(Win(0, yakuman=1)), han_bar(Win(0, han=2, fu=30))
    ('6–7', 'Yakuman', '2')
    """
    if win.yakuman or win.han is None:
        return "Yakuman"
    han = win.han
    if han <= 5:
        return str(han)
    if han >= 13:
        return "13+"
    return "6–7" if han <= 7 else "8–10" if han <= 10 else "11–12"


def win_style(win: Win, riichi: tuple[Seat, ...]) -> str | None:
    """Riichi, dama or open; ``None`` where the record does not say.

    >>> win_style(Win(0, han=1, fu=30), (0,)), win_style(Win(0, han=1, fu=30), ())
    ('riichi', None)
    >>> win_style(Win(0, han=1, fu=30, yaku=("Tanyao",)), ())
    'dama'
    """
    if win.winner in riichi:
        return RIICHI
    if win.open is True:
        return OPEN
    if win.open is False or win.yaku:
        return DAMA
    return None


@dataclass
class YakuStats:
    """The counts. ``*_unknown``: wins (or deal-ins) the record does not say enough of.

    ``deal_ins`` counts hands: a double ron is one deal-in, as Tenhou and Mahjong Soul count
    it (and as ``scoring.stats.SeatStats`` does). ``deal_in_styles`` counts the winning hands
    dealt into, so a double ron adds one to the style of each of its two wins."""

    wins: int = 0
    styles: Counter[str] = field(default_factory=Counter)
    styles_unknown: int = 0
    deal_ins: int = 0
    deal_in_styles: Counter[str] = field(default_factory=Counter)
    deal_in_styles_unknown: int = 0
    yaku: Counter[str] = field(default_factory=Counter)
    wins_with_yaku: int = 0
    dora: int = 0
    wins_with_dora: int = 0
    han: Counter[str] = field(default_factory=Counter)
    riichi: int = 0
    riichi_won: int = 0

    @property
    def wins_without_yaku(self) -> int:
        return self.wins - self.wins_with_yaku

    @property
    def wins_without_dora(self) -> int:
        return self.wins - self.wins_with_dora

    @property
    def average_dora(self) -> float | None:
        return self.dora / self.wins_with_dora if self.wins_with_dora else None

    @property
    def riichi_success(self) -> float | None:
        """The share of riichi declarations whose hand the declarer won."""
        return self.riichi_won / self.riichi if self.riichi else None

    def yaku_by_count(self) -> list[tuple[str, int]]:
        """Each yaku seen with its count, the most frequent first (then in the table's order)."""
        order = {name: i for i, name in enumerate(sort_yaku(self.yaku))}
        return sorted(self.yaku.items(), key=lambda item: (-item[1], order[item[0]]))

    def add(self, hand: Hand, seat: Seat | None) -> None:
        """Count one hand: for ``seat`` (its wins, its deal-ins, its riichi), or for every
        seat where ``seat`` is ``None``."""
        riichi = hand.riichi
        outcome = hand.outcome
        if isinstance(outcome, Chombo):
            return
        wins: tuple[Win, ...] = ()
        discarder: Seat | None = None
        if isinstance(outcome, Ron):
            wins, discarder = outcome.wins, outcome.discarder
        elif isinstance(outcome, Tsumo):
            wins = (outcome.win,)
        winners = {win.winner for win in wins}
        for declared in riichi:
            if seat is None or declared == seat:
                self.riichi += 1
                self.riichi_won += declared in winners
        dealt = discarder is not None and (seat is None or discarder == seat)
        # A double ron is one deal-in (as Tenhou and Mahjong Soul count it), into two hands.
        self.deal_ins += dealt
        for win in wins:
            style = win_style(win, riichi)
            if seat is None or win.winner == seat:
                self._add_win(win, style)
            if dealt:
                if style is None:
                    self.deal_in_styles_unknown += 1
                else:
                    self.deal_in_styles[style] += 1

    def _add_win(self, win: Win, style: str | None) -> None:
        self.wins += 1
        if style is None:
            self.styles_unknown += 1
        else:
            self.styles[style] += 1
        if win.yaku:
            self.wins_with_yaku += 1
            self.yaku.update(win.yaku)
        dora = dora_total(win)
        if dora is not None:
            self.wins_with_dora += 1
            self.dora += dora
        self.han[han_bar(win)] += 1


def yaku_stats(hands: Iterable[tuple[Hand, Seat | None]]) -> YakuStats:
    """The counts over ``hands``, each with the seat it is counted for (``None``: all).

    >>> from scoring.outcomes import Ron
    >>> hands = [(Hand(Ron(2, (Win(1, han=2, fu=30, yaku=("Riichi",), dora=1),)), (1,)), 1)]
    >>> stats = yaku_stats(hands)
    >>> stats.wins, dict(stats.styles), dict(stats.yaku), stats.average_dora, stats.riichi_success
    (1, {'riichi': 1}, {'Riichi': 1}, 1.0, 1.0)
    """
    stats = YakuStats()
    for hand, seat in hands:
        stats.add(hand, seat)
    return stats


__all__ = ["HAN_BARS", "STYLES", "YakuStats", "han_bar", "win_style", "yaku_stats"]
