"""Errors the engine raises: each a ``ValueError`` whose message says what is wrong and where.

Two kinds of mistake in a game record are kept apart: a document that breaks the format
(``RecordError``: a wrong type, an unknown key, a fifth seat) and a hand that the rules refuse
in the state the game is in (``IllegalHand``: a hand after the end, riichi without points).
Both name their place in the document, so a caller that only shows the message catches their
common base, ``LocatedError``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, NoReturn, TypeAlias

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


class ScoringError(ValueError):
    """Base of every refusal by the engine."""


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

    def __init__(self, where: str, message: str) -> None:
        self.where = where
        self.message = message
        super().__init__(f"{where}: {message}" if where else message)


class RecordError(LocatedError):
    """A game record that breaks the ``scorekeeper.game/1`` format."""


class IllegalHand(LocatedError):
    """A hand that the rules refuse in the state the game is in (hand after the end, riichi
    without points, a ron on one's own discard, ...). ``index`` is the hand's 0-based position."""

    def __init__(self, index: int, round_label: str, field: str, message: str) -> None:
        self.index = index
        self.round_label = round_label
        self.field = field
        where = f"hands[{index}] ({round_label})" + (f".{field}" if field else "")
        super().__init__(where, message)


class Refusal(Exception):
    """A hand refused, raised inside the engine and turned into ``IllegalHand`` (with the
    hand's index and round) by ``play_hand``."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


def raise_refusal(field: str, message: str) -> NoReturn:
    raise Refusal(field, message)


#: How the rules' checks refuse a hand: ``refuse(field, message)``.
Refuse: TypeAlias = Callable[[str, str], NoReturn]
