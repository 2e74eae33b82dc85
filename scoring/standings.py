"""Final standings: leftover sticks, places, uma, oka, rounding, chips, tobi bonus, penalties.

``result = (points - return_points) / 1000 + uma[place] + oka (1st)`` in thousands, less
``chombo_penalty`` per chombo (reference 2.9; EMA and WRC rulebooks); then, per RULES.md
"Version 2 parameters", plus chips x ``chip_value`` and the tobi bonus, less the yakitori
penalty and the record's penalties. Floating uma picks its list by how many players end
below ``return_points``. Ties either follow the
East 1 seat order (Tenhou) or share the uma and oka of the tied places (EMA, WRC, M-League).
Tenhou rounds places 2-4 to 1000 and gives 1st the rest (``docs/RULES.md``). A three-player
game has three places and three uma values (RULES.md, version 3). Results are
``Decimal``, so no float drift: points are whole hundreds, results whole tenths.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Final, NamedTuple

from scoring.outcomes import Penalty
from scoring.rule_values import LeftoverSticks, ResultRounding, Ties
from scoring.rules import Ruleset
from scoring.seats import FOUR
from scoring.state import STICK, EndReason, GameState

_THOUSAND: Final = Decimal(1000)
#: What each seat gets of one leftover stick under ``split_all`` (RULES.md), which only four
#: players have (``Seating.splits_all_sticks``).
SPLIT_ALL_SHARE: Final = STICK // FOUR.players


class Standing(NamedTuple):
    """One seat's final line (an immutable named tuple, like ``GameState``). The parts are
    kept in points (whole numbers, so exact); the properties give them in thousands, as
    standings count them.

    ``bonus`` is the uma and oka together, shared among tied places under ``split``; ``uma``
    and ``oka`` are its two parts. ``chips`` is the seat's net chip count and
    ``chip_result`` what they are worth; ``tobi_bonus`` is received (+) or paid (-);
    ``penalty`` is what chombos, yakitori and the record's penalties cost (a positive
    number, taken off). Of the parts only ``penalty`` is non-zero-sum: chips and the tobi
    bonus move between seats.
    """

    seat: int
    points: int
    place: int
    result_points: int
    bonus_points: int
    penalty_points: int
    uma_points: int = 0
    oka_points: int = 0
    chips: int = 0
    chip_points: int = 0
    tobi_points: int = 0

    @property
    def result(self) -> Decimal:
        return Decimal(self.result_points) / _THOUSAND

    @property
    def bonus(self) -> Decimal:
        return Decimal(self.bonus_points) / _THOUSAND

    @property
    def penalty(self) -> Decimal:
        return Decimal(self.penalty_points) / _THOUSAND

    @property
    def uma(self) -> Decimal:
        return Decimal(self.uma_points) / _THOUSAND

    @property
    def oka(self) -> Decimal:
        return Decimal(self.oka_points) / _THOUSAND

    @property
    def chip_result(self) -> Decimal:
        return Decimal(self.chip_points) / _THOUSAND

    @property
    def tobi_bonus(self) -> Decimal:
        return Decimal(self.tobi_points) / _THOUSAND


def _tenhou_round(points: int) -> int:
    """Points rounded to a whole thousand, halves away from zero.

    >>> _tenhou_round(25500), _tenhou_round(-16500), _tenhou_round(-16400)
    (26000, -17000, -16000)
    """
    thousands, rest = divmod(abs(points), 1000)
    rounded = (thousands + (rest >= 500)) * 1000
    return rounded if points >= 0 else -rounded


def settle_sticks(state: GameState, rules: Ruleset) -> tuple[int, ...]:
    """Points after leftover riichi sticks are settled.

    Under ``first`` the sticks go to 1st; tied firsts share them, floored to 100 each
    (Pantheon; reference edge case 45), or under ``seat_order`` the earlier seat takes
    them (Tenhou log ``encdec-nowinner-multi-top``). Under ``split_all`` each seat gets 250
    a stick; under ``lost`` nobody does.

    >>> from scoring.rules import PRESETS
    >>> settle_sticks(GameState((40000, 40000, 20000, 19000), sticks=1), PRESETS["ema"])
    (40500, 40500, 20000, 19000)
    """
    points = list(state.scores)
    if state.sticks and rules.leftover_sticks is LeftoverSticks.FIRST:
        top = max(points)
        tied = [seat for seat, held in enumerate(points) if held == top]
        if rules.ties is Ties.SEAT_ORDER:
            points[tied[0]] += state.sticks * STICK
        else:
            share = state.sticks * STICK // len(tied) // 100 * 100
            for seat in tied:
                points[seat] += share
    elif state.sticks and rules.leftover_sticks is LeftoverSticks.SPLIT_ALL:
        # Four players only: a three-player ruleset cannot have split_all (``scoring.rules``).
        for seat in range(len(points)):
            points[seat] += state.sticks * SPLIT_ALL_SHARE
    return tuple(points)


def _shares(
    order: Sequence[int], points: Sequence[int], by_position: Sequence[int], rules: Ruleset
) -> tuple[list[int], list[int]]:
    """Each seat's place and its share of ``by_position`` (points by position 1st..4th, or
    1st..3rd), tied places sharing under ``split``. Shares stay whole hundreds: the remainder
    goes to the earlier seats."""
    players = len(order)
    place = [0] * players
    share = [0] * players
    position = 0
    split = rules.ties == Ties.SPLIT.value
    while position < players:
        end = position + 1
        if split:
            while end < players and points[order[end]] == points[order[position]]:
                end += 1
        group = order[position:end]
        units, left = divmod(sum(by_position[position:end]) // 100, len(group))
        for k, seat in enumerate(sorted(group)):
            place[seat] = position + 1
            share[seat] = (units + (1 if k < left else 0)) * 100
        position = end
    return place, share


def _tobi_bonus(state: GameState, rules: Ruleset, order: Sequence[int]) -> list[int]:
    """Points of result moved by the tobi bonus: each seat that went out pays
    ``tobi_bonus`` to the winner of the hand that did it, or to 1st after a hand nobody won
    (RULES.md, version 2 parameters)."""
    moved = [0] * len(state.scores)
    if not rules.tobi_bonus or state.end_reason is not EndReason.TOBI:
        return moved
    to = order[0] if state.tobi_to is None else state.tobi_to
    for seat, score in enumerate(state.scores):
        if seat != to and (score < 0 or (score == 0 and rules.tobi_at_zero)):
            moved[seat] -= rules.tobi_bonus
            moved[to] += rules.tobi_bonus
    return moved


def final_standings(
    state: GameState, rules: Ruleset, penalties: Sequence[Penalty] = ()
) -> tuple[Standing, ...]:
    """Each seat's final line, in seat order: ``penalties`` are the record's own.

    >>> from scoring.rules import PRESETS
    >>> rows = final_standings(GameState((42300, 31100, 18400, 8200)), PRESETS["tenhou"])
    >>> [str(row.result) for row in rows]
    ['53', '11', '-22', '-42']
    """
    points = settle_sticks(state, rules)
    seats = range(len(points))
    order = sorted(seats, key=lambda seat: (-points[seat], seat))
    uma = rules.uma_for(sum(1 for p in points if p < rules.return_points))
    place, bonus = _shares(
        order, points, [u + (rules.oka if i == 0 else 0) for i, u in enumerate(uma)], rules
    )
    oka = [0 for _ in seats]
    if rules.oka and place.count(1) > 1:
        oka = _shares(order, points, [rules.oka] + [0 for _ in order[1:]], rules)[1]
    elif rules.oka:
        oka[order[0]] = rules.oka
    lost = [
        state.chombos[seat] * rules.chombo_penalty
        + (rules.yakitori_penalty if not state.won[seat] else 0)
        for seat in seats
    ]
    for penalty in penalties:
        lost[penalty.seat] += penalty.points
    chip_points = [count * rules.chip_value for count in state.chips]
    tobi = _tobi_bonus(state, rules, order)
    results = [0 for _ in seats]
    if rules.result_rounding == ResultRounding.TENHOU.value:
        for seat in order[1:]:
            results[seat] = _tenhou_round(points[seat]) - rules.return_points + bonus[seat]
        results[order[0]] = -sum(results)
    else:
        for seat in seats:
            results[seat] = points[seat] - rules.return_points + bonus[seat]
    return tuple(
        _new_standing(
            (
                seat,
                points[seat],
                place[seat],
                results[seat] + chip_points[seat] + tobi[seat] - lost[seat],
                bonus[seat],
                lost[seat],
                bonus[seat] - oka[seat],
                oka[seat],
                state.chips[seat],
                chip_points[seat],
                tobi[seat],
            )
        )
        for seat in seats
    )


_new_standing: Final = Standing._make
