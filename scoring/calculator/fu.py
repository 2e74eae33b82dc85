"""Fu from a hand's composition: the checklist of seed 001 (with seed 003's details).

20 base; +2 tsumo (not for pinfu) or +10 for a closed ron; each meld by kind, openness and
tile class (triplet 2/4 open, 4/8 closed; quad 8/16 open, 16/32 closed; simples / terminals
and honors); +2 for a yakuhai pair (a double-wind pair 4 or 2 per ruleset); +2 for a kanchan,
penchan or tanki wait; round up to 10. Special cases: chiitoitsu 25, pinfu tsumo 20, an open
hand with no fu at all is raised to 30. The corrected triplet and quad values are those of
seeds 001 and 003 (seed 000 doubles them; see ``docs/RULES.md``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final, assert_never

from scoring.errors import ScoringError
from scoring.rules import Ruleset


class FuError(ScoringError):
    """A composition that no winning hand has."""


class MeldKind(StrEnum):
    SEQUENCE = "sequence"
    TRIPLET = "triplet"
    QUAD = "quad"


class Pair(StrEnum):
    PLAIN = "plain"
    YAKUHAI = "yakuhai"
    DOUBLE_WIND = "double_wind"


class Wait(StrEnum):
    RYANMEN = "ryanmen"
    SHANPON = "shanpon"
    KANCHAN = "kanchan"
    PENCHAN = "penchan"
    TANKI = "tanki"


@dataclass(frozen=True, slots=True)
class Meld:
    """One set. ``open`` means counted as open: called, or a triplet completed by ron.
    ``terminal`` means terminals or honors (1, 9, winds, dragons)."""

    kind: MeldKind
    open: bool = False
    terminal: bool = False


@dataclass(frozen=True, slots=True)
class FuLine:
    fu: int
    reason: str
    #: The fu before rounding, on the line that rounds them up (its ``reason`` says it).
    rounded_from: int | None = None


@dataclass(frozen=True, slots=True)
class FuCount:
    """The fu of a hand: the total after rounding and the checklist lines behind it."""

    total: int
    lines: tuple[FuLine, ...]


def meld_fu(meld: Meld) -> int:
    """Fu of one meld: triplet 2, quad 8; doubled if closed, doubled for terminals/honors.

    >>> meld_fu(Meld(MeldKind.QUAD, open=False, terminal=True))
    32
    """
    match meld.kind:
        case MeldKind.SEQUENCE:
            return 0
        case MeldKind.TRIPLET:
            fu = 2
        case MeldKind.QUAD:
            fu = 8
        case _:
            assert_never(meld.kind)
    if not meld.open:
        fu *= 2
    if meld.terminal:
        fu *= 2
    return fu


def _meld_reason(meld: Meld) -> str:
    tiles = "terminals/honors" if meld.terminal else "simples"
    return f"{'open' if meld.open else 'closed'} {meld.kind.value} of {tiles}"


def _pair_fu(rules: Ruleset, pair: Pair) -> FuLine | None:
    match pair:
        case Pair.PLAIN:
            return None
        case Pair.YAKUHAI:
            return _YAKUHAI_PAIR
        case Pair.DOUBLE_WIND:
            return FuLine(rules.double_wind_fu, "double wind pair")
        case _:
            assert_never(pair)


def _wait_fu(wait: Wait) -> FuLine | None:
    match wait:
        case Wait.RYANMEN | Wait.SHANPON:
            return None
        case Wait.KANCHAN | Wait.PENCHAN | Wait.TANKI:
            return _HARD_WAIT[wait]
        case _:
            assert_never(wait)


# The lines every hand draws from, made once: a frozen dataclass costs more to make than to
# look up, and a hand's fu is counted once per reading.
_BASE: Final = FuLine(20, "base")
_TSUMO: Final = FuLine(2, "tsumo")
_CLOSED_RON: Final = FuLine(10, "closed ron")
_PINFU_TSUMO: Final = FuLine(0, "pinfu tsumo (no tsumo fu; fixed 20 fu)")
_OPEN_NO_FU: Final = FuLine(10, "open hand with no fu: raised to 30")
_CHIITOITSU: Final = FuCount(25, (FuLine(25, "chiitoitsu (fixed 25 fu, not rounded)"),))
_YAKUHAI_PAIR: Final = FuLine(2, "yakuhai pair")
_HARD_WAIT: Final = {
    w: FuLine(2, f"{w.value} wait") for w in (Wait.KANCHAN, Wait.PENCHAN, Wait.TANKI)
}
_MELD_LINE: Final = {
    meld: FuLine(meld_fu(meld), _meld_reason(meld))
    for meld in (
        Meld(kind, open=is_open, terminal=terminal)
        for kind in (MeldKind.TRIPLET, MeldKind.QUAD)
        for is_open in (False, True)
        for terminal in (False, True)
    )
}


def count_fu(
    rules: Ruleset,
    *,
    melds: Sequence[Meld] = (),
    pair: Pair = Pair.PLAIN,
    wait: Wait = Wait.RYANMEN,
    tsumo: bool,
    closed: bool,
    chiitoitsu: bool = False,
) -> FuCount:
    """Count fu for a hand of four melds and a pair (or chiitoitsu).

    ``closed`` is the hand being concealed (no call; closed quads allowed); a triplet
    completed by ron is passed as an open meld.

    >>> from scoring.rules import PRESETS
    >>> count_fu(PRESETS["tenhou"], melds=[Meld(MeldKind.SEQUENCE)] * 4, tsumo=True,
    ...          closed=True).total
    20
    """
    if chiitoitsu:
        if melds:
            raise FuError("chiitoitsu has seven pairs and no melds", code="fu.chiitoitsu_melds")
        if not closed:
            raise FuError("chiitoitsu is always a closed hand", code="fu.chiitoitsu_open")
        return _CHIITOITSU
    if len(melds) != 4:
        raise FuError(
            f"a hand has four melds and a pair, got {len(melds)} melds",
            code="fu.meld_count",
            values={"count": len(melds)},
        )
    if wait is Wait.SHANPON and all(m.kind is MeldKind.SEQUENCE for m in melds):
        raise FuError(
            "a shanpon wait completes a triplet, and the hand has none", code="fu.shanpon"
        )
    if closed and any(m.open and m.kind is MeldKind.QUAD for m in melds):
        raise FuError("an open quad makes the hand open", code="fu.open_quad")
    lines = [_BASE]
    pinfu = (
        closed
        and all(m.kind is MeldKind.SEQUENCE for m in melds)
        and pair is Pair.PLAIN
        and wait is Wait.RYANMEN
    )
    if pinfu and tsumo:
        return FuCount(20, (_BASE, _PINFU_TSUMO))
    if tsumo:
        lines.append(_TSUMO)
    elif closed:
        lines.append(_CLOSED_RON)
    for meld in melds:
        line = _MELD_LINE.get(meld)
        if line is not None:  # a sequence has no fu
            lines.append(line)
    lines += [line for line in (_pair_fu(rules, pair), _wait_fu(wait)) if line]
    raw = sum(line.fu for line in lines)
    if raw == 20 and not closed:
        return FuCount(30, (*lines, _OPEN_NO_FU))
    total = -(-raw // 10) * 10
    if total != raw:
        lines.append(FuLine(total - raw, f"rounded up from {raw}", rounded_from=raw))
    return FuCount(total, tuple(lines))
