"""What happened in one hand, as engine values.

A game is its start plus a list of these (``docs/game-record.md``): one outcome
(``Ron``, ``Tsumo``, ``Draw``, ``Abort`` or ``Chombo``), the seats whose riichi was accepted
during the hand, and an optional explicit stop. Seats are 0-3 in the game's starting order.
A record may also carry ``Penalty`` lines, taken off the final results.

The values are immutable named tuples rather than frozen dataclasses: a record of a few hundred
hands builds thousands of them, and a named tuple is built several times faster. Two values
of different kinds never hold equal fields (a seat is never an abort reason), so the
tuple's equality stays the value's.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final, NamedTuple, assert_never

from scoring.seats import Seat


class AbortReason(StrEnum):
    """The abortive draws (tochuu ryuukyoku) a ruleset may have."""

    KYUUSHU_KYUUHAI = "kyuushu_kyuuhai"
    SUUFON_RENDA = "suufon_renda"
    SUUCHA_RIICHI = "suucha_riichi"
    SUUKAIKAN = "suukaikan"
    SANCHAHOU = "sanchahou"


#: Every abortive draw, in the order rulesets and forms list them.
ABORT_REASONS: Final[tuple[AbortReason, ...]] = tuple(AbortReason)


class Win(NamedTuple):
    """One winner's hand value: ``han`` and ``fu`` (fu may be ``None`` from 5 han), or a
    ``yakuman`` count; ``pao`` is the seat liable for the yakuman, if any."""

    winner: Seat
    han: int | None = None
    fu: int | None = None
    yakuman: int = 0
    pao: Seat | None = None
    #: Chips (shuugi) the win carries: from the discarder on a ron, from each other seat on
    #: a tsumo.
    chips: int = 0
    #: What the hand was made of, where the record says (``scoring.win_details``): the yaku
    #: by name (in ``scoring.yaku``'s order; empty: not said), the dora as one count or as
    #: (dora, ura dora, red fives), and whether the hand was open (``None``: not said).
    yaku: tuple[str, ...] = ()
    dora: int | tuple[int, int, int] | None = None
    open: bool | None = None
    #: With three players, the North tiles the winner set aside (kita, nukidora): each one
    #: a dora, counted apart from ``dora``'s parts where the record counts them apart
    #: (RULES.md, version 3); 0 where it does not (a plain dora count includes them).
    kita: int = 0


class Ron(NamedTuple):
    """A win (or several) on ``discarder``'s discard, wins in the order given."""

    discarder: Seat
    wins: tuple[Win, ...]


class Tsumo(NamedTuple):
    """A self-drawn win."""

    win: Win


class Draw(NamedTuple):
    """An exhaustive draw (ryuukyoku): who was tenpai, who made nagashi mangan."""

    tenpai: tuple[Seat, ...] = ()
    nagashi: tuple[Seat, ...] = ()


class Abort(NamedTuple):
    """An abortive draw; ``reason`` is ``None`` where the table did not note which."""

    reason: AbortReason | None = None


class Chombo(NamedTuple):
    """A penalty for ``offender``; the hand is replayed."""

    offender: Seat


Outcome = Ron | Tsumo | Draw | Abort | Chombo


class Hand(NamedTuple):
    """One hand: its outcome, the riichi sticks placed in it, and an explicit stop."""

    outcome: Outcome
    riichi: tuple[Seat, ...] = ()
    end: bool = False

    @property
    def kind(self) -> str:
        """The outcome's key in the game record: ron, tsumo, draw, abort or chombo."""
        return outcome_kind(self.outcome)


def outcome_kind(outcome: Outcome) -> str:
    """The outcome's key in the game record.

    >>> outcome_kind(Chombo(offender=1))
    'chombo'
    """
    match outcome:
        case Ron():
            return "ron"
        case Tsumo():
            return "tsumo"
        case Draw():
            return "draw"
        case Abort():
            return "abort"
        case Chombo():
            return "chombo"
        case _:
            assert_never(outcome)


class Penalty(NamedTuple):
    """Points taken off one seat's final result by a referee or the club (lateness, ...):
    non-zero-sum, like a chombo penalty. ``after_hand`` is the index of the hand it was
    given after, for display only."""

    seat: Seat
    points: int
    reason: str = ""
    after_hand: int | None = None
