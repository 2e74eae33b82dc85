"""The admin's players and saved rulesets, through the registry's own forms (a name is
checked as on the site; the engine checks a ruleset's overrides)."""

from __future__ import annotations

from django.contrib import admin

from scorekeeper.club.models import Player, SavedRuleset
from scorekeeper.registry.forms import PlayerForm, SavedRulesetForm


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    form = PlayerForm
    list_display = ("name", "created_at")
    search_fields = ("name",)


@admin.register(SavedRuleset)
class SavedRulesetAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    # The same form as the site's: the engine checks the overrides.
    form = SavedRulesetForm
    list_display = ("name", "preset", "overrides", "created_at")
    list_filter = ("preset",)
    search_fields = ("name",)
