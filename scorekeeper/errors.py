"""The site's refusals, in one place: every room raises and catches these, whichever room
raised them.

A ``ServiceError`` is a write refused by a service (recording a hand on a game that moved on,
renaming a player to a name taken); its ``message`` is for the person who tried, in their
language, and a view shows it as it is. ``JsonRefused`` and ``RestoreError`` refuse what
was sent before anything is written. The engine's own refusals are in ``scoring.errors``.
"""

from __future__ import annotations

from django.utils.translation import gettext as _


class ServiceError(Exception):
    """A refused write; ``message`` is for the person who tried it."""

    def __init__(self, message: str) -> None:
        self.message = message
        super().__init__(message)


class StaleGame(ServiceError):
    """The game is not at the sequence the submission expected."""


class GameClosed(ServiceError):
    """The game is finished or abandoned."""


class GameFull(ServiceError):
    """The game holds ``MAX_HANDS`` hands, the most a game may have."""


class GameGone(ServiceError):
    """The game was deleted (by an organiser, as entered by mistake) since it was read."""


class Unstorable(ServiceError):
    """A result or statistic beyond what the database can hold."""


class PlayerRefused(ServiceError):
    """A change to a player that the club's data does not allow; ``message`` says why."""


class IdentityRefused(PlayerRefused):
    """A player's identity that cannot be stored; ``field`` names the form's field it is about
    (``None``: the whole)."""

    def __init__(self, message: str, *, field: str | None) -> None:
        self.field = field
        super().__init__(message)


class LastGameOfSeason(ServiceError):
    """The game is the only one chosen for a season."""


class ImportedTwice(ServiceError):
    """A game already in the club, imported from the same log (by its id, or by its players
    and hands from either of its formats)."""


class JsonRefused(ValueError):
    """JSON the site will not read, though Python might: nested too deep, a number longer
    than any value needs, a constant JSON does not have (``club.bounds.load_json``). Its text
    says why, in the reader's language."""


class TooDeep(JsonRefused):
    """JSON nested deeper than its limit (``club.bounds.JSON_DEPTH``)."""


class RestoreError(ValueError):
    """A backup that cannot be restored; ``line`` is 1-based (0: not about a line)."""

    def __init__(self, line: int, where: str, message: str) -> None:
        self.line = line
        self.where = where
        self.message = message
        place = f"{where}: " if where else ""
        text = _("line %(line)s: %(place)s%(message)s") if line else "%(place)s%(message)s"
        super().__init__(text % {"line": line, "place": place, "message": message})
