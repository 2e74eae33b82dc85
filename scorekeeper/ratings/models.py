"""What the ratings store: each player's rating before and after each finished game, and
where each player stands now.

Both are a projection of the finished games in the order they finished (``finished_at``,
then the game's id), like a game's totals are a projection of its hands: the ratings
service (``services.py``) rewrites them from the first game a change touches, so that they
are always what rating every finished game again in order would give. Nothing here is
edited by hand.
"""

from __future__ import annotations

from django.db import models

from scorekeeper.club.models import Game, Player
from scorekeeper.ratings.rating import Standing


class Kind(models.IntegerChoices):
    """Three- and four-player games are rated apart: the number of players is the kind."""

    THREE = 3, "three players"
    FOUR = 4, "four players"


class RatingChange(models.Model):
    """One player's ratings after one finished game. Their ratings before it are the row
    of their game before (``games`` one less), or the start for their first."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rating_changes")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_changes")
    players = models.PositiveSmallIntegerField(choices=Kind.choices)
    #: Where the game stood in the order when it was rated (its ``finished_at`` then).
    finished_at = models.DateTimeField()
    place = models.PositiveSmallIntegerField()
    #: The player's games of this kind, this one included.
    games = models.PositiveIntegerField()
    mu = models.FloatField()
    sigma = models.FloatField()
    r = models.FloatField()

    class Meta:
        ordering = ["finished_at", "game_id", "player_id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "player"], name="one_rating_change_per_seat"),
            # A player's n-th game of a kind is one game: the one before is ``games - 1``.
            models.UniqueConstraint(
                fields=["player", "players", "games"], name="one_rating_change_per_count"
            ),
        ]
        indexes = [models.Index(fields=["finished_at", "game"])]

    def __str__(self) -> str:
        return f"{self.game}: {self.player} {self.after().shown:.0f}"

    def after(self) -> Standing:
        return Standing(self.mu, self.sigma, self.r, self.games)


class Rating(models.Model):
    """Where a player stands now in one kind: their ratings after their last rated game."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    players = models.PositiveSmallIntegerField(choices=Kind.choices)
    games = models.PositiveIntegerField()
    mu = models.FloatField()
    sigma = models.FloatField()
    r = models.FloatField()
    #: The shown rating (``rating.shown_rating``), stored for ordering.
    rating = models.FloatField()
    #: The player's last rated game and its moment: a game rated after it starts from here.
    last_finished_at = models.DateTimeField()
    last_game_id = models.PositiveIntegerField()

    class Meta:
        ordering = ["players", "-rating", "player_id"]
        constraints = [
            models.UniqueConstraint(fields=["player", "players"], name="one_rating_per_kind")
        ]
        indexes = [models.Index(fields=["players", "-rating"])]

    def __str__(self) -> str:
        return f"{self.player} ({self.players} players): {self.rating:.0f}"

    def standing(self) -> Standing:
        return Standing(self.mu, self.sigma, self.r, self.games)

    @property
    def uncertainty(self) -> float:
        return self.standing().uncertainty


class RatingsLock(models.Model):
    """One row, locked by every write to the ratings (``select_for_update``), so that two
    games finished at the same moment on PostgreSQL are rated one after the other.

    It also says where the ratings stand: ``pending_at`` and ``pending_game`` name the first
    finished game (its moment and id) still to rate again after a change that touched many
    games (``services.rerate``): the ratings of every game before it are right, those from
    it on are being worked out in the background, a chunk at a time (the pages say "ratings
    updating"). ``worked_at`` is when a chunk was last rated, so that work left by a stopped
    server is taken up again."""

    ONLY = 1

    id = models.PositiveSmallIntegerField(primary_key=True, default=ONLY)
    pending_at = models.DateTimeField(null=True, blank=True)
    pending_game = models.PositiveIntegerField(null=True, blank=True)
    worked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.CheckConstraint(condition=models.Q(id=1), name="one_ratings_lock")]

    def __str__(self) -> str:
        return "ratings lock"
