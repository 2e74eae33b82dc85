from django.apps import AppConfig


class RatingsConfig(AppConfig):
    """Ratings: each player's skill, worked out from the finished games in the order played."""

    name = "scorekeeper.ratings"
    label = "ratings"
    verbose_name = "Ratings"

    def ready(self) -> None:
        # The services that change games sit below this room and say so with these.
        from scorekeeper.club.signals import game_saved, games_changed
        from scorekeeper.ratings.services import on_game_saved, on_games_changed

        game_saved.connect(on_game_saved, dispatch_uid="ratings-game-saved")
        games_changed.connect(on_games_changed, dispatch_uid="ratings-games-changed")
