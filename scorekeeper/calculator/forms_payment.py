from __future__ import annotations

from typing import Final

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext_lazy

from scorekeeper.format import PRESET_CHOICES
from scoring.rules import Ruleset, resolve_rules

DEFAULT_PRESET: Final = "ema"


class PaymentTableForm(forms.Form):
    """The GET filter of the payment table: which ruleset to show (a preset, for now)."""

    rules = forms.ChoiceField(
        label=gettext_lazy("Ruleset"),
        choices=PRESET_CHOICES,
        error_messages={
            "invalid_choice": gettext_lazy("Unknown ruleset “%(value)s”: choose one of the list."),
            "required": gettext_lazy("Choose a ruleset."),
        },
    )

    def __init__(self, query: QueryDict) -> None:
        # Without a choice in the query the page shows the default ruleset.
        data = query.copy()
        data.setdefault("rules", DEFAULT_PRESET)
        super().__init__(data)

    def to_rules(self) -> Ruleset:
        return resolve_rules(self.cleaned_data["rules"])
