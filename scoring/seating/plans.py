"""A tournament's seating planned all at once: every session still to play, from a design
where one is known, from a search over the whole schedule where none is, and session by
session (``random_seating``) as the last resort, which the search starts from and so never
does worse than.

- *design*: where ``designs.design`` gives at least as many rounds as sessions, and nothing
  has been played yet, the plan is that many of its rounds: no two players meet twice. The
  seed shuffles which player is which label, which rounds are taken and in what order, and
  the tables' order, so that a plan stays random and the same seed gives it again.
- *search*: the design's rounds where there are some (too few), the rest seated session by
  session (a large plan with fewer shuffles a session and no swaps, so that it is made in
  seconds), then ``search.anneal`` over the whole (the sessions played fixed and counted).
- the sessions played stay as they were: a plan made again after a player drops out or joins,
  or a table is taken away, seats only the sessions to come, counting every meeting played.

Winds and table numbers are given afterwards (``winds.py``).
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from scoring.seating import designs, search
from scoring.seating.sessions import (
    SHUFFLES,
    Seating,
    check_players,
    least_repeats,
    random_seating,
    repeated_pairs,
)
from scoring.seating.winds import plan_winds, vary_table_numbers

#: The search's swaps for a plan: about two seconds on a slow machine's core, past which
#: a tight schedule gains little (24 players in 8 sessions: 1 000 000 gain one or two).
SEARCH_STEPS: Final = 200_000
#: The shuffles of the sessions a search starts from, over them all, in players seated: a
#: plan of up to 200 seatings of players (24 in 8 sessions) starts from the full 1000
#: shuffles a session, a larger one from fewer.
START_BUDGET: Final = 200_000
#: The largest plan (players times sessions) whose start sessions are also improved by
#: swaps, as a session seated alone is: past it the swaps cost seconds a session, where
#: many meetings must repeat.
IMPROVED_UP_TO: Final = 200


class Way(enum.StrEnum):
    """How a plan was made."""

    DESIGN = "design"
    SEARCH = "search"
    SESSIONS = "sessions"


@dataclass(frozen=True)
class Plan:
    """The sessions planned (after those played), how, and their repeated meetings (the
    sessions played counted with them)."""

    sessions: tuple[Seating, ...]
    way: Way
    repeats: int


def _from_design(
    rounds: Sequence[designs.Round], players: Sequence[int], count: int, rng: random.Random
) -> list[Seating]:
    labels = list(players)
    rng.shuffle(labels)
    chosen = rng.sample(list(rounds), min(count, len(rounds)))
    made = []
    for r in chosen:
        tables = [tuple(labels[i] for i in table) for table in r]
        rng.shuffle(tables)
        made.append(tuple(tables))
    return made


def _as_sets(seating: Seating) -> frozenset[frozenset[int]]:
    return frozenset(frozenset(table) for table in seating)


def plan_sessions(
    players: Sequence[int],
    count: int,
    *,
    seed: int,
    size: int = 4,
    history: Sequence[Seating] = (),
    vary_tables: bool = False,
    steps: int = SEARCH_STEPS,
) -> Plan:
    """``count`` sessions of ``players`` at tables of ``size``, after the sessions of
    ``history`` (played: kept, and their meetings counted), each table in seat order.

    >>> plan = plan_sessions(range(16), 5, seed=1)
    >>> plan.way, plan.repeats, len(plan.sessions)
    (<Way.DESIGN: 'design'>, 0, 5)
    """
    check_players(players, size)
    ids = sorted(players)
    rng = random.Random(seed)
    design = designs.design(len(ids), size)
    made: list[Seating] = []
    if design and not history:
        made = _from_design(design, ids, count, rng)
    elif design and len(design) >= len(history) + count:
        # Played as this seed's design planned them (the same players): the rest of it.
        whole = _from_design(design, ids, len(history) + count, rng)
        if [_as_sets(s) for s in whole[: len(history)]] == [_as_sets(s) for s in history]:
            made = whole[len(history) :]
    way = Way.DESIGN
    if len(made) < count:
        # A large plan starts from fewer shuffles a session, so that it is made in seconds
        # whatever its size: there the search, not the start, does the work.
        shuffles = max(20, min(SHUFFLES, START_BUDGET // (len(ids) * count)))
        for _ in range(len(made), count):
            made.append(
                random_seating(
                    ids,
                    [*history, *made],
                    seed=rng.randrange(2**62),
                    size=size,
                    shuffles=shuffles,
                    improve=len(ids) * count <= IMPROVED_UP_TO,
                )
            )
        before = repeated_pairs([*history, *made])
        made = _searched(ids, made, history, rng, steps, size)
        # Where the search finds nothing better, the plan is the sessions seated in turn.
        way = Way.SEARCH if repeated_pairs([*history, *made]) < before else Way.SESSIONS
    repeats = repeated_pairs([*history, *made])
    if vary_tables:
        made = list(vary_table_numbers(made, history))
    seated = plan_winds(made, history, seed=rng.randrange(2**62))
    return Plan(seated, way, repeats)


def _searched(
    ids: list[int],
    made: list[Seating],
    history: Sequence[Seating],
    rng: random.Random,
    steps: int,
    size: int,
) -> list[Seating]:
    """``made`` improved by the search over the whole, on the players' indices."""
    index = {p: i for i, p in enumerate(ids)}
    known = set(index)
    schedule = [[[index[p] for p in table] for table in seating] for seating in made]
    # Only the players of the plan matter: the meetings of those who left change nothing.
    played = [[[index[p] for p in table if p in known] for table in seating] for seating in history]
    target = (
        search.schedule_repeats(len(ids), played)
        if history
        else least_repeats(len(ids), len(made), size)
    )
    best = search.anneal(len(ids), schedule, history=played, rng=rng, steps=steps, target=target)
    return [tuple(tuple(ids[i] for i in table) for table in session) for session in best]
