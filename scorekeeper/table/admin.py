"""The admin of the hands phones sent under their own keys: read here, never written (the
games, hands and seats are the club's: ``club/admin.py``)."""

from __future__ import annotations

from django.contrib import admin

from scorekeeper.club.admin import ReadOnlyAdmin
from scorekeeper.table.models import SentHand


@admin.register(SentHand)
class SentHandAdmin(ReadOnlyAdmin):
    """Hands phones sent under their own keys: read here, written only by the table (a
    conflict is settled on the table page, which replays the game)."""

    list_display = (
        "game",
        "sequence",
        "outcome",
        "reason",
        "key",
        "sent_by",
        "entered_at",
        "sent_at",
        "settled_at",
    )
    list_select_related = ("game", "sent_by")
    list_filter = ("outcome", "reason")
    search_fields = ("game__table_label", "=key")
    date_hierarchy = "sent_at"
    readonly_fields = (
        "game",
        "key",
        "after",
        "sequence",
        "data",
        "outcome",
        "reason",
        "sent_by",
        "entered_at",
        "sent_at",
        "settled_by",
        "settled_at",
        "replaced",
    )
