"""The admin of the games and what they hold, for looking things up and fixing labels (the
players and saved rulesets are the registry's: ``registry/admin.py``).

Hands, seats and the game's projection are read-only here: they change only through the
services, which replay the hands so that points, standings and statistics stay consistent.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from scorekeeper.club.models import DeletedGame, Game, HandRecord, Season, Seat
from scorekeeper.club.projection import RESULT_FIELDS


class ReadOnlyAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """Viewable, never added, changed or deleted here: a seat or a hand removed from a game
    would leave its projection wrong (delete the whole game instead)."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class SeatInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Seat
    fields = ("number", "player", "final_points", "place", "result")
    readonly_fields = fields
    can_delete = False
    extra = 0
    max_num = 4

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class HandRecordInline(admin.TabularInline):  # type: ignore[type-arg]
    model = HandRecord
    fields = ("sequence", "data", "recorded_by", "recorded_at", "edited_by", "edited_at")
    readonly_fields = fields
    can_delete = False
    extra = 0

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = (
        "pk",
        "table_label",
        "ruleset_name",
        "status",
        "hand_count",
        "created_by",
        "created_at",
        "finished_at",
    )
    list_display_links = ("pk", "table_label")
    list_filter = ("status", "ruleset_name", "stopped_early")
    search_fields = ("table_label", "ruleset_name", "seats__player__name")
    date_hierarchy = "created_at"
    list_select_related = ("created_by",)
    # Only the labels are free text; everything else is what the hands made.
    readonly_fields = (
        "ruleset_name",
        "rules",
        "status",
        "hand_count",
        "revision",
        "state",
        "stopped_early",
        "created_by",
        "created_at",
        "updated_at",
        "finished_at",
        # Part of the record the game is replayed from: changed through the site's
        # services (the table's penalty form), never by hand here.
        "start",
        "penalties",
    )
    inlines = (SeatInline, HandRecordInline)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    list_display = ("game", "number", "player", "final_points", "place", "result")
    list_select_related = ("game", "player")
    list_filter = ("place",)
    search_fields = ("player__name", "game__table_label")
    readonly_fields = ("game", "number", "player", *RESULT_FIELDS)


@admin.register(HandRecord)
class HandRecordAdmin(ReadOnlyAdmin):
    list_display = ("game", "sequence", "recorded_by", "recorded_at", "edited_at")
    list_select_related = ("game", "recorded_by")
    search_fields = ("game__table_label",)
    readonly_fields = (
        "game",
        "sequence",
        "data",
        "recorded_by",
        "recorded_at",
        "edited_by",
        "edited_at",
    )


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("name", "start_date", "end_date", "ruleset_name")
    search_fields = ("name",)
    filter_horizontal = ("games",)


@admin.register(DeletedGame)
class DeletedGameAdmin(ReadOnlyAdmin):
    """What is left of deleted games: read here, written only by deleting a game."""

    list_display = ("game_id", "table_label", "ruleset_name", "started_at", "deleted_at")
    list_filter = ("status",)
