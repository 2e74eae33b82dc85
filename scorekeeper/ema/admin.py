"""The admin's EMA rows: tournaments' facts for the EMA and results entered by hand, read
and corrected with the site's forms (a place past the players is refused in words)."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from scorekeeper.ema.forms import FactsForm, OutsideResultForm
from scorekeeper.ema.models import OutsideResult, TournamentFacts


@admin.register(TournamentFacts)
class TournamentFactsAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    form = FactsForm
    list_display = ("tournament", "country", "city", "qualification", "weight")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # made on the tournament's check page, which names the tournament


@admin.register(OutsideResult)
class OutsideResultAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    form = OutsideResultForm
    list_display = ("player", "tournament", "last_day", "place", "players", "weight")
    search_fields = ("player__name", "tournament")
