"""The clock and end policy of every tournament table's game, written onto the game (as
starting a session writes them from now on): recording a hand reads them with the game."""

from datetime import timedelta

from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

HANDS = {"this_hand": 1, "one_more": 2}


def write_clocks(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Table = apps.get_model("tournaments", "Table")
    Game = apps.get_model("club", "Game")
    tables = Table.objects.filter(
        game__isnull=False, session__started_at__isnull=False
    ).select_related("session__tournament")
    for table in tables.iterator():
        tournament = table.session.tournament
        minutes = tournament.session_minutes + table.late_minutes + table.extra_minutes
        Game.objects.filter(pk=table.game_id).update(
            time_ends_at=table.session.started_at + timedelta(minutes=minutes),
            hands_after_time=HANDS.get(tournament.end_policy, 1),
        )


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0023_game_clock"),
        ("tournaments", "0004_withdrawn_and_planned_seating"),
    ]

    operations = [migrations.RunPython(write_clocks, migrations.RunPython.noop)]
