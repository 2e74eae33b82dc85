"""The hand log: each hand's line with who recorded and who last edited it, and when; the
penalties, each in its place in time among the hands; and where a game begun on paper began.
Words only; the numbers come from the record and its replay (``scorekeeper.format`` writes
them).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.utils.translation import get_language

from scorekeeper.club.models import Game
from scorekeeper.digest import digest
from scorekeeper.format import format_points, round_name, signed, signed_result
from scorekeeper.table.display import Authorship, HandLine, hand_line
from scorekeeper.table.services import Scoreboard
from scoring.outcomes import Penalty
from scoring.state import GameState


@dataclass(frozen=True, slots=True)
class PenaltyLine:
    """One penalty in the log: ``index`` is its place in the record's list (to remove it)."""

    index: int
    name: str
    points: str
    result: str
    reason: str
    #: The number of the hand it was given after (1 for the first), or 0: before any hand.
    after: int

    is_penalty = True


def penalty_lines(penalties: Sequence[Penalty], names: Sequence[str]) -> list[PenaltyLine]:
    """The record's penalties as the log shows them, in the order given.

    >>> [line.points for line in penalty_lines([Penalty(2, 10000, "late", 4)], "ABCD")]
    ['\u221210,000']
    >>> penalty_lines([Penalty(2, 10000, "late", 4)], "ABCD")[0].result
    '\u221210.0'
    """
    return [
        PenaltyLine(
            index=i,
            name=names[p.seat],
            points=signed(-p.points),
            result=signed_result(Decimal(-p.points) / 1000),
            reason=p.reason,
            after=0 if p.after_hand is None else p.after_hand + 1,
        )
        for i, p in enumerate(penalties)
    ]


def with_penalties(lines: Sequence[HandLine], penalties: Iterable[PenaltyLine]) -> list[Any]:
    """The log (``lines``, newest hand first) with each penalty just above the hand it was
    given after, the latest given first; penalties given before any hand at the bottom."""
    after: dict[int, list[PenaltyLine]] = {}
    for penalty in penalties:
        after.setdefault(penalty.after, []).append(penalty)
    out: list[Any] = []
    for line in lines:
        out.extend(reversed(after.pop(line.number, [])))
        out.append(line)
    # Those after a hand the log does not show, then those before the first hand.
    for number in sorted(after, reverse=True):
        out.extend(reversed(after[number]))
    return out


def authorship(record: Any) -> Authorship:
    """A stored hand's (``HandRecord``) authors and times."""
    return Authorship(
        recorded_by=record.recorded_by.get_username() if record.recorded_by else "",
        recorded_at=record.recorded_at,
        edited_by=record.edited_by.get_username() if record.edited_by else "",
        edited_at=record.edited_at,
    )


@dataclass(frozen=True, slots=True)
class StartLine:
    """Where a game begun on paper started: the first line of its log (at the bottom)."""

    round: str
    honba: int
    sticks: int
    points: tuple[tuple[str, str], ...]

    is_start = True


def start_line(start: GameState | None, names: Sequence[str]) -> StartLine | None:
    """The log's line for a game begun elsewhere (``None`` for one begun at East 1).

    >>> line = start_line(GameState((31000, 22000, 25000, 21000), 7, 1, 1), "ABCD")
    >>> line.round, line.points[0]
    ('South 4', ('A', '31,000'))
    """
    if start is None:
        return None
    return StartLine(
        round=round_name(start.round_index),
        honba=start.honba,
        sticks=start.sticks,
        points=tuple(
            (names[seat], format_points(points)) for seat, points in enumerate(start.scores)
        ),
    )


def log_lines(game: Game, board: Scoreboard) -> list[Any]:
    """The hand log's lines, newest first, with each hand's authors and each penalty in its
    place in time (``HandLine`` and ``PenaltyLine``)."""
    names, rules = board.record.players, board.record.rules
    stored = {h.sequence: h for h in game.hands.all()}
    lines = []
    for sequence, result in enumerate(board.replay.results):
        kept = stored.get(sequence)
        lines.append(
            hand_line(
                sequence,
                result,
                names,
                rules,
                edited=kept is not None and kept.edited_at is not None,
                authors=authorship(kept) if kept is not None else None,
            )
        )
    lines.reverse()
    log = with_penalties(lines, penalty_lines(board.record.penalties, names))
    begun = start_line(board.record.start, names)
    return [*log, begun] if begun else log


def first_log(game: Game, line: HandLine, names: tuple[str, ...]) -> list[Any]:
    """The log after a game's first hand: the hand, the penalties given before it, and
    where a game begun on paper began."""
    log = with_penalties([line], penalty_lines(game.record_penalties(), names))
    begun = start_line(game.record_start(), names)
    return [*log, begun] if begun else log


def log_key(game: Game, names: Sequence[str]) -> str:
    """What a game's drawn hand log depends on besides who reads it (whether they may edit
    hands and take back penalties, which the template adds): the game (its revision changes
    with every write: a hand, a correction, an undo, a penalty), its players' names (a
    rename changes no revision) and the language. The table page keeps the drawn log in
    the cache under it: a long game's log is most of the page's drawing."""
    return digest(game.pk, game.created_at.timestamp(), game.revision, get_language(), *names)
