"""Who sits where in a session of a tournament: pure functions over players' ids.

A seating is a tuple of tables, each a tuple of ids in seat order (East, South, West, North;
three seats where the ruleset plays three). The ways of seating follow Pantheon's, which
most clubs' tournaments are run with:

- *random, avoiding repeats*: many shuffles from one seed, each scored by +1 for every
  earlier meeting of two players it seats together and +10 more where they met in the
  session just before; the lowest few are each improved by swapping two players while a
  swap lowers the score, and the lowest of those is kept. The same seed and the same
  earlier sessions give the same seating.
- *swiss*: by the standings so far, strongest together, the leader at table 1: a search
  (simulated annealing over swaps) from the standings cut in tables, weighing each repeated
  meeting against how far it moves players from their place; never more repeats than
  Pantheon's own backtracking (``pantheon_swiss``) on the same standings, which is kept
  where the search does worse.
- *interval*: through an ordered list (the ratings) by a step: step 1 seats neighbours
  together, a step of the number of tables spreads the list over every table; then players
  near in the list swap tables where that repeats fewer meetings.

A whole tournament planned at once is ``plans.py``'s.

Winds are balanced afterwards (``balance_winds``): each table's order is the one that gives
each player the wind they have had least. Nothing here reads the database or the clock.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
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
#: Swiss: a repeated meeting costs as much as this many players each seated one table
#: from their place (the squares of the tables moved add up): 16, where the simulated
#: days of the benchmark repeat about two thirds of Pantheon's meetings with table 1 as
#: near the top; and the search's swaps for a session (a tenth of a second at 120).
SWISS_REPEAT: Final = 16
SWISS_STEPS: Final = 30_000


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


def pantheon_swiss(ranked: Sequence[int], history: Sequence[Seating], *, size: int = 4) -> Seating:
    """Pantheon's swiss seating (``Seating::_swissSeatingOriginal``, from mahjongsoft.ru), on
    the same standings: a backtracking search that fills table after table with the best
    placed players left whose meetings with those already at the table are at most a bound
    (first none), raising the bound where no seating is found and, every 15 000 steps, the
    slack it allows. Kept as the measure the swiss seating is held to.

    >>> pantheon_swiss([8, 7, 6, 5, 4, 3, 2, 1], [((8, 7, 6, 5), (4, 3, 2, 1))])
    ((8, 7, 4, 3), (6, 5, 2, 1))
    """
    check_players(ranked, size)
    n = len(ranked)
    index = {player: i for i, player in enumerate(ranked)}
    played = [[0] * n for _ in range(n)]
    for seating in history:
        for table in seating:
            for a, b in itertools.permutations([index[p] for p in table if p in index], 2):
                played[a][b] += 1
    table_of = [-1] * n
    tables: list[list[int]] = []  # by index in ``ranked``; the last is being filled
    state = {"slack": 0, "steps": 0, "seated": 0}

    def seat(i: int, table: list[int]) -> None:
        table_of[i] = len(tables) - 1
        for j in table:
            played[i][j] += 1
            played[j][i] += 1
        table.append(i)
        state["seated"] += 1

    def unseat(i: int, table: list[int]) -> None:
        table.pop()
        table_of[i] = -1
        for j in table:
            played[i][j] -= 1
            played[j][i] -= 1
        state["seated"] -= 1

    def fill(bound: int) -> bool:
        state["steps"] += 1
        if state["steps"] > 15000:
            state["slack"] += 1
            state["steps"] = 0
        if state["seated"] == n:
            return True
        if not tables or len(tables[-1]) == size:
            # A new table, its first seat the best placed player left.
            tables.append([])
            best = table_of.index(-1)
            seat(best, tables[-1])
            if fill(bound + state["slack"]):
                return True
            unseat(best, tables[-1])
            tables.pop()
            return False
        table = tables[-1]
        crossings = 0
        while True:
            candidates = [
                i
                for i in range(n)
                if table_of[i] < 0 and sum(played[i][j] for j in table) <= crossings
            ]
            if candidates:
                break
            if crossings == bound + state["slack"]:
                return False
            crossings += 1
        for i in candidates:  # best placed first: the standings' order
            seat(i, table)
            if fill(bound + state["slack"] - crossings):
                return True
            unseat(i, table)
        return False

    bound = 0
    while not fill(bound):
        bound += 1
    return tuple(tuple(ranked[i] for i in sorted(table)) for table in tables)


def _improve_near(
    tables: list[list[int]],
    weights: Mapping[tuple[int, int], int],
    rank: Mapping[int, int],
    near: int,
    fixed: frozenset[int] = frozenset(),
) -> None:
    """Swap two players of two tables, at most ``near`` apart in ``rank`` and not
    ``fixed``, while a swap lowers the cost: each time the swap that lowers it most, of
    those the two players nearest in ``rank``."""
    by_rank = sorted(rank, key=rank.__getitem__)
    where = {p: t for t, table in enumerate(tables) for p in table}
    pairs = sorted(
        (
            (b_rank - a_rank, a, b)
            for a_rank, a in enumerate(by_rank)
            for b_rank, b in enumerate(by_rank[a_rank + 1 : a_rank + 1 + near], a_rank + 1)
            if a not in fixed and b not in fixed
        ),
    )

    def cost_at(table: list[int], player: int, skip: int) -> int:
        return sum(weights.get(_pair(player, other), 0) for other in table if other != skip)

    while True:
        best, chosen = 0, None
        for _, a, b in pairs:
            t, u = where[a], where[b]
            if t == u:
                continue
            first, second = tables[t], tables[u]
            change = (
                cost_at(first, b, a)
                + cost_at(second, a, b)
                - cost_at(first, a, a)
                - cost_at(second, b, b)
            )
            if change < best:
                best, chosen = change, (a, b)
        if chosen is None:
            return
        a, b = chosen
        t, u = where[a], where[b]
        tables[t][tables[t].index(a)] = b
        tables[u][tables[u].index(b)] = a
        where[a], where[b] = u, t


def _new_meetings(seating: Seating, met: Mapping[tuple[int, int], int]) -> int:
    """The meetings of ``seating`` that repeat one of ``met``."""
    return sum(
        1 for table in seating for a, b in itertools.combinations(table, 2) if _pair(a, b) in met
    )


def _swiss_search(
    ranked: Sequence[int], met: Mapping[tuple[int, int], int], size: int, steps: int
) -> Seating:
    """Simulated annealing over swaps of two players (never the leader) from the standings
    cut in tables: each repeated meeting costs ``SWISS_REPEAT``, each player the square of
    the tables between theirs and the one their place would give, and, least, table 1 the
    sum of its players' places (the strongest there first). Seeded by nothing but the
    standings, so the same standings and sessions give the same seating."""
    n = len(ranked)
    heard = [[0] * n for _ in range(n)]
    index = {player: i for i, player in enumerate(ranked)}
    for a, b in met:
        if a in index and b in index:
            heard[index[a]][index[b]] = heard[index[b]][index[a]] = 1
    unit = 4 * n + 1  # the table-1 tie-break stays below one step of anything else
    tables = [list(range(t, t + size)) for t in range(0, n, size)]
    where = [i // size for i in range(n)]

    def cost_of(t: int, table: list[int]) -> int:
        repeats = sum(heard[a][b] for a, b in itertools.combinations(table, 2))
        spread = sum((t - p // size) ** 2 for p in table)
        return (repeats * SWISS_REPEAT + spread) * unit + (sum(table) if t == 0 else 0)

    cost = sum(cost_of(t, table) for t, table in enumerate(tables))
    best_cost, best = cost, [list(table) for table in tables]
    if len(tables) > 1:
        rng = random.Random(n)
        temperature, ratio = 2.0 * unit, (0.05 / 2.0) ** (1 / steps)
        for _ in range(steps):
            temperature *= ratio
            a, b = rng.randrange(1, n), rng.randrange(1, n)
            ta, tb = where[a], where[b]
            if ta == tb:
                continue
            first, second = tables[ta], tables[tb]
            heard_a, heard_b = heard[a], heard[b]
            repeats = 0
            for o in first:
                if o != a:
                    repeats += heard_b[o] - heard_a[o]
            for o in second:
                if o != b:
                    repeats += heard_a[o] - heard_b[o]
            ga, gb = a // size, b // size
            spread = (ta - gb) ** 2 + (tb - ga) ** 2 - (ta - ga) ** 2 - (tb - gb) ** 2
            change = (repeats * SWISS_REPEAT + spread) * unit
            change += (b - a if ta == 0 else 0) + (a - b if tb == 0 else 0)
            if change > 0 and rng.random() >= math.exp(-change / temperature):
                continue
            first[first.index(a)], second[second.index(b)] = b, a
            where[a], where[b] = tb, ta
            cost += change
            if cost < best_cost:
                best_cost, best = cost, [list(table) for table in tables]
    return tuple(tuple(ranked[i] for i in sorted(table)) for table in best)


def swiss_seating(
    ranked: Sequence[int],
    history: Sequence[Seating],
    *,
    size: int = 4,
    steps: int = SWISS_STEPS,
) -> Seating:
    """Strongest together, the leader at table 1, repeating few meetings: a search from the
    standings cut in tables, where a repeated meeting costs as much as moving
    ``SWISS_REPEAT`` players one table from their place (or one player four tables), and
    table 1 is the strongest of the seatings that cost the same. Where the search repeats
    more meetings than Pantheon's backtracking on the same standings, Pantheon's is kept:
    never more. Tables are numbered by their best placed player.

    >>> swiss_seating([8, 7, 6, 5, 4, 3, 2, 1], [((8, 7, 6, 5), (4, 3, 2, 1))])
    ((8, 7, 4, 3), (6, 5, 2, 1))
    """
    check_players(ranked, size)
    met = pair_counts(history)
    rank = {player: i for i, player in enumerate(ranked)}
    searched = _swiss_search(ranked, met, size, steps)
    theirs = pantheon_swiss(ranked, history, size=size)
    made = searched if _new_meetings(searched, met) <= _new_meetings(theirs, met) else theirs
    return tuple(sorted(made, key=lambda table: min(rank[p] for p in table)))


def interval_seating(
    ordered: Sequence[int],
    *,
    step: int,
    size: int = 4,
    history: Sequence[Seating] = (),
) -> Seating:
    """Through ``ordered`` by ``step``: in each run of ``size * step`` players, the table
    of the run's i-th player takes the players i, i + step, i + 2 step... (step 1: neighbours
    together). A step that does not divide the tables is cut short at the end. Then two
    players at most ``size`` apart in ``ordered`` (near-equals) swap tables while that
    repeats fewer meetings of ``history``.

    >>> interval_seating([1, 2, 3, 4, 5, 6, 7, 8], step=2)
    ((1, 3, 5, 7), (2, 4, 6, 8))
    >>> interval_seating([1, 2, 3, 4, 5, 6, 7, 8], step=1, history=[((1, 2, 3, 4), (5, 6, 7, 8))])
    ((1, 2, 5, 6), (3, 4, 7, 8))
    """
    check_players(ordered, size)
    if step < 1:
        raise SeatingError("the step is at least 1")
    tables: list[list[int]] = []
    for start in range(0, len(ordered), size * step):
        run = ordered[start : start + size * step]
        width = len(run) // size
        tables += (list(run[i::width]) for i in range(width))
    if history:
        rank = {player: i for i, player in enumerate(ordered)}
        _improve_near(tables, pair_weights(history), rank, size)
        tables = [sorted(table, key=rank.__getitem__) for table in tables]
    return tuple(tuple(table) for table in tables)


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
    return balance_winds_by(seating, wind_counts(history))


def balance_winds_by(seating: Seating, counts: Mapping[int, Sequence[int]]) -> Seating:
    """``balance_winds`` by the seat counts given (``wind_counts`` of the sessions before).

    >>> balance_winds_by(((1, 2),), {1: [1, 0]})
    ((2, 1),)
    """
    balanced = []
    for table in seating:
        blank = [0] * len(table)

        def cost(order: tuple[int, ...], blank: Sequence[int] = blank) -> tuple[int, int]:
            had = [counts.get(player, blank)[seat] for seat, player in enumerate(order)]
            return sum(had), sum(h * h for h in had)

        balanced.append(min(itertools.permutations(table), key=cost))
    return tuple(balanced)


@dataclass(frozen=True)
class SoFar:
    """A player's meetings beyond the first (with anyone) and seats (0 East...) over the
    sessions so far."""

    repeats: int
    winds: tuple[int, ...]


def seating_report(
    history: Sequence[Seating], seating: Seating
) -> tuple[list[tuple[int, int, tuple[int, ...]]], dict[int, SoFar]]:
    """What ``seating`` gives after ``history``: each two players it seats together who met
    before, with the sessions they met in (numbered from 1), and each player's repeated
    meetings and seats over ``history`` and ``seating``.

    >>> met, so_far = seating_report([((1, 2, 3, 4),)], ((1, 2, 5, 6), (3, 4, 7, 8)))
    >>> met
    [(1, 2, (1,)), (3, 4, (1,))]
    >>> so_far[1], so_far[5]
    (SoFar(repeats=1, winds=(2, 0, 0, 0)), SoFar(repeats=0, winds=(0, 0, 1, 0)))
    """
    where: dict[tuple[int, int], list[int]] = {}
    for number, earlier in enumerate(history, 1):
        for table in earlier:
            for a, b in itertools.combinations(table, 2):
                where.setdefault(_pair(a, b), []).append(number)
    met = sorted(
        (*_pair(a, b), tuple(where[_pair(a, b)]))
        for table in seating
        for a, b in itertools.combinations(table, 2)
        if _pair(a, b) in where
    )
    every = [*history, seating]
    counts = pair_counts(every)
    repeats: Counter[int] = Counter()
    for (a, b), count in counts.items():
        if count > 1:
            repeats[a] += count - 1
            repeats[b] += count - 1
    winds = wind_counts(every)
    seated = {p for table in seating for p in table}
    return met, {p: SoFar(repeats[p], tuple(winds[p])) for p in sorted(seated)}


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
