"""The club's MERS ranking on a chosen day (``scoring.mers``): every club player's results,
from the finished tournaments recorded here (their places in the tournament table, the
weight the EMA gave or else the likely one) and from results entered by hand for
tournaments played elsewhere; a tournament ended after the day does not count yet.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from django.db.models import Count, Q

from scorekeeper.club.models import Game, Player
from scorekeeper.ema.export import days, facts_of, last_day, participants
from scorekeeper.ema.models import OutsideResult
from scorekeeper.registry.identities import Identity, identities
from scorekeeper.tournaments.models import Tournament
from scorekeeper.tournaments.results import tournament_table
from scoring.mers import (
    Ranking,
    Result,
    age_factor,
    country_ranking,
    player_ranking,
    result,
    tournament_weight,
)


@dataclass(frozen=True)
class Source:
    """Where a result comes from, as the player's page explains it."""

    tournament: str
    last_day: date
    place: int
    players: int
    url: str = ""


@dataclass
class RankedPlayer:
    player_id: int
    name: str
    identity: Identity
    ranking: Ranking | None
    results: list[Result] = field(default_factory=list)
    rank: int | None = None

    @property
    def value(self) -> Decimal:
        """The ranking (0 for a player with too few results to be ranked)."""
        return self.ranking.ranking if self.ranking else Decimal(0)


def finished_tournaments(on: date, *, public_only: bool = False) -> list[Tournament]:
    """The tournaments whose every session has started and none of whose games is in play,
    ended by ``on`` and not more than two years before (an older result counts nothing),
    their results shown to all (none hidden by the organiser); with ``public_only``, those
    visitors may read."""
    # Three years back: a superset of two years after the last day, read by an index.
    oldest = on.replace(year=max(on.year - 3, 1), day=min(on.day, 28))
    candidates = Tournament.objects.annotate(
        started=Count("session_rows", filter=Q(session_rows__started_at__isnull=False)),
    ).filter(start_date__lte=on, start_date__gte=oldest, hidden_from__isnull=True)
    if public_only:
        candidates = candidates.filter(public=True)
    playing = set(
        Game.objects.filter(status=Game.Status.IN_PLAY, tournament_table__isnull=False).values_list(
            "tournament_table__session__tournament_id", flat=True
        )
    )
    return [
        t
        for t in candidates.select_related("ema_facts")
        if t.started >= t.sessions
        and t.pk not in playing
        and last_day(t) <= on
        and age_factor(last_day(t), on) > 0
    ]


def tournament_results(tournament: Tournament, on: date) -> dict[int, Result]:
    """Each registered player's result in ``tournament``, by player id."""
    table = tournament_table(tournament)
    count = participants(tournament, len(table))
    if count < 2:
        return {}
    facts = facts_of(tournament)
    weight = facts.weight
    if weight is None:
        found = identities(row.player_id for row in table)
        countries = facts.countries or len({i.country for i in found.values() if i.country})
        weight = tournament_weight(
            days=days(tournament),
            players=count,
            countries=countries,
            qualification=facts.qualification,
        )
    return {
        row.player_id: result(
            players=count,
            place=row.place,
            weight=weight,
            last_day=last_day(tournament),
            on=on,
            source=Source(
                tournament.name,
                last_day(tournament),
                row.place,
                count,
                tournament.get_absolute_url(),
            ),
        )
        for row in table
    }


def results_by_player(
    on: date, player: Player | None = None, *, public_only: bool = False
) -> dict[int, list[Result]]:
    found: dict[int, list[Result]] = defaultdict(list)
    for tournament in finished_tournaments(on, public_only=public_only):
        for player_id, counted in tournament_results(tournament, on).items():
            if player is None or player_id == player.pk:
                found[player_id].append(counted)
    outside = OutsideResult.objects.filter(last_day__lte=on)
    if player is not None:
        outside = outside.filter(player=player)
    for row in outside:
        found[row.player_id].append(
            result(
                players=row.players,
                place=row.place,
                weight=row.weight,
                last_day=row.last_day,
                on=on,
                source=Source(row.tournament, row.last_day, row.place, row.players),
            )
        )
    return found


def ranking_table(on: date, *, public_only: bool = False) -> list[RankedPlayer]:
    """Every player with a result, ranked first (best first), then those with too few."""
    found = results_by_player(on, public_only=public_only)
    names = dict(Player.objects.filter(pk__in=found).values_list("pk", "name"))
    known = identities(found)
    rows = [
        RankedPlayer(pk, names[pk], known.get(pk, Identity()), player_ranking(results), results)
        for pk, results in found.items()
        if pk in names
    ]
    ranked = sorted((r for r in rows if r.ranking is not None), key=lambda r: (-r.value, r.name))
    rank, previous = 0, None
    for index, row in enumerate(ranked):
        if row.value != previous:
            rank, previous = index + 1, row.value
        row.rank = rank
    unranked = sorted((r for r in rows if r.ranking is None), key=lambda r: r.name)
    return ranked + unranked


@dataclass(frozen=True)
class CountryRow:
    country: str
    label: str
    ranking: Decimal
    best: tuple[RankedPlayer, ...]


def country_table(rows: Iterable[RankedPlayer]) -> list[CountryRow]:
    """Each country of a ranked player: the average of its best three (zeros for fewer)."""
    by_country: dict[str, list[RankedPlayer]] = defaultdict(list)
    for row in rows:
        if row.ranking is not None and row.identity.country:
            by_country[row.identity.country].append(row)
    table = []
    for country, players in by_country.items():
        best = sorted(players, key=lambda r: -r.value)[:3]
        value = country_ranking(r.value for r in best)
        label = Identity(country=country).country_label
        table.append(CountryRow(country, label, value, tuple(best)))
    return sorted(table, key=lambda c: (-c.ranking, c.country))
