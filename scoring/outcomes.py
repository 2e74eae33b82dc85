"""What happened in one hand, as engine values.

A game is its start plus a list of these (``shared/spec/game-record.md``): one outcome
(``Ron``, ``Tsumo``, ``Draw``, ``Abort`` or ``Chombo``), the seats whose riichi was accepted
during the hand, and an optional explicit stop. Seats are 0-3 in the game's starting order.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class AbortReason(StrEnum):
    """The abortive draws (tochuu ryuukyoku) a ruleset may have."""

    KYUUSHU_KYUUHAI = "kyuushu_kyuuhai"
    SUUFON_RENDA = "suufon_renda"
    SUUCHA_RIICHI = "suucha_riichi"
    SUUKAIKAN = "suukaikan"
    SANCHAHOU = "sanchahou"


@dataclass(frozen=True, slots=True)
class Win:
    """One winner's hand value: ``han`` and ``fu`` (fu may be ``None`` from 5 han), or a
    ``yakuman`` count; ``pao`` is the seat liable for the yakuman, if any."""

    winner: int
    han: int | None = None
    fu: int | None = None
    yakuman: int = 0
    pao: int | None = None


@dataclass(frozen=True, slots=True)
class Ron:
    """A win (or several) on ``discarder``'s discard, wins in the order given."""

    discarder: int
    wins: tuple[Win, ...]


@dataclass(frozen=True, slots=True)
class Tsumo:
    """A self-drawn win."""

    win: Win


@dataclass(frozen=True, slots=True)
class Draw:
    """An exhaustive draw (ryuukyoku): who was tenpai, who made nagashi mangan."""

    tenpai: tuple[int, ...] = ()
    nagashi: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Abort:
    """An abortive draw."""

    reason: AbortReason


@dataclass(frozen=True, slots=True)
class Chombo:
    """A penalty for ``offender``; the hand is replayed."""

    offender: int


Outcome = Ron | Tsumo | Draw | Abort | Chombo


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand: its outcome, the riichi sticks placed in it, and an explicit stop."""

    outcome: Outcome
    riichi: tuple[int, ...] = ()
    end: bool = False

    @property
    def kind(self) -> str:
        """The outcome's key in the game record: ron, tsumo, draw, abort or chombo."""
        return _KIND[type(self.outcome)]


_KIND: dict[type, str] = {
    Ron: "ron",
    Tsumo: "tsumo",
    Draw: "draw",
    Abort: "abort",
    Chombo: "chombo",
}
