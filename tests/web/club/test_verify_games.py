"""``manage.py verify_games``: a database written by the services passes; a projection that
no longer matches its hands is reported, naming the game and what differs, with status 1."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from real_data import GAMES_DIR

from scorekeeper.club.models import Game, HandRecord, Seat
from scorekeeper.table.services.games import abandon_game, finish_game, import_record
from scorekeeper.table.services.hands import edit_hand, record_hand, undo_last_hand
from scoring.outcomes import Draw, Hand, Ron, Tsumo, Win

pytestmark = pytest.mark.django_db
GAMES = GAMES_DIR


def verify(*game_ids: int) -> tuple[int, str, str]:
    out, err = StringIO(), StringIO()
    try:
        call_command("verify_games", *map(str, game_ids), stdout=out, stderr=err)
    except CommandError as error:
        err.write(f"{error}\n")
        return 1, out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


def ron(discarder: int, winner: int, han: int, fu: int | None = 30) -> Hand:
    return Hand(Ron(discarder, (Win(winner=winner, han=han, fu=fu),)))


def play(game: Game, *hands: Hand) -> Game:
    for hand in hands:
        game.refresh_from_db()
        record_hand(game=game, hand=hand, expected_sequence=game.hand_count)
    game.refresh_from_db()
    return game


@pytest.fixture
def many_games(game, players) -> list[Game]:
    """Games in every shape the services make: in play, corrected, undone, ended by tobi,
    stopped early, abandoned, imported."""
    from scorekeeper.table.services.games import start_game
    from scoring.rules import PRESETS

    def fresh() -> Game:
        return start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players)

    play(game, ron(2, 0, 2, 40), Hand(Draw(tenpai=frozenset({1}))), Hand(Tsumo(Win(1, 3, 30))))
    edit_hand(game=game, sequence=0, hand=ron(3, 0, 3, 30), expected_sequence=3)
    undone = play(fresh(), ron(1, 2, 1), ron(0, 3, 2))
    undo_last_hand(game=undone, expected_sequence=2)
    tobi = play(fresh(), Hand(Ron(1, (Win(winner=0, yakuman=1),))))
    stopped = finish_game(game=play(fresh(), ron(1, 2, 4)), expected_sequence=1)
    abandoned = abandon_game(game=play(fresh(), ron(3, 1, 1)), expected_sequence=1)
    path = sorted(GAMES.glob("*.game.json"))[0]
    imported = import_record(doc=json.loads(path.read_text()))
    return [game, undone, tobi, stopped, abandoned, imported]


def test_a_database_written_by_the_services_verifies_clean(many_games):
    status, out, err = verify()

    assert status == 0, err
    assert err == ""
    hands = HandRecord.objects.count()
    assert out == f"6 games, {hands} hands: every game matches the replay of its hands.\n"
    assert {g.status for g in Game.objects.all()} == {"in_play", "finished", "abandoned"}


def test_an_empty_database_verifies_clean(db):
    assert verify() == (0, "0 games, 0 hands: every game matches the replay of its hands.\n", "")


def test_a_tampered_state_is_reported_with_the_game_and_the_field(many_games):
    game = many_games[0]
    state = dict(game.state, scores=[30000, 25000, 20000, 25000])
    Game.objects.filter(pk=game.pk).update(state=state)

    status, _, err = verify()

    assert status == 1
    assert f"game {game.pk}: state.scores is [30000, 25000, 20000, 25000], the hands give " in err
    assert "1 of 6 games differ from their hands" in err
    assert [line for line in err.splitlines() if line.startswith("game ")] == [
        f"game {game.pk}: state.scores is [30000, 25000, 20000, 25000], the hands give "
        "[27600, 34600, 21800, 16000]"
    ]


def test_a_missing_hand_is_reported_as_a_gap_in_the_sequence(many_games):
    game = many_games[0]
    HandRecord.objects.filter(game=game, sequence=1).delete()

    status, _, err = verify()

    assert status == 1
    assert f"game {game.pk}: hand_count is 3 but the stored hands are numbered 0, 2" in err
    assert f"game {game.pk}: state.scores is" in err


def test_a_hand_count_ahead_of_the_hands_is_reported(many_games):
    game = many_games[1]
    Game.objects.filter(pk=game.pk).update(hand_count=2)

    status, _, err = verify(game.pk)

    assert status == 1
    assert f"game {game.pk}: hand_count is 2 but the stored hands are numbered 0 " in err


def test_a_finished_game_with_wrong_standings_is_reported_by_seat(many_games):
    tobi = many_games[2]
    Seat.objects.filter(game=tobi, number=3).update(final_points=99000, place=1)

    status, _, err = verify()

    assert status == 1
    assert f"game {tobi.pk}: seat 3 final_points is 99000, the hands give 25000" in err
    assert f"game {tobi.pk}: seat 3 place is 1, the hands give 3" in err


def test_a_game_left_in_play_after_its_end_is_reported(many_games):
    tobi = many_games[2]
    Game.objects.filter(pk=tobi.pk).update(status=Game.Status.IN_PLAY)

    status, _, err = verify()

    assert status == 1
    assert f"game {tobi.pk}: status is in_play, but the game has ended (tobi)" in err


def test_a_hand_the_rules_refuse_is_reported_not_raised(many_games):
    game = many_games[0]
    # Seat 5 does not exist: the stored record itself is broken.
    HandRecord.objects.filter(game=game, sequence=2).update(data={"tsumo": {"winner": 5}})

    status, _, err = verify(game.pk)

    assert status == 1
    assert f"game {game.pk}: the stored hands do not replay: hands[2]" in err


def test_only_the_games_asked_for_are_verified(many_games):
    Game.objects.filter(pk=many_games[0].pk).update(hand_count=7)

    assert verify(many_games[1].pk)[0] == 0
    assert verify(many_games[0].pk)[0] == 1


def test_a_finished_games_wrong_statistic_is_reported_by_seat(many_games):
    tobi = many_games[2]
    Seat.objects.filter(game=tobi, number=0).update(win_points=0)

    status, _, err = verify()

    assert status == 1
    # The dealer's yakuman ron: 48,000.
    assert f"game {tobi.pk}: seat 0 win_points is 0, the hands give 48000" in err


def test_an_abandoned_game_whose_seats_keep_statistics_is_reported(many_games):
    abandoned = many_games[4]
    # Its one hand: seat 1 won 1 han 30 fu from seat 3 (1,000); abandoned, it counts for nothing.
    Seat.objects.filter(game=abandoned, number=1).update(wins=1, win_points=1000)

    status, _, err = verify()

    assert status == 1
    assert f"game {abandoned.pk}: seat 1 wins is 1, the hands give 0" in err
    assert f"game {abandoned.pk}: seat 1 win_points is 1000, the hands give 0" in err
