"""The hand form's fields for a table: the choices (outcomes, han, fu, yakuman), each seat's
win fields, and ``hand_fields``, which builds them for the table's players, winds and rules.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from django import forms
from django.forms.boundfield import BoundField
from django.utils.translation import get_language, gettext_lazy, pgettext_lazy
from django.utils.translation import gettext as _

from scorekeeper.format import ABORT_WORDS
from scorekeeper.table.forms.widgets import ChipSelect, ChipSelectMultiple, SeatChoice
from scorekeeper.table.forms.yaku import YakuFields, yaku_fields
from scoring.payments import FU_VALUES, MAX_YAKUMAN, impossible_reason
from scoring.record_hand import MAX_CHIPS
from scoring.rule_values import Yame
from scoring.rules import Ruleset

OUTCOMES: Final[tuple[tuple[str, Any], ...]] = (
    ("ron", gettext_lazy("Ron")),
    ("tsumo", gettext_lazy("Tsumo")),
    ("draw", gettext_lazy("Draw")),
    ("abort", gettext_lazy("Abortive draw")),
    ("chombo", gettext_lazy("Chombo")),
)
YAKUMAN: Final = "yakuman"
#: From this many han the fu do not matter (mangan and up).
LIMIT_HAN: Final = 5
HAN_CHOICES: Final = (
    *((str(han), "13+" if han == 13 else str(han)) for han in range(1, 14)),
    (YAKUMAN, pgettext_lazy("han chip", "Yakuman")),
)
FU_CHOICES: Final = tuple((str(fu), str(fu)) for fu in FU_VALUES)
#: How many yakuman a win is: single, double, triple (4×, 5×, 6× beyond).
_YAKUMAN_WORDS: Final = {
    1: pgettext_lazy("yakuman count", "Single"),
    2: pgettext_lazy("yakuman count", "Double"),
    3: pgettext_lazy("yakuman count", "Triple"),
}
YAKUMAN_COUNTS: Final = tuple(
    (str(n), _YAKUMAN_WORDS.get(n, f"{n}×")) for n in range(1, MAX_YAKUMAN + 1)
)


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
    value: {"data-no-fu": ""}
    for value, _label in HAN_CHOICES
    if value == YAKUMAN or int(value) >= LIMIT_HAN
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
    #: The chips the win carries, where the rules have chips.
    chips: BoundField | None = None
    #: The seat's yaku chips, dora counters and open/closed chips.
    yaku: YakuFields | None = None


class SeatsField(forms.TypedMultipleChoiceField):
    """Seats chosen among chips, each at most once. A chip sends its seat once; a seat sent
    twice (``riichi=1&riichi=1``) is a request made by hand, refused on its field as the
    engine and the game record would refuse it, so no such hand is ever stored."""

    default_error_messages = {"twice": gettext_lazy("%(name)s is chosen twice.")}

    def validate(self, value: Any) -> None:
        super().validate(value)
        seen: set[Any] = set()
        for seat in value:
            if seat in seen:
                # Checked before the seats are coerced: ``seat`` is the text sent.
                choices: Iterable[tuple[Any, Any]] = self.choices  # type: ignore[assignment]
                name = dict(choices).get(self.coerce(seat), seat)
                raise forms.ValidationError(
                    self.error_messages["twice"],
                    code="twice",
                    params={"name": getattr(name, "name", name)},
                )
            seen.add(seat)


def _seats_field(labels: list[tuple[int, SeatChoice]], label: str, *, many: bool) -> forms.Field:
    if many:
        return SeatsField(
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
    win_seats: Iterable[int] | None = None,
) -> dict[str, forms.Field]:
    """The hand form's fields for a table (its players, their winds, the rules that shape
    the form: the seats are the rules' seating's), in the order the errors are listed; the
    win fields of ``win_seats`` only (every seat's when ``None``)."""
    seats = rules.seating.seats
    labels = [(seat, SeatChoice(names[seat], winds[seat])) for seat in seats]
    abortive_draws = tuple(rules.abortive_draws)
    fields: dict[str, forms.Field] = {
        "outcome": forms.ChoiceField(
            label=_("What happened?"),
            choices=[c for c in OUTCOMES if c[0] != "abort" or abortive_draws],
            widget=ChipSelect(),
            error_messages={"required": _("Choose what happened: ron, tsumo, a draw…")},
        ),
    }
    fields["winners"] = _seats_field(labels, winners_label, many=True)
    fields["discarder"] = _seats_field(labels, _("Who discarded the winning tile?"), many=False)
    fields["winner"] = _seats_field(labels, _("Who won?"), many=False)
    for seat in seats if win_seats is None else win_seats:
        fields |= _win_fields(seat, names[seat], labels, rules)
        fields |= yaku_fields(seat, names[seat], rules)
    fields["riichi"] = _seats_field(labels, _("Riichi declared in this hand"), many=True)
    fields["tenpai"] = _seats_field(labels, _("Who was tenpai?"), many=True)
    if rules.nagashi_mangan:
        fields["nagashi"] = _seats_field(labels, _("Nagashi mangan"), many=True)
    fields["offender"] = _seats_field(labels, _("Who made the chombo?"), many=False)
    fields |= rule_fields(rules, all_last=all_last)
    return fields


def checked_fields(
    names: tuple[str, ...],
    winds: tuple[str, ...],
    rules: Ruleset,
    *,
    winners_label: str,
    all_last: bool,
    win_seats: tuple[int, ...],
) -> dict[str, forms.Field]:
    """``hand_fields`` for a hand only checked, never drawn (a sent hand), built once per
    table, winners and language and shared by the forms that check such hands: a checked
    form only cleans its values with its fields, which never changes them (a drawn form
    builds its own, as it binds and renders them). Every hand sent to a table asks for the
    same few; building them was a good part of recording one."""
    kept = _kept_checked_fields(
        names, winds, rules, winners_label, all_last, win_seats, get_language()
    )
    return dict(kept)


@lru_cache(maxsize=256)
def _kept_checked_fields(
    names: tuple[str, ...],
    winds: tuple[str, ...],
    rules: Ruleset,
    winners_label: str,
    all_last: bool,
    win_seats: tuple[int, ...],
    language: str,
) -> dict[str, forms.Field]:
    # The language is in the key: the labels and error messages are worded in it.
    return hand_fields(
        names, winds, rules, winners_label=winners_label, all_last=all_last, win_seats=win_seats
    )


def _win_fields(
    seat: int, name: str, labels: list[tuple[int, SeatChoice]], rules: Ruleset
) -> dict[str, forms.Field]:
    """One seat's win fields: each builder of ``WIN_FIELDS`` adds its own."""
    fields: dict[str, forms.Field] = {}
    for build in WIN_FIELDS:
        fields |= build(seat, name, labels, rules)
    return fields


def _hand_value_fields(
    seat: int, name: str, labels: list[tuple[int, SeatChoice]], rules: Ruleset
) -> dict[str, forms.Field]:
    """A win's han and fu, or its yakuman, and who is liable for it (pao)."""
    # The fixed choices are given as callables: Django then reads them only where the field
    # is drawn or has a value to check, not for every field of every hand sent.
    fields: dict[str, forms.Field] = {}
    fields[f"win_{seat}_han"] = forms.ChoiceField(
        label=_("%(name)s: han") % {"name": name},
        choices=lambda: HAN_CHOICES,
        required=False,
        widget=ChipSelect(_HAN_ATTRS),
    )
    fields[f"win_{seat}_fu"] = forms.TypedChoiceField(
        label=_("%(name)s: fu") % {"name": name},
        choices=lambda: FU_CHOICES,
        coerce=int,
        empty_value=None,
        required=False,
        widget=ChipSelect(_FU_ATTRS),
    )
    if rules.multiple_yakuman:
        fields[f"win_{seat}_yakuman"] = forms.TypedChoiceField(
            label=_("%(name)s: how many yakuman") % {"name": name},
            choices=lambda: YAKUMAN_COUNTS,
            coerce=int,
            initial="1",
            required=False,
            widget=ChipSelect(),
        )
    fields[f"win_{seat}_pao"] = forms.TypedChoiceField(
        label=_("%(name)s: liable player (pao)") % {"name": name},
        choices=[("", pgettext_lazy("pao", "Nobody")), *(c for c in labels if c[0] != seat)],
        coerce=int,
        empty_value=None,
        initial="",
        required=False,
        widget=ChipSelect(seats=True),
    )
    return fields


# -- The fields the ruleset's own rules add: chips, an abortive draw with or without its
# reason, stopping the game by choice (RULES.md, version 2 parameters).

#: The outcomes whose yame rule is ``rules.agari_yame`` (wins) or ``rules.tenpai_yame``.
WIN_OUTCOMES: Final = ("ron", "tsumo")
DRAW_OUTCOMES: Final = ("draw",)


def end_outcomes(rules: Ruleset) -> tuple[str, ...]:
    """The outcomes after which the game may be stopped by choice: a win under optional
    agari-yame, an exhaustive draw under optional tenpai-yame. Under ``none`` the game
    never stops by choice, under ``automatic`` it stops by itself."""
    out: tuple[str, ...] = ()
    if rules.agari_yame is Yame.OPTIONAL:
        out += WIN_OUTCOMES
    if rules.tenpai_yame is Yame.OPTIONAL:
        out += DRAW_OUTCOMES
    return out


def _end_label(outcomes: tuple[str, ...]) -> str:
    if outcomes == WIN_OUTCOMES:
        return _("Stop the game after this hand: the dealer wins in first place (agari-yame)")
    if outcomes == DRAW_OUTCOMES:
        return _("Stop the game after this hand: the dealer is tenpai in first place (tenpai-yame)")
    return _(
        "Stop the game after this hand: the dealer wins or is tenpai in first place "
        "(agari-yame, tenpai-yame)"
    )


def rule_fields(rules: Ruleset, *, all_last: bool) -> dict[str, forms.Field]:
    """The hand's fields that only some rules have, beside the winners' own (``WIN_FIELDS``)."""
    fields: dict[str, forms.Field] = {}
    abortive_draws = tuple(rules.abortive_draws)
    if abortive_draws:
        # The table may not have noted which abortive draw it was: the record then has
        # ``abort: {}``.
        fields["abort_reason"] = forms.ChoiceField(
            label=_("Which abortive draw? (if noted)"),
            choices=[(r, ABORT_WORDS[r]) for r in abortive_draws],
            required=False,
            widget=ChipSelect(),
        )
    # Only in all-last, and only where a yame rule is a choice; the engine decides whether
    # this hand is one the dealer may stop after, and a refusal comes back on the field.
    outcomes = end_outcomes(rules)
    if all_last and outcomes:
        fields["end"] = forms.BooleanField(label=_end_label(outcomes), required=False)
    return fields


def _chip_fields(
    seat: int, name: str, labels: list[tuple[int, SeatChoice]], rules: Ruleset
) -> dict[str, forms.Field]:
    """The chips a win carries, where the rules have chips (``chip_value``)."""
    if not rules.chip_value:
        return {}
    return {
        f"win_{seat}_chips": forms.IntegerField(
            label=_("%(name)s: chips") % {"name": name},
            min_value=0,
            max_value=MAX_CHIPS,
            required=False,
            widget=forms.NumberInput(attrs={"inputmode": "numeric", "placeholder": "0"}),
            error_messages={
                "min_value": _("%(name)s’s chips: a count of 0 or more.") % {"name": name},
                "max_value": _("%(name)s’s chips: at most %(most)s.")
                % {"name": name, "most": MAX_CHIPS},
                "invalid": _("%(name)s’s chips: a whole number.") % {"name": name},
            },
        )
    }


#: Each winner's fields, builder by builder (a seat, its player's name, the seats as
#: choices, the rules): the hand's value, then what the rules add. A new per-winner field
#: is one more builder here and one more attribute of ``WinFields``.
WIN_FIELDS: Final = (_hand_value_fields, _chip_fields)
