"""The admin's players and saved rulesets, through the registry's own forms (a name is
checked as on the site; the engine checks a ruleset's overrides); and the login attempts
counted (``ratelimit``), where an organiser sees who is held back and lifts a lockout."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from scorekeeper.club.models import AddressCount, LoginCount, Player, SavedRuleset
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


@admin.action(description="Lift the lockout (forget these attempts)")
def lift_lockout(
    modeladmin: admin.ModelAdmin[Any], request: HttpRequest, counts: QuerySet[Any]
) -> None:
    lifted, _ = counts.delete()
    modeladmin.message_user(request, f"Lifted {lifted} count(s).", messages.SUCCESS)


class _CountAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """Counts are made by login attempts only; an organiser reads them and deletes them
    (which lifts the lockout they hold)."""

    actions = [lift_lockout]
    ordering = ("-count",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(LoginCount)
class LoginCountAdmin(_CountAdmin):
    list_display = ("username", "ip", "count", "started")
    search_fields = ("username", "ip")


@admin.register(AddressCount)
class AddressCountAdmin(_CountAdmin):
    list_display = ("ip", "count", "started")
    search_fields = ("ip",)
