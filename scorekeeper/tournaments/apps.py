from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Tournaments: registered players, seating per session, the clock and the results."""

    name = "scorekeeper.tournaments"
    label = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        # The registry merges players below this room and says so with this.
        from scorekeeper.club.signals import players_merging
        from scorekeeper.tournaments.services import on_players_merging

        players_merging.connect(on_players_merging, dispatch_uid="tournaments-players-merging")
