"""The hand form's fields for a table: the choices (outcomes, han, fu, yakuman), each seat's
win fields, and ``hand_fields``, which builds them for the table's players, winds and rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from django import forms
from django.forms.boundfield import BoundField

from scorekeeper.format import ABORT_WORDS
from scorekeeper.table.widgets import ChipSelect, ChipSelectMultiple, SeatChoice
from scoring.payments import FU_VALUES, MAX_YAKUMAN, impossible_reason
from scoring.rule_values import Yame
from scoring.rules import Ruleset

OUTCOMES: Final[tuple[tuple[str, str], ...]] = (
    ("ron", "Ron"),
    ("tsumo", "Tsumo"),
    ("draw", "Draw"),
    ("abort", "Abortive draw"),
    ("chombo", "Chombo"),
)
YAKUMAN: Final = "yakuman"
#: From this many han the fu do not matter (mangan and up).
LIMIT_HAN: Final = 5
HAN_CHOICES: Final = (
    *((str(han), "13+" if han == 13 else str(han)) for han in range(1, 14)),
    (YAKUMAN, "Yakuman"),
)
FU_CHOICES: Final = tuple((str(fu), str(fu)) for fu in FU_VALUES)
YAKUMAN_COUNTS: Final = tuple(
    (str(n), {1: "Single", 2: "Double", 3: "Triple"}.get(n, f"{n}×"))
    for n in range(1, MAX_YAKUMAN + 1)
)
SEATS: Final = range(4)


def _fu_attrs() -> dict[str, dict[str, str]]:
    """For each fu, the outcome and han below 5 that make it impossible (``ron-1 tsumo-2``),
    as the engine says; the page dims those choices."""
    attrs = {}
    for fu in FU_VALUES:
        invalid = [
            f"{way}-{han}"
            for way in ("ron", "tsumo")
            for han in range(1, LIMIT_HAN)
            if impossible_reason(han, fu, tsumo=way == "tsumo")
        ]
        attrs[str(fu)] = {"data-invalid": " ".join(invalid)}
    return attrs


_HAN_ATTRS: Final = {
    value: {"data-no-fu": ""} for value, _ in HAN_CHOICES if value == YAKUMAN or int(value) >= 5
}
_FU_ATTRS: Final = _fu_attrs()


@dataclass(frozen=True)
class WinFields:
    """One seat's win fields, for the template."""

    seat: int
    name: str
    wind: str
    han: BoundField
    fu: BoundField
    yakuman: BoundField | None
    pao: BoundField
    #: The hand calculator opened for this seat ("From tiles"), if the page offers it.
    from_tiles: str = ""


def _seats_field(labels: list[tuple[int, SeatChoice]], label: str, *, many: bool) -> forms.Field:
    if many:
        return forms.TypedMultipleChoiceField(
            label=label,
            choices=labels,
            coerce=int,
            required=False,
            widget=ChipSelectMultiple(seats=True),
        )
    return forms.TypedChoiceField(
        label=label,
        choices=labels,
        coerce=int,
        empty_value=None,
        required=False,
        widget=ChipSelect(seats=True),
    )


def hand_fields(
    names: tuple[str, ...],
    winds: tuple[str, ...],
    rules: Ruleset,
    *,
    winners_label: str,
    all_last: bool,
) -> dict[str, forms.Field]:
    """The hand form's fields for a table (its players, their winds, the rules that shape
    the form), in the order the errors are listed."""
    labels = [(seat, SeatChoice(names[seat], winds[seat])) for seat in SEATS]
    abortive_draws = tuple(rules.abortive_draws)
    fields: dict[str, forms.Field] = {
        "outcome": forms.ChoiceField(
            label="What happened?",
            choices=[c for c in OUTCOMES if c[0] != "abort" or abortive_draws],
            widget=ChipSelect(),
            error_messages={"required": "Choose what happened: ron, tsumo, a draw…"},
        ),
    }
    fields["winners"] = _seats_field(labels, winners_label, many=True)
    fields["discarder"] = _seats_field(labels, "Who discarded the winning tile?", many=False)
    fields["winner"] = _seats_field(labels, "Who won?", many=False)
    for seat in SEATS:
        fields |= _win_fields(seat, names[seat], labels, multiple_yakuman=rules.multiple_yakuman)
    fields["riichi"] = _seats_field(labels, "Riichi declared in this hand", many=True)
    fields["tenpai"] = _seats_field(labels, "Who was tenpai?", many=True)
    if rules.nagashi_mangan:
        fields["nagashi"] = _seats_field(labels, "Nagashi mangan", many=True)
    if abortive_draws:
        fields["abort_reason"] = forms.ChoiceField(
            label="Why was the hand aborted?",
            choices=[(r, ABORT_WORDS[r]) for r in abortive_draws],
            required=False,
            widget=ChipSelect(),
        )
    fields["offender"] = _seats_field(labels, "Who made the chombo?", many=False)
    # Only where agari-yame or tenpai-yame is a choice: "none" never stops, "automatic"
    # stops by itself (RULES.md, version 2 parameters).
    if all_last and Yame.OPTIONAL in (rules.agari_yame, rules.tenpai_yame):
        fields["end"] = forms.BooleanField(
            label="Stop the game after this hand (the dealer, in first place, ends it)",
            required=False,
        )
    return fields


def _win_fields(
    seat: int, name: str, labels: list[tuple[int, SeatChoice]], *, multiple_yakuman: bool
) -> dict[str, forms.Field]:
    # The fixed choices are given as callables: Django then reads them only where the field
    # is drawn or has a value to check, not for every field of every hand sent.
    fields: dict[str, forms.Field] = {}
    fields[f"win_{seat}_han"] = forms.ChoiceField(
        label=f"{name}: han",
        choices=lambda: HAN_CHOICES,
        required=False,
        widget=ChipSelect(_HAN_ATTRS),
    )
    fields[f"win_{seat}_fu"] = forms.TypedChoiceField(
        label=f"{name}: fu",
        choices=lambda: FU_CHOICES,
        coerce=int,
        empty_value=None,
        required=False,
        widget=ChipSelect(_FU_ATTRS),
    )
    if multiple_yakuman:
        fields[f"win_{seat}_yakuman"] = forms.TypedChoiceField(
            label=f"{name}: how many yakuman",
            choices=lambda: YAKUMAN_COUNTS,
            coerce=int,
            initial="1",
            required=False,
            widget=ChipSelect(),
        )
    fields[f"win_{seat}_pao"] = forms.TypedChoiceField(
        label=f"{name}: liable player (pao)",
        choices=[("", "Nobody"), *(c for c in labels if c[0] != seat)],
        coerce=int,
        empty_value=None,
        initial="",
        required=False,
        widget=ChipSelect(seats=True),
    )
    return fields
