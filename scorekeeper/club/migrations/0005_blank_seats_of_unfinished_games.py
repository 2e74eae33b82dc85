"""Seats of games that are not finished keep no standings and no statistics
(``scorekeeper.club.projection``). Abandoning a finished game, or a correction that reopened
one, used to clear the standings but leave the statistics; they are cleared here, so that
``verify_games`` finds every game as its hands say."""

from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

#: A seat's statistics when blank (``scoring.stats.SeatStats()``), written out: a migration
#: keeps the values of its day.
BLANK = {
    "final_points": None,
    "place": None,
    "result": None,
    "hands": 0,
    "wins": 0,
    "tsumo_wins": 0,
    "dealer_wins": 0,
    "deal_ins": 0,
    "riichi": 0,
    "win_points": 0,
    "deal_in_points": 0,
    "best_win": 0,
    "best_hand": "",
    "yakuman": 0,
    "chombos": 0,
    "tobi": False,
}


def blank_unfinished_seats(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Seat = apps.get_model("club", "Seat")
    Seat.objects.exclude(game__status="finished").update(**BLANK)


class Migration(migrations.Migration):
    dependencies = [("club", "0004_login_attempt")]

    operations = [migrations.RunPython(blank_unfinished_seats, migrations.RunPython.noop)]
