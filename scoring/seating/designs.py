"""Schedules where no two players ever meet twice, built from finite geometry: resolvable
designs (the Handbook of Combinatorial Designs, Colbourn and Dinitz, part II and III).

A *design* here is a list of rounds over the players ``0 .. n - 1``; each round seats every
player once at tables of ``size``, and no two players share a table in two rounds. Three
constructions are known to this module:

- *transversal*: ``size * q`` players in ``q`` rounds, for ``q`` a prime power at least
  ``size``: player ``(g, x)`` (group ``g < size``, ``x`` in GF(q)) sits in round ``r`` at
  table ``x - g r``. Two players of one group never meet, two of different groups meet in
  the one round ``r = (x - y) / (g - h)``. This is a resolvable transversal design
  RTD(size, q), the social golfer problem's classical answer (32 players: 8 rounds over
  GF(8); 28: 7 over GF(7); 12 at tables of three: 4 over GF(4)). For a prime q the field
  is the integers mod q, and the design is cyclic: adding 1 to every x maps each round
  onto itself.
- *products*: ``q = q1 q2`` where both factors have one (20 = 4 x 5, 28 = 4 x 7, 36 = 4 x 9):
  the rounds and coordinates pair up, and two players meet in the round their meetings
  in both factors name.
- *1-rotational*: ``v = 4 (mod 12)`` players at tables of four in ``(v - 1) / 3`` rounds,
  every two together exactly once (the resolvable designs of Hanani, Ray-Chaudhuri and
  Wilson 1972), for 28 and 40: the players are a group ``G`` of order ``v - 1`` and one
  more, a subgroup ``H`` of order 3 sits with the extra player, and base blocks, each
  moved by ``H``, fill the rest of the first round; every other round is that one moved by
  a member of ``G``. The base blocks (found by a short exact search over the differences:
  theirs cover every member of ``G`` outside ``H`` once) are checked before use.
- *cyclic*: ``levels`` copies of the integers mod ``k`` and a few more players, in ``k``
  rounds for each base round: base rounds, found by a short exact search and checked before
  use, each moved by adding ``t`` mod ``k`` to every player but the extra ones, for each
  ``t``. Two players meet where their difference (mod ``k``, with their copies) does, and the
  base rounds hold each difference at most once. 24 players at tables of four: 3 x Z7 and 3
  more, 7 rounds (each player meets every other but two: a resolvable group divisible design
  of type 3^8); 24 at tables of three: 2 x Z11 and 2 more, 11 rounds (a nearly Kirkman
  triple system: each player misses one other); 18 at tables of three: 4 x Z4 and 2 more,
  two base rounds, 8 rounds (a nearly Kirkman triple system too).
- *Kirkman's*: 15 players at tables of three in 7 rounds, a packing of PG(3, 2).
- *affine*: ``size ** m`` players for ``size`` a prime power, the lines of the affine space
  AG(m, size), one round per direction: 16 players in 5 rounds (the affine plane of order
  4), 64 in 21; 9 players at tables of three in 4 (the Kirkman system of order 9), 27 in 13.

The rounds a design gives are the most any schedule without a repeat can have for the
affine, Kirkman's, the 1-rotational and the cyclic ones (each player meets all but at most
``size - 2`` others); past them the plan searches (``search.py``).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final

Round = tuple[tuple[int, ...], ...]


def prime_power(q: int) -> tuple[int, int] | None:
    """``(p, k)`` where ``q = p ** k`` for a prime ``p``; ``None`` otherwise.

    >>> prime_power(8), prime_power(9), prime_power(12)
    ((2, 3), (3, 2), None)
    """
    if q < 2:
        return None
    p = next(d for d in range(2, q + 1) if q % d == 0)
    k, rest = 0, q
    while rest % p == 0:
        rest //= p
        k += 1
    return (p, k) if rest == 1 else None


@dataclass(frozen=True)
class Field:
    """GF(q) with its elements as the integers ``0 .. q - 1`` (a polynomial's coefficients,
    base p), by its addition and multiplication tables."""

    q: int
    add: tuple[tuple[int, ...], ...]
    mul: tuple[tuple[int, ...], ...]

    def neg(self, a: int) -> int:
        return self.add[a].index(0)


def _poly_mul_mod(a: list[int], b: list[int], modulus: list[int], p: int) -> list[int]:
    k = len(modulus) - 1
    product = [0] * (2 * k)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            product[i + j] = (product[i + j] + x * y) % p
    # Reduce by the monic modulus, from the top degree down.
    for degree in range(len(product) - 1, k - 1, -1):
        c = product[degree]
        if c:
            for i in range(k + 1):
                product[degree - k + i] = (product[degree - k + i] - c * modulus[i]) % p
    return product[:k]


@cache
def field(q: int) -> Field:
    """The field of ``q`` elements (``q`` a prime power), built on the first primitive
    polynomial found: one whose root's powers give every nonzero element.

    >>> f = field(4)
    >>> [f.mul[2][x] for x in range(4)]
    [0, 2, 3, 1]
    """
    power = prime_power(q)
    if power is None:
        raise ValueError(f"{q} is not a prime power")
    p, k = power

    def digits(a: int) -> list[int]:
        return [(a // p**i) % p for i in range(k)]

    def number(coefficients: list[int]) -> int:
        return sum(c * p**i for i, c in enumerate(coefficients))

    if k == 1:
        mul = tuple(tuple(a * b % p for b in range(q)) for a in range(q))
    else:
        x = [0, 1] + [0] * (k - 2)
        for low in itertools.product(range(p), repeat=k):
            modulus = [*low, 1]
            if low[0] == 0:
                continue
            seen, power_of_x = set(), [1] + [0] * (k - 1)
            for _ in range(q - 1):
                power_of_x = _poly_mul_mod(power_of_x, x, modulus, p)
                seen.add(number(power_of_x))
            if len(seen) == q - 1:
                break
        mul = tuple(
            tuple(number(_poly_mul_mod(digits(a), digits(b), modulus, p)) for b in range(q))
            for a in range(q)
        )

    def plus(a: int, b: int) -> int:
        return number([(x + y) % p for x, y in zip(digits(a), digits(b), strict=True)])

    add = tuple(tuple(plus(a, b) for b in range(q)) for a in range(q))
    return Field(q, add, mul)


def _transversal_coordinates(q: int, size: int) -> list[list[tuple[int, ...]]]:
    """An RTD(size, q) over GF(q): rounds of tables, each table a coordinate per group."""
    f = field(q)
    rounds = []
    for r in range(q):
        tables = []
        for t in range(q):
            # The table t of round r holds, in group g, the x with x - g r = t.
            tables.append(tuple(f.add[t][f.mul[g][r]] for g in range(size)))
        rounds.append(tables)
    return rounds


def _factors(q: int, size: int) -> list[int] | None:
    """``q`` as a product of prime powers each at least ``size``, or ``None``."""
    factors, rest, d = [], q, 2
    while rest > 1:
        if rest % d == 0:
            power = 1
            while rest % d == 0:
                rest //= d
                power *= d
            if power < size:
                return None
            factors.append(power)
        d += 1
    return factors or None


def _product_coordinates(q: int, size: int) -> list[list[tuple[int, ...]]] | None:
    factors = _factors(q, size)
    if factors is None:
        return None
    rounds = _transversal_coordinates(factors[0], size)
    order = factors[0]
    for factor in factors[1:]:
        other = _transversal_coordinates(factor, size)
        rounds = [
            [
                tuple(x * factor + y for x, y in zip(first, second, strict=True))
                for first in one
                for second in two
            ]
            for one in rounds
            for two in other
        ]
        order *= factor
    return rounds


def transversal(players: int, size: int) -> list[Round] | None:
    """``players / size`` rounds without a repeat, where ``players / size`` is a product of
    prime powers each at least ``size``; ``None`` where it is not. Two players of one group
    never meet in them: where a group fills tables, more rounds seat each group apart, by
    a design of its own where there is one (64 players: 16 rounds, then the affine plane's
    5 in each group of 16), else once (32 players: 8 rounds, then each group of 8 at two
    tables).

    >>> [len(transversal(n, 4) or ()) for n in (16, 24, 28, 32, 80)]
    [5, 0, 7, 9, 25]
    """
    if players % size:
        return None
    q = players // size
    rounds = _product_coordinates(q, size)
    if rounds is None:
        return None
    made = [tuple(tuple(g * q + x for g, x in enumerate(table)) for table in r) for r in rounds]
    if q % size == 0:
        apart = design(q, size) or [tuple(tuple(range(t, t + size)) for t in range(0, q, size))]
        made += [
            tuple(tuple(g * q + x for x in table) for g in range(size) for table in r)
            for r in apart
        ]
    return made


def affine(players: int, size: int) -> list[Round] | None:
    """The parallel classes of the lines of AG(m, size) where ``players = size ** m`` and
    ``size`` is a prime power: ``(players - 1) / (size - 1)`` rounds, every two players
    meeting exactly once; ``None`` for any other count.

    >>> len(affine(16, 4)), len(affine(64, 4)), len(affine(9, 3)), affine(24, 4)
    (5, 21, 4, None)
    """
    if prime_power(size) is None or players < size * size:
        return None
    m, rest = 0, players
    while rest % size == 0:
        rest //= size
        m += 1
    if rest != 1:
        return None
    f = field(size)
    points = list(itertools.product(range(size), repeat=m))
    index = {point: sum(c * size**i for i, c in enumerate(point)) for point in points}
    rounds = []
    for direction in points:
        nonzero = [c for c in direction if c]
        if not nonzero or nonzero[0] != 1:
            continue  # one direction per line through the origin: its first nonzero is 1
        covered: set[tuple[int, ...]] = set()
        tables = []
        for point in points:
            if point in covered:
                continue
            line = [
                tuple(f.add[a][f.mul[t][d]] for a, d in zip(point, direction, strict=True))
                for t in range(size)
            ]
            covered.update(line)
            tables.append(tuple(index[p] for p in line))
        rounds.append(tuple(tables))
    return rounds


@cache
def kirkman_fifteen() -> list[Round]:
    """Kirkman's fifteen schoolgirls: 15 players at tables of three in 7 rounds, every two
    together exactly once, as a packing of the projective space PG(3, 2): its 15 points
    (the nonzero vectors of GF(2)^4) and 35 lines ``{a, b, a + b}`` split into 7 spreads,
    each 5 lines through every point once. Found by a short exact search (every spread,
    then 7 sharing no line).

    >>> rounds = kirkman_fifteen()
    >>> len(rounds), is_design(rounds, 15, 3)
    (7, True)
    """
    lines = sorted(
        {frozenset((a, b, a ^ b)) for a in range(1, 16) for b in range(1, 16) if a != b}, key=sorted
    )
    spreads: list[frozenset[frozenset[int]]] = []

    def cover(chosen: list[frozenset[int]], covered: set[int]) -> None:
        if len(covered) == 15:
            spreads.append(frozenset(chosen))
            return
        point = min(set(range(1, 16)) - covered)
        for line in lines:
            if point in line and not line & covered:
                cover([*chosen, line], covered | line)

    cover([], set())

    def pack(
        chosen: list[frozenset[frozenset[int]]], used: set[frozenset[int]]
    ) -> list[frozenset[frozenset[int]]] | None:
        if len(chosen) == 7:
            return chosen
        first = next(line for line in lines if line not in used)
        for spread in spreads:
            if first in spread and not spread & used:
                found = pack([*chosen, spread], used | spread)
                if found:
                    return found
        return None

    packing = pack([], set()) or []
    return [
        tuple(tuple(sorted(p - 1 for p in line)) for line in sorted(spread, key=sorted))
        for spread in packing
    ]


#: For ``v`` players, the group ``G`` (its cyclic factors' orders), the generator of its
#: subgroup ``H`` of order 3, and the base blocks of a 1-rotational resolvable (v, 4, 1)
#: design: the differences within the base blocks are every member of ``G`` outside ``H``
#: once, and the blocks fall one in each coset of ``H`` but ``H`` itself.
ROTATIONAL: Final[
    dict[int, tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[tuple[int, ...], ...], ...]]]
] = {
    28: (
        (3, 3, 3),
        (1, 0, 0),
        (
            ((0, 0, 1), (0, 0, 2), (0, 1, 0), (1, 2, 0)),
            ((0, 1, 1), (1, 1, 2), (2, 2, 1), (1, 2, 2)),
        ),
    ),
    40: (
        (39,),
        (13,),
        (((1,), (5,), (8,), (25,)), ((2,), (3,), (36,), (11,)), ((4,), (6,), (33,), (22,))),
    ),
}


#: For ``(players, size)``: ``k``, the copies of the integers mod ``k``, and the base rounds,
#: player ``l k + x`` being ``x`` in copy ``l`` and those from ``levels k`` on the extra ones.
CYCLIC: Final[dict[tuple[int, int], tuple[int, int, tuple[tuple[tuple[int, ...], ...], ...]]]] = {
    (24, 4): (
        7,
        3,
        (
            (
                (0, 8, 17, 23),
                (1, 10, 14, 22),
                (3, 7, 15, 21),
                (2, 4, 5, 20),
                (13, 16, 18, 19),
                (6, 9, 11, 12),
            ),
        ),
    ),
    (24, 3): (
        11,
        2,
        (
            (
                (0, 11, 23),
                (1, 13, 22),
                (2, 4, 21),
                (5, 18, 20),
                (9, 14, 19),
                (3, 8, 17),
                (12, 15, 16),
                (6, 7, 10),
            ),
        ),
    ),
    (18, 3): (
        4,
        4,
        (
            ((0, 4, 17), (1, 8, 16), (2, 5, 15), (3, 9, 14), (10, 12, 13), (6, 7, 11)),
            ((8, 12, 17), (6, 15, 16), (2, 7, 14), (3, 5, 13), (4, 10, 11), (0, 1, 9)),
        ),
    ),
}


@cache
def cyclic(players: int, size: int) -> list[Round] | None:
    """The rounds of the cyclic design of ``players`` at tables of ``size`` (24 at four: 7;
    24 at three: 11; 18 at three: 8); ``None`` for any other, or if the design made did not
    check.

    >>> [len(cyclic(n, size) or ()) for n, size in ((24, 4), (24, 3), (18, 3))], cyclic(36, 4)
    ([7, 11, 8], None)
    """
    if (players, size) not in CYCLIC:
        return None
    k, levels, bases = CYCLIC[(players, size)]
    moved = levels * k

    def plus(p: int, t: int) -> int:
        return p if p >= moved else p - p % k + (p % k + t) % k

    rounds = [
        tuple(tuple(plus(p, t) for p in table) for table in base)
        for base in bases
        for t in range(k)
    ]
    return rounds if is_design(rounds, players, size) else None


@cache
def rotational(players: int, size: int) -> list[Round] | None:
    """The 1-rotational resolvable design of ``players`` at tables of four (28 or 40
    players), in ``(players - 1) / 3`` rounds, every two together exactly once; ``None``
    for any other count, or if the design made did not check.

    >>> [len(rotational(n, 4) or ()) for n in (28, 40, 52)]
    [9, 13, 0]
    """
    if size != 4 or players not in ROTATIONAL:
        return None
    orders, generator, base = ROTATIONAL[players]
    members = list(itertools.product(*(range(m) for m in orders)))
    index = {g: i for i, g in enumerate(members)}
    extra = len(members)

    def plus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
        return tuple((x + y) % m for x, y, m in zip(a, b, orders, strict=True))

    zero = members[0]
    subgroup = [zero, generator, plus(generator, generator)]
    first = [(extra, *(index[h] for h in subgroup))]
    for block in base:
        for h in subgroup:
            first.append(tuple(index[plus(b, h)] for b in block))
    shifts: list[tuple[int, ...]] = []
    seen: set[tuple[int, ...]] = set()
    for g in members:
        if g not in seen:
            shifts.append(g)
            seen.update(plus(g, h) for h in subgroup)
    rounds = [
        tuple(
            tuple(p if p == extra else index[plus(members[p], g)] for p in table) for table in first
        )
        for g in shifts
    ]
    return rounds if is_design(rounds, players, size) else None


def design(players: int, size: int) -> list[Round] | None:
    """The design with the most rounds known here for ``players`` at tables of ``size``
    (the affine space's where there is one, the transversal's or its product's else);
    ``None`` where none is.

    >>> [len(design(n, 4) or ()) for n in (16, 20, 24, 28, 32, 40, 48, 64)]
    [5, 5, 7, 9, 9, 13, 0, 21]
    >>> [len(design(n, 3) or ()) for n in (9, 12, 15, 18, 24, 27, 30)]
    [4, 4, 7, 8, 11, 13, 0]
    """
    found = [
        d
        for d in (
            affine(players, size),
            transversal(players, size),
            rotational(players, size),
            cyclic(players, size),
        )
        if d
    ]
    if (players, size) == (15, 3):
        found.append(kirkman_fifteen())
    return max(found, key=len) if found else None


def is_design(rounds: Sequence[Round], players: int, size: int) -> bool:
    """Whether ``rounds`` seat each of ``players`` once a round at tables of ``size``, no
    two players together twice.

    >>> is_design(design(12, 3) or [], 12, 3)
    True
    """
    met: set[tuple[int, int]] = set()
    for r in rounds:
        seated = sorted(p for table in r for p in table)
        if seated != list(range(players)) or any(len(table) != size for table in r):
            return False
        for table in r:
            for pair in itertools.combinations(sorted(table), 2):
                if pair in met:
                    return False
                met.add(pair)
    return True
