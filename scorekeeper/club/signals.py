"""What the services that change finished games tell the rooms that keep a projection of
all of them in order (the ratings): sent explicitly, inside the writing transaction, so a
receiver's writes commit or roll back with the change.

The rooms that write games (the table, the registry, operations) sit below the rooms that
read every game back (``tests/web/site_wide/test_import_direction.py``), so they cannot
call those rooms' services; they send one of these and the reading room answers in the same
transaction. A game's place in the order is its ``Moment``: when it finished, then its id.

Signals only tell: no sender reads an answer. What a write must obey is not asked of a
receiver: a tournament's clock and end policy are written onto its game when its session
starts, and a merge asks the rooms that name players explicitly
(``registry.services.register_merge_part``).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from django.dispatch import Signal

from scorekeeper.club.models import Game

Moment = tuple[datetime, int]

#: ``game``'s projection was saved: its status, places or moment may have changed.
game_saved = Signal()
#: The finished games from ``since`` on may have changed (``since=None``: every game): games
#: deleted or stored in bulk, a player's seats moved.
games_changed = Signal()


def first_moment(games: Iterable[Game]) -> Moment | None:
    """The earliest place in the order among the finished ones of ``games``."""
    moments = [
        (game.finished_at, game.pk)
        for game in games
        if game.status == Game.Status.FINISHED and game.finished_at is not None
    ]
    return min(moments) if moments else None


def games_changed_since(since: Moment | None, *, everything: bool = False) -> None:
    """Send ``games_changed`` when anything finished changed (``everything``: every game)."""
    if since is not None or everything:
        games_changed.send(sender=Game, since=since)
