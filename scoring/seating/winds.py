"""Who sits East, and at which table number, over a whole plan of sessions.

East deals first and its points count double, so over a tournament each player is East as
often as any other, give or take one: the total of East seats is shared out as evenly as
the tables allow (``balance_east``). It is a flow: each table gives its East seat to one of
its players, and an uneven share is evened by moving East along a path of tables (from the
player with most to the player with fewest, each table on the path handing East to a
player it seats who is East at the next). Where no path is left the share is as even as
the plan allows. The other seats are then given so that each player has each wind as
evenly as can be (``balance_winds`` of a session's seating, session after session).

Table numbers say nothing of the game, but a player seated at table 1 all day notices:
``vary_table_numbers`` numbers each session's tables so that each player sits at numbers
they have had least.
"""

from __future__ import annotations

import functools
import random
from collections import deque
from collections.abc import Sequence

from scoring.seating.sessions import Seating, balance_winds_by, wind_counts


def east_counts(sessions: Sequence[Seating]) -> dict[int, int]:
    """How often each player has been East (the first seat).

    >>> east_counts([((1, 2, 3, 4),), ((2, 1, 3, 4),), ((1, 3, 2, 4),)])
    {1: 2, 2: 1, 3: 0, 4: 0}
    """
    counts: dict[int, int] = {}
    for seating in sessions:
        for table in seating:
            for player in table:
                counts.setdefault(player, 0)
            counts[table[0]] += 1
    return counts


def _even_east(
    plan: Sequence[Seating], history: Sequence[Seating], rng: random.Random
) -> list[list[int]]:
    """Each planned table's East player, as evenly shared as a flow allows."""
    before = east_counts(history)
    players = sorted({p for seating in plan for table in seating for p in table})
    had = {p: before.get(p, 0) for p in players}
    east: list[list[int]] = []
    # First a greedy share, table after table: the player of the table East least so far.
    for seating in plan:
        chosen = []
        for table in seating:
            lowest = min(had[p] for p in table)
            pick = rng.choice([p for p in table if had[p] == lowest])
            had[pick] += 1
            chosen.append(pick)
        east.append(chosen)
    # Then move East along paths until no player has two more than another.
    tables_of: dict[int, list[tuple[int, int]]] = {p: [] for p in players}
    for s, seating in enumerate(plan):
        for t, table in enumerate(seating):
            for p in table:
                tables_of[p].append((s, t))
    for _ in range(len(players) * len(plan) + 1):
        most, least = max(had.values()), min(had.values())
        if most - least <= 1:
            break
        if not _move_east(plan, east, had, tables_of, most):
            break
    return east


def _move_east(
    plan: Sequence[Seating],
    east: list[list[int]],
    had: dict[int, int],
    tables_of: dict[int, list[tuple[int, int]]],
    most: int,
) -> bool:
    """Hand one East seat from a player who has ``most`` to one with two fewer, along the
    shortest path of tables; whether there was one."""
    starts = [p for p, n in had.items() if n == most]
    came: dict[int, tuple[int, int, int] | None] = dict.fromkeys(starts)
    queue = deque(starts)
    while queue:
        player = queue.popleft()
        if had[player] <= most - 2:
            had[player] += 1
            # Walk back: each table on the path hands East to the player after it.
            step = came[player]
            while step is not None:
                before, s, t = step
                east[s][t] = player
                player, step = before, came[before]
            had[player] -= 1
            return True
        for s, t in tables_of[player]:
            if east[s][t] != player:
                continue
            for other in plan[s][t]:
                if other not in came:
                    came[other] = (player, s, t)
                    queue.append(other)
    return False


def plan_winds(
    plan: Sequence[Seating], history: Sequence[Seating], *, seed: int
) -> tuple[Seating, ...]:
    """Each planned table in seat order: East shared out evenly over the plan and the
    sessions before it, then the other seats as ``balance_winds`` gives them, session after
    session. Ties are broken by ``seed``.

    >>> plan = [((1, 2, 3, 4),)] * 4
    >>> sorted(east_counts(plan_winds(plan, [], seed=1)).values())
    [1, 1, 1, 1]
    """
    rng = random.Random(seed)
    east = _even_east(plan, history, rng)
    # The seats after East, counted from South, kept up to date session after session.
    counts = wind_counts(_without_east(s) for s in history)
    seated: list[Seating] = []
    for seating, chosen in zip(plan, east, strict=True):
        tables = []
        for table, first in zip(seating, chosen, strict=True):
            rest = tuple(p for p in table if p != first)
            (ordered,) = balance_winds_by((rest,), counts)
            tables.append((first, *ordered))
        seated.append(tuple(tables))
        for table in seated[-1]:
            for seat, player in enumerate(table[1:]):
                counts.setdefault(player, [0] * (len(table) - 1))[seat] += 1
    return tuple(seated)


def _without_east(seating: Seating) -> Seating:
    """A session's tables without their East seat: the other seats' counts, from South."""
    return tuple(table[1:] for table in seating)


def vary_table_numbers(plan: Sequence[Seating], history: Sequence[Seating]) -> tuple[Seating, ...]:
    """Each session's tables reordered so that each player sits at the table numbers they
    have had least (over ``history`` and the other sessions planned): a table's cost at a
    number is the sum of the squares of its players' times there (so that a third time
    weighs more than two seconds), the numbers are given in turn to the table that costs
    least there, then two tables swap numbers while that lowers the cost; then each
    session is numbered again against all the others, twice over.

    >>> vary_table_numbers([((1, 2), (3, 4))] * 2, [])
    (((1, 2), (3, 4)), ((3, 4), (1, 2)))
    """
    had: dict[tuple[int, int], int] = {}

    def count(seating: Seating, step: int) -> None:
        for number, table in enumerate(seating):
            for p in table:
                had[p, number] = had.get((p, number), 0) + step

    for seating in history:
        count(seating, 1)
    made: list[Seating] = []
    for seating in plan:
        made.append(_numbered(seating, had))
        count(made[-1], 1)
    for _ in range(2):
        for s, seating in enumerate(made):
            count(seating, -1)
            made[s] = _numbered(seating, had)
            count(made[s], 1)
    return tuple(made)


def _numbered(seating: Seating, had: dict[tuple[int, int], int]) -> Seating:
    """``seating``'s tables in the order that costs least by ``had`` (as found greedily,
    then by swaps)."""
    cost = functools.partial(_table_cost, had)
    left = list(seating)
    order: list[tuple[int, ...]] = []
    for number in range(len(seating)):
        pick = min(left, key=functools.partial(_table_cost, had, number=number))
        left.remove(pick)
        order.append(pick)
    improved = True
    while improved:
        improved = False
        for i in range(len(order)):
            for j in range(i + 1, len(order)):
                now = cost(order[i], i) + cost(order[j], j)
                if cost(order[j], i) + cost(order[i], j) < now:
                    order[i], order[j] = order[j], order[i]
                    improved = True
    return tuple(order)


def _table_cost(had: dict[tuple[int, int], int], table: tuple[int, ...], number: int) -> int:
    """How often the players of ``table`` have sat at ``number``, squared and summed."""
    return sum(had.get((p, number), 0) ** 2 for p in table)
