"""The engine's refusals in the reader's language.

The engine (``scoring``) refuses in English and gives each refusal a ``code`` and the
``values`` its sentence needs. Here a code finds its wording (``refusal_words``), translated
with gettext and filled with the values as pages write them: seats by name (or wind), rounds
by name, points with thousands and the minus sign, yaku and ruleset parameters by their
labels. A code without a wording, or a language without a translation of it, keeps the
engine's English, so the English pages read as they always have.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, Protocol

from django.utils.translation import gettext

from scorekeeper.format import format_points, round_name, starting_wind
from scorekeeper.refusal_words import GAME_WORDINGS, TERMS
from scorekeeper.refusal_words_input import (
    CALCULATOR_WORDINGS,
    RECORD_WORDINGS,
    RULES_WORDINGS,
)
from scorekeeper.registry.rules_words import LABELS
from scoring.state import GameState, parse_round_label

#: Every wording, by code.
WORDINGS: Final[dict[str, str]] = {
    **GAME_WORDINGS,
    **RECORD_WORDINGS,
    **RULES_WORDINGS,
    **CALCULATOR_WORDINGS,
}

#: Values that are seats (0-3): written as the player's name, or the seat's wind.
_SEATS: Final = frozenset({"seat"})
#: Values that are rounds (``E1``): written as the round's name.
_ROUNDS: Final = frozenset({"round", "last"})
#: Values that name yaku: written as the yaku's label.
_YAKU: Final = frozenset({"yaku", "yakuman", "other"})


class Refused(Protocol):
    """What a refusal carries: the engine's ``ScoringError`` and ``Refusal`` both do."""

    @property
    def code(self) -> str: ...

    @property
    def values(self) -> Mapping[str, object]: ...


@dataclass(frozen=True)
class Refusal:
    """A refusal given by its code and values alone (one the site builds around the
    engine's, such as a correction that breaks a later hand)."""

    code: str
    values: dict[str, object] = field(default_factory=dict)


def correction_refusal(index: int, before: GameState, error: Refused) -> Refusal:
    """A correction refused because it makes hand ``index`` (0-based), played from
    ``before``, impossible: the engine's refusal of that hand is inside it."""
    return Refusal(
        "correction.breaks_hand_honba" if before.honba else "correction.breaks_hand",
        {
            "hand": index + 1,
            "round": before.round_label,
            "honba": before.honba,
            "reason_code": error.code,
            "reason_values": dict(error.values),
        },
    )


def refusal_text(
    error: Refused | BaseException, english: str | None = None, *, names: Sequence[str] = ()
) -> str:
    """The refusal as a sentence in the reader's language.

    ``english`` is what the page shows in English (by default the engine's message without
    its place); it stays the sentence where the code has no wording or the language no
    translation of it. ``names`` are the game's players in seat order, to name seats.
    """
    message = english if english is not None else str(getattr(error, "message", error))
    code = getattr(error, "code", "")
    wording = WORDINGS.get(code) if isinstance(code, str) else None
    if wording is None:
        return message
    translated = gettext(wording)
    if translated == wording:
        return message
    values = getattr(error, "values", None)
    try:
        return translated % shown_values(values if isinstance(values, Mapping) else {}, names)
    except (KeyError, TypeError, ValueError):
        return message


def located_refusal_text(error: Refused | BaseException, english: str | None = None) -> str:
    """``refusal_text`` with the refusal's place in front, as a record's or a ruleset's
    reader needs it: the document's path (``hands[3] (E4).ron.wins[0]``) or the parameter's
    label. In English, the engine's whole message (``str(error)``) by default."""
    english = english if english is not None else str(error)
    text = refusal_text(error, english)
    if text == english:
        return english
    where = getattr(error, "where", None)
    if where is None:
        values = getattr(error, "values", {})
        parameter = values.get("parameter") if isinstance(values, Mapping) else None
        where = parameter_label(parameter) if isinstance(parameter, str) and parameter else ""
    return f"{where}: {text}" if where else text


def parameter_label(name: str) -> str:
    """A ruleset parameter by its label (``uma.1``: the label of ``uma``, then the row)."""
    base, dot, rest = name.partition(".")
    label = LABELS.get(base)
    if label is None:
        return name
    return gettext(str(label)) + (f" {rest}" if dot else "")


def shown_values(values: Mapping[str, object], names: Sequence[str] = ()) -> dict[str, str]:
    """A refusal's values as the sentence writes them.

    >>> shown_values({"han": 1, "fu": 20, "sum": -5000, "reason": "tobi"})
    {'han': '1', 'fu': '20', 'sum': '−5,000', 'reason': 'tobi'}
    """
    shown = {key: _shown(key, value, names) for key, value in values.items()}
    inner = values.get("reason_code")
    if isinstance(inner, str) and inner:
        reason_values = values.get("reason_values")
        reason = Refusal(inner, dict(reason_values) if isinstance(reason_values, Mapping) else {})
        shown["reason"] = refusal_text(reason, inner, names=names)
    return shown


def _shown(key: str, value: object, names: Sequence[str]) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if key in _SEATS and 0 <= value <= 3:
            return names[value] if value < len(names) else gettext(starting_wind(value))
        return format_points(value) if abs(value) >= 1000 or value < 0 else str(value)
    if not isinstance(value, str):
        return "" if value is None else str(value)
    if key in _ROUNDS:
        index = parse_round_label(value)
        return value if index is None else round_name(index)
    if key in _YAKU:
        return " + ".join(gettext(part) for part in value.split(" + "))
    if key == "parameter":
        return parameter_label(value)
    term = TERMS.get(value)
    return value if term is None else str(term)
