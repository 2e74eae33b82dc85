"""The EMA room's rows in the club's backup (``operations/backup.py``, two ``Part``\\ s,
after the tournaments'): an ``ema_tournament`` line per tournament with facts for the EMA, and
an ``outside_result`` line per result entered by hand, ids kept. Restoring reads them back,
refusing a field that is wrong by its name, as the forms would."""

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
    check_fields,
    read_day,
    read_id,
    read_moment,
    read_text,
)
from scorekeeper.registry.identities import country_error
from scorekeeper.tournaments.models import Tournament

FACTS = ("tournament", "country", "city", "short_name", "countries", "qualification", "weight")
RESULT = ("id", "player", "tournament", "last_day", "players", "place", "weight", "created_at")


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


def _whole(value: Any, where: str, loader: BackupLoader, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= 32767:
        raise loader.fail(
            where, _("expected a whole number from %(least)s to 32767") % {"least": least}
        )
    return value


def read_facts(obj: dict[str, Any], loader: BackupLoader) -> list[models.Model]:
    check_fields(obj, {"type", *FACTS}, loader)
    tournament = read_id(obj.get("tournament"), "tournament", loader)
    if not Tournament.objects.filter(pk=tournament).exists():
        raise loader.fail("tournament", _("no tournament with id %(id)s") % {"id": tournament})
    country = read_text(obj.get("country"), "country", loader, 3, blank=True)
    wrong = country_error(country)
    if wrong:
        raise loader.fail("country", wrong)
    countries = obj.get("countries")
    qualification = obj.get("qualification")
    if not isinstance(qualification, bool):
        raise loader.fail("qualification", _("expected true or false"))
    facts = TournamentFacts(
        tournament_id=tournament,
        country=country,
        city=read_text(obj.get("city"), "city", loader, 100, blank=True),
        short_name=read_text(obj.get("short_name"), "short_name", loader, 30, blank=True),
        countries=None if countries is None else _whole(countries, "countries", loader, 0),
        qualification=qualification,
        weight=_read_weight(obj.get("weight"), "weight", loader, blank=True),
    )
    facts.save()
    return [facts]


def read_result(obj: dict[str, Any], loader: BackupLoader) -> list[models.Model]:
    check_fields(obj, {"type", *RESULT}, loader)
    player = read_id(obj.get("player"), "player", loader)
    if player not in loader.ids["player"]:
        raise loader.fail("player", _("no player with id %(id)s") % {"id": player})
    day = read_day(obj.get("last_day"), "last_day", loader)
    if day is None:
        raise loader.fail("last_day", _("expected a date (YYYY-MM-DD)"))
    players = _whole(obj.get("players"), "players", loader, 2)
    place = _whole(obj.get("place"), "place", loader, 1)
    if place > players:
        raise loader.fail("place", _("a place is at most the players (%(n)s)") % {"n": players})
    weight = _read_weight(obj.get("weight"), "weight", loader, blank=False)
    assert weight is not None
    row = OutsideResult(
        id=read_id(obj.get("id"), "id", loader),
        player_id=player,
        tournament=read_text(obj.get("tournament"), "tournament", loader, 100, blank=False),
        last_day=day,
        players=players,
        place=place,
        weight=weight,
        created_at=read_moment(obj.get("created_at"), "created_at", loader),
    )
    row.save(force_insert=True)
    return [row]


FACTS_PART = Part("ema_tournament", facts_lines, read_facts)
RESULTS_PART = Part("outside_result", result_lines, read_result)
