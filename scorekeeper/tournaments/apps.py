from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Tournaments: registered players, seating per session, the clock and the results."""

    name = "scorekeeper.tournaments"
    label = "tournaments"
    verbose_name = "Tournaments"
