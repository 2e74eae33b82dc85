"""The fu calculator's form: seed 001's checklist for players who know their yaku but not
their fu. How the hand was won, four melds (kind, called or not, simples or terminals and
honors), the pair and the wait, or chiitoitsu; the engine counts
(``scoring.calculator.fu.count_fu``) and, for the han entered, values the win
(``scoring.payments``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from django import forms
from django.http import QueryDict
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from scorekeeper.calculator.forms import DEFAULT_RULES, rules_choices, ruleset_of, sentence
from scorekeeper.refusals import refusal_text
from scoring.calculator.fu import FuCount, FuError, Meld, MeldKind, Pair, Wait, count_fu
from scoring.errors import ScoringError
from scoring.payments import WinValue, win_value
from scoring.rules import Ruleset


@dataclass(frozen=True, slots=True)
class Hinted:
    """A choice's name, and what it means (the page writes it in small type)."""

    name: str | Promise
    hint: str | Promise

    def __str__(self) -> str:
        return f"{self.name} ({self.hint})"


WIN_CHOICES: Final = (
    ("tsumo", pgettext_lazy("win", "Tsumo")),
    ("closed_ron", Hinted(pgettext_lazy("win", "Ron"), gettext_lazy("closed hand"))),
    ("open_ron", Hinted(pgettext_lazy("win", "Ron"), gettext_lazy("open hand"))),
)
KIND_CHOICES: Final = (
    (MeldKind.SEQUENCE.value, gettext_lazy("Sequence")),
    (MeldKind.TRIPLET.value, gettext_lazy("Triplet")),
    (MeldKind.QUAD.value, gettext_lazy("Quad")),
)
OPEN_CHOICES: Final = (
    ("closed", pgettext_lazy("meld", "Closed")),
    ("open", pgettext_lazy("meld", "Open")),
)
TILE_CHOICES: Final = (
    ("simples", gettext_lazy("Simples 2–8")),
    ("terminals", gettext_lazy("1, 9 or honors")),
)
PAIR_CHOICES: Final = (
    (Pair.PLAIN.value, Hinted(gettext_lazy("Plain"), gettext_lazy("no fu"))),
    (
        Pair.YAKUHAI.value,
        Hinted(gettext_lazy("Yakuhai"), gettext_lazy("dragon, seat or round wind")),
    ),
    (
        Pair.DOUBLE_WIND.value,
        Hinted(gettext_lazy("Double wind"), gettext_lazy("seat and round wind")),
    ),
)
WAIT_CHOICES: Final = (
    (Wait.RYANMEN.value, Hinted(gettext_lazy("Ryanmen"), gettext_lazy("two-sided"))),
    (Wait.SHANPON.value, Hinted(gettext_lazy("Shanpon"), gettext_lazy("one of two pairs"))),
    (Wait.KANCHAN.value, Hinted(gettext_lazy("Kanchan"), gettext_lazy("middle"))),
    (Wait.PENCHAN.value, Hinted(gettext_lazy("Penchan"), gettext_lazy("edge"))),
    (Wait.TANKI.value, Hinted(gettext_lazy("Tanki"), gettext_lazy("the pair"))),
)
#: A meld's three questions, each with its label's last words.
MELD_PARTS: Final = (
    ("kind", pgettext_lazy("meld part", "kind")),
    ("open", pgettext_lazy("meld part", "called?")),
    ("tiles", pgettext_lazy("meld part", "tiles")),
)
HAN_CHOICES: Final = (("", "—"), *((str(han), str(han)) for han in range(1, 14)))
MELDS: Final = range(1, 5)


@dataclass(frozen=True, slots=True)
class FuAnswer:
    fu: FuCount
    #: The value of the win for the han entered, if one was.
    value: WinValue | None
    tsumo: bool


class FuForm(forms.Form):
    """Seed 001's checklist: how the hand was won, its four melds, pair and wait."""

    rules = forms.ChoiceField(label=gettext_lazy("Ruleset"))
    win = forms.ChoiceField(
        label=gettext_lazy("Won by"), choices=WIN_CHOICES, widget=forms.RadioSelect
    )
    chiitoitsu = forms.BooleanField(label=gettext_lazy("Chiitoitsu (seven pairs)"), required=False)
    pair = forms.ChoiceField(
        label=gettext_lazy("Pair"), choices=PAIR_CHOICES, widget=forms.RadioSelect
    )
    wait = forms.ChoiceField(
        label=gettext_lazy("Wait"), choices=WAIT_CHOICES, widget=forms.RadioSelect
    )
    han = forms.TypedChoiceField(
        label=gettext_lazy("Han (for the payment)"),
        choices=HAN_CHOICES,
        coerce=int,
        empty_value=None,
        required=False,
    )

    DEFAULTS: Final = {
        "rules": DEFAULT_RULES,
        "win": "closed_ron",
        "pair": Pair.PLAIN.value,
        "wait": Wait.RYANMEN.value,
    }

    def __init__(self, query: QueryDict) -> None:
        data = query.copy()
        defaults = dict(self.DEFAULTS)
        for i in MELDS:
            defaults |= {f"meld_{i}_kind": "sequence", f"meld_{i}_open": "closed"}
            defaults[f"meld_{i}_tiles"] = "simples"
        for name, value in defaults.items():
            if not data.get(name):
                data[name] = value
        super().__init__(data)
        self.fields["rules"].choices = rules_choices(None)  # type: ignore[attr-defined]
        choices_of = {"kind": KIND_CHOICES, "open": OPEN_CHOICES, "tiles": TILE_CHOICES}
        for i in MELDS:
            for part, words in MELD_PARTS:
                self.fields[f"meld_{i}_{part}"] = forms.ChoiceField(
                    label=_("Meld %(number)s: %(part)s") % {"number": i, "part": words},
                    choices=choices_of[part],
                    widget=forms.RadioSelect,
                )

    def clean_rules(self) -> Ruleset:
        return ruleset_of(self.cleaned_data["rules"], None)

    def meld_rows(self) -> list[tuple[int, list[forms.BoundField]]]:
        return [
            (i, [self[f"meld_{i}_{part}"] for part in ("kind", "open", "tiles")]) for i in MELDS
        ]

    def _melds(self) -> list[Meld]:
        data = self.cleaned_data
        return [
            Meld(
                MeldKind(data[f"meld_{i}_kind"]),
                open=data[f"meld_{i}_open"] == "open",
                terminal=data[f"meld_{i}_tiles"] == "terminals",
            )
            for i in MELDS
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        melds = self._melds()
        win = data["win"]
        called = [i for i, m in zip(MELDS, melds, strict=True) if m.open]
        if data["chiitoitsu"]:
            if win == "open_ron":
                self.add_error(
                    "chiitoitsu", _("Chiitoitsu is always closed: choose tsumo or closed ron.")
                )
            return data
        for i, meld in zip(MELDS, melds, strict=True):
            if win == "closed_ron" and meld.open and meld.kind is not MeldKind.TRIPLET:
                self.add_error(
                    f"meld_{i}_open",
                    _("A called chi opens the hand: choose ron with an open hand.")
                    if meld.kind is MeldKind.SEQUENCE
                    else _("A called kan opens the hand: choose ron with an open hand."),
                )
        if win == "open_ron" and not called:
            self.add_error("win", _("An open hand has a called meld: mark it open."))
        if data["wait"] == Wait.SHANPON and all(m.kind is MeldKind.SEQUENCE for m in melds):
            self.add_error("wait", _("A shanpon wait completes a triplet: the hand has none."))
        return data

    def answer(self) -> FuAnswer | None:
        """The fu count and, for the han entered, its value; a refusal becomes an error."""
        data = self.cleaned_data
        tsumo = data["win"] == "tsumo"
        melds = [] if data["chiitoitsu"] else self._melds()
        # A tsumo hand is closed unless a meld was called; a triplet completed by a
        # closed ron is passed as open and the hand stays closed.
        closed = data["win"] == "closed_ron" or (tsumo and not any(m.open for m in melds))
        try:
            fu = count_fu(
                data["rules"],
                melds=melds,
                pair=Pair(data["pair"]),
                wait=Wait(data["wait"]),
                tsumo=tsumo,
                closed=closed,
                chiitoitsu=data["chiitoitsu"],
            )
        except FuError as error:
            self.add_error(None, sentence(str(error)))
            return None
        han = data["han"]
        if han is None:
            return FuAnswer(fu, None, tsumo)
        try:
            value = win_value(data["rules"], han=han, fu=fu.total, tsumo=tsumo)
        except ScoringError as error:
            self.add_error("han", refusal_text(error, sentence(str(error))))
            return None
        return FuAnswer(fu, value, tsumo)
