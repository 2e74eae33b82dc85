"""The EMA's ranking of riichi players (MERS): a tournament's weight, a result's base rank and
age factor, a player's ranking from their results (parts A and B), a country's ranking.

Source: the EMA's ranking pages as ``docs/ema.md`` sums them up (the basics of the ranking,
and the weights since 2018). Pure arithmetic over plain values: the site gathers the results
(its tournaments' places, and results entered by hand) and shows what comes out.

A quirk kept on purpose: part B takes the best four results *by base rank*, as part A does,
and averages their weighted values; it is not the four best weighted values.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

#: A player needs this many results to be ranked; below ``FILLED`` dummies fill up.
MIN_RESULTS = 2
FILLED = 5
#: Part B's results.
PART_B = 4
#: A country's ranking: the average of its best players'.
COUNTRY_BEST = 3


def tournament_weight(*, days: int, players: int, countries: int, qualification: bool) -> Decimal:
    """A tournament's MERS weight: duration + players + countries + qualification.

    >>> tournament_weight(days=2, players=84, countries=10, qualification=False)
    Decimal('4.0')
    """
    duration = Decimal(min(max(days, 1), 3))
    size = Decimal(0) if players <= 40 else Decimal("0.5") if players <= 80 else Decimal(1)
    spread = Decimal(0) if countries <= 5 else Decimal("0.5") if countries <= 9 else Decimal(1)
    return (duration + size + spread + (1 if qualification else 0)).quantize(Decimal("0.1"))


def base_rank(players: int, place: int) -> int:
    """round(1000 x (N - place) / (N - 1)): the first 1000, the last 0 (half up).

    >>> base_rank(84, 1), base_rank(84, 84), base_rank(3, 2), base_rank(8, 3)
    (1000, 0, 500, 714)
    """
    if players < 2 or not 1 <= place <= players:
        raise ValueError(f"place {place} among {players} players")
    exact = Decimal(1000 * (players - place)) / Decimal(players - 1)
    return int(exact.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def age_factor(last_day: date, on: date) -> Decimal:
    """A result's share on the day ``on``: up to one year after the tournament's last day 1,
    up to two years 0.5, after that 0. A year is a calendar year: a result of 2024-03-10
    counts whole on 2025-03-10 and half from 2025-03-11.

    >>> last = date(2024, 3, 10)
    >>> age_factor(last, date(2025, 3, 10)), age_factor(last, date(2025, 3, 11))
    (Decimal('1'), Decimal('0.5'))
    """
    if on < last_day or on <= _years_after(last_day, 1):
        return Decimal(1)
    if on <= _years_after(last_day, 2):
        return Decimal("0.5")
    return Decimal(0)


def _years_after(day: date, years: int) -> date:
    try:
        return day.replace(year=day.year + years)
    except ValueError:  # 29 February
        return day.replace(year=day.year + years, day=28)


@dataclass(frozen=True)
class Result:
    """One tournament result of a player: its base rank and weight on the reckoning day
    (the tournament's weight times the age factor). ``source`` says where it comes from
    (shown on the player's page), ``dummy`` marks a filler."""

    base: int
    weight: Decimal
    source: object = None
    tournament_weight: Decimal = Decimal(0)
    age: Decimal = Decimal(1)
    dummy: bool = False


def result(
    *, players: int, place: int, weight: Decimal, last_day: date, on: date, source: object = None
) -> Result:
    age = age_factor(last_day, on)
    return Result(base_rank(players, place), weight * age, source, weight, age)


@dataclass(frozen=True)
class Ranking:
    """A player's ranking: parts A and B, their mean, and the results as counted (sorted by
    base rank, dummies included; ``in_a`` and ``in_b`` the counts each part takes)."""

    a: Decimal
    b: Decimal
    results: tuple[Result, ...]
    in_a: int
    in_b: int

    @property
    def ranking(self) -> Decimal:
        return ((self.a + self.b) / 2).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def player_ranking(results: Iterable[Result]) -> Ranking | None:
    """A player's ranking from their results, or ``None`` with fewer than two that count
    (a result of weight 0, older than two years, counts for nothing).

    With fewer than five results, dummies of base rank 0 and weight 1 fill up to five. The
    results are sorted by base rank (ties: the higher weight first); part A is the weighted
    average of the best ceil(5 + 0.8 x max(n - 5, 0)), part B of the best four.

    >>> from decimal import Decimal as D
    >>> r = player_ranking([Result(1000, D(2)), Result(500, D(1))])
    >>> r.a, r.b, r.ranking
    (Decimal('416.67'), Decimal('500.00'), Decimal('458.34'))
    """
    counted = [r for r in results if r.weight > 0]
    if len(counted) < MIN_RESULTS:
        return None
    filled = counted + [Result(0, Decimal(1), dummy=True)] * max(FILLED - len(counted), 0)
    ordered = sorted(filled, key=lambda r: (-r.base, -r.weight, r.dummy))
    n = len(ordered)
    in_a = math.ceil(FILLED + Decimal("0.8") * max(n - FILLED, 0))
    return Ranking(
        a=_weighted(ordered[:in_a]),
        b=_weighted(ordered[:PART_B]),
        results=tuple(ordered),
        in_a=in_a,
        in_b=PART_B,
    )


def _weighted(results: Sequence[Result]) -> Decimal:
    total = sum((r.weight for r in results), Decimal(0))
    if not total:
        return Decimal(0)
    value = sum((r.base * r.weight for r in results), Decimal(0)) / total
    return value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def country_ranking(rankings: Iterable[Decimal]) -> Decimal:
    """The average of a country's best three players' rankings (zeros where it has fewer).

    >>> country_ranking([Decimal(600), Decimal(300)])
    Decimal('300.00')
    """
    best = sorted(rankings, reverse=True)[:COUNTRY_BEST]
    total = sum(best, Decimal(0)) / COUNTRY_BEST
    return total.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
