"""The hand form's chips: radio buttons and checkboxes drawn as buttons to tap.

Each is Django's own widget with the site's templates (``club/widgets/``): the options in a
row, each ``<label class="chip"><input …><span class="chip-face">…</span></label>``, so the
page's CSS shows a checked chip by ``input:checked + .chip-face``. A choice may carry extra
attributes of its own (``option_attrs[value]``: which fu a han makes impossible, which han
need no fu), and a seat's choice is a ``SeatChoice``, which the template writes as the
player's name and wind.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms


@dataclass(frozen=True, slots=True)
class SeatChoice:
    """A player as a choice of the hand form: the name, and the seat's wind this hand."""

    name: str
    wind: str

    def __str__(self) -> str:
        return f"{self.name} ({self.wind})"


class _Chips:
    template_name = "club/widgets/chips.html"
    option_template_name = "club/widgets/chip.html"

    def __init__(
        self, option_attrs: dict[str, dict[str, str]] | None = None, *, seats: bool = False
    ) -> None:
        super().__init__()  # type: ignore[call-arg]
        self.option_attrs = option_attrs or {}
        if seats:
            # Players' names and winds (``SeatChoice``), and perhaps a choice of nobody.
            self.option_template_name = "club/widgets/seat_chip.html"

    def create_option(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option: dict[str, Any] = super().create_option(*args, **kwargs)  # type: ignore[misc]
        extra = self.option_attrs.get(str(option["value"]))
        if extra:
            option["attrs"].update(extra)
        return option


class ChipSelect(_Chips, forms.RadioSelect):
    """One choice among chips."""


class ChipSelectMultiple(_Chips, forms.CheckboxSelectMultiple):
    """Any number of chips."""
