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


@pytest.mark.django_db(transaction=True)
def test_wins_are_stored_and_best_hands_become_numbers_from_the_stored_hands():
    from scoring.outcomes import Hand, Ron, Tsumo, Win
    from scoring.record_hand import hand_to_json
    from scoring.rules import PRESETS

    before = [("club", "0011_timestamps_given_or_now")]
    after = [("club", "0012_wins_and_best_hand_numbers")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    apps = executor.loader.project_state(before).apps
    Player, Game, Seat, HandRecord = (
        apps.get_model("club", name) for name in ("Player", "Game", "Seat", "HandRecord")
    )
    players = [Player.objects.create(name=name) for name in ("Aki", "Ben", "Chie", "Dan")]
    rules = {"preset": "tenhou", **PRESETS["tenhou"].to_json()}
    played = Game.objects.create(ruleset_name="tenhou", rules=rules, state={}, status="finished")
    hands = [
        Hand(Ron(3, (Win(1, 7, 40, yaku=("Riichi", "Chinitsu"), dora=0),)), riichi=(1,)),
        Hand(Tsumo(Win(2, yakuman=1))),
    ]
    for sequence, hand in enumerate(hands):
        HandRecord.objects.create(game=played, sequence=sequence, data=hand_to_json(hand))
    # A game whose stored rules no longer read: its best hands are read from their words.
    unreadable = Game.objects.create(ruleset_name="?", rules={}, state={}, status="finished")
    words = ["6 han", "3 han 40 fu", "double yakuman", ""]
    for game in (played, unreadable):
        for number, player in enumerate(players):
            Seat.objects.create(game=game, number=number, player=player, best_hand=words[number])

    executor = MigrationExecutor(connection)
    executor.migrate(after)
    apps = executor.loader.project_state(after).apps
    Seat, WinRecord = apps.get_model("club", "Seat"), apps.get_model("club", "WinRecord")
    best = ("best_han", "best_fu", "best_yakuman")
    assert list(Seat.objects.filter(game_id=played.pk).order_by("number").values_list(*best)) == [
        (None, None, 0),
        (7, 40, 0),
        (None, None, 1),
        (None, None, 0),
    ]
    assert list(
        Seat.objects.filter(game_id=unreadable.pk).order_by("number").values_list(*best)
    ) == [(6, None, 0), (3, 40, 0), (None, None, 2), (None, None, 0)]
    wins = WinRecord.objects.order_by("hand").values_list(
        "hand", "seat", "discarder_seat", "han", "yakuman", "style", "player__name"
    )
    assert list(wins) == [(0, 1, 3, 7, 0, "riichi", "Ben"), (1, 2, None, None, 1, "", "Chie")]
    assert list(WinRecord.objects.get(hand=0).yaku.values_list("name", flat=True)) == [
        "Riichi",
        "Chinitsu",
    ]


@pytest.mark.django_db(transaction=True)
def test_a_hand_sent_while_the_club_kept_the_sent_hands_is_the_tables_after_the_move():
    """The sent hands became the table's model with their database table as it was: a row
    stored while they were the club's is read by the table's model, every field kept."""
    import uuid
    from datetime import UTC, datetime

    from scorekeeper.table.models import SentHand
    from scoring.outcomes import Hand, Ron, Win
    from scoring.record_hand import hand_to_json

    before = [("club", "0027_saved_ruleset_offered_first")]
    after = [("table", "0001_table_keeps_its_sent_hands")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    apps = executor.loader.project_state(before).apps
    Game, Sent = apps.get_model("club", "Game"), apps.get_model("club", "SentHand")
    game = Game.objects.create(ruleset_name="ema", rules={}, state={})
    key, earlier = uuid.uuid4(), uuid.uuid4()
    data = hand_to_json(Hand(Ron(3, (Win(1, 3, 30),))))
    entered = datetime(2026, 11, 28, 20, 15, tzinfo=UTC)
    Sent.objects.create(
        game=game,
        key=key,
        after=earlier,
        sequence=4,
        data=data,
        outcome="conflict",
        reason="taken",
        entered_at=entered,
    )

    executor = MigrationExecutor(connection)
    executor.migrate(after)

    sent = SentHand.objects.get()
    assert (sent.game_id, sent.key, sent.after, sent.sequence, sent.data) == (
        game.pk,
        key,
        earlier,
        4,
        data,
    )
    assert (sent.outcome, sent.reason, sent.entered_at) == (
        SentHand.Outcome.CONFLICT,
        SentHand.Reason.TAKEN,
        entered,
    )
