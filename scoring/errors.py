"""Errors the engine raises: each a ``ValueError`` whose message says what is wrong and where."""

from __future__ import annotations


class ScoringError(ValueError):
    """Base of every refusal by the engine."""


class RulesError(ScoringError):
    """An unknown ruleset parameter or a bad value for one; the message names the parameter."""


class IllegalWin(ScoringError):
    """A han/fu/yakuman value that no hand can have, or that a payment cannot be made from."""


class RecordError(ScoringError):
    """A game record that breaks the ``scorekeeper.game/1`` format.

    ``where`` is a path into the document (``hands[3] (E4).ron.wins[0].fu``) so that a
    person can find the mistake.
    """

    def __init__(self, where: str, message: str) -> None:
        self.where = where
        self.message = message
        super().__init__(f"{where}: {message}" if where else message)


class IllegalHand(RecordError):
    """A hand that the rules refuse in the state the game is in (hand after the end, riichi
    without points, a ron on one's own discard, ...). ``index`` is the hand's 0-based position."""

    def __init__(self, index: int, round_label: str, field: str, message: str) -> None:
        self.index = index
        self.round_label = round_label
        self.field = field
        where = f"hands[{index}] ({round_label})" + (f".{field}" if field else "")
        super().__init__(where, message)
