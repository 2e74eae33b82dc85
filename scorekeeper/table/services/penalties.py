"""Penalties an organiser gives at a table (a referee's, or the club's for lateness...): each
takes points off one seat's final result, non-zero-sum, like a chombo penalty (RULES.md,
"Penalties"). They are part of the game's record (``penalties``), each placed after the hand
it was given after, and the game's standings are the replay of start + hands + penalties.

Each write locks the game row and is refused if the game changed since the page that sent it
was shown (its ``revision``): a penalty sent twice (a double tap, a retry) is given once, and
a removal never takes away another penalty than the one shown.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from scorekeeper.club.bounds import penalties_error
from scorekeeper.club.models import Game
from scorekeeper.club.projection import project_game
from scorekeeper.errors import ServiceError
from scorekeeper.refusals import refusal_text
from scorekeeper.table.services.hands import (
    check_open,
    check_revision,
    locked_game,
    save_projection,
    stored_hands,
)
from scoring.errors import LocatedError
from scoring.outcomes import Penalty
from scoring.record import MAX_PENALTIES, penalty_json, read_penalties


def _save(game: Game, penalties: list[dict[str, Any]]) -> None:
    """Store the game's new penalties (checked as a record's) and its standings with them."""
    try:
        read_penalties(penalties, game.hand_count)
    except LocatedError as error:
        raise ServiceError(f"{error.where}: {refusal_text(error, error.message)}") from None
    wrong = penalties_error(p.get("reason", "") for p in penalties)
    if wrong:
        raise ServiceError(wrong)
    game.penalties = penalties
    game.save(update_fields=["penalties"])
    save_projection(game, project_game(game, stored_hands(game)))


def give_penalty(
    *,
    game: Game,
    seat: int,
    points: int,
    reason: str = "",
    expected_revision: int,
    user: Any = None,
) -> Game:
    """Take ``points`` off ``seat``'s final result, given after the game's last hand (before
    the first when it has none). A game in play or finished takes one (a finished game's
    standings change at once); an abandoned one, or one past ``MAX_PENALTIES``, does not."""
    with transaction.atomic():
        locked = locked_game(game.pk)
        check_open(locked, allow_finished=True)
        check_revision(locked, expected_revision)
        if len(locked.penalties) >= MAX_PENALTIES:
            raise ServiceError(
                _("This game has %(count)s penalties, the most it may hold.")
                % {"count": MAX_PENALTIES}
            )
        after = locked.hand_count - 1 if locked.hand_count else None
        given = penalty_json(Penalty(seat, points, reason.strip(), after))
        _save(locked, [*locked.penalties, given])
    return locked


def remove_penalty(*, game: Game, index: int, expected_revision: int, user: Any = None) -> Game:
    """Take back the game's penalty ``index`` (0 for the first given), given by mistake."""
    with transaction.atomic():
        locked = locked_game(game.pk)
        check_open(locked, allow_finished=True)
        check_revision(locked, expected_revision)
        if not 0 <= index < len(locked.penalties):
            raise ServiceError(
                _("There is no penalty %(number)s to remove.") % {"number": index + 1}
            )
        _save(locked, [p for i, p in enumerate(locked.penalties) if i != index])
    return locked
