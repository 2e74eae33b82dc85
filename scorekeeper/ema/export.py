"""A finished tournament's results as the EMA reads them (``docs/ema.md``): one row per
registered player, in place order, in the 19 columns of the EMA's workbook; written as an
xlsx workbook (openpyxl) and as CSV. And the checks an organiser reads before sending it:
who lacks a name in Latin letters or a country, whether the scores add up to zero with
chombo and penalties apart, which games are not finished, and the likely MERS weight.

The places are the tournament table's (``tournaments.results``: players on the same total
share a place). The number of participants counts the registered players and the
substitutes who played, three of them at most. A player's EMA number is the one given at
registration, else the one on their identity.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Any, Final

from django.db.models import F
from openpyxl import Workbook
from openpyxl.utils import get_column_letter

from scorekeeper.club.models import Game, Seat
from scorekeeper.ema.models import TournamentFacts
from scorekeeper.registry.identities import Identity, identities
from scorekeeper.spreadsheets import csv_lines
from scorekeeper.tournaments.models import Entrant, Session, TableSeat, Tournament
from scorekeeper.tournaments.results import ResultRow, tournament_table
from scoring.mers import tournament_weight
from scoring.standings import final_standings

#: The workbook's headers, as the EMA's files write them.
HEADER: Final = (
    "Tournament name",
    "Number of participants",
    "Place",
    "Player's first name",
    "Player's last name",
    "EMA number",
    "Table points",
    "Score",
    "EMA member",
    "Country",
    "Date",
    "Countrycourt",
    "city",
    "mers",
    "shortname",
    "rules",
    "period",
    "NbDays",
    "Extra",
)
#: The substitutes the number of participants counts, at most.
SUBSTITUTES_COUNTED: Final = 3
_TENTH = Decimal("0.1")


def facts_of(tournament: Tournament) -> TournamentFacts:
    """The tournament's EMA facts, blank ones (unsaved) where none are stored."""
    try:
        return tournament.ema_facts
    except TournamentFacts.DoesNotExist:
        return TournamentFacts(tournament=tournament)


def last_day(tournament: Tournament) -> date:
    return tournament.end_date or tournament.start_date


def days(tournament: Tournament) -> int:
    return (last_day(tournament) - tournament.start_date).days + 1


def period(tournament: Tournament) -> str:
    """The days as text: ``12.04.2025``, ``12-13.04.2025``, ``30.04-01.05.2025``,
    ``31.12.2025-01.01.2026``."""
    first, last = tournament.start_date, last_day(tournament)
    if first == last:
        return f"{last:%d.%m.%Y}"
    if (first.year, first.month) == (last.year, last.month):
        return f"{first:%d}-{last:%d.%m.%Y}"
    if first.year == last.year:
        return f"{first:%d.%m}-{last:%d.%m.%Y}"
    return f"{first:%d.%m.%Y}-{last:%d.%m.%Y}"


def tournament_title(tournament: Tournament) -> str:
    """The name with its year, as the EMA lists tournaments (the year added where the name
    does not hold it)."""
    year = str(last_day(tournament).year)
    return tournament.name if year in tournament.name else f"{tournament.name} {year}"


def substitutes(tournament: Tournament) -> int:
    """How many players sat in for a registered player (each counted once)."""
    seats = TableSeat.objects.filter(session__tournament=tournament).exclude(
        player_id=F("entrant__player_id")
    )
    return seats.values("player_id").distinct().count()


def participants(tournament: Tournament, ranked: int) -> int:
    return ranked + min(substitutes(tournament), SUBSTITUTES_COUNTED)


@dataclass
class EmaRow:
    """A registered player's line in the EMA's file."""

    place: int
    name: str
    player_id: int
    identity: Identity
    ema_number: str
    score: Decimal


def ema_rows(tournament: Tournament, table: Sequence[ResultRow] | None = None) -> list[EmaRow]:
    """Every registered player in place order (ties by name), with their identity."""
    table = tournament_table(tournament) if table is None else table
    numbers = dict(Entrant.objects.filter(tournament=tournament).values_list("pk", "ema_number"))
    found = identities(row.player_id for row in table)
    rows = []
    for row in table:
        identity = found.get(row.player_id, Identity())
        rows.append(
            EmaRow(
                place=row.place,
                name=row.name,
                player_id=row.player_id,
                identity=identity,
                ema_number=numbers.get(row.entrant_id) or identity.ema_number,
                score=row.total.quantize(_TENTH),
            )
        )
    return sorted(rows, key=lambda r: (r.place, r.name))


def sheet(
    tournament: Tournament, rows: Sequence[EmaRow] | None = None, count: int | None = None
) -> list[list[Any]]:
    """The file's rows under the header: the 19 columns, numbers as numbers (``rows`` and
    ``count``, the participants, where the checks have read them already)."""
    facts = facts_of(tournament)
    rows = ema_rows(tournament) if rows is None else rows
    count = participants(tournament, len(rows)) if count is None else count
    title = tournament_title(tournament)
    day = f"{last_day(tournament):%d.%m.%Y}"
    return [
        [
            title,
            count,
            row.place,
            row.identity.given_name,
            row.identity.family_name.upper(),
            row.ema_number,
            1,
            float(row.score),
            "YES" if row.ema_number else "NO",
            row.identity.country,
            day,
            facts.country,
            facts.city,
            "",
            facts.short_name or tournament.name,
            "Riichi",
            period(tournament),
            days(tournament),
            "NO",
        ]
        for row in rows
    ]


def ema_csv(tournament: Tournament, found: Checks | None = None) -> Iterator[str]:
    rows = sheet(tournament) if found is None else sheet(tournament, found.rows, found.participants)
    return csv_lines(HEADER, rows)


def ema_workbook(tournament: Tournament, found: Checks | None = None) -> bytes:
    """The xlsx workbook: one sheet, the header and a row per player. The EMA number is a
    text cell, so that its leading zeros stay."""
    book = Workbook()
    page = book.active
    assert page is not None
    page.title = "Results"
    page.append(list(HEADER))
    rows = sheet(tournament) if found is None else sheet(tournament, found.rows, found.participants)
    for values in rows:
        page.append(values)
    number_column = HEADER.index("EMA number") + 1
    for (cell,) in page.iter_rows(min_row=2, min_col=number_column, max_col=number_column):
        cell.number_format = "@"
    for index, title in enumerate(HEADER, 1):
        page.column_dimensions[get_column_letter(index)].width = max(10, len(title) + 2)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


# -- The checks before export -------------------------------------------------------------


@dataclass
class ScoreLine:
    """A player's score with what chombo and penalties cost them apart (negative)."""

    row: EmaRow
    lost: Decimal = Decimal(0)

    @property
    def before(self) -> Decimal:
        """The score without chombo and penalties."""
        return self.row.score - self.lost


@dataclass
class Checks:
    """What an organiser reads before sending the file."""

    rows: list[EmaRow]
    lines: list[ScoreLine]
    participants: int
    days: int
    countries: int
    weight: Decimal
    unfinished: list[Game] = field(default_factory=list)
    sessions_missing: int = 0

    @property
    def without_latin_name(self) -> list[EmaRow]:
        return [r for r in self.rows if not (r.identity.given_name and r.identity.family_name)]

    @property
    def without_country(self) -> list[EmaRow]:
        return [r for r in self.rows if not r.identity.country]

    @property
    def numbers_differ(self) -> list[EmaRow]:
        """Players registered with an EMA number other than the one on their identity (the
        file sends the registered one)."""
        return [
            r
            for r in self.rows
            if r.identity.ema_number and r.ema_number and r.identity.ema_number != r.ema_number
        ]

    @property
    def without_ema_number(self) -> list[EmaRow]:
        return [r for r in self.rows if not r.ema_number]

    @property
    def total(self) -> Decimal:
        return sum((line.row.score for line in self.lines), Decimal(0))

    @property
    def lost(self) -> Decimal:
        return sum((line.lost for line in self.lines), Decimal(0))

    @property
    def before(self) -> Decimal:
        """The scores without chombo and penalties, summed: zero when they add up."""
        return self.total - self.lost

    @property
    def finished(self) -> bool:
        return not self.unfinished and not self.sessions_missing


def checks(tournament: Tournament) -> Checks:
    facts = facts_of(tournament)
    table = tournament_table(tournament)
    rows = ema_rows(tournament, table)
    count = participants(tournament, len(rows))
    countries = facts.countries or len({r.identity.country for r in rows if r.identity.country})
    weight = tournament_weight(
        days=days(tournament),
        players=count,
        countries=countries,
        qualification=facts.qualification,
    )
    lines = {row.player_id: ScoreLine(row) for row in rows}
    by_entrant = {row.entrant_id: row.player_id for row in table}
    # Who a seat's result counts for: the registered player, or the one a substitute
    # replaced where substitutes' games count.
    owner: dict[tuple[int | None, int], int] = {}
    for game_id, player_id, entrant_id in TableSeat.objects.filter(
        session__tournament=tournament
    ).values_list("table__game_id", "player_id", "entrant_id"):
        entrant_player = by_entrant.get(entrant_id)
        if player_id == entrant_player or tournament.substitutes_count:
            owner[(game_id, player_id)] = by_entrant[entrant_id]
    games = list(
        Game.objects.filter(tournament_table__session__tournament=tournament).order_by("pk")
    )
    unfinished = []
    seat_players = {
        (g, n): p
        for g, n, p in Seat.objects.filter(game__in=games).values_list(
            "game_id", "number", "player_id"
        )
    }
    for game in games:
        if game.status == Game.Status.IN_PLAY:
            unfinished.append(game)
            continue
        if game.status != Game.Status.FINISHED:
            continue
        # The engine's final standings: what chombo and penalties cost each seat.
        for standing in final_standings(game.game_state(), game.ruleset(), game.record_penalties()):
            player = seat_players.get((game.pk, standing.seat))
            counted = owner.get((game.pk, player)) if player is not None else None
            if counted in lines and standing.penalty:
                lines[counted].lost -= Decimal(standing.penalty)
    # The organiser's penalties, off the total already.
    for row in table:
        if row.player_id in lines:
            lines[row.player_id].lost -= row.penalties_outside
    started = Session.objects.filter(tournament=tournament, started_at__isnull=False).count()
    return Checks(
        rows=rows,
        lines=[lines[r.player_id] for r in rows],
        participants=count,
        days=days(tournament),
        countries=countries,
        weight=weight,
        unfinished=unfinished,
        sessions_missing=max(tournament.sessions - started, 0),
    )
