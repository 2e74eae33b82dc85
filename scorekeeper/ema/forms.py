"""The EMA room's forms: a tournament's facts, a result entered by hand, the ranking's day."""

from __future__ import annotations

from datetime import date
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper.club.bounds import DAY_VALIDATORS
from scorekeeper.club.models import Player
from scorekeeper.ema.models import OutsideResult, TournamentFacts
from scorekeeper.registry.identities import country_choices


class FactsForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = TournamentFacts
        fields = ["country", "city", "short_name", "countries", "qualification", "weight"]
        labels = {
            "city": gettext_lazy("City"),
            "short_name": gettext_lazy("Short name"),
            "countries": gettext_lazy("Countries of the players"),
            "qualification": gettext_lazy("Players qualified to enter"),
            "weight": gettext_lazy("MERS weight the EMA gave"),
        }
        help_texts = {
            "countries": gettext_lazy("Leave blank to count the players’ countries known here."),
            "weight": gettext_lazy(
                "Leave blank until the EMA has given it: the likely one counts."
            ),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["country"] = forms.ChoiceField(
            required=False,
            label=gettext_lazy("Host country"),
            choices=[("", _("Not known")), *country_choices()],
        )


class OutsideResultForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = OutsideResult
        fields = ["player", "tournament", "last_day", "players", "place", "weight"]
        labels = {
            "player": gettext_lazy("Player"),
            "tournament": gettext_lazy("Tournament"),
            "last_day": gettext_lazy("Last day"),
            "players": gettext_lazy("Players"),
            "place": gettext_lazy("Place"),
            "weight": gettext_lazy("MERS weight"),
        }
        widgets = {"last_day": forms.DateInput(attrs={"type": "date"})}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        player = self.fields["player"]
        assert isinstance(player, forms.ModelChoiceField)
        player.queryset = Player.objects.order_by("name")

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        players, place = cleaned.get("players"), cleaned.get("place")
        if players is not None and place is not None and place > players:
            self.add_error(
                "place",
                _("Place %(place)s among %(players)s players: a place is at most the players.")
                % {"place": place, "players": players},
            )
        return cleaned

    def validate_constraints(self, exclude: Any = None) -> None:
        pass  # the place is checked above, in words


class DayForm(forms.Form):
    """The day the ranking is reckoned on (today when left out)."""

    day = forms.DateField(
        required=False,
        label=gettext_lazy("Ranking on"),
        widget=forms.DateInput(attrs={"type": "date"}),
        validators=DAY_VALIDATORS,
    )

    def on(self) -> date:
        if self.is_valid() and self.cleaned_data.get("day"):
            day: date = self.cleaned_data["day"]
            return day
        return timezone.localdate()
