from django.apps import AppConfig


class RatingsConfig(AppConfig):
    """Ratings: each player's skill, worked out from the finished games in the order played."""

    name = "scorekeeper.ratings"
    label = "ratings"
    verbose_name = "Ratings"
