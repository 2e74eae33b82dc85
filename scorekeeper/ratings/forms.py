"""The ratings table's options, read from the address (the page and the downloads alike):
which kind of game, all time or a season, and the fewest games a player needs."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy

from scorekeeper.club.models import Season
from scorekeeper.format import KINDS


class RatingsForm(forms.Form):
    """``?players=4|3&season=ID&min_games=N``; every option may be left out."""

    players = forms.TypedChoiceField(
        choices=KINDS,
        coerce=int,
        required=False,
        label=gettext_lazy("Games of"),
    )
    season = forms.ModelChoiceField(
        queryset=Season.objects.order_by("-start_date", "-created_at", "name"),
        required=False,
        empty_label=gettext_lazy("All time"),
        label=gettext_lazy("Season"),
    )
    min_games = forms.IntegerField(
        min_value=0, max_value=100_000, required=False, label=gettext_lazy("At least … games")
    )

    def options(self) -> dict[str, Any]:
        """The options as ``queries.ratings_table`` takes them."""
        return {
            "players": self.cleaned_data["players"] or 4,
            "season": self.cleaned_data["season"],
            "minimum_games": self.cleaned_data["min_games"] or 0,
        }
