"""The hand form's yaku, dora and open/closed fields for each winner, and what they give
the win: its yaku, dora and open (``scoring.win_details`` checks them), and its han (and the
fu of chiitoitsu and pinfu) where the player chose yaku and left the han blank.

Every yaku of the table (``scoring.yaku``) is a chip showing its han closed / open, as the
ruleset counts them (no open tanyao without ``kuitan``; the double yakuman hands where
``double_yakuman_hands``). Red fives are counted only where the ruleset has them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from django import forms
from django.forms.boundfield import BoundField
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from scorekeeper.format import yaku_name
from scorekeeper.request_numbers import request_number
from scorekeeper.table.forms.widgets import ChipSelect, ChipSelectMultiple
from scoring.outcomes import Win
from scoring.rule_values import Kazoe
from scoring.rules import Ruleset
from scoring.win_details import KAZOE_HAN, dora_total
from scoring.yaku import BY_NAME, RIICHI_YAKU, YAKU, Yaku, sort_yaku, yaku_han, yakuman_count

#: The han chip of a yakuman, and the fu chip values, as ``table.forms.fields`` has them.
YAKUMAN: Final = "yakuman"
LIMIT_HAN: Final = 5
HIGHEST_HAN_CHIP: Final = 13
OPEN_CHOICES: Final = (
    ("", pgettext_lazy("hand", "Not said")),
    ("closed", pgettext_lazy("hand", "Closed")),
    ("open", pgettext_lazy("hand", "Open")),
)
MAX_DORA_FIELD: Final = 40
#: The dora counters: the field's suffix and label.
DORA_FIELDS: Final = (
    ("dora", gettext_lazy("Dora")),
    ("ura", gettext_lazy("Ura dora")),
    ("aka", gettext_lazy("Red fives")),
)
#: The dora counters' field labels, with the player's name.
DORA_LABELS: Final = {
    "dora": gettext_lazy("%(name)s: dora"),
    "ura": gettext_lazy("%(name)s: ura dora"),
    "aka": gettext_lazy("%(name)s: red fives"),
    "kita": gettext_lazy("%(name)s: kita"),
}
#: Kita (the North tiles a three-player hand sets aside) count with the dora (RULES.md,
#: version 3): a counter beside them, in three-player games only. A set has four Norths.
KITA_FIELD: Final = ("kita", pgettext_lazy("dora counter", "Kita"))
MAX_KITA: Final = 4


@dataclass(frozen=True, slots=True)
class YakuChoice:
    """A yaku as a chip: its name and its han closed / open under the rules."""

    name: str
    han: str

    def __str__(self) -> str:
        return f"{self.name} {self.han}"


class YakuChips(ChipSelectMultiple):
    """The yaku chips: each shows the yaku's name over its han (``YakuChoice``)."""

    template_name = "table/widgets/yaku_chips.html"


def chip_name(name: str) -> str:
    """The name a yaku's chip shows, in the reader's language, from the engine's English
    name (its value)."""
    return yaku_name(name)


def yaku_label(yaku: Yaku, rules: Ruleset) -> str:
    """The han a yaku's chip shows: ``3/2`` closed/open, ``1/–`` closed only, a yakuman.

    >>> from scoring.rules import PRESETS
    >>> yaku_label(BY_NAME["Honitsu"], PRESETS["ema"]), yaku_label(BY_NAME["Pinfu"], PRESETS["ema"])
    ('3/2', '1/–')
    >>> yaku_label(BY_NAME["Daisuushii"], PRESETS["mahjongsoul"])
    'double yakuman'
    """
    if yaku.yakuman:
        if yaku.double and rules.double_yakuman_hands:
            return pgettext("yaku chip", "double yakuman")
        return pgettext("yaku chip", "yakuman")
    opened = yaku.open
    if yaku.name == "Tanyao" and not rules.kuitan:
        opened = None
    return f"{yaku.closed}/{'–' if opened is None else opened}"


def _yaku_attrs(rules: Ruleset) -> dict[str, dict[str, str]]:
    """Each chip's han for the page's script: closed, open (empty: closed only), yakuman."""
    attrs = {}
    for yaku in YAKU:
        count = 2 if yaku.double and rules.double_yakuman_hands else yaku.yakuman
        opened = None if yaku.name == "Tanyao" and not rules.kuitan else yaku.open
        attrs[yaku.name] = {
            "data-closed": str(yaku.closed),
            "data-open": "" if opened is None else str(opened),
            "data-yakuman": str(count),
        }
    return attrs


def yaku_fields(seat: int, name: str, rules: Ruleset) -> dict[str, forms.Field]:
    """One seat's yaku chips, dora counters and open/closed chips."""
    attrs = _yaku_attrs(rules)
    fields: dict[str, forms.Field] = {
        f"win_{seat}_yaku": forms.MultipleChoiceField(
            label=_("%(name)s: yaku") % {"name": name},
            choices=lambda: [
                (y.name, YakuChoice(chip_name(y.name), yaku_label(y, rules))) for y in YAKU
            ],
            required=False,
            widget=YakuChips(attrs),
        ),
        f"win_{seat}_open": forms.ChoiceField(
            label=_("%(name)s: open or closed hand") % {"name": name},
            choices=OPEN_CHOICES,
            required=False,
            widget=ChipSelect(),
        ),
    }
    for suffix, _label in DORA_FIELDS:
        if suffix == "aka" and not rules.aka_dora:
            continue
        fields[f"win_{seat}_{suffix}"] = forms.IntegerField(
            label=str(DORA_LABELS[suffix]) % {"name": name},
            min_value=0,
            max_value=rules.aka_dora if suffix == "aka" else MAX_DORA_FIELD,
            required=False,
            widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "dora-count"}),
        )
    if rules.seating.sets_aside_kita:
        fields[f"win_{seat}_kita"] = forms.IntegerField(
            label=str(DORA_LABELS["kita"]) % {"name": name},
            min_value=0,
            max_value=MAX_KITA,
            required=False,
            widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "dora-count"}),
        )
    return fields


@dataclass(frozen=True)
class YakuFields:
    """One seat's yaku fields, for the template."""

    yaku: BoundField
    open: BoundField
    #: The dora counters, each with its short label.
    dora: tuple[tuple[Any, BoundField], ...]
    #: What 13 han without a yakuman yaku are under the rules (``yakuman``: kazoe).
    kazoe: str

    @property
    def errors(self) -> bool:
        counters = any(field.errors for _, field in self.dora)
        return bool(self.yaku.errors or self.open.errors or counters)

    @property
    def dora_total(self) -> int:
        """The dora the counters say in all (what they add to the han), as filled in: a
        counter left blank or not a number counts none.

        The page shows it beside the steppers, and yaku.js keeps it as they are tapped."""
        total = 0
        for _label, field in self.dora:
            total += request_number(str(field.value() or "")) or 0
        return total

    @property
    def chosen(self) -> bool:
        """Whether anything is filled in (the page then shows the section open)."""
        values = [self.yaku.value(), self.open.value(), *(f.value() for _, f in self.dora)]
        return any(value not in (None, "", []) for value in values)


def bound_yaku_fields(form: forms.Form, seat: int) -> YakuFields | None:
    if f"win_{seat}_yaku" not in form.fields:
        return None
    dora = tuple(
        (label, form[f"win_{seat}_{suffix}"])
        for suffix, label in (*DORA_FIELDS, KITA_FIELD)
        if f"win_{seat}_{suffix}" in form.fields
    )
    rules: Ruleset = getattr(form, "rules")  # noqa: B009 (the hand form's rules)
    return YakuFields(
        yaku=form[f"win_{seat}_yaku"],
        open=form[f"win_{seat}_open"],
        dora=dora,
        kazoe=str(rules.kazoe),
    )


# What the fields give the win.


def _dora(data: dict[str, Any], seat: int) -> int | tuple[int, int, int] | None:
    """The dora counted one by one; any counter given (the kita too) counts the others
    left blank as none."""
    counts = [data.get(f"win_{seat}_{suffix}") for suffix, _label in DORA_FIELDS]
    if all(count is None for count in counts) and data.get(f"win_{seat}_kita") is None:
        return None
    dora, ura, aka = (count or 0 for count in counts)
    return dora, ura, aka


def _chosen_yaku(data: dict[str, Any], seat: int) -> tuple[str, ...]:
    """The yaku chosen, with those the page ticks by itself (for a phone without the
    script): Riichi for a winner whose riichi is ticked, Menzen Tsumo for a closed tsumo."""
    names = set(data.get(f"win_{seat}_yaku") or ())
    if not names or any(BY_NAME[name].yakuman for name in names):
        return sort_yaku(names)
    if seat in (data.get("riichi") or ()) and not RIICHI_YAKU & names:
        names.add("Riichi")
    if data.get("outcome") == "tsumo" and data.get(f"win_{seat}_open") != "open":
        names.add("Menzen Tsumo")
    return sort_yaku(names)


def win_details(data: dict[str, Any], seat: int) -> dict[str, Any]:
    """The ``Win`` fields the seat's yaku, dora and open chips give."""
    if f"win_{seat}_yaku" not in data:
        return {}
    opened = data.get(f"win_{seat}_open") or ""
    yaku = _chosen_yaku(data, seat)
    if not opened and RIICHI_YAKU & set(yaku):
        # A hand in riichi is closed: the open/closed chip left on "Not said" says so.
        opened = "closed"
    details = {
        "yaku": yaku,
        "dora": _dora(data, seat),
        "open": None if not opened else opened == "open",
    }
    if data.get(f"win_{seat}_kita"):
        details["kita"] = data[f"win_{seat}_kita"]
    return details


def _yaku_value(data: dict[str, Any], seat: int, rules: Ruleset) -> tuple[int, int] | None:
    """(han, yakuman) the chosen yaku and dora make, ``None`` where no yaku are chosen."""
    details = win_details(data, seat)
    names = details.get("yaku")
    if not names:
        return None
    count = yakuman_count(
        names, double_hands=rules.double_yakuman_hands, multiple=rules.multiple_yakuman
    )
    if count:
        return 0, count
    is_open = details["open"] is True
    han = sum(yaku_han(name, is_open=is_open) or 0 for name in names)
    han += dora_total(Win(seat, dora=details["dora"], kita=details.get("kita", 0))) or 0
    if han >= KAZOE_HAN and rules.kazoe is Kazoe.YAKUMAN:
        return han, 1
    return han, 0


def fill_han(data: dict[str, Any], seat: int, rules: Ruleset, *, tsumo: bool) -> None:
    """Where yaku are chosen and the han left blank, the han (or yakuman) they make; and
    whether the han was given or made, the fu of chiitoitsu (25) and pinfu (20 by tsumo, 30
    on a discard) where the fu are blank: those yaku decide them."""
    value = _yaku_value(data, seat, rules)
    if value is None:
        return
    if not data.get(f"win_{seat}_han"):
        han, yakuman = value
        if yakuman:
            data[f"win_{seat}_han"] = YAKUMAN
            data[f"win_{seat}_yakuman"] = yakuman
            return
        if not han:
            return
        data[f"win_{seat}_han"] = str(min(han, HIGHEST_HAN_CHIP))
    chip = data[f"win_{seat}_han"]
    names = data.get(f"win_{seat}_yaku") or ()
    if chip != YAKUMAN and int(chip) < LIMIT_HAN and data.get(f"win_{seat}_fu") is None:
        if "Chiitoitsu" in names:
            data[f"win_{seat}_fu"] = 25
        elif "Pinfu" in names:
            data[f"win_{seat}_fu"] = 20 if tsumo else 30


def exact_han(data: dict[str, Any], seat: int, rules: Ruleset, han: int) -> int:
    """The win's han: the chip's, or where the chip is 13+ the count the yaku and dora make."""
    value = _yaku_value(data, seat, rules)
    if han == HIGHEST_HAN_CHIP and value is not None and value[0] > han and not value[1]:
        return value[0]
    return han


def details_initial(win: Win) -> dict[str, Any]:
    """The form's values for a stored win's yaku, dora and open (to correct it)."""
    seat = win.winner
    initial: dict[str, Any] = {f"win_{seat}_yaku": list(win.yaku)}
    if win.open is not None:
        initial[f"win_{seat}_open"] = "open" if win.open else "closed"
    if isinstance(win.dora, tuple):
        for (suffix, _label), count in zip(DORA_FIELDS, win.dora, strict=True):
            initial[f"win_{seat}_{suffix}"] = count
    elif win.dora is not None:
        initial[f"win_{seat}_dora"] = win.dora
    if win.kita:
        initial[f"win_{seat}_kita"] = win.kita
    return initial


#: An engine refusal's field (after the win's place) and the seat's form field it points at.
ENGINE_FIELDS: Final = {".yaku": "yaku", ".dora": "dora", ".open": "open"}


def engine_field(suffix: str, seat: int) -> str | None:
    name = ENGINE_FIELDS.get(suffix)
    return None if name is None else f"win_{seat}_{name}"
