"""The members' tokens in the admin, where an organiser sees which bots reach the club and
revokes a token (of a member who left, or a leaked one). A token is made by its member on
their own page, never here: its secret is shown to them alone."""

from __future__ import annotations

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils import timezone

from scorekeeper.api.models import Token


@admin.register(Token)
class TokenAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("name", "user", "scope", "prefix", "created_at", "last_used_at", "revoked_at")
    list_filter = ("scope", ("revoked_at", admin.EmptyFieldListFilter))
    search_fields = ("name", "user__username", "prefix")
    readonly_fields = (
        "user",
        "name",
        "scope",
        "prefix",
        "created_at",
        "last_used_at",
        "revoked_at",
    )
    exclude = ("digest",)
    actions = ("revoke",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.action(description="Revoke the chosen tokens")
    def revoke(self, request: HttpRequest, queryset: QuerySet[Token]) -> None:
        count = queryset.filter(revoked_at=None).update(revoked_at=timezone.now())
        messages.success(request, f"{count} token(s) revoked.")
