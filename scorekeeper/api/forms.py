from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from scorekeeper.api.models import Token


class TokenForm(forms.Form):
    """A new token: what it is for, and whether it may record or only read."""

    name = forms.CharField(
        max_length=Token._meta.get_field("name").max_length,
        label=gettext_lazy("What is it for?"),
        help_text=gettext_lazy("A name to know it by: “Discord bot”, “results sheet”."),
    )
    scope = forms.ChoiceField(
        choices=[
            (Token.Scope.READ, gettext_lazy("Read games, standings and ratings")),
            (Token.Scope.RECORD, gettext_lazy("Read, start games and record hands as you")),
        ],
        initial=Token.Scope.READ,
        widget=forms.RadioSelect,
        label=gettext_lazy("It may"),
    )
