"""The hand form: what happened in one hand, turned into an engine ``Hand``.

Every field is named per seat (``win_2_han``, ``riichi`` as one checkbox per seat), so the
form works as a plain POST; the page shows and hides its parts with CSS as the outcome and
the han change. The form checks that the hand is complete (who won, from whom, han and fu);
the engine decides whether the rules allow it, and its refusal comes back onto the field it
names (``add_engine_error``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, assert_never

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper.format import seat_wind
from scorekeeper.refusals import english_text, refusal_text
from scorekeeper.request_numbers import request_number
from scorekeeper.table.forms.fields import (
    LIMIT_HAN,
    YAKUMAN,
    WinFields,
    checked_fields,
    end_outcomes,
    hand_fields,
)
from scorekeeper.table.forms.yaku import (
    bound_yaku_fields,
    details_initial,
    exact_han,
    fill_han,
    win_details,
)
from scorekeeper.table.forms.yaku import engine_field as yaku_engine_field
from scoring.errors import IllegalHand
from scoring.outcomes import Abort, AbortReason, Chombo, Draw, Hand, Outcome, Ron, Tsumo, Win
from scoring.rules import Ruleset
from scoring.state import GameState


class SequenceForm(forms.Form):
    """The part of a hand form that changes with every hand: the number of hands the page
    saw. A blank hand form whose chips come from the cache is only this."""

    sequence = forms.IntegerField(min_value=0, widget=forms.HiddenInput)


def sent_winners(data: Any, seats: tuple[int, ...] = (0, 1, 2, 3)) -> list[int]:
    """The ``seats`` a sent hand names as its winners (ron's ``winners``, tsumo's
    ``winner``); a seat the game has not got is no winner (its field refuses it).

    >>> from django.http import QueryDict
    >>> sent_winners(QueryDict("winners=2&winners=0&winner=2&winners=9"))
    [0, 2]
    >>> sent_winners(QueryDict("winners=3&winners=1"), (0, 1, 2))
    [1]
    """
    named = [*data.getlist("winners"), data.get("winner")]
    return sorted({seat for seat in seats if str(seat) in named})


def is_all_last(state: GameState, rules: Ruleset) -> bool:
    return state.round_index >= rules.last_round


class HandForm(SequenceForm):
    """One hand at a table: ``names`` in seat order, the ``rules`` and the ``state`` the
    hand is played from (which seat is dealer, whether it is all-last)."""

    # The other fields depend on the table (its players and their winds this hand, its
    # rules), so each form builds its own in ``__init__``.

    def __init__(
        self,
        data: Any = None,
        *,
        names: tuple[str, ...] | list[str],
        rules: Ruleset,
        state: GameState,
        initial: dict[str, Any] | None = None,
        whole: bool = True,
    ) -> None:
        super().__init__(data, initial=initial)
        #: With every seat's win fields, as a form to be drawn. A sent hand only to be
        #: checked (``whole=False``) has the win fields of the seats it names as winners:
        #: the others are not read, and building them is most of the form's work.
        self.whole = whole or data is None
        self.names = tuple(names)
        self.rules = rules
        self.state = state
        self.seats = rules.seating.seats
        self.winds = tuple(seat_wind(seat, state.dealer, rules.players) for seat in self.seats)
        #: Per seat, the calculator that sends han and fu back (set by the table page).
        self.from_tiles: Mapping[int, str] = {}
        if self.whole:
            table = hand_fields(
                self.names,
                self.winds,
                rules,
                winners_label=self.winners_label,
                all_last=self.all_last,
            )
        else:
            table = checked_fields(
                self.names,
                self.winds,
                rules,
                winners_label=self.winners_label,
                all_last=self.all_last,
                win_seats=tuple(sent_winners(data, self.seats)),
            )
        # The sequence first, the table's fields, then a subclass's declared ones.
        declared = self.fields
        self.fields = {"sequence": declared.pop("sequence"), **table, **declared}

    # What the template needs to know.

    @property
    def winners_limit(self) -> int:
        return self.rules.multi_ron.max_winners

    @property
    def winners_label(self) -> str:
        limit = self.winners_limit
        if limit == 1:
            return _("Who won?")
        return _("Who won? (up to %(limit)s)") % {"limit": limit}

    @property
    def all_last(self) -> bool:
        return is_all_last(self.state, self.rules)

    def win_fields(self) -> list[WinFields]:
        assert self.whole, "a form built only to check a hand is not drawn"
        yakuman = "win_0_yakuman" in self.fields
        chips = "win_0_chips" in self.fields
        return [
            WinFields(
                seat=seat,
                name=self.names[seat],
                wind=self.winds[seat],
                han=self[f"win_{seat}_han"],
                fu=self[f"win_{seat}_fu"],
                yakuman=self[f"win_{seat}_yakuman"] if yakuman else None,
                pao=self[f"win_{seat}_pao"],
                from_tiles=self.from_tiles.get(seat, ""),
                chips=self[f"win_{seat}_chips"] if chips else None,
                yaku=bound_yaku_fields(self, seat),
            )
            for seat in self.seats
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
                self.add_error("winner", _("Choose who won."))
            else:
                self._clean_win(data, winner)
        elif outcome == "chombo" and data.get("offender") is None:
            self.add_error("offender", _("Choose who made the chombo."))
        return data

    def _clean_ron(self, data: dict[str, Any]) -> None:
        winners: list[int] = data.get("winners") or []
        discarder = data.get("discarder")
        limit = self.winners_limit
        if not winners:
            self.add_error("winners", _("Choose who won."))
        elif len(winners) > limit:
            self.add_error("winners", self._too_many_winners(len(winners)))
        if discarder is None:
            self.add_error("discarder", _("Choose who discarded the winning tile."))
        elif discarder in winners:
            self.add_error(
                "discarder",
                _("%(name)s cannot win on their own discard.") % {"name": self.names[discarder]},
            )
        for seat in winners:
            self._clean_win(data, seat)

    def _too_many_winners(self, count: int) -> str:
        multi = self.rules.multi_ron
        if multi == "head_bump":
            return _(
                "These rules allow one winner on a discard (head bump): choose the "
                "winner nearest the discarder in turn order."
            )
        text = _("%(count)s winners: these rules allow two at most.") % {"count": count}
        if "sanchahou" in self.rules.abortive_draws:
            text += " " + _("A triple ron is an abortive draw (sanchahou).")
        return text

    def _clean_win(self, data: dict[str, Any], seat: int) -> None:
        name = self.names[seat]
        fill_han(data, seat, self.rules, tsumo=data.get("outcome") == "tsumo")
        han = data.get(f"win_{seat}_han")
        if not han:
            self.add_error(
                f"win_{seat}_han", _("Choose %(name)s’s han (or yakuman).") % {"name": name}
            )
        elif han != YAKUMAN and int(han) < LIMIT_HAN and data.get(f"win_{seat}_fu") is None:
            self.add_error(
                f"win_{seat}_fu", _("Choose %(name)s’s fu (needed below 5 han).") % {"name": name}
            )

    # The engine value.

    def _win(self, seat: int) -> Win:
        data = self.cleaned_data
        han = data[f"win_{seat}_han"]
        chips = data.get(f"win_{seat}_chips") or 0
        if han == YAKUMAN:
            count = data.get(f"win_{seat}_yakuman") or 1
            pao = data.get(f"win_{seat}_pao")
            details = win_details(data, seat)
            return Win(winner=seat, yakuman=count, pao=pao, chips=chips, **details)
        # The fu of a hidden field do not count from 5 han up.
        fu = data.get(f"win_{seat}_fu") if int(han) < LIMIT_HAN else None
        han = exact_han(data, seat, self.rules, int(han))
        return Win(winner=seat, han=han, fu=fu, chips=chips, **win_details(data, seat))

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
            # Not noted which: an abortive draw without its reason (``abort: {}``).
            reason = data.get("abort_reason")
            outcome = Abort(AbortReason(reason) if reason else None)
        else:
            outcome = Chombo(offender=data["offender"])
        riichi = () if kind == "chombo" else tuple(sorted(data["riichi"]))
        # The stop is read only for the outcomes it is shown for (like any hidden field).
        end = bool(data.get("end")) and kind in self.end_for.split()
        return Hand(outcome, riichi=riichi, end=end)

    @property
    def end_for(self) -> str:
        """The outcomes the "stop the game" choice is shown for (``ron tsumo``, ``draw``)."""
        return " ".join(end_outcomes(self.rules)) if "end" in self.fields else ""

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
        match outcome:
            case Ron():
                wins = outcome.wins
                initial["discarder"] = outcome.discarder
                initial["winners"] = [w.winner for w in wins]
            case Tsumo():
                wins = (outcome.win,)
                initial["winner"] = outcome.win.winner
            case Draw():
                initial["tenpai"] = list(outcome.tenpai)
                initial["nagashi"] = list(outcome.nagashi)
            case Abort():
                initial["abort_reason"] = outcome.reason.value if outcome.reason else ""
            case Chombo():
                initial["offender"] = outcome.offender
            case _:
                assert_never(outcome)
        for win in wins:
            seat = win.winner
            if win.chips:
                initial[f"win_{seat}_chips"] = win.chips
            initial |= details_initial(win)
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

    def engine_field(self, error: IllegalHand) -> str | None:
        """The form field an engine refusal points at: by its field path in the hand
        (``ron.wins[1].pao``), and for a win's value by its code (the fu or the han)."""
        path = error.field
        if path in _SIMPLE_FIELDS:
            return _SIMPLE_FIELDS[path]
        place = _win_place(path)
        if place is None:
            return None
        index, suffix = place
        seat = self._win_seat(index)
        if seat is None:
            return None
        if suffix == ".winner":
            return "winners" if path.startswith("ron.") else "winner"
        if suffix == ".pao":
            return f"win_{seat}_pao"
        if suffix == ".chips":
            return f"win_{seat}_chips"
        if suffix:
            return yaku_engine_field(suffix, seat)
        # A correction refused for its own hand carries the engine's refusal of it.
        inner = error.values.get("reason_code")
        code = inner if isinstance(inner, str) and inner else error.code
        return f"win_{seat}_fu" if code in FU_REFUSALS else f"win_{seat}_han"

    def add_engine_error(self, error: IllegalHand, *, sequence: int | None = None) -> None:
        """Put the engine's refusal next to the field it names. A refusal of another hand
        than this one (a correction that breaks a later hand) is about the whole form."""
        english = capfirst(english_text(error, names=self.names))
        message = refusal_text(error, english, names=self.names)
        same_hand = sequence is None or error.index == sequence
        field = self.engine_field(error) if same_hand else None
        self.add_error(field if field in self.fields else None, message)


#: Engine field paths that are one form field whoever won.
_SIMPLE_FIELDS: Final = {
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

#: The refusals of a win's value that concern its fu (the others concern its han).
FU_REFUSALS: Final = frozenset(
    {
        "win.not_fu_value",
        "win.fu_needed",
        "win.impossible_fu",
        "win.impossible_han_fu.ron_20_fu",
        "win.impossible_han_fu.pinfu_tsumo",
        "win.impossible_han_fu.chiitoitsu",
        "win.impossible_han_fu.chiitoitsu_tsumo",
        "win.impossible_han_fu.tsumo_110_fu",
    }
)


def _win_place(path: str) -> tuple[int, str] | None:
    """A win's place in an engine field path: the win's index in the hand and what comes
    after it (``ron.wins[1].pao`` is ``(1, ".pao")``, ``tsumo`` is ``(0, "")``), or ``None``.

    >>> _win_place("ron.wins[1].pao"), _win_place("tsumo"), _win_place("riichi")
    ((1, '.pao'), (0, ''), None)
    """
    if path == "tsumo" or path.startswith("tsumo."):
        return 0, path.removeprefix("tsumo")
    if not path.startswith("ron.wins["):
        return None
    index, closed, suffix = path.removeprefix("ron.wins[").partition("]")
    number = request_number(index)
    if not closed or number is None or not (suffix == "" or suffix.startswith(".")):
        return None
    return number, suffix


#: A correction form without its revision (or with a broken one) comes from an old page.
OLD_CORRECTION_PAGE: Final = gettext_lazy(
    "This correction page is out of date: reload it and try again."
)


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
    #: The game's revision the page showed (a hand corrected since changes no sequence).
    revision = forms.IntegerField(min_value=0, required=False, widget=forms.HiddenInput)
    confirmed = forms.BooleanField(required=True, widget=forms.HiddenInput)
