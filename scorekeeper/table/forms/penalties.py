"""The penalty form: which seat, how many points off the final result, and why; and the
removal of one given by mistake. Both carry the game's revision when the page was shown."""

from __future__ import annotations

from typing import Any, Final

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.record import MAX_REASON
from scoring.rule_values import MAX_POINTS

#: A penalty form from a page older than the game (or with its revision broken).
OLD_PAGE: Final = gettext_lazy("This page is out of date: reload it and try again.")


def _revision_field() -> forms.IntegerField:
    return forms.IntegerField(
        min_value=0,
        widget=forms.HiddenInput,
        error_messages={"required": OLD_PAGE, "invalid": OLD_PAGE, "min_value": OLD_PAGE},
    )


class PenaltyForm(forms.Form):
    """A penalty for one of the table's players (``names`` in seat order)."""

    seat = forms.TypedChoiceField(
        label=gettext_lazy("Who"),
        coerce=int,
        widget=forms.RadioSelect,
        error_messages={"required": gettext_lazy("Choose the player who gets the penalty.")},
    )
    points = forms.IntegerField(
        label=gettext_lazy("Points off the final result"),
        min_value=100,
        max_value=MAX_POINTS,
        widget=forms.NumberInput(attrs={"step": 100, "inputmode": "numeric"}),
        help_text=gettext_lazy("In points, as on the table: 10000 takes 10.0 off the result."),
        error_messages={
            "required": gettext_lazy("Give the points the penalty takes off."),
            "min_value": gettext_lazy("A penalty takes at least 100 points off."),
            "max_value": format_lazy(
                gettext_lazy("A penalty takes at most {most} points off."), most=f"{MAX_POINTS:,}"
            ),
            "invalid": gettext_lazy("Give the points as a whole number, such as 10000."),
        },
    )
    reason = forms.CharField(
        label=gettext_lazy("Why (optional)"),
        max_length=MAX_REASON,
        required=False,
        widget=forms.TextInput(attrs={"placeholder": gettext_lazy("For example “late”")}),
    )
    revision = _revision_field()

    def __init__(self, data: Any = None, *, names: tuple[str, ...], **kwargs: Any) -> None:
        super().__init__(data, **kwargs)
        seat = self.fields["seat"]
        assert isinstance(seat, forms.TypedChoiceField)
        seat.choices = list(enumerate(names))

    def clean_points(self) -> int:
        points: int = self.cleaned_data["points"]
        if points % 100:
            raise forms.ValidationError(
                _("Give whole hundreds of points (%(points)s is not): 100, 1000, 10000…")
                % {"points": f"{points:,}"}
            )
        return points


class PenaltyRemoveForm(forms.Form):
    """Taking back a penalty, confirmed, for the game as the page showed it."""

    revision = _revision_field()
    confirmed = forms.BooleanField(required=True, widget=forms.HiddenInput)
