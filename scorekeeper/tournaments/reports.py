"""What a session's seating gives, as the organiser reads it before starting the session:
the meetings it repeats (who, and in which sessions they met before) and each player's
repeated meetings and winds so far, over the sessions seated up to it (played or planned).
The counting is the seating engine's (``scoring.seating.sessions.seating_report``); this
reads the seats in one query and names the players."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.tournaments.models import Session, TableSeat
from scoring.seating.sessions import SoFar, seating_report


@dataclass(frozen=True)
class SeatingReport:
    #: Two players this session seats together again, and the sessions they met in.
    met: list[tuple[str, str, tuple[int, ...]]]
    #: Each player of the session by name: their repeated meetings and winds so far.
    players: list[tuple[str, SoFar]]
    #: The fewest and the most times any player of the session has been East so far.
    east: tuple[int, int]
    #: The sessions counted (this one and the seated ones before it).
    sessions: int


def seating_so_far(session: Session) -> SeatingReport | None:
    """The report of ``session``'s seating; ``None`` before it is seated."""
    rows = TableSeat.objects.filter(
        session__tournament_id=session.tournament_id,
        session__number__lte=session.number,
        session__seated_at__isnull=False,
    ).values_list(
        "session__number", "table__number", "number", "entrant_id", "entrant__player__name"
    )
    tables: dict[int, dict[int, list[tuple[int, int]]]] = {}
    names: dict[int, str] = {}
    for number, table, seat, entrant, name in rows:
        tables.setdefault(number, {}).setdefault(table, []).append((seat, entrant))
        names[entrant] = name
    if session.number not in tables:
        return None
    numbers = sorted(tables)
    seatings = [
        tuple(tuple(e for _, e in sorted(tables[n][t])) for t in sorted(tables[n])) for n in numbers
    ]
    met, so_far = seating_report(seatings[:-1], seatings[-1])
    east = [s.winds[0] for s in so_far.values()]
    return SeatingReport(
        met=[(names[a], names[b], tuple(numbers[i - 1] for i in when)) for a, b, when in met],
        players=sorted(((names[p], s) for p, s in so_far.items()), key=lambda row: row[0]),
        east=(min(east), max(east)),
        sessions=len(numbers),
    )
