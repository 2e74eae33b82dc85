"""The value of a win and who pays it.

Basic points are ``fu x 2^(han+2)`` capped at mangan, then the limits by han (seeds 002 and
004, the EMA rules; ``docs/RULES.md``): 5 mangan, 6-7 haneman, 8-10 baiman, 11-12
sanbaiman, 13+ kazoe (yakuman or sanbaiman per ruleset), yakuman 8000 per yakuman.
Every payment is rounded up to the next 100 per payer, so a tsumo can total more than a ron.
Honba add ``honba_value`` to a ron, a third of it from each payer on a tsumo.

With three players a tsumo has two payers and North's share is missing: ``sanma_tsumo`` says
whether it is lost, shared by bisection or the whole four-player total is split between the
two (RULES.md, version 3; the formulas of ``docs/rules/sanma.md`` 1c, its worked payments in
1d); the honba of a tsumo are ``honba_value`` shared by the payers (``Ruleset.tsumo_honba``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from scoring.errors import IllegalWin
from scoring.rule_values import SanmaTsumo
from scoring.rules import Ruleset

#: The fu a hand can have below 5 han.
FU_VALUES: Final = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
_FU_SET: Final = frozenset(FU_VALUES)
MAX_YAKUMAN: Final = 6

LIMIT_BASIC: Final = {
    "mangan": 2000,
    "haneman": 3000,
    "baiman": 4000,
    "sanbaiman": 6000,
    "yakuman": 8000,
}


@dataclass(frozen=True, slots=True)
class WinValue:
    """Basic points of a win and its limit name (``None`` below mangan)."""

    basic: int
    limit: str | None


def _up100(points: int) -> int:
    return -(-points // 100) * 100


def impossible_reason(han: int, fu: int | None, *, tsumo: bool) -> str | None:
    """Why no hand has this han and fu (won this way), or ``None`` when one can.

    >>> impossible_reason(1, 20, tsumo=True)
    '20 fu needs pinfu tsumo, at least 2 han'
    """
    found = impossible_win(han, fu, tsumo=tsumo)
    return None if found is None else found[0]


def impossible_win(han: int, fu: int | None, *, tsumo: bool) -> tuple[str, str] | None:
    """``impossible_reason`` with the refusal's code: ``(message, code)`` or ``None``.

    >>> impossible_win(1, 20, tsumo=False)[1]
    'win.impossible_han_fu.ron_20_fu'
    """
    if han < 1:
        return "han must be at least 1", "win.han_below_1"
    if han >= 5:
        if fu is not None and fu not in _FU_SET and not (fu > 110 and fu % 10 == 0):
            return f"{fu} fu is not a fu value (20, 25, 30, 40, ... 110)", "win.not_fu_value"
        return None
    if fu is None:
        return f"fu is needed below 5 han ({han} han)", "win.fu_needed"
    if fu not in _FU_SET:
        return (
            f"{fu} fu is not possible below 5 han (20, 25, 30, 40, ... 110)",
            "win.impossible_fu",
        )
    if fu == 20 and not tsumo:
        return (
            "20 fu cannot be won by ron (a closed ron has 30 fu at least)",
            "win.impossible_han_fu.ron_20_fu",
        )
    if fu == 20 and han < 2:
        return "20 fu needs pinfu tsumo, at least 2 han", "win.impossible_han_fu.pinfu_tsumo"
    if fu == 25 and han < 2:
        return "25 fu is chiitoitsu, at least 2 han", "win.impossible_han_fu.chiitoitsu"
    if fu == 25 and tsumo and han < 3:
        return (
            "25 fu by tsumo is chiitoitsu with menzen tsumo, at least 3 han",
            "win.impossible_han_fu.chiitoitsu_tsumo",
        )
    if fu == 110 and han < 2 and tsumo:
        return (
            "1 han 110 fu cannot be won by tsumo (it would add menzen tsumo or sanankou)",
            "win.impossible_han_fu.tsumo_110_fu",
        )
    return None


def win_value(
    rules: Ruleset,
    *,
    han: int | None = None,
    fu: int | None = None,
    yakuman: int = 0,
    tsumo: bool = False,
) -> WinValue:
    """Basic points of a win given han and fu, or a yakuman count.

    >>> from scoring.rules import PRESETS
    >>> win_value(PRESETS["tenhou"], han=4, fu=30)
    WinValue(basic=1920, limit=None)
    >>> win_value(PRESETS["wrc"], han=4, fu=30)
    WinValue(basic=2000, limit='mangan')
    """
    return _win_value(
        han, fu, yakuman, tsumo, rules.kiriage, rules.kazoe == "yakuman", rules.multiple_yakuman
    )


@lru_cache(maxsize=8192)
def _win_value(
    han: int | None,
    fu: int | None,
    yakuman: int,
    tsumo: bool,
    kiriage: bool,
    kazoe_yakuman: bool,
    multiple_yakuman: bool,
) -> WinValue:
    # Cached on plain values: a game asks for the same few hundred values again and again.
    if yakuman:
        if han is not None or fu is not None:
            raise IllegalWin("a yakuman win has no han or fu", code="win.han_and_yakuman")
        if not 1 <= yakuman <= MAX_YAKUMAN:
            raise IllegalWin(
                f"yakuman must be 1..{MAX_YAKUMAN}, got {yakuman}",
                code="win.yakuman_count",
                values={"most": MAX_YAKUMAN, "yakuman": yakuman},
            )
        return WinValue(8000 * (yakuman if multiple_yakuman else 1), "yakuman")
    if han is None:
        raise IllegalWin("a win needs han (and fu) or a yakuman count", code="win.no_value")
    found = impossible_win(han, fu, tsumo=tsumo)
    if found:
        reason, code = found
        raise IllegalWin(reason, code=code, values={"han": han, "fu": fu, "tsumo": tsumo})
    if han >= 13:
        limit = "yakuman" if kazoe_yakuman else "sanbaiman"
        return WinValue(LIMIT_BASIC[limit], limit)
    if han >= 11:
        return WinValue(6000, "sanbaiman")
    if han >= 8:
        return WinValue(4000, "baiman")
    if han >= 6:
        return WinValue(3000, "haneman")
    if han == 5:
        return WinValue(2000, "mangan")
    assert fu is not None
    basic = fu << (han + 2)
    if basic >= 2000 or (kiriage and basic == 1920):
        return WinValue(2000, "mangan")
    return WinValue(basic, None)


def ron_points(basic: int, *, dealer: bool) -> int:
    """What the discarder pays for a ron, before honba.

    >>> ron_points(1920, dealer=False), ron_points(1920, dealer=True)
    (7700, 11600)
    """
    return _up100(basic * (6 if dealer else 4))


def tsumo_points(basic: int, *, dealer: bool) -> tuple[int, int | None]:
    """(from each non-dealer, from the dealer) for a tsumo, before honba; a dealer's tsumo
    is ``(from each, None)``.

    >>> tsumo_points(480, dealer=False)
    (500, 1000)
    """
    if dealer:
        return (_up100(basic * 2), None)
    return (_up100(basic), _up100(basic * 2))


def tsumo_total(basic: int, *, dealer: bool) -> int:
    """What a tsumo brings in from the three payers, before honba: the one place the engine
    adds up a tsumo's payments.

    >>> tsumo_total(480, dealer=False), tsumo_total(480, dealer=True)
    (2000, 3000)
    """
    each, from_dealer = tsumo_points(basic, dealer=dealer)
    return each * 3 if from_dealer is None else each * 2 + from_dealer


def tsumo_payments(rules: Ruleset, basic: int, *, dealer: bool) -> tuple[int, int | None]:
    """``tsumo_points`` for the ruleset's number of players: with three, North's share is
    lost, added half to each payer (bisection: half of it rounded up to 100), or the
    four-player total is split equally between the two payers, each share rounded up to 100
    (``sanma_tsumo``; ``docs/rules/sanma.md`` 1c).

    >>> from dataclasses import replace
    >>> from scoring.rules import PRESETS
    >>> sanma = PRESETS["tenhou_sanma"]
    >>> tsumo_payments(sanma, 2000, dealer=False)
    (2000, 4000)
    >>> tsumo_payments(replace(sanma, sanma_tsumo="bisection"), 2000, dealer=False)
    (3000, 5000)
    """
    each, from_dealer = tsumo_points(basic, dealer=dealer)
    if rules.seating.has_north or rules.sanma_tsumo == SanmaTsumo.LOSS:
        return each, from_dealer
    if rules.sanma_tsumo == SanmaTsumo.BISECTION:
        # North is a non-dealer: its share is ``each`` (a whole hundred, so its half is whole).
        half = _up100(each // 2)
        return each + half, None if from_dealer is None else from_dealer + half
    share = _up100(tsumo_total(basic, dealer=dealer) // 2)
    return share, None if from_dealer is None else share


def tsumo_deltas(
    rules: Ruleset, basic: int, *, winner: int, dealer: int, honba: int, pao: int | None = None
) -> list[int]:
    """Each seat's change for a tsumo (honba included, riichi sticks not).

    With a liable player (pao) that player pays the whole hand as if dealt in, honba
    included (seed 000; riichi.wiki sekinin-barai; Tenhou log ``pao-tsumo``); with three
    players the whole hand is what the tsumo brings in under ``sanma_tsumo`` (RULES.md,
    version 3: pao on a tsumo follows the tsumo mode) and the honba are all the payers'.

    >>> from scoring.rules import PRESETS
    >>> tsumo_deltas(PRESETS["tenhou"], 2000, winner=1, dealer=0, honba=2)
    [-4200, 8600, -2200, -2200]
    >>> tsumo_deltas(PRESETS["tenhou_sanma"], 2000, winner=1, dealer=0, honba=3)
    [-4300, 6600, -2300]
    """
    seats = range(rules.players)
    deltas = [0] * rules.players
    each, from_dealer = tsumo_payments(rules, basic, dealer=winner == dealer)
    if pao is not None:
        if rules.seating.has_north:
            total = ron_points(basic, dealer=winner == dealer) + rules.honba_value * honba
        else:
            payers = len(seats) - 1
            hand = each * payers if from_dealer is None else each * (payers - 1) + from_dealer
            total = hand + rules.tsumo_honba * payers * honba
        deltas[pao] -= total
        deltas[winner] += total
        return deltas
    per_honba = rules.tsumo_honba * honba
    for seat in seats:
        if seat == winner:
            continue
        pay = (from_dealer if seat == dealer and from_dealer is not None else each) + per_honba
        deltas[seat] -= pay
        deltas[winner] += pay
    return deltas


def ron_deltas(
    rules: Ruleset,
    basic: int,
    *,
    winner: int,
    discarder: int,
    dealer: int,
    honba: int,
    pao: int | None = None,
) -> list[int]:
    """Each seat's change for one ron (honba counters given, riichi sticks not).

    A third player liable (pao) pays half of the hand with the discarder; the honba are
    paid by the discarder or the liable player per ``pao_ron_honba``.

    >>> from scoring.rules import PRESETS
    >>> ron_deltas(PRESETS["ema"], 8000, winner=1, discarder=2, dealer=0, honba=1, pao=3)
    [0, 32300, -16300, -16000]
    """
    deltas = [0] * rules.players
    value = ron_points(basic, dealer=winner == dealer)
    bonus = rules.honba_value * honba
    if pao is None or pao == discarder:
        deltas[discarder] -= value + bonus
    else:
        half = _up100(value // 2)
        honba_payer = pao if rules.pao_ron_honba == "liable" else discarder
        deltas[discarder] -= value - half
        deltas[pao] -= half
        deltas[honba_payer] -= bonus
    deltas[winner] += value + bonus
    return deltas


__all__ = [
    "FU_VALUES",
    "WinValue",
    "impossible_reason",
    "ron_deltas",
    "ron_points",
    "tsumo_deltas",
    "tsumo_payments",
    "tsumo_points",
    "tsumo_total",
    "win_value",
]
