"""Data migrations: what they change in a database of their day."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor


@pytest.fixture(autouse=True)
def back_to_the_latest():
    """Each test leaves the database migrated to the end again, as the tests after it
    expect."""
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


BEFORE = [("club", "0004_login_attempt")]
AFTER = [("club", "0005_blank_seats_of_unfinished_games")]


@pytest.mark.django_db(transaction=True)
def test_seats_of_games_not_finished_lose_the_statistics_left_on_them():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    apps = executor.loader.project_state(BEFORE).apps
    Player, Game, Seat = (apps.get_model("club", name) for name in ("Player", "Game", "Seat"))
    players = [Player.objects.create(name=name) for name in ("Aki", "Ben", "Chie", "Dan")]
    games = {
        status: Game.objects.create(ruleset_name="ema", rules={}, state={}, status=status)
        for status in ("in_play", "finished", "abandoned")
    }
    for game in games.values():
        for number, player in enumerate(players):
            # What the old code left: statistics on every seat, standings on none but
            # the finished game's.
            standings = {"final_points": 30000, "place": number + 1, "result": 10}
            Seat.objects.create(
                game=game,
                number=number,
                player=player,
                wins=2,
                win_points=8000,
                best_hand="3 han 30 fu",
                **(standings if game.status == "finished" else {}),
            )

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)

    seats = Seat.objects.order_by("game__status", "number")
    rows = list(seats.values_list("game__status", "wins", "win_points", "best_hand", "place"))
    assert rows == [
        *[("abandoned", 0, 0, "", None)] * 4,
        *[("finished", 2, 8000, "3 han 30 fu", n) for n in (1, 2, 3, 4)],
        *[("in_play", 0, 0, "", None)] * 4,
    ]


@pytest.mark.django_db(transaction=True)
def test_names_taken_in_another_case_are_renamed_before_they_become_unique(capsys):
    before = [("club", "0007_stops_by_choice_under_optional_yame")]
    after = [("club", "0008_names_unique_ignoring_case_login_counts_setup")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    apps = executor.loader.project_state(before).apps
    Player, SavedRuleset = apps.get_model("club", "Player"), apps.get_model("club", "SavedRuleset")
    for name in ("Aki", "AKI", "aki", "AKI (2)", "Ben"):
        Player.objects.create(name=name)
    for name in ("Thursday", "thursday"):
        SavedRuleset.objects.create(name=name, preset="ema")

    executor = MigrationExecutor(connection)
    executor.migrate(after)

    players = list(Player.objects.order_by("pk").values_list("name", flat=True))
    assert players == ["Aki", "AKI (3)", "aki (4)", "AKI (2)", "Ben"]
    rulesets = list(SavedRuleset.objects.order_by("pk").values_list("name", flat=True))
    assert rulesets == ["Thursday", "thursday (2)"]
    assert "'AKI' renamed 'AKI (3)'" in capsys.readouterr().out
