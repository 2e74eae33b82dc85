"""The admin's players and saved rulesets, through the registry's own forms (a name is
checked as on the site; the engine checks a ruleset's overrides); and the login attempts
counted (``ratelimit``), where an organiser sees who is held back and lifts a lockout."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from scorekeeper.club.models import Player, SavedRuleset
from scorekeeper.registry.forms import PlayerForm, SavedRulesetForm
from scorekeeper.registry.models import AddressCount, LoginCount
from scorekeeper.registry.services import save_player


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    # The site's form, platform names and all; saved by the site's service.
    form = PlayerForm
    list_display = ("name", "given_name", "family_name", "country", "ema_number", "created_at")
    list_filter = ("country",)
    search_fields = ("name", "given_name", "family_name", "ema_number", "platform_names__name")

    def save_model(self, request: HttpRequest, obj: Player, form: Any, change: bool) -> None:
        name = form.cleaned_data["name"]
        # ``obj`` carries the form's values already: the service reads the stored row.
        player = Player.objects.get(pk=obj.pk) if change else Player()
        saved = save_player(player=player, name=name, identity=form.identity())
        obj.pk = saved.pk

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        pass  # the platform names are saved with the player


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
