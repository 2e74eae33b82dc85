"""Deleting a game entered by mistake (organisers).

The game goes with its seats and hands, so it counts in no standings, statistics or season;
a ``DeletedGame`` row takes its place in the history, saying what it was and who deleted it
when. The line keeps the game's record, and the hands phones had sent for it that were
still to settle: with those sent for it afterwards, its page lists them and gives them back
as a record (nothing a phone held is lost). The deletion is made at the number of hands the
confirmation showed: a game that has moved on since is refused (``StaleGame``) and nothing
changes. So is the only game chosen
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
from scorekeeper.table.models import SentHand
from scorekeeper.table.services.games import export_record
from scorekeeper.table.services.hands import check_sequence, locked_game
from scorekeeper.table.services.outbox import waiting_item


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
        # The hands still to settle go with the line, as hands that waited for the game.
        waiting = [
            waiting_item(
                key=sent.key,
                after=sent.after,
                sequence=sent.sequence,
                data=sent.data,
                sent_at=sent.sent_at,
                entered_at=sent.entered_at,
                sent_by=sent.sent_by.get_username() if sent.sent_by else "",
            )
            for sent in locked.sent_hands.filter(outcome=SentHand.Outcome.CONFLICT)
            .select_related("sent_by")
            .order_by("sent_at", "pk")
        ]
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
            record=export_record(locked),
            waiting=waiting,
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
