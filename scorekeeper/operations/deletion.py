"""Deleting a game entered by mistake (organisers).

The game goes with its seats and hands, so it counts in no standings, statistics or season;
a ``DeletedGame`` row takes its place in the history, saying what it was and who deleted it
when. The deletion is made at the number of hands the confirmation showed: a game that has
moved on since is refused (``StaleGame``) and nothing changes. So is the only game chosen
for a season: without it the season would have neither games nor dates, and would count every
game (nor could a backup of it be restored); the season is changed first.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Count
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scorekeeper.club.models import DeletedGame, Game, Season
from scorekeeper.club.signals import first_moment, games_changed_since
from scorekeeper.errors import GameGone, LastGameOfSeason
from scorekeeper.table.services.hands import check_sequence, locked_game


def delete_game(*, game: Game, expected_sequence: int, user: Any = None) -> DeletedGame:
    """Delete ``game`` and leave its line in the history; return that line."""
    with transaction.atomic():
        try:
            locked = locked_game(game.pk)
        except GameGone:
            raise GameGone(_("%(game)s was already deleted.") % {"game": game}) from None
        check_sequence(locked, expected_sequence)
        _check_seasons(locked)
        names = list(locked.seats.order_by("number").values_list("player__name", flat=True))
        deleted = DeletedGame.objects.create(
            game_id=locked.pk,
            table_label=locked.table_label,
            ruleset_name=locked.ruleset_name,
            players=names,
            status=locked.status,
            hand_count=locked.hand_count,
            started_at=locked.created_at,
            deleted_at=timezone.now(),
            deleted_by=user if user is not None and user.is_authenticated else None,
            deleted_by_name=user.get_username() if user is not None else "",
        )
        since = first_moment([locked])
        locked.delete()
        games_changed_since(since)
    return deleted


def _check_seasons(game: Game) -> None:
    # Counted before the filter on the same relation, so that every chosen game counts.
    alone = (
        Season.objects.annotate(chosen=Count("games"))
        .filter(games=game, chosen=1)
        .order_by("name")
        .values_list("name", flat=True)
    )
    names = pgettext("list separator", ", ").join(
        _("“%(name)s”") % {"name": name} for name in alone
    )
    if names:
        raise LastGameOfSeason(
            _(
                "%(game)s is the only game chosen for the season %(names)s: choose other games "
                "or dates for the season first, then delete the game."
            )
            % {"game": game, "names": names}
        )
