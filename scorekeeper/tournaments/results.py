"""A tournament's results: the live table, each session's results, each player's path.

The sums are the history's standings over a set of games (``history.standings``): here the
finished games of the tournament's tables, of the sessions shown. A substitute's seat is
moved to the registered player they replaced where the tournament counts substitutes'
games for them, and dropped where it does not; the organiser's penalties are taken off the
totals after. A game's own penalties (given at the table) are in its results already; the
penalty column shows both.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db.models import Count, F, Max, QuerySet, Sum

from scorekeeper.club.models import Game, Seat
from scorekeeper.digest import digest
from scorekeeper.history.standings import standings
from scorekeeper.tournaments.models import Entrant, TableSeat, Tournament, TournamentPenalty

_TENTH = Decimal("0.1")


@dataclass
class ResultRow:
    """A registered player's line in the tournament table."""

    entrant_id: int
    player_id: int
    name: str
    games: int = 0
    results: Decimal = Decimal(0)
    penalties: Decimal = Decimal(0)
    chombo: int = 0
    place_sum: int = 0
    place: int = 0
    #: The organiser's penalties alone: the games' are in ``results`` already.
    penalties_outside: Decimal = Decimal(0)
    #: The player's current points at a game in play (``None``: none is), beside the
    #: finished results: the race, not yet a result (``tournament_table(live=True)``).
    in_play: int | None = None

    @property
    def total(self) -> Decimal:
        """The results (their games' penalties in them) less the organiser's penalties."""
        return self.results - self.penalties_outside

    @property
    def penalties_off(self) -> Decimal:
        """The penalties as the points they take off: ``-20.0`` for a penalty of 20."""
        return -self.penalties


@dataclass
class PathStep:
    """One session of a player's path: the table, the result and the place there."""

    session: int
    table: int
    result: Decimal | None
    place: int | None
    points: int | None


@dataclass
class Path:
    entrant_id: int
    name: str
    steps: list[PathStep] = field(default_factory=list)


def shown_sessions(tournament: Tournament, *, organiser: bool) -> int | None:
    """The first session whose results are hidden from this reader (``None``: none is)."""
    return None if organiser else tournament.hidden_from


def tournament_games(tournament: Tournament, *, before: int | None = None) -> QuerySet[Game]:
    """The games of the tournament's tables, of the sessions before ``before`` (all)."""
    games = Game.objects.filter(tournament_table__session__tournament=tournament)
    if before is not None:
        games = games.filter(tournament_table__session__number__lt=before)
    return games


def _moved_seats(tournament: Tournament, before: int | None) -> list[dict[str, Any]]:
    """The substitutes' seats of finished games: whose they are and what they scored."""
    seats = TableSeat.objects.filter(session__tournament=tournament).exclude(
        player_id=F("entrant__player_id")
    )
    if before is not None:
        seats = seats.filter(session__number__lt=before)
    pairs = list(seats.values_list("table__game_id", "player_id", "entrant_id"))
    if not pairs:
        return []
    found = Seat.objects.filter(
        game_id__in={g for g, _, _ in pairs if g}, result__isnull=False
    ).values("game_id", "player_id", "result", "place", "chombos")
    owner = {(g, p): e for g, p, e in pairs}
    return [
        {**row, "entrant_id": owner[(row["game_id"], row["player_id"])]}
        for row in found
        if (row["game_id"], row["player_id"]) in owner
    ]


def tournament_table(
    tournament: Tournament, *, before: int | None = None, live: bool = False
) -> list[ResultRow]:
    """Every registered player's line, best first, over the sessions before ``before``
    (all when ``None``): the sum of results, penalties, chombo, games and place; with
    ``live``, each player's points at a game in play (``points_in_play``) beside them."""
    entrants = list(
        Entrant.objects.filter(
            tournament=tournament, status=Entrant.Status.IN, substitute=False
        ).values_list("pk", "player_id", "player__name")
    )
    rows = {player: ResultRow(pk, player, name) for pk, player, name in entrants}
    by_entrant = {row.entrant_id: row for row in rows.values()}
    games = tournament_games(tournament, before=before)
    for line in standings(games):
        row = rows.get(line["player_id"])
        if row is not None:
            row.games = line["games"]
            row.results = Decimal(line["total"])
            row.place_sum = line["place_sum"]
    chombos = (
        Seat.objects.filter(game__in=games.order_by(), result__isnull=False, chombos__gt=0)
        .values("player_id")
        .annotate(n=Sum("chombos"))
    )
    for line in chombos:
        if line["player_id"] in rows:
            rows[line["player_id"]].chombo = line["n"]
    for seat in _moved_seats(tournament, before):
        # The substitute is not registered, so their seat is in nobody's line yet.
        if not tournament.substitutes_count:
            continue
        row = by_entrant[seat["entrant_id"]]
        row.games += 1
        row.results += Decimal(seat["result"])
        row.place_sum += seat["place"]
        row.chombo += seat["chombos"]
    _penalties(tournament, games, before, rows, by_entrant)
    ordered = sorted(rows.values(), key=lambda r: (-r.total, -r.games, r.name))
    place = 0
    for index, row in enumerate(ordered):
        if index == 0 or row.total != ordered[index - 1].total:
            place = index + 1
        row.place = place
    if live:
        for entrant, points in points_in_play(tournament, before=before).items():
            if entrant in by_entrant:
                by_entrant[entrant].in_play = points
    return ordered


def _penalties(
    tournament: Tournament,
    games: QuerySet[Game],
    before: int | None,
    rows: dict[int, ResultRow],
    by_entrant: dict[int, ResultRow],
) -> None:
    """The organiser's penalties (off the total) and the games' (in the results already)."""
    given = TournamentPenalty.objects.filter(tournament=tournament, taken_back_at__isnull=True)
    if before is not None:
        given = given.exclude(session__gte=before)
    for entrant, points in (
        given.values("entrant_id").annotate(p=Sum("points")).values_list("entrant_id", "p")
    ):
        by_entrant[entrant].penalties_outside += points
        by_entrant[entrant].penalties += points
    with_penalties = list(
        games.filter(status=Game.Status.FINISHED)
        .exclude(penalties=[])
        .values_list("pk", "penalties")
    )
    if not with_penalties:
        # Most tournaments give none at their tables: their players' seats are not read.
        return
    seats = Seat.objects.filter(game_id__in=[pk for pk, _ in with_penalties]).values_list(
        "game_id", "number", "player_id"
    )
    players = {(g, n): p for g, n, p in seats}
    for pk, penalties in with_penalties:
        for penalty in penalties:
            row = rows.get(players.get((pk, penalty["seat"]), -1))
            if row is not None:
                row.penalties += (Decimal(penalty["points"]) / 1000).quantize(_TENTH)


def penalties_given(tournament: Tournament, *, before: int | None = None) -> list[Any]:
    """The organiser's penalties, in the order given, with their players: those taken back
    too (the results say they were)."""
    given = TournamentPenalty.objects.filter(tournament=tournament).select_related(
        "entrant__player"
    )
    if before is not None:
        given = given.exclude(session__gte=before)
    return list(given)


def paths(tournament: Tournament, *, before: int | None = None) -> dict[int, Path]:
    """Each registered player's sessions: table, result, place (blank for a game not
    finished), by entrant id, sessions in order."""
    seats = TableSeat.objects.filter(session__tournament=tournament)
    if before is not None:
        seats = seats.filter(session__number__lt=before)
    placed = seats.values_list(
        "entrant_id",
        "entrant__player__name",
        "session__number",
        "table__number",
        "table__game_id",
        "player_id",
    )
    rows = list(placed)
    results = {
        (g, p): (r, pl, pts)
        for g, p, r, pl, pts in Seat.objects.filter(
            game_id__in={r[4] for r in rows if r[4]}
        ).values_list("game_id", "player_id", "result", "place", "final_points")
    }
    found: dict[int, Path] = {}
    for entrant, name, session, table, game, player in sorted(rows, key=lambda r: r[2]):
        path = found.setdefault(entrant, Path(entrant, name))
        result, place, points = results.get((game, player), (None, None, None))
        path.steps.append(PathStep(session, table, result, place, points))
    return found


def session_results(
    tournament: Tournament, number: int
) -> list[tuple[int, list[tuple[TableSeat, Any]]]]:
    """A session's tables, each with its seats and their results (``None`` before the end)."""
    seats = list(
        TableSeat.objects.filter(session__tournament=tournament, session__number=number)
        .select_related("table", "player", "entrant__player")
        .order_by("table__number", "number")
    )
    results: dict[tuple[int | None, int], Any] = {
        (g, p): row
        for g, p, *row in Seat.objects.filter(
            game_id__in={s.table.game_id for s in seats if s.table.game_id}
        ).values_list("game_id", "player_id", "result", "place", "final_points")
    }
    tables: defaultdict[int, list[tuple[TableSeat, Any]]] = defaultdict(list)
    for seat in seats:
        tables[seat.table.number].append((seat, results.get((seat.table.game_id, seat.player_id))))
    return sorted(tables.items())


def results_state(tournament: Tournament, *, before: int | None) -> tuple[str, list[Any]]:
    """What the tournament table depends on, as a digest for a cache key, and the registered
    players (id, name) by name, read with it: the games counted (how many, their last
    change: every change to a game's hands, penalties or status sets it), the organiser's
    penalties, the players' names, whether substitutes count. Three queries."""
    games = tournament_games(tournament, before=before).aggregate(
        n=Count("pk"), last=Max("updated_at")
    )
    given = TournamentPenalty.objects.filter(tournament=tournament).aggregate(
        n=Count("pk"), last=Max("created_at"), back=Max("taken_back_at")
    )
    names = list(
        Entrant.objects.filter(tournament=tournament, status=Entrant.Status.IN, substitute=False)
        .order_by("player__name", "pk")
        .values_list("pk", "player__name")
    )
    key = digest(
        tournament.pk,
        before,
        tournament.substitutes_count,
        games["n"],
        games["last"],
        given["n"],
        given["last"],
        given["back"],
        names,
    )
    return key, names


def counted(rows: Iterable[ResultRow]) -> list[dict[str, Any]]:
    """The table as plain values, for the downloads: numbers as numbers (one decimal), the
    penalties as the points they take off (``-20.0``)."""
    return [
        {
            "place": r.place,
            "player_id": r.player_id,
            "name": r.name,
            "total": float(r.total.quantize(_TENTH)),
            "results": float(r.results.quantize(_TENTH)),
            "penalties": float(r.penalties_off.quantize(_TENTH)),
            "chombo": r.chombo,
            "games": r.games,
        }
        for r in rows
    ]


def points_in_play(tournament: Tournament, *, before: int | None = None) -> dict[int, int]:
    """Each registered player's current points at a game in play (by entrant id), in the
    sessions shown (before ``before``): the race beside the finished results. A
    substitute's points are the player's they replace where the tournament counts
    substitutes' games for them, as the results will (else nobody's). One query."""
    seats = TableSeat.objects.filter(
        session__tournament=tournament, table__game__status=Game.Status.IN_PLAY
    )
    if not tournament.substitutes_count:
        seats = seats.filter(player_id=F("entrant__player_id"))
    if before is not None:
        seats = seats.filter(session__number__lt=before)
    return {
        entrant: int(state["scores"][number])
        for entrant, number, state in seats.values_list(
            "entrant_id", "number", "table__game__state"
        )
    }
