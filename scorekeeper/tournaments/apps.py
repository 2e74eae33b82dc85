from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Tournaments: registered players, seating per session, the clock and the results."""

    name = "scorekeeper.tournaments"
    label = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from scorekeeper.operations.backup import register_part
        from scorekeeper.registry.services import MergePart, register_merge_part
        from scorekeeper.tournaments.backup import PART
        from scorekeeper.tournaments.services import merge_refusal, move_registrations

        # The registry merges players below this room: it asks this room, then has it move
        # its registrations and seats.
        register_merge_part(MergePart("tournaments", merge_refusal, move_registrations))
        # The backup is written below this room: its tournaments are a part it registers.
        register_part(PART)
