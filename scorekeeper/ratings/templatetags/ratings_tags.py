"""How a rating reads on a page: whole numbers, with the one minus sign."""

from __future__ import annotations

from django import template

from scorekeeper.format import format_points

register = template.Library()


@register.filter
def rating(value: float | None) -> str:
    """A rating or an uncertainty, rounded to a whole number: ``1,497``."""
    return "–" if value is None else format_points(round(value))
