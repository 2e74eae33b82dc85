"""The hand form: what happened in one hand, turned into an engine ``Hand``.

Every field is named per seat (``win_2_han``, ``riichi`` as one checkbox per seat), so the
form works as a plain POST; the page shows and hides its parts with CSS as the outcome and
the han change. The form checks that the hand is complete (who won, from whom, han and fu);
the engine decides whether the rules allow it, and its refusal comes back onto the field it
names (``add_engine_error``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final, cast

from django import forms
from django.forms.boundfield import BoundField
from django.utils.functional import cached_property
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe

from scorekeeper.format import ABORT_WORDS, humanize_message, seat_wind
from scoring.errors import IllegalHand
from scoring.game import GameState
from scoring.outcomes import Abort, AbortReason, Chombo, Draw, Hand, Outcome, Ron, Tsumo, Win
from scoring.payments import FU_VALUES, MAX_YAKUMAN, impossible_reason
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


class ChipSelect(forms.RadioSelect):
    """Radio buttons with extra attributes per option (``option_attrs[value]``)."""

    def __init__(self, option_attrs: dict[str, dict[str, str]] | None = None) -> None:
        super().__init__()
        self.option_attrs = option_attrs or {}

    def create_option(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option = super().create_option(*args, **kwargs)
        option["attrs"].update(self.option_attrs.get(str(option["value"]), {}))
        return option


def _attrs(attrs: dict[str, Any]) -> str:
    """HTML attributes in their order, as Django's ``attrs.html`` writes them."""
    return "".join(
        f" {name}" if value is True else f' {name}="{conditional_escape(value)}"'
        for name, value in attrs.items()
        if value is not False
    )


#: A chip field as the template's ``group`` and ``subgroup`` partials show it: ``name``,
#: ``label``, ``auto_id``, ``errors`` and ``chips`` (a dict: the template engine's first and
#: cheapest lookup).
ChipGroup = dict[str, Any]


class FastBoundField(BoundField):
    """The hand form's fields, written for the page in one pass each.

    ``chips`` is a chip field's row of
    ``<label class="chip"><input …><span class="chip-face">…</span></label>``, exactly as
    Django's radio and checkbox widgets write each option (id, name, value, ``required``,
    ``aria-invalid``, ``checked``, then the option's own attributes), instead of one widget
    template per option: the form has about 180 of them, and rendering them one by one was
    most of the table page's time. ``hidden`` is a hidden input as Django writes it."""

    @cached_property
    def group(self) -> ChipGroup:
        return {
            "name": self.name,
            "label": self.label,
            "auto_id": self.auto_id,
            "errors": self.errors,
            "chips": self.chips,
        }

    @property
    def hidden(self) -> SafeString:
        value = self.field.widget.format_value(self.value())
        value_attr = "" if value is None else f' value="{conditional_escape(value)}"'
        return format_html(
            '<input type="hidden" name="{}"{} id="{}">',
            self.html_name,
            mark_safe(value_attr),  # escaped above
            self.auto_id,
        )

    @cached_property
    def chips(self) -> SafeString:
        widget = self.field.widget
        selected = set(widget.format_value(self.value()))
        common = _attrs(self.build_widget_attrs({}))
        parts = [
            f"{head}{common}{' checked' if value in selected else ''}{tail}"
            for value, head, tail in self._options()
        ]
        # Every value and label is escaped (``_options``), and so is ``common``.
        return mark_safe("".join(parts))

    def _options(self) -> tuple[tuple[str, str, str], ...]:
        """Each choice's value and its markup before and after the attributes that change
        from form to form. The same for every form of a table (its fields are shared, see
        ``_table_fields``), so kept on the field."""
        key = (self.html_name, self.auto_id)
        kept = getattr(self.field, "_chip_options", None)
        if kept is not None and kept[0] == key:
            return cast(tuple[tuple[str, str, str], ...], kept[1])
        widget = self.field.widget
        assert isinstance(widget, forms.RadioSelect | forms.CheckboxSelectMultiple)
        option_attrs: dict[str, dict[str, str]] = getattr(widget, "option_attrs", {})
        start = f'<label class="chip"><input type="{widget.input_type}" name="{self.html_name}"'
        options = []
        for index, (value, label) in enumerate(widget.choices):
            text = str(value)
            head = f'{start} value="{conditional_escape(text)}" id="{self.auto_id}_{index}"'
            tail = (
                f"{_attrs(option_attrs.get(text, {}))}>"
                f'<span class="chip-face">{conditional_escape(cast(str, label))}</span></label>'
            )
            options.append((text, head, tail))
        self.field._chip_options = (key, tuple(options))  # type: ignore[attr-defined]
        return tuple(options)


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
    han: ChipGroup
    fu: ChipGroup
    yakuman: ChipGroup | None
    pao: ChipGroup
    #: The hand calculator opened for this seat ("From tiles"), if the page offers it.
    from_tiles: str = ""


def seat_label(name: str, wind: str) -> SafeString:
    return format_html('<span class="who">{}</span> <span class="wind">{}</span>', name, wind)


def _seats_field(labels: list[tuple[int, SafeString]], label: str, *, many: bool) -> forms.Field:
    if many:
        return forms.TypedMultipleChoiceField(
            label=label,
            choices=labels,
            coerce=int,
            required=False,
            widget=forms.CheckboxSelectMultiple,
        )
    return forms.TypedChoiceField(
        label=label,
        choices=labels,
        coerce=int,
        empty_value=None,
        required=False,
        widget=forms.RadioSelect,
    )


@lru_cache(maxsize=256)
def _table_fields(
    names: tuple[str, ...],
    winds: tuple[str, ...],
    winners_label: str,
    multiple_yakuman: bool,
    nagashi: bool,
    abortive_draws: tuple[str, ...],
    all_last: bool,
) -> dict[str, forms.Field]:
    """The hand form's fields for a table (its players, their winds, the rules that shape
    the form), in the order the errors are listed. Built once for each such table and
    shared by its forms: a field holds no values (the form does), and nothing changes a
    field once built, so a form need not build (or copy) some thirty of them for every
    request."""
    labels = [(seat, seat_label(names[seat], winds[seat])) for seat in SEATS]
    fields: dict[str, forms.Field] = {
        "sequence": forms.IntegerField(min_value=0, widget=forms.HiddenInput),
        "outcome": forms.ChoiceField(
            label="What happened?",
            choices=[c for c in OUTCOMES if c[0] != "abort" or abortive_draws],
            widget=forms.RadioSelect,
            error_messages={"required": "Choose what happened: ron, tsumo, a draw…"},
        ),
    }
    fields["winners"] = _seats_field(labels, winners_label, many=True)
    fields["discarder"] = _seats_field(labels, "Who discarded the winning tile?", many=False)
    fields["winner"] = _seats_field(labels, "Who won?", many=False)
    for seat in SEATS:
        fields |= _win_fields(seat, names[seat], labels, multiple_yakuman=multiple_yakuman)
    fields["riichi"] = _seats_field(labels, "Riichi declared in this hand", many=True)
    fields["tenpai"] = _seats_field(labels, "Who was tenpai?", many=True)
    if nagashi:
        fields["nagashi"] = _seats_field(labels, "Nagashi mangan", many=True)
    if abortive_draws:
        fields["abort_reason"] = forms.ChoiceField(
            label="Why was the hand aborted?",
            choices=[(r, ABORT_WORDS[r]) for r in abortive_draws],
            required=False,
            widget=forms.RadioSelect,
        )
    fields["offender"] = _seats_field(labels, "Who made the chombo?", many=False)
    if all_last:
        fields["end"] = forms.BooleanField(
            label="Stop the game after this hand (the dealer, in first place, ends it)",
            required=False,
        )
    return fields


def _win_fields(
    seat: int, name: str, labels: list[tuple[int, SafeString]], *, multiple_yakuman: bool
) -> dict[str, forms.Field]:
    fields: dict[str, forms.Field] = {}
    fields[f"win_{seat}_han"] = forms.ChoiceField(
        label=f"{name}: han",
        choices=HAN_CHOICES,
        required=False,
        widget=ChipSelect(_HAN_ATTRS),
    )
    fields[f"win_{seat}_fu"] = forms.TypedChoiceField(
        label=f"{name}: fu",
        choices=FU_CHOICES,
        coerce=int,
        empty_value=None,
        required=False,
        widget=ChipSelect(_FU_ATTRS),
    )
    if multiple_yakuman:
        fields[f"win_{seat}_yakuman"] = forms.TypedChoiceField(
            label=f"{name}: how many yakuman",
            choices=YAKUMAN_COUNTS,
            coerce=int,
            initial="1",
            required=False,
            widget=forms.RadioSelect,
        )
    fields[f"win_{seat}_pao"] = forms.TypedChoiceField(
        label=f"{name}: liable player (pao)",
        choices=[("", "Nobody"), *(c for c in labels if c[0] != seat)],
        coerce=int,
        empty_value=None,
        initial="",
        required=False,
        widget=forms.RadioSelect,
    )
    return fields


class HandForm(forms.Form):
    """One hand at a table: ``names`` in seat order, the ``rules`` and the ``state`` the
    hand is played from (which seat is dealer, whether it is all-last)."""

    bound_field_class = FastBoundField

    # No fields are declared here: all of them, the number of hands included, are the
    # table's (``_table_fields``), shared rather than copied for each form.

    def __init__(
        self,
        data: Any = None,
        *,
        names: tuple[str, ...] | list[str],
        rules: Ruleset,
        state: GameState,
        initial: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(data, initial=initial)
        self.names = tuple(names)
        self.rules = rules
        self.state = state
        self.winds = tuple(seat_wind(seat, state.dealer) for seat in SEATS)
        #: Per seat, the calculator that sends han and fu back (set by the table page).
        self.from_tiles: dict[int, str] = {}
        #: What the fields depend on: equal shapes, equal fields (``_table_fields``).
        self.shape = (
            self.names,
            self.winds,
            self.winners_label,
            rules.multiple_yakuman,
            rules.nagashi_mangan,
            tuple(rules.abortive_draws),
            self.all_last,
        )
        # Declared fields (a subclass's) come after the table's.
        self.fields = {**_table_fields(*self.shape), **self.fields}

    # What the template needs to know.

    @property
    def winners_limit(self) -> int:
        return self.rules.multi_ron.max_winners

    @property
    def winners_label(self) -> str:
        limit = self.winners_limit
        return "Who won?" if limit == 1 else f"Who won? (up to {limit})"

    @property
    def all_last(self) -> bool:
        return self.state.round_index >= self.rules.last_round

    @cached_property
    def groups(self) -> dict[str, ChipGroup]:
        """Every chip field's group, by field name (absent fields are not in it)."""
        chip_widgets = (forms.RadioSelect, forms.CheckboxSelectMultiple)
        bound = cast(dict[str, FastBoundField], {name: self[name] for name in self.fields})
        return {
            name: field.group
            for name, field in bound.items()
            if isinstance(field.field.widget, chip_widgets)
        }

    def win_fields(self) -> list[WinFields]:
        groups = self.groups
        return [
            WinFields(
                seat=seat,
                name=self.names[seat],
                wind=self.winds[seat],
                han=groups[f"win_{seat}_han"],
                fu=groups[f"win_{seat}_fu"],
                yakuman=groups.get(f"win_{seat}_yakuman"),
                pao=groups[f"win_{seat}_pao"],
                from_tiles=self.from_tiles.get(seat, ""),
            )
            for seat in SEATS
        ]

    # Checking: is the hand complete? (The engine judges whether it is allowed.)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        outcome = data.get("outcome")
        if outcome == "ron":
            self._clean_ron(data)
        elif outcome == "tsumo":
            winner = data.get("winner")
            if winner is None:
                self.add_error("winner", "Choose who won.")
            else:
                self._clean_win(data, winner)
        elif outcome == "abort" and not data.get("abort_reason"):
            self.add_error("abort_reason", "Choose why the hand was aborted.")
        elif outcome == "chombo" and data.get("offender") is None:
            self.add_error("offender", "Choose who made the chombo.")
        return data

    def _clean_ron(self, data: dict[str, Any]) -> None:
        winners: list[int] = data.get("winners") or []
        discarder = data.get("discarder")
        limit = self.winners_limit
        if not winners:
            self.add_error("winners", "Choose who won.")
        elif len(winners) > limit:
            self.add_error("winners", self._too_many_winners(len(winners)))
        if discarder is None:
            self.add_error("discarder", "Choose who discarded the winning tile.")
        elif discarder in winners:
            self.add_error("discarder", f"{self.names[discarder]} cannot win on their own discard.")
        for seat in winners:
            self._clean_win(data, seat)

    def _too_many_winners(self, count: int) -> str:
        multi = self.rules.multi_ron
        if multi == "head_bump":
            return (
                "These rules allow one winner on a discard (head bump): choose the "
                "winner nearest the discarder in turn order."
            )
        text = f"{count} winners: these rules allow two at most."
        if "sanchahou" in self.rules.abortive_draws:
            text += " A triple ron is an abortive draw (sanchahou)."
        return text

    def _clean_win(self, data: dict[str, Any], seat: int) -> None:
        name = self.names[seat]
        han = data.get(f"win_{seat}_han")
        if not han:
            self.add_error(f"win_{seat}_han", f"Choose {name}’s han (or yakuman).")
        elif han != YAKUMAN and int(han) < LIMIT_HAN and data.get(f"win_{seat}_fu") is None:
            self.add_error(f"win_{seat}_fu", f"Choose {name}’s fu (needed below 5 han).")

    # The engine value.

    def _win(self, seat: int) -> Win:
        data = self.cleaned_data
        han = data[f"win_{seat}_han"]
        if han == YAKUMAN:
            count = data.get(f"win_{seat}_yakuman") or 1
            return Win(winner=seat, yakuman=count, pao=data.get(f"win_{seat}_pao"))
        # The fu of a hidden field do not count from 5 han up.
        fu = data.get(f"win_{seat}_fu") if int(han) < LIMIT_HAN else None
        return Win(winner=seat, han=int(han), fu=fu)

    def to_hand(self) -> Hand:
        data = self.cleaned_data
        kind = data["outcome"]
        outcome: Outcome
        if kind == "ron":
            wins = tuple(self._win(seat) for seat in sorted(data["winners"]))
            outcome = Ron(discarder=data["discarder"], wins=wins)
        elif kind == "tsumo":
            outcome = Tsumo(self._win(data["winner"]))
        elif kind == "draw":
            outcome = Draw(
                tenpai=tuple(sorted(data["tenpai"])),
                nagashi=tuple(sorted(data.get("nagashi") or ())),
            )
        elif kind == "abort":
            outcome = Abort(AbortReason(data["abort_reason"]))
        else:
            outcome = Chombo(offender=data["offender"])
        riichi = () if kind == "chombo" else tuple(sorted(data["riichi"]))
        return Hand(outcome, riichi=riichi, end=bool(data.get("end")))

    @staticmethod
    def from_hand(hand: Hand) -> dict[str, Any]:
        """The form's initial values for a stored hand (to correct it)."""
        initial: dict[str, Any] = {
            "outcome": hand.kind,
            "riichi": list(hand.riichi),
            "end": hand.end,
        }
        outcome = hand.outcome
        wins: tuple[Win, ...] = ()
        if isinstance(outcome, Ron):
            wins = outcome.wins
            initial["discarder"] = outcome.discarder
            initial["winners"] = [w.winner for w in wins]
        elif isinstance(outcome, Tsumo):
            wins = (outcome.win,)
            initial["winner"] = outcome.win.winner
        elif isinstance(outcome, Draw):
            initial["tenpai"] = list(outcome.tenpai)
            initial["nagashi"] = list(outcome.nagashi)
        elif isinstance(outcome, Abort):
            initial["abort_reason"] = outcome.reason.value if outcome.reason else ""
        else:
            initial["offender"] = outcome.offender
        for win in wins:
            seat = win.winner
            if win.yakuman:
                initial[f"win_{seat}_han"] = YAKUMAN
                initial[f"win_{seat}_yakuman"] = str(win.yakuman)
                initial[f"win_{seat}_pao"] = "" if win.pao is None else win.pao
            else:
                initial[f"win_{seat}_han"] = str(min(win.han or 1, 13))
                initial[f"win_{seat}_fu"] = "" if win.fu is None else str(win.fu)
        return initial

    # The engine's refusals, onto the field they concern.

    def _win_seat(self, index: int) -> int | None:
        data = self.cleaned_data
        if data.get("outcome") == "tsumo":
            return data.get("winner")
        winners = sorted(data.get("winners") or [])
        return winners[index] if 0 <= index < len(winners) else None

    def engine_field(self, path: str, message: str) -> str | None:
        """The form field an engine refusal's field path (``ron.wins[1].pao``) points at."""
        simple = {
            "ron.from": "discarder",
            "ron.wins": "winners",
            "tsumo.winner": "winner",
            "riichi": "riichi",
            "draw.tenpai": "tenpai",
            "draw.nagashi": "nagashi",
            "abort.reason": "abort_reason",
            "chombo.offender": "offender",
            "end": "end",
        }
        if path in simple:
            return simple[path]
        match = re.fullmatch(r"(?:ron\.wins\[(\d+)\]|tsumo)(\.winner|\.pao)?", path)
        if not match:
            return None
        seat = self._win_seat(int(match[1] or 0))
        if seat is None:
            return None
        if match[2] == ".winner":
            return "winner" if path.startswith("tsumo") else "winners"
        if match[2] == ".pao":
            return f"win_{seat}_pao"
        return f"win_{seat}_fu" if " fu" in message else f"win_{seat}_han"

    def add_engine_error(self, error: IllegalHand, *, sequence: int | None = None) -> None:
        """Put the engine's refusal next to the field it names. A refusal of another hand
        than this one (a correction that breaks a later hand) is about the whole form."""
        message = humanize_message(error.message, self.names)
        message = message[:1].upper() + message[1:]
        same_hand = sequence is None or error.index == sequence
        field = self.engine_field(error.field, error.message) if same_hand else None
        self.add_error(field if field in self.fields else None, message)


#: A correction form without its revision (or with a broken one) comes from an old page.
OLD_CORRECTION_PAGE: Final = "This correction page is out of date: reload it and try again."


class CorrectionForm(HandForm):
    """The hand form on the correction page. It also carries the game's revision when the
    page was shown: a correction saved meanwhile (on another phone, of any hand) leaves the
    number of hands as it was, and must not be overwritten unseen."""

    revision = forms.IntegerField(
        min_value=0,
        widget=forms.HiddenInput,
        error_messages={
            "required": OLD_CORRECTION_PAGE,
            "invalid": OLD_CORRECTION_PAGE,
            "min_value": OLD_CORRECTION_PAGE,
        },
    )


class ConfirmForm(forms.Form):
    """A confirmed action on a game at a known sequence (undo, finish, abandon)."""

    sequence = forms.IntegerField(min_value=0, widget=forms.HiddenInput)
    confirmed = forms.BooleanField(required=True, widget=forms.HiddenInput)
