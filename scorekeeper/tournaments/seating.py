"""Who sits where in a session of a tournament: pure functions over players' ids.

A seating is a tuple of tables, each a tuple of ids in seat order (East, South, West, North;
three seats where the ruleset plays three). The ways of seating follow Pantheon's, which
most clubs' tournaments are run with:

- *random, avoiding repeats*: many shuffles from one seed, each scored by +1 for every
  earlier meeting of two players it seats together and +10 more where they met in the
  session just before; the lowest few are each improved by swapping two players while a
  swap lowers the score, and the lowest of those is kept. The same seed and the same
  earlier sessions give the same seating.
- *swiss*: by the standings so far, strongest together, each table's other players chosen
  among the next few in the standings so as to repeat as few meetings as possible.
- *interval*: through an ordered list (the ratings) by a step: step 1 seats neighbours
  together, a step of the number of tables spreads the list over every table.

Winds are balanced afterwards (``balance_winds``): each table's order is the one that gives
each player the wind they have had least. Nothing here reads the database or the clock.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

Table = tuple[int, ...]
Seating = tuple[Table, ...]

#: Pantheon's weights: every earlier meeting of two players costs one; a meeting in the
#: session just before costs ten more.
REPEAT_COST: Final = 1
CONSECUTIVE_COST: Final = 10
#: How many seeded shuffles the random seating scores.
SHUFFLES: Final = 1000
#: How many of the best shuffles are improved by swaps.
IMPROVED: Final = 30
#: How many players after the best one a swiss table is chosen among.
SWISS_WINDOW: Final = 12


class SeatingError(ValueError):
    """A seating that cannot be made or is not one: a player count that does not fill the
    tables, a player seated twice or not at all."""


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def pair_counts(sessions: Iterable[Seating]) -> Counter[tuple[int, int]]:
    """How often each two players have sat at one table.

    >>> pair_counts([((1, 2, 3, 4),), ((1, 2, 5, 6),)])[(1, 2)]
    2
    """
    counts: Counter[tuple[int, int]] = Counter()
    for seating in sessions:
        for table in seating:
            counts.update(_pair(a, b) for a, b in itertools.combinations(table, 2))
    return counts


def repeated_pairs(sessions: Iterable[Seating]) -> int:
    """Meetings beyond the first, over every two players: the measure of a seating's quality.

    >>> repeated_pairs([((1, 2, 3, 4),), ((1, 2, 5, 6),), ((1, 2, 3, 7),)])
    4
    """
    return sum(count - 1 for count in pair_counts(sessions).values() if count > 1)


def pair_weights(history: Sequence[Seating]) -> dict[tuple[int, int], int]:
    """What seating two players together again costs, after the sessions of ``history``."""
    weights: dict[tuple[int, int], int] = dict(pair_counts(history))
    if history:
        for pair in pair_counts(history[-1:]):
            weights[pair] += CONSECUTIVE_COST
    return weights


def seating_cost(seating: Seating, weights: Mapping[tuple[int, int], int]) -> int:
    """The sum of ``weights`` over every two players ``seating`` puts at one table."""
    return sum(
        weights.get(_pair(a, b), 0)
        for table in seating
        for a, b in itertools.combinations(table, 2)
    )


def check_players(players: Sequence[int], size: int) -> None:
    """Refuse a list of players that repeats one or does not fill tables of ``size``."""
    if len(set(players)) != len(players):
        raise SeatingError("a player is listed twice")
    if not players or len(players) % size:
        raise SeatingError(f"{len(players)} players do not fill tables of {size}")


def check_seating(seating: Seating, players: Sequence[int], size: int) -> None:
    """Refuse a seating that is not every player of ``players`` once, at tables of ``size``."""
    seated = [player for table in seating for player in table]
    if any(len(table) != size for table in seating):
        raise SeatingError(f"a table does not have {size} players")
    if len(seated) != len(set(seated)):
        raise SeatingError("a player is seated twice")
    if set(seated) != set(players):
        raise SeatingError("the players seated are not the players of the session")


def _tables(order: Sequence[int], size: int) -> Seating:
    return tuple(tuple(order[i : i + size]) for i in range(0, len(order), size))


def _improve(tables: list[list[int]], weights: Mapping[tuple[int, int], int]) -> None:
    """Swap two players of two tables while a swap lowers the cost (first found, in order:
    the result depends only on the tables and weights given)."""

    def cost_at(table: list[int], player: int, skip: int) -> int:
        return sum(weights.get(_pair(player, other), 0) for other in table if other != skip)

    improved = True
    while improved:
        improved = False
        for t, u in itertools.combinations(range(len(tables)), 2):
            first, second = tables[t], tables[u]
            for i, j in itertools.product(range(len(first)), range(len(second))):
                a, b = first[i], second[j]
                before = cost_at(first, a, a) + cost_at(second, b, b)
                after = cost_at(first, b, a) + cost_at(second, a, b)
                if after < before:
                    first[i], second[j] = b, a
                    improved = True


def random_seating(
    players: Sequence[int],
    history: Sequence[Seating],
    *,
    seed: int,
    size: int = 4,
    shuffles: int = SHUFFLES,
    improve: bool = True,
) -> Seating:
    """The seeded seating that repeats the fewest meetings of ``history`` (Pantheon's way,
    then improved by swaps unless ``improve`` is off). Seats are in the shuffled order:
    ``balance_winds`` orders them.

    >>> random_seating([1, 2, 3, 4, 5, 6, 7, 8], [((1, 2, 3, 4), (5, 6, 7, 8))], seed=1)
    ((4, 7, 2, 6), (8, 1, 5, 3))
    """
    check_players(players, size)
    weights = pair_weights(history)
    rng = random.Random(seed)
    order = sorted(players)
    scored: list[tuple[int, int, Seating]] = []
    for number in range(max(1, shuffles)):
        rng.shuffle(order)
        seating = _tables(order, size)
        scored.append((seating_cost(seating, weights), number, seating))
        if scored[-1][0] == 0:
            return seating
    scored.sort()
    best_cost, _, best = scored[0]
    if improve:
        # Swapping gets stuck where no one swap helps: start it from several of the best.
        for _, _, seating in scored[:IMPROVED]:
            tables = [list(table) for table in seating]
            _improve(tables, weights)
            better = tuple(tuple(table) for table in tables)
            cost = seating_cost(better, weights)
            if cost < best_cost:
                best, best_cost = better, cost
            if cost == 0:
                break
    return best


def plain_random_seating(players: Sequence[int], *, seed: int, size: int = 4) -> Seating:
    """One shuffle, nothing avoided: what the other seatings are measured against."""
    order = sorted(players)
    random.Random(seed).shuffle(order)
    return _tables(order, size)


def swiss_seating(
    ranked: Sequence[int],
    history: Sequence[Seating],
    *,
    size: int = 4,
    window: int = SWISS_WINDOW,
) -> Seating:
    """Strongest together: each table takes the best-placed player left and the ``size - 1``
    others, among the next ``window + size - 1`` in ``ranked``, that repeat the fewest
    meetings, then that are best placed.

    >>> swiss_seating([8, 7, 6, 5, 4, 3, 2, 1], [((8, 7, 6, 5), (4, 3, 2, 1))])
    ((8, 7, 4, 3), (6, 5, 2, 1))
    """
    check_players(ranked, size)
    weights = pair_weights(history)
    position = {player: i for i, player in enumerate(ranked)}
    left = list(ranked)
    tables: list[Table] = []
    while left:
        first, rest = left[0], left[1 : 1 + window + size - 1]

        def cost(others: tuple[int, ...], first: int = first) -> tuple[int, int]:
            table = (first, *others)
            repeats = sum(weights.get(_pair(a, b), 0) for a, b in itertools.combinations(table, 2))
            return repeats, sum(position[p] for p in others)

        others = min(itertools.combinations(rest, size - 1), key=cost)
        table = (first, *others)
        tables.append(table)
        left = [player for player in left if player not in table]
    return tuple(tables)


def interval_seating(ordered: Sequence[int], *, step: int, size: int = 4) -> Seating:
    """Through ``ordered`` by ``step``: in each run of ``size * step`` players, the table
    of the run's i-th player takes the players i, i + step, i + 2 step... (step 1: neighbours
    together). A step that does not divide the tables is cut short at the end.

    >>> interval_seating([1, 2, 3, 4, 5, 6, 7, 8], step=2)
    ((1, 3, 5, 7), (2, 4, 6, 8))
    """
    check_players(ordered, size)
    if step < 1:
        raise SeatingError("the step is at least 1")
    tables: list[Table] = []
    for start in range(0, len(ordered), size * step):
        run = ordered[start : start + size * step]
        width = len(run) // size
        tables += (tuple(run[i::width]) for i in range(width))
    return tuple(tables)


def wind_counts(sessions: Iterable[Seating]) -> dict[int, list[int]]:
    """How often each player has sat at each seat (0 East, 1 South...).

    >>> wind_counts([((1, 2, 3, 4),)])[3]
    [0, 0, 1, 0]
    """
    counts: dict[int, list[int]] = {}
    for seating in sessions:
        for table in seating:
            for seat, player in enumerate(table):
                counts.setdefault(player, [0] * len(table))[seat] += 1
    return counts


def balance_winds(seating: Seating, history: Sequence[Seating]) -> Seating:
    """Each table's players in the order that gives each the seats they have had least: the
    order with the least sum of their counts at the seats it gives, then the least sum of
    squares (the most even), then the first such in the table's own order.

    >>> balance_winds(((1, 2, 3, 4),), [((1, 2, 3, 4),)])
    ((2, 1, 4, 3),)
    """
    counts = wind_counts(history)
    balanced = []
    for table in seating:
        blank = [0] * len(table)

        def cost(order: tuple[int, ...], blank: list[int] = blank) -> tuple[int, int]:
            had = [counts.get(player, blank)[seat] for seat, player in enumerate(order)]
            return sum(had), sum(h * h for h in had)

        balanced.append(min(itertools.permutations(table), key=cost))
    return tuple(balanced)


def least_repeats(players: int, sessions: int, size: int = 4) -> int:
    """A lower bound of ``repeated_pairs`` over ``sessions``: each player meets
    ``size - 1`` others a session, so past ``players - 1`` meetings some repeat. (For 32 and
    64 players in 8 sessions it is 0, and 0 is reached: resolvable designs exist, the
    social golfer problem's known solutions.)

    >>> least_repeats(16, 6), least_repeats(32, 8)
    (24, 0)
    """
    per_player = max(0, (size - 1) * sessions - (players - 1))
    return (players * per_player + 1) // 2
