"""A search over a whole schedule for the fewest repeated meetings, where no design is known
(or a design's rounds are too few): simulated annealing over swaps of two players within one
session, as the social golfer problem's local searches do (Dotu and Van Hentenryck 2005,
Triska and Musliu 2012: a move swaps two players of two tables of one round, chosen among
the players in a repeated meeting).

The measure is the one every seating here is judged by: meetings beyond the first over
every two players (``repeated_pairs``), counted with the sessions played before, which stay
as they are. A swap's change is counted from the two tables it touches alone, so a step
costs the same whatever the number of players.

The search runs a number of steps, not a time: the same seed gives the same schedule on any
machine. It stops early at ``target`` (the least possible, where it is known).
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence
from typing import Final

Schedule = list[list[list[int]]]


def _counts(players: int, fixed: Sequence[Sequence[Sequence[int]]]) -> list[list[int]]:
    count = [[0] * players for _ in range(players)]
    for tables in fixed:
        for table in tables:
            for a in table:
                row = count[a]
                for b in table:
                    if a != b:
                        row[b] += 1
    return count


#: How often the players in a repeated meeting are listed again (in steps), and how often
#: a step takes one of them: a large schedule has few, and drawing at random finds none.
HOT_EVERY: Final = 2000
HOT_SHARE: Final = 0.9


def _hot(tables: Schedule, count: list[list[int]]) -> list[tuple[int, int]]:
    """Each session's players in a repeated meeting there, as (session, player)."""
    hot: list[tuple[int, int]] = []
    for s, session in enumerate(tables):
        for table in session:
            for a, b in itertools.combinations(table, 2):
                if count[a][b] > 1:
                    hot += ((s, a), (s, b))
    return hot


def schedule_repeats(players: int, schedule: Sequence[Sequence[Sequence[int]]]) -> int:
    """Meetings beyond the first over every two of ``players`` (indices ``0 .. players - 1``).

    >>> schedule_repeats(8, [[[0, 1, 2, 3], [4, 5, 6, 7]], [[0, 1, 4, 5], [2, 3, 6, 7]]])
    4
    """
    count = _counts(players, schedule)
    return sum(max(0, c - 1) for a, row in enumerate(count) for c in row[a + 1 :])


def anneal(
    players: int,
    schedule: Schedule,
    *,
    history: Sequence[Sequence[Sequence[int]]] = (),
    rng: random.Random,
    steps: int,
    target: int = 0,
    start: float = 0.6,
    end: float = 0.05,
) -> Schedule:
    """The schedule with the fewest repeated meetings found from ``schedule`` (its sessions'
    tables of players ``0 .. players - 1``, every one seated once a session) by ``steps`` swaps
    chosen by ``rng`` at a temperature falling from ``start`` to ``end``; ``history`` holds the
    sessions played before, counted and never changed. ``schedule`` is not changed.

    >>> made = anneal(8, [[[0, 1, 2, 3], [4, 5, 6, 7]]] * 2, rng=random.Random(1), steps=500)
    >>> schedule_repeats(8, made)
    4
    """
    tables = [[list(table) for table in session] for session in schedule]
    if not tables or steps <= 0 or len(tables[0]) < 2:
        return tables
    count = _counts(players, [*history, *tables])
    where = [[0] * players for _ in tables]
    for s, session in enumerate(tables):
        for t, table in enumerate(session):
            for p in table:
                where[s][p] = t
    cost = sum(max(0, c - 1) for a, row in enumerate(count) for c in row[a + 1 :])
    # Pairs met before the schedule count too, but no swap can remove them: the least
    # possible of the whole counts them once.
    best_cost, best = cost, [[list(t) for t in session] for session in tables]
    sessions = len(tables)
    ratio = (end / start) ** (1 / steps)
    temperature = start
    randrange, uniform = rng.randrange, rng.random
    hot: list[tuple[int, int]] = []
    for step in range(steps):
        temperature *= ratio
        if cost <= target:
            break
        if step % HOT_EVERY == 0:
            hot = _hot(tables, count)
        # Mostly a player in a repeated meeting (as found lately), else anyone.
        if hot and uniform() < HOT_SHARE:
            s, a = hot[randrange(len(hot))]
        else:
            s, a = randrange(sessions), randrange(players)
        session, place = tables[s], where[s]
        first = session[place[a]]
        b = randrange(players)
        ta, tb = place[a], place[b]
        if ta == tb:
            continue
        second = session[tb]
        row_a, row_b = count[a], count[b]
        delta = 0
        for o in first:
            if o != a:
                delta += (row_b[o] >= 1) - (row_a[o] >= 2)
        for o in second:
            if o != b:
                delta += (row_a[o] >= 1) - (row_b[o] >= 2)
        if delta > 0 and uniform() >= math.exp(-delta / temperature):
            continue
        for o in first:
            if o != a:
                row_a[o] -= 1
                count[o][a] -= 1
                row_b[o] += 1
                count[o][b] += 1
        for o in second:
            if o != b:
                row_b[o] -= 1
                count[o][b] -= 1
                row_a[o] += 1
                count[o][a] += 1
        first[first.index(a)] = b
        second[second.index(b)] = a
        place[a], place[b] = tb, ta
        cost += delta
        if cost < best_cost:
            best_cost = cost
            best = [[list(t) for t in session] for session in tables]
    return best
