from django.apps import AppConfig


class EmaConfig(AppConfig):
    """The EMA: a finished tournament's results file and its checks, and the club's MERS
    ranking from its tournaments and results entered by hand."""

    name = "scorekeeper.ema"
    label = "ema"
    verbose_name = "EMA"

    def ready(self) -> None:
        # The registry merges players below this room and says so with this.
        from scorekeeper.club.signals import players_merging
        from scorekeeper.ema.services import on_players_merging

        players_merging.connect(on_players_merging, dispatch_uid="ema-players-merging")
