"""Final standings: leftover sticks, places, uma, oka, rounding and chombo penalties.

``result = (points - return_points) / 1000 + uma[place] + oka (1st)`` in thousands, less
``chombo_penalty`` per chombo (reference 2.9; EMA and WRC rulebooks). Ties either follow the
East 1 seat order (Tenhou) or share the uma and oka of the tied places (EMA, WRC, M-League).
Tenhou rounds places 2-4 to 1000 and gives 1st the rest (``shared/RULES.md``). Results are
``Decimal``, so no float drift: points are whole hundreds, results whole tenths.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from scoring.game import STICK, GameState
from scoring.rules import Ruleset

_THOUSAND = Decimal(1000)


@dataclass(frozen=True, slots=True)
class Standing:
    """One seat's final line. ``bonus`` is the uma (and oka for 1st) in thousands, shared
    among tied places under ``split``; ``penalty`` is what chombos cost."""

    seat: int
    points: int
    place: int
    bonus: Decimal
    penalty: Decimal
    result: Decimal


def _tenhou_round(points: int) -> Decimal:
    """Points in thousands rounded to a whole number, halves away from zero."""
    return (Decimal(points) / _THOUSAND).quantize(Decimal(1), rounding=ROUND_HALF_UP)


def settle_sticks(state: GameState, rules: Ruleset) -> tuple[int, int, int, int]:
    """Points after leftover riichi sticks are settled.

    Under ``first`` the sticks go to 1st; tied firsts share them, floored to 100 each
    (Pantheon; reference edge case 45), or under ``seat_order`` the earlier seat takes
    them (Tenhou log ``encdec-nowinner-multi-top``).

    >>> from scoring.rules import PRESETS
    >>> settle_sticks(GameState((40000, 40000, 20000, 19000), sticks=1), PRESETS["ema"])
    (40500, 40500, 20000, 19000)
    """
    points = list(state.scores)
    if state.sticks and rules.leftover_sticks == "first":
        top = max(points)
        tied = [seat for seat in range(4) if points[seat] == top]
        if rules.ties == "seat_order":
            points[tied[0]] += state.sticks * STICK
        else:
            share = state.sticks * STICK // len(tied) // 100 * 100
            for seat in tied:
                points[seat] += share
    return (points[0], points[1], points[2], points[3])


def final_standings(state: GameState, rules: Ruleset) -> tuple[Standing, ...]:
    """Each seat's final line, in seat order.

    >>> from scoring.rules import PRESETS
    >>> rows = final_standings(GameState((42300, 31100, 18400, 8200)), PRESETS["tenhou"])
    >>> [str(row.result) for row in rows]
    ['53', '11', '-22', '-42']
    """
    points = settle_sticks(state, rules)
    order = sorted(range(4), key=lambda seat: (-points[seat], seat))
    bonus_by_position = [uma + (rules.oka if i == 0 else 0) for i, uma in enumerate(rules.uma)]
    place = [0, 0, 0, 0]
    bonus = [0, 0, 0, 0]
    position = 0
    while position < 4:
        end = position + 1
        if rules.ties == "split":
            while end < 4 and points[order[end]] == points[order[position]]:
                end += 1
        group = order[position:end]
        # Shared bonuses stay whole hundreds: the remainder goes to the earlier seats.
        units, left = divmod(sum(bonus_by_position[position:end]) // 100, len(group))
        for k, seat in enumerate(sorted(group)):
            place[seat] = position + 1
            bonus[seat] = (units + (1 if k < left else 0)) * 100
        position = end
    penalty = [Decimal(state.chombos[seat] * rules.chombo_penalty) / _THOUSAND for seat in range(4)]
    results: list[Decimal] = [Decimal(0)] * 4
    if rules.result_rounding == "tenhou":
        for seat in order[1:]:
            results[seat] = (
                _tenhou_round(points[seat])
                - Decimal(rules.return_points) / _THOUSAND
                + Decimal(bonus[seat]) / _THOUSAND
            )
        results[order[0]] = -sum(results, Decimal(0))
    else:
        for seat in range(4):
            results[seat] = Decimal(points[seat] - rules.return_points + bonus[seat]) / _THOUSAND
    return tuple(
        Standing(
            seat=seat,
            points=points[seat],
            place=place[seat],
            bonus=Decimal(bonus[seat]) / _THOUSAND,
            penalty=penalty[seat],
            result=results[seat] - penalty[seat],
        )
        for seat in range(4)
    )
