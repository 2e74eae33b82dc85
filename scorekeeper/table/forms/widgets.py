"""The hand form's chips: radio buttons and checkboxes drawn as buttons to tap.

Each is Django's own widget with the site's templates (``table/widgets/``): the options in a
row (written in one loop, not one template per option: the form has some 170), each
``<label class="chip"><input …><span class="chip-face">…</span></label>``, so the page's
CSS shows a checked chip by ``input:checked + .chip-face``. A choice may carry extra
attributes of its own (``option_attrs[value]``: which fu a han makes impossible, which han
need no fu), and a seat's choice is a ``SeatChoice``, which the template writes as the
player's name and wind.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms

from scorekeeper.format import short_name


@dataclass(frozen=True, slots=True)
class SeatChoice:
    """A player as a choice of the hand form: the name, and the seat's wind this hand."""

    name: str
    wind: str

    def __str__(self) -> str:
        return f"{self.name} ({self.wind})"

    @property
    def short(self) -> str:
        """The name as a chip shows it: cut at a word where it is long."""
        return short_name(self.name)


class ChipSelect(forms.RadioSelect):
    """One choice among chips."""

    template_name = "table/widgets/chips.html"
    option_template_name = "table/widgets/chip.html"

    def __init__(
        self, option_attrs: dict[str, dict[str, str]] | None = None, *, seats: bool = False
    ) -> None:
        super().__init__()
        self.option_attrs = option_attrs or {}
        #: The choices are players (``SeatChoice``: a name and a wind), and perhaps nobody.
        self.seats = seats

    def get_context(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        context: dict[str, Any] = super().get_context(*args, **kwargs)
        context["seats"] = self.seats
        return context

    def create_option(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option: dict[str, Any] = super().create_option(*args, **kwargs)
        extra = self.option_attrs.get(str(option["value"]))
        if extra:
            option["attrs"].update(extra)
        return option


class ChipSelectMultiple(ChipSelect, forms.CheckboxSelectMultiple):
    """Any number of chips."""
