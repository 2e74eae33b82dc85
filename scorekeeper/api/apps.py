from django.apps import AppConfig


class ApiConfig(AppConfig):
    """The API for a club's bots: tokens per member, JSON in the game record's formats."""

    name = "scorekeeper.api"
    label = "api"
    verbose_name = "API"
