from django.apps import AppConfig


class EmaConfig(AppConfig):
    """The EMA: a finished tournament's results file and its checks, and the club's MERS
    ranking from its tournaments and results entered by hand."""

    name = "scorekeeper.ema"
    label = "ema"
    verbose_name = "EMA"

    def ready(self) -> None:
        # The registry merges players below this room: it has this room move its rows.
        from scorekeeper.ema.services import move_results
        from scorekeeper.registry.services import MergePart, register_merge_part

        register_merge_part(MergePart("ema", lambda kept, merged: None, move_results))
        # The backup is written below this room: its rows are two parts it registers.
        from scorekeeper.ema.backup import FACTS_PART, RESULTS_PART
        from scorekeeper.operations.backup import register_part

        register_part(FACTS_PART)
        register_part(RESULTS_PART)
