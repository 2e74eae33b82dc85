"""What a hand would pay before it is recorded: everyone's change and what comes next, or
what is still missing, or the engine's refusal in the reader's language; for a correction,
the later hand it would make impossible."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.text import capfirst

from scorekeeper.format import format_points, round_name, sign_class, signed
from scorekeeper.refusals import correction_refusal, english_text, refusal_text
from scorekeeper.table.display import end_words
from scorekeeper.table.forms.hands import HandForm
from scoring.errors import IllegalHand
from scoring.game import play_hand, replay
from scoring.state import GameState, HandResult


def preview_context(
    form: HandForm,
    state: GameState,
    sequence: int | None,
    later: Sequence[HandResult] = (),
) -> dict[str, Any]:
    """Each player's change for the hand in the form, or what is still missing. ``later``:
    for a correction, the hands played after it; a warning says if the hand as entered
    makes one of them impossible (the correction would then be refused)."""
    context: dict[str, Any] = {"preview": None, "missing": [], "refusal": "", "warning": ""}
    if not form.is_valid():
        # Not the hidden fields: those say nothing about the hand.
        errors = [e for name, e in form.errors.items() if name not in ("sequence", "revision")]
        context["missing"] = [message for field_errors in errors for message in field_errors]
        if context["missing"]:
            return context
    try:
        result = play_hand(state, form.to_hand(), form.rules, index=sequence or 0)
    except IllegalHand as error:
        english = capfirst(english_text(error, names=form.names))
        context["refusal"] = refusal_text(error, english, names=form.names)
        return context
    context["preview"] = preview_of(result, form.names)
    if later and sequence is not None:
        context["warning"] = _later_warning(result, later, form, sequence)
    return context


def _later_warning(
    result: HandResult, later: Sequence[HandResult], form: HandForm, sequence: int
) -> str:
    """The refusal a correction would meet: a later hand it makes impossible, or ``""``."""
    try:
        replay(form.rules, [r.hand for r in later], start=result.after)
    except IllegalHand as error:
        refusal = correction_refusal(error.index + sequence + 1, later[error.index].before, error)
        # Without its full stop: the page ends the sentence.
        english = capfirst(english_text(refusal, names=form.names)).rstrip(".")
        return refusal_text(refusal, english, names=form.names).rstrip(".。")
    return ""


def preview_of(result: HandResult, names: tuple[str, ...]) -> dict[str, Any]:
    """A hand played: everyone's change and points after, and what comes next."""
    after = result.after
    return {
        "changes": [
            {
                "name": names[seat],
                "change": signed(result.deltas[seat]),
                "sign": sign_class(result.deltas[seat]),
                "points": format_points(after.scores[seat]),
            }
            for seat in range(len(after.scores))
        ],
        "next": round_name(after.round_index),
        "honba": after.honba,
        "sticks": after.sticks,
        "ends": end_words(after.end_reason, stopped_early=False),
    }
