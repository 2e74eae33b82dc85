"""The engine's refusals in the reader's language.

The engine (``scoring``) refuses in English and gives each refusal a ``code`` and the
``values`` its sentence needs. Here a code finds its wording (``wordings``), translated
with gettext and filled with the values as pages write them: seats by name (or wind), rounds
by name, points with thousands and the minus sign, yaku and ruleset parameters by their
labels. A code without a wording, or a language without a translation of it, keeps the
engine's English, so the English pages read as they always have; where that English names a
seat or a round, it is written again from the values (``ENGLISH``), the seat by the player's
name. No engine message is read back: what a page says comes from the code and the values.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, Protocol

from django.utils.translation import gettext, pgettext

from scorekeeper.format import format_points, round_name, starting_wind, yaku_name
from scorekeeper.parameters import LABELS
from scorekeeper.wordings import (
    CALCULATOR_WORDINGS,
    GAME_WORDINGS,
    LOG_WORDINGS,
    RECORD_WORDINGS,
    RULES_WORDINGS,
    TERMS,
)
from scoring.state import GameState, parse_round_label

#: Every wording, by code.
WORDINGS: Final[dict[str, str]] = {
    **GAME_WORDINGS,
    **RECORD_WORDINGS,
    **RULES_WORDINGS,
    **CALCULATOR_WORDINGS,
    **LOG_WORDINGS,
}

#: The engine's English for the refusals whose sentence names a seat or a round, with the
#: seat and the round as values, so that a page names the player and the round in words.
#: A correction's reason (the refusal of the later hand) follows after a colon when there
#: is one.
ENGLISH: Final[dict[str, str]] = {
    "seat.unknown": "%(seat)s does not exist (seats are 0-%(last_seat)s)",
    "seat.listed_twice": "%(seat)s is listed twice",
    "riichi.below_1000": "%(seat)s has %(points)s points; these rules need 1000 for riichi",
    "ron.wins_twice": "%(seat)s wins twice",
    "start.round_beyond_end": "round %(round)s: these rules play no further than %(last)s",
    "correction.breaks_hand": "this edit makes hand %(hand)s (%(round)s) impossible",
    "correction.breaks_hand_honba": (
        "this edit makes hand %(hand)s (%(round)s, %(honba)s honba) impossible"
    ),
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
    ``before``, impossible: the engine's refusal of that hand is inside it (its code, its
    values and its English)."""
    return Refusal(
        "correction.breaks_hand_honba" if before.honba else "correction.breaks_hand",
        {
            "hand": index + 1,
            "round": before.round_label,
            "honba": before.honba,
            "reason_code": error.code,
            "reason_values": dict(error.values),
            "reason_english": english_text(error),
        },
    )


def english_text(error: Refused | BaseException, *, names: Sequence[str] = ()) -> str:
    """The refusal in the engine's English: its message, or where it names a seat or a
    round, the same sentence written from the values (``ENGLISH``), seats by ``names``.

    >>> english_text(Refusal("ron.wins_twice", {"seat": 2}), names=("Aki", "Ben", "Chie", "Dan"))
    'Chie wins twice'
    >>> english_text(Refusal("riichi.below_1000", {"seat": 1, "points": 500}))
    'seat 1 has 500 points; these rules need 1000 for riichi'
    """
    code = getattr(error, "code", "")
    values = getattr(error, "values", None)
    values = values if isinstance(values, Mapping) else {}
    template = ENGLISH.get(code) if isinstance(code, str) else None
    if template is None:
        return str(getattr(error, "message", error))
    shown = {key: _english(key, value, names) for key, value in values.items()}
    try:
        text = template % shown
    except (KeyError, TypeError, ValueError):
        return str(getattr(error, "message", error))
    reason = _reason_english(values, names)
    return text if reason is None else f"{text}: {reason}"


def _english(key: str, value: object, names: Sequence[str]) -> str:
    """A value as the engine's English writes it, but a seat by the player's name and a
    round by its name."""
    if key in _SEATS and isinstance(value, int) and not isinstance(value, bool):
        return names[value] if 0 <= value < len(names) else f"seat {value}"
    if key in _ROUNDS and isinstance(value, str):
        index = parse_round_label(value)
        return value if index is None else round_name(index)
    return str(value)


def _reason(values: Mapping[str, object]) -> Refusal | None:
    """The refusal inside a correction's: the later hand's."""
    inner = values.get("reason_code")
    if not isinstance(inner, str) or not inner:
        return None
    reason_values = values.get("reason_values")
    return Refusal(inner, dict(reason_values) if isinstance(reason_values, Mapping) else {})


def _reason_english(values: Mapping[str, object], names: Sequence[str]) -> str | None:
    """A correction's reason in the engine's English, or ``None`` without one."""
    reason = _reason(values)
    if reason is not None and reason.code in ENGLISH:
        return english_text(reason, names=names)
    english = values.get("reason_english")
    if isinstance(english, str):
        return english
    return None if reason is None else reason.code


def refusal_text(
    error: Refused | BaseException, english: str | None = None, *, names: Sequence[str] = ()
) -> str:
    """The refusal as a sentence in the reader's language.

    ``english`` is what the page shows in English (by default the engine's message without
    its place, ``english_text``); it stays the sentence where the code has no wording or the
    language no translation of it. ``names`` are the game's players in seat order, to name
    seats.
    """
    message = english if english is not None else english_text(error, names=names)
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


def worded_text(error: Refused | BaseException, *, names: Sequence[str] = ()) -> str:
    """The refusal in the site's wording of its code, in the reader's language (the
    wording's own English where it has no translation): for the forms that show every
    refusal as a sentence of their own (a ruleset's parameters). A code without a wording
    keeps the engine's English.

    >>> worded_text(Refusal("rules.uma_sum", {"parameter": "uma", "sum": -5000, "players": 4}))
    'The uma values must sum to 0, they sum to −5,000.'
    """
    code = getattr(error, "code", "")
    wording = WORDINGS.get(code) if isinstance(code, str) else None
    values = getattr(error, "values", None)
    if wording is None or not isinstance(values, Mapping):
        return english_text(error, names=names)
    try:
        return gettext(wording) % shown_values(values, names)
    except (KeyError, TypeError, ValueError):
        return english_text(error, names=names)


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
    made_of = _yaku_made_of(values)
    if made_of is not None:
        shown["yaku"] = made_of
    reason = _reason(values)
    if reason is not None:
        english = _reason_english(values, names) or reason.code
        shown["reason"] = refusal_text(reason, english, names=names)
    return shown


def _yaku_made_of(values: Mapping[str, object]) -> str | None:
    """The yaku a refusal lists, from the engine's values (``names``, or ``parts`` of a yaku
    and its han with the ``dora``), each named in the reader's language; ``None`` where the
    refusal lists none.

    >>> _yaku_made_of({"parts": (("Riichi", 1), ("Pinfu", 1)), "dora": 2})
    'Riichi 1 + Pinfu 1 + Dora 2'
    """
    joiner = pgettext("yaku list", " + ")
    listed = values.get("names")
    if isinstance(listed, tuple | list):
        return joiner.join(yaku_name(str(name)) for name in listed)
    parts = values.get("parts")
    if not isinstance(parts, tuple | list):
        return None
    words = [f"{yaku_name(str(name))} {han}" for name, han in parts]
    dora = values.get("dora")
    if isinstance(dora, int):
        words.append(f"{yaku_name('Dora')} {dora}")
    return joiner.join(words)


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
        return yaku_name(value)
    if key == "parameter":
        return parameter_label(value)
    term = TERMS.get(value)
    return value if term is None else str(term)
