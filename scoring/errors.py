"""Errors the engine raises: each a ``ValueError`` whose message says what is wrong and where.

Two kinds of mistake in a game record are kept apart: a document that breaks the format
(``RecordError``: a wrong type, an unknown key, a fifth seat) and a hand that the rules refuse
in the state the game is in (``IllegalHand``: a hand after the end, riichi without points).
Both name their place in the document, so a caller that only shows the message catches their
common base, ``LocatedError``.

Every refusal also carries ``code``, a stable dotted name (``hand.after_end``,
``win.impossible_han_fu``, ``rules.out_of_range``), and ``values``, the numbers and names its
sentence needs, so that a reader other than the command line can word it in its own language.
The English message stays the engine's own words.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, NoReturn, Protocol

#: The most of a person's input an error message quotes.
EXCERPT: Final = 40


def excerpt(value: object) -> str:
    """``value`` as a short quotation for an error message, cut to ``EXCERPT`` characters.

    >>> excerpt("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'"
    """
    text = value if isinstance(value, str) else repr(value)
    cut = text[:EXCERPT] + ("..." if len(text) > EXCERPT else "")
    return repr(cut) if isinstance(value, str) else cut


#: The values a refusal's sentence needs: numbers, names, fields.
Values = Mapping[str, object]


def describe_value(value: object) -> str:
    """What a value of a JSON document is, in words, for a refusal's English message.

    >>> describe_value(None), describe_value(True), describe_value(3), describe_value([1])
    ('null', 'true', 'the number 3', 'a list')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text {excerpt(value)}"
    if isinstance(value, list):
        return "a list"
    return "an object"


def shown(value: object) -> object:
    """``value`` as a refusal's values hold what a person gave: JSON's words for null and
    truth, numbers as they are, text quoted and cut, a list or an object as brackets.

    >>> shown(None), shown(True), shown(7), shown("x" * 50)[-4:], shown([1]), shown({})
    ('null', 'true', 7, "...'", '[...]', '{...}')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return value
    if isinstance(value, str):
        return excerpt(value)
    if isinstance(value, list | tuple):
        return "[...]"
    return "{...}" if isinstance(value, Mapping) else excerpt(repr(value))


class ScoringError(ValueError):
    """Base of every refusal by the engine: the English message, a ``code`` naming the kind
    of refusal and the ``values`` its sentence needs.

    >>> error = ScoringError("seat 5 does not exist", code="seat.unknown", values={"seat": 5})
    >>> str(error), error.code, error.values
    ('seat 5 does not exist', 'seat.unknown', {'seat': 5})
    """

    def __init__(self, *args: object, code: str = "", values: Values | None = None) -> None:
        super().__init__(*args)
        self.code = code
        self.values: dict[str, object] = dict(values or {})


class RulesError(ScoringError):
    """An unknown ruleset parameter or a bad value for one. The message starts with the
    parameter's path in a record (``rules.uma: ...``), so a record's reader can locate it."""


class IllegalWin(ScoringError):
    """A han/fu/yakuman value that no hand can have, or that a payment cannot be made from."""


class LocatedError(ScoringError):
    """A refusal at a place in a game record.

    ``where`` is a path into the document (``hands[3] (E4).ron.wins[0].fu``) so that a
    person can find the mistake; ``message`` says what is wrong there.
    """

    def __init__(
        self, where: str, message: str, *, code: str = "", values: Values | None = None
    ) -> None:
        self.where = where
        self.message = message
        super().__init__(f"{where}: {message}" if where else message, code=code, values=values)


class RecordError(LocatedError):
    """A game record that breaks the ``scorekeeper.game/1`` format."""


class IllegalHand(LocatedError):
    """A hand that the rules refuse in the state the game is in (hand after the end, riichi
    without points, a ron on one's own discard, ...). ``index`` is the hand's 0-based position."""

    def __init__(
        self,
        index: int,
        round_label: str,
        field: str,
        message: str,
        *,
        code: str = "",
        values: Values | None = None,
    ) -> None:
        self.index = index
        self.round_label = round_label
        self.field = field
        where = f"hands[{index}] ({round_label})" + (f".{field}" if field else "")
        super().__init__(where, message, code=code, values=values)


class LogError(LocatedError):
    """A platform's game log (Tenhou's mjlog XML, tenhou.net/6 JSON) that cannot be read, or
    whose own numbers the record made from it does not reproduce. ``where`` names the place
    in the log (``<AGARI> 5``, ``log[3][16]``) or the hand (``hands[3] (E4)``)."""


class Refusal(Exception):
    """A hand refused, raised inside the engine and turned into ``IllegalHand`` (with the
    hand's index and round) by ``play_hand``."""

    def __init__(
        self, field: str, message: str, *, code: str = "", values: Values | None = None
    ) -> None:
        super().__init__(message)
        self.field = field
        self.message = message
        self.code = code
        self.values: dict[str, object] = dict(values or {})


def raise_refusal(
    field: str, message: str, *, code: str = "", values: Values | None = None
) -> NoReturn:
    raise Refusal(field, message, code=code, values=values)


class Refuse(Protocol):
    """How the rules' checks refuse a hand: ``refuse(field, message, code=..., values=...)``."""

    def __call__(
        self, field: str, message: str, *, code: str = "", values: Values | None = None
    ) -> NoReturn: ...
