from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Tournaments: registered players, seating per session, the clock and the results."""

    name = "scorekeeper.tournaments"
    label = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        # The registry merges players below this room and says so with this.
        from scorekeeper.club.signals import hand_recording, players_merging
        from scorekeeper.operations.backup import register_part
        from scorekeeper.tournaments.backup import PART
        from scorekeeper.tournaments.services import on_hand_recording, on_players_merging

        players_merging.connect(on_players_merging, dispatch_uid="tournaments-players-merging")
        # The table records hands below this room; the clock's end policy answers here.
        hand_recording.connect(on_hand_recording, dispatch_uid="tournaments-hand-recording")
        # The backup is written below this room: its tournaments are a part it registers.
        register_part(PART)
