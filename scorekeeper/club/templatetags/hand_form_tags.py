"""The hand form's groups of chips, written in Python.

``{% chip_group field show="ron" %}`` writes a chip field (a ``ChipGroup`` of the hand form)
as a ``<fieldset>`` with its legend, its chips and its errors; ``data-for`` names the
outcomes it is shown for. ``{% chip_subgroup field "Han" "han" %}`` writes one of a winner's
rows (han, fu, yakuman, pao) with its label. A table's form has some thirty of them, and
rendered as template partials they were most of the time to render a blank form (which
each server process does for every table and dealer: see ``table_pages.blank_body_html``).
The chips themselves come written from ``forms_hand.FastBoundField``.
"""

from __future__ import annotations

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from scorekeeper.table.forms import ChipGroup

register = template.Library()


@register.simple_tag
def chip_group(field: ChipGroup, show: str = "", wide: bool = False) -> SafeString:
    data_for = f' data-for="{conditional_escape(show)}"' if show else ""
    return mark_safe(
        f'<fieldset class="group group-{field["name"]}{_error_class(field)}"{data_for}'
        f"{_described_by(field)}>\n"
        f"  <legend>{conditional_escape(field['label'])}</legend>\n"
        f"  {_chips(field, wide=wide)}\n"
        f"  {_errors(field)}</fieldset>"
    )  # the label and the errors escaped; names and ids are the form's own


@register.simple_tag
def chip_subgroup(field: ChipGroup, label: str, kind: str) -> SafeString:
    auto_id = field["auto_id"]
    return mark_safe(
        f'<div class="subgroup subgroup-{conditional_escape(kind)}{_error_class(field)}" '
        f'role="group" aria-labelledby="{auto_id}_label"{_described_by(field)}>\n'
        f'  <span class="sublabel" id="{auto_id}_label">{conditional_escape(label)}</span>\n'
        f"  {_chips(field, wide=False)}\n"
        f"  {_errors(field)}</div>"
    )  # the label and the errors escaped; ids are the form's own


def _chips(field: ChipGroup, *, wide: bool) -> str:
    wide_class = " chips-wide" if wide else ""
    return f'<div class="chips{wide_class}">{field["chips"]}</div>'  # chips: written safe


def _error_class(field: ChipGroup) -> str:
    return " has-error" if field["errors"] else ""


def _described_by(field: ChipGroup) -> str:
    return f' aria-describedby="{field["auto_id"]}_error"' if field["errors"] else ""


def _errors(field: ChipGroup) -> str:
    if not field["errors"]:
        return ""
    text = " ".join(str(conditional_escape(error)) for error in field["errors"])
    return f'<p class="field-error" id="{field["auto_id"]}_error">{text}</p>\n'
