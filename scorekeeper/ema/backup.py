"""The EMA room's rows in the club's backup (``operations/backup.py``, two ``Part``\\ s,
after the tournaments'): an ``ema_tournament`` line per tournament with facts for the EMA, and
an ``outside_result`` line per result entered by hand, ids kept. Restoring reads them back by
their declared fields, refusing a field that is wrong by its name, as the forms would."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal, InvalidOperation
from typing import Any

from django.db import models
from django.utils.translation import gettext as _

from scorekeeper.ema.models import MAX_WEIGHT, OutsideResult, TournamentFacts
from scorekeeper.operations.backup import Part, _iso
from scorekeeper.operations.restore import (
    BackupLoader,
    Field,
    Reader,
    optional,
    read_bool,
    read_date,
    read_id,
    read_moment,
    read_row,
    read_text,
    text,
)
from scorekeeper.registry.identities import country_error
from scorekeeper.tournaments.models import Tournament


def _weight(value: Decimal | None) -> str | None:
    return None if value is None else str(value)


def facts_lines() -> Iterator[dict[str, Any]]:
    for facts in TournamentFacts.objects.order_by("pk"):
        yield {
            "tournament": facts.tournament_id,
            "country": facts.country,
            "city": facts.city,
            "short_name": facts.short_name,
            "countries": facts.countries,
            "qualification": facts.qualification,
            "weight": _weight(facts.weight),
        }


def result_lines() -> Iterator[dict[str, Any]]:
    for row in OutsideResult.objects.order_by("pk"):
        yield {
            "id": row.pk,
            "player": row.player_id,
            "tournament": row.tournament,
            "last_day": row.last_day.isoformat(),
            "players": row.players,
            "place": row.place,
            "weight": _weight(row.weight),
            "created_at": _iso(row.created_at),
        }


def _read_weight(value: Any, where: str, loader: BackupLoader, *, blank: bool) -> Decimal | None:
    if value is None and blank:
        return None
    try:
        weight = Decimal(value) if isinstance(value, str) else None
    except InvalidOperation:
        weight = None
    if weight is None or not weight.is_finite() or not 0 <= weight <= MAX_WEIGHT:
        raise loader.fail(
            where, _("expected a weight from 0 to %(most)s, as text") % {"most": MAX_WEIGHT}
        )
    if weight != weight.quantize(Decimal("0.1")):
        raise loader.fail(where, _("a weight has one decimal place"))
    return weight


def _whole(least: int) -> Reader:
    def read(value: Any, where: str, loader: BackupLoader) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= 32767:
            raise loader.fail(
                where, _("expected a whole number from %(least)s to 32767") % {"least": least}
            )
        return value

    return read


def _weight_of(*, blank: bool) -> Reader:
    return lambda value, where, loader: _read_weight(value, where, loader, blank=blank)


def _country(value: Any, where: str, loader: BackupLoader) -> str:
    country = read_text(value, where, loader, 3, blank=True)
    wrong = country_error(country)
    if wrong:
        raise loader.fail(where, wrong)
    return country


FACTS = (
    Field("tournament", read_id, attr="tournament_id"),
    Field("country", _country),
    Field("city", text(100, blank=True)),
    Field("short_name", text(30, blank=True)),
    Field("countries", optional(_whole(0))),
    Field("qualification", read_bool),
    Field("weight", _weight_of(blank=True)),
)
RESULT = (
    Field("id", read_id),
    Field("player", read_id, attr="player_id"),
    Field("tournament", text(100, blank=False)),
    Field("last_day", read_date),
    Field("players", _whole(2)),
    Field("place", _whole(1)),
    Field("weight", _weight_of(blank=False)),
    Field("created_at", read_moment),
)


def read_facts(obj: dict[str, Any], loader: BackupLoader) -> list[models.Model]:
    facts = TournamentFacts(**read_row(obj, FACTS, loader, apart={"type"}))
    if not Tournament.objects.filter(pk=facts.tournament_id).exists():
        raise loader.fail(
            "tournament", _("no tournament with id %(id)s") % {"id": facts.tournament_id}
        )
    facts.save()
    return [facts]


def read_result(obj: dict[str, Any], loader: BackupLoader) -> list[models.Model]:
    row = OutsideResult(**read_row(obj, RESULT, loader, apart={"type"}))
    if row.player_id not in loader.ids["player"]:
        raise loader.fail("player", _("no player with id %(id)s") % {"id": row.player_id})
    if row.place > row.players:
        raise loader.fail("place", _("a place is at most the players (%(n)s)") % {"n": row.players})
    row.save(force_insert=True)
    return [row]


FACTS_PART = Part("ema_tournament", facts_lines, read_facts)
RESULTS_PART = Part("outside_result", result_lines, read_result)
