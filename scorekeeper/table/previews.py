"""What a hand would pay before it is recorded: everyone's change and what comes next, or
what is still missing, or the engine's refusal in the reader's language; for a correction,
the later hand it would make impossible."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext as _

from scorekeeper.format import (
    format_points,
    round_name,
    short_name,
    sign_class,
    signed,
    signed_result,
)
from scorekeeper.refusals import correction_refusal, english_text, refusal_text
from scorekeeper.table.display import end_words
from scorekeeper.table.forms.hands import HandForm
from scoring.errors import IllegalHand
from scoring.game import play_hand, replay
from scoring.outcomes import Chombo
from scoring.rule_values import ChomboStyle
from scoring.rules import Ruleset
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
    context["preview"] = preview_of(result, form.names, form.rules)
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


def chombo_words(result: HandResult, names: Sequence[str], rules: Ruleset) -> str:
    """What a chombo costs under the rules, where it is not a payment now: the points its
    offender loses off the final result. Empty for any other hand.

    >>> from scoring.rules import PRESETS
    >>> from scoring.game import play_hand
    >>> from scoring.outcomes import Hand
    >>> result = play_hand(GameState((25000,) * 4), Hand(Chombo(3)), PRESETS["mleague"])
    >>> chombo_words(result, "ABCD", PRESETS["mleague"])
    'Chombo: D loses 20,000 points (−20.0) off the final result; the hand is played again.'
    """
    outcome = result.hand.outcome
    if not isinstance(outcome, Chombo):
        return ""
    if rules.chombo is ChomboStyle.PENALTY and rules.chombo_penalty:
        return _(
            "Chombo: %(name)s loses %(points)s points (%(result)s) off the final result; "
            "the hand is played again."
        ) % {
            "name": names[outcome.offender],
            "points": format_points(rules.chombo_penalty),
            "result": signed_result(Decimal(-rules.chombo_penalty) / 1000),
        }
    return _("Chombo: %(name)s pays a mangan as above; the hand is played again.") % {
        "name": names[outcome.offender]
    }


def preview_of(
    result: HandResult, names: tuple[str, ...], rules: Ruleset | None = None
) -> dict[str, Any]:
    """A hand played: everyone's change and points after, what comes next, and what a
    chombo costs (under ``rules``, where given)."""
    after = result.after
    return {
        "chombo": chombo_words(result, names, rules) if rules else "",
        "changes": [
            {
                "name": names[seat],
                # Cut at a word where room is short (the bar at a phone's foot).
                "short": short_name(names[seat]),
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
