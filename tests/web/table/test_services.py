"""Services: record, undo, edit, replay; refusals leave the database unchanged."""

from __future__ import annotations

import json

import pytest
from real_data import GAMES_DIR

from scorekeeper.club.models import Game, HandRecord, Player, Seat
from scorekeeper.errors import GameClosed, ServiceError, StaleGame
from scorekeeper.table.services.games import (
    abandon_game,
    export_record,
    finish_game,
    import_record,
    reopen_game,
    start_game,
)
from scorekeeper.table.services.hands import edit_hand, record_hand, scoreboard, undo_last_hand
from scoring.errors import IllegalHand
from scoring.outcomes import Draw, Hand, Ron, Tsumo, Win
from scoring.record_hand import hand_to_json, parse_hand
from scoring.rules import PRESETS

pytestmark = pytest.mark.django_db
GAMES = GAMES_DIR


@pytest.fixture
def players():
    return [Player.objects.create(name=n) for n in ("Aki", "Ben", "Chie", "Dan")]


@pytest.fixture
def game(players):
    return start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players)


def snapshot(game: Game):
    game.refresh_from_db()
    return (
        game.hand_count,
        game.revision,
        game.state,
        game.status,
        list(game.hands.values_list("sequence", "data")),
    )


def ron(discarder, winner, han, fu=None, riichi=()):
    return Hand(Ron(discarder, (Win(winner=winner, han=han, fu=fu),)), riichi=riichi)


def test_recording_a_hand_stores_it_and_updates_the_projection(game):
    record_hand(game=game, hand=ron(2, 0, 2, 40, riichi=(0,)), expected_sequence=0)
    game.refresh_from_db()
    assert game.hand_count == 1
    # Dealer 2 han 40 fu ron: 3,900, the riichi stick comes back; the dealer keeps the deal.
    assert game.state["scores"] == [28900, 25000, 21100, 25000]
    assert (game.state["round_index"], game.state["honba"]) == (0, 1)
    assert HandRecord.objects.get(game=game).data == {
        "riichi": [0],
        "ron": {"from": 2, "wins": [{"winner": 0, "han": 2, "fu": 40}]},
    }


def test_a_stale_submission_records_nothing(game):
    record_hand(game=game, hand=ron(2, 0, 2, 40), expected_sequence=0)
    before = snapshot(game)
    with pytest.raises(StaleGame, match="moved on"):
        record_hand(game=game, hand=ron(2, 0, 2, 40), expected_sequence=0)
    assert snapshot(game) == before


def test_a_phone_that_loaded_the_game_before_a_correction_records_from_the_corrected_game(game):
    record_hand(game=game, hand=ron(2, 0, 2, 40), expected_sequence=0)
    # A phone loads the game at hand 1 (East 1, 1 honba, the dealer 28,900)...
    loaded = Game.objects.get(pk=game.pk)
    # ...then another phone corrects hand 1: a non-dealer's 1,000, so East 2 is next.
    edit_hand(game=game, sequence=0, hand=ron(2, 1, 1, 30), expected_sequence=1)
    # Still one hand in: the first phone's draw is recorded, played from East 2 (seat 1
    # deals, seat 0 alone tenpai takes 3,000), not from the East 1 it had loaded.
    record_hand(game=loaded, hand=Hand(Draw(tenpai=(0,))), expected_sequence=1)
    game.refresh_from_db()
    assert game.state["scores"] == [28000, 25000, 23000, 24000]
    assert (game.state["round_index"], game.state["honba"]) == (2, 1)
    assert list(game.hands.values_list("sequence", flat=True)) == [0, 1]
    assert game.revision == 3


def test_recording_a_hand_returns_the_game_as_written_and_the_hand_as_played(game):
    change = record_hand(game=game, hand=ron(2, 0, 2, 40, riichi=(0,)), expected_sequence=0)

    assert change.game.hand_count == 1 and change.game.revision == 1
    # Dealer 2 han 40 fu ron: 3,900 from seat 2, and the dealer's own riichi stick back.
    assert change.result.deltas == (3900, 0, -3900, 0)
    assert change.result.after.scores == (28900, 25000, 21100, 25000)
    # The game goes on: nothing was replayed.
    assert change.played is None


def test_a_hand_row_refused_by_the_unique_sequence_is_a_stale_game_and_changes_nothing(game):
    record_hand(game=game, hand=ron(2, 0, 2, 40), expected_sequence=0)
    # A hand row already at the next sequence (as a second phone's write that the row lock
    # did not order would leave it): the unique (game, sequence) refuses the new one.
    HandRecord.objects.create(game=game, sequence=1, data=hand_to_json(Hand(Draw())))
    before = snapshot(game)

    with pytest.raises(StaleGame, match="Another phone recorded this hand first"):
        record_hand(game=game, hand=Hand(Draw(tenpai=(0,))), expected_sequence=1)

    # The game row's update went back with the refused hand, and the test's transaction
    # (a caller's) still answers queries.
    assert snapshot(game) == before


def test_an_illegal_hand_changes_nothing(game):
    before = snapshot(game)
    with pytest.raises(IllegalHand, match="20 fu"):
        record_hand(game=game, hand=ron(2, 0, 1, 20), expected_sequence=0)
    assert snapshot(game) == before


def test_undo_removes_the_last_hand_and_replays(game):
    record_hand(game=game, hand=ron(2, 0, 2, 40), expected_sequence=0)
    record_hand(game=game, hand=Hand(Tsumo(Win(winner=1, han=1, fu=30))), expected_sequence=1)
    undo_last_hand(game=game, expected_sequence=2)
    game.refresh_from_db()
    assert game.hand_count == 1
    assert game.state["scores"] == [28900, 25000, 21100, 25000]
    assert list(game.hands.values_list("sequence", flat=True)) == [0]


def test_editing_an_earlier_hand_replays_the_game(game):
    record_hand(game=game, hand=ron(2, 0, 2, 40), expected_sequence=0)
    record_hand(game=game, hand=Hand(Draw(tenpai=(0,))), expected_sequence=1)
    # The first hand was a non-dealer's win after all: the deal passes, the draw is in E2.
    edit_hand(game=game, sequence=0, hand=ron(2, 1, 1, 30), expected_sequence=2)
    game.refresh_from_db()
    board = scoreboard(game)
    assert [r.before.round_label for r in board.replay.results] == ["E1", "E2"]
    # E2: seat 1 deals; seat 0 alone tenpai gets 3,000; the dealer was noten: on to E3.
    assert game.state["scores"] == [28000, 26000 - 1000, 24000 - 1000, 25000 - 1000]
    assert game.state["round_index"] == 2 and game.state["honba"] == 1


def test_an_edit_that_breaks_a_later_hand_is_refused_and_says_which(game, players):
    # Seat 3 pays a dealer baiman (24,000), keeping 1,000; then declares riichi.
    record_hand(game=game, hand=Hand(Ron(3, (Win(winner=0, han=8),))), expected_sequence=0)
    record_hand(game=game, hand=Hand(Draw(tenpai=(3,)), riichi=(3,)), expected_sequence=1)
    before = snapshot(game)
    # A sanbaiman instead leaves seat 3 below 0: tobi ends the game before hand 2.
    with pytest.raises(IllegalHand, match="hand 2") as error:
        edit_hand(
            game=game, sequence=0, hand=Hand(Ron(3, (Win(winner=0, han=11),))), expected_sequence=2
        )
    assert error.value.index == 1
    assert snapshot(game) == before


def test_a_game_ended_by_the_rules_is_finished_with_standings(players):
    game = start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players)
    # Dealer yakuman ron from seat 3 (48,000): seat 3 goes to -23,000, tobi.
    record_hand(game=game, hand=Hand(Ron(3, (Win(winner=0, yakuman=1),))), expected_sequence=0)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.finished_at is not None
    seats = {s.number: s for s in game.seats.all()}
    assert seats[0].place == 1 and seats[3].place == 4
    # Tenhou: 2nd/3rd at 25,000 -> -5 +10 = +5 (seat 1), -5 -10 = -15 (seat 2); 4th -23 -30 -20.
    assert [float(seats[n].result) for n in range(4)] == [83.0, 5.0, -15.0, -73.0]
    with pytest.raises(GameClosed):
        record_hand(game=game, hand=Hand(Draw()), expected_sequence=1)


def test_undo_of_the_last_hand_of_a_finished_game_reopens_it_with_blank_seats(players):
    game = start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players)
    record_hand(game=game, hand=Hand(Ron(3, (Win(winner=0, yakuman=1),))), expected_sequence=0)
    assert Seat.objects.get(game=game, number=0).wins == 1

    change = undo_last_hand(game=game, expected_sequence=1, allow_finished=True)

    game.refresh_from_db()
    assert game.status == Game.Status.IN_PLAY and game.finished_at is None
    assert change.result.deltas == (48000, 0, 0, -48000)  # the hand undone, as it was played
    # A game in play keeps no standings and no statistics.
    assert game.seats.filter(result__isnull=False).count() == 0
    assert (
        list(game.seats.values_list("hands", "wins", "deal_ins", "best_han", "best_yakuman"))
        == [(0, 0, 0, None, 0)] * 4
    )


def test_finish_early_and_abandon(game):
    record_hand(game=game, hand=ron(2, 0, 2, 40), expected_sequence=0)
    finish_game(game=game, expected_sequence=1)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.stopped_early
    assert sorted(game.seats.values_list("place", flat=True)) == [1, 2, 3, 4]
    # Seat 0 won the one hand (dealer 2 han 40 fu ron, 3,900).
    assert game.seats.get(number=0).win_points == 3900
    reopen_game(game=game, expected_sequence=1)
    abandon_game(game=game, expected_sequence=1)
    game.refresh_from_db()
    assert game.status == Game.Status.ABANDONED and game.finished_at is not None
    # An abandoned game counts for nothing: no standings, no statistics.
    assert game.seats.filter(result__isnull=False).count() == 0
    assert list(game.seats.values_list("hands", "wins", "win_points")) == [(0, 0, 0)] * 4


def test_a_finish_confirmed_before_later_hands_is_refused_and_changes_nothing(game):
    # The confirmation was shown at hand 0; two hands were recorded before it was sent.
    record_hand(game=game, hand=ron(2, 0, 2, 40), expected_sequence=0)
    record_hand(game=game, hand=ron(3, 0, 1, 30), expected_sequence=1)
    before = snapshot(game)

    with pytest.raises(StaleGame):
        finish_game(game=game, expected_sequence=0)

    assert snapshot(game) == before
    assert game.status == Game.Status.IN_PLAY and not game.stopped_early


def test_an_abandon_confirmed_before_later_hands_is_refused_and_changes_nothing(game):
    record_hand(game=game, hand=ron(2, 0, 2, 40), expected_sequence=0)
    before = snapshot(game)

    with pytest.raises(StaleGame):
        abandon_game(game=game, expected_sequence=0)

    assert snapshot(game) == before


def test_a_finished_game_cannot_be_abandoned_and_keeps_its_standings(game):
    record_hand(game=game, hand=ron(2, 0, 2, 40), expected_sequence=0)
    finish_game(game=game, expected_sequence=1)
    before = snapshot(game)
    places = sorted(game.seats.values_list("place", flat=True))

    with pytest.raises(GameClosed, match="reopen it first"):
        abandon_game(game=game, expected_sequence=1)

    assert snapshot(game) == before
    assert sorted(game.seats.values_list("place", flat=True)) == places == [1, 2, 3, 4]


def test_an_abandoned_game_cannot_be_abandoned_finished_or_reopened(game):
    abandon_game(game=game, expected_sequence=0)
    before = snapshot(game)

    for service in (abandon_game, finish_game, reopen_game):
        with pytest.raises(GameClosed):
            service(game=game, expected_sequence=0)

    assert snapshot(game) == before


def test_reopening_a_game_stopped_early_puts_it_back_in_play_without_standings(game):
    record_hand(game=game, hand=ron(2, 0, 2, 40), expected_sequence=0)
    finish_game(game=game, expected_sequence=1)

    reopen_game(game=game, expected_sequence=1)

    game.refresh_from_db()
    assert game.status == Game.Status.IN_PLAY
    assert not game.stopped_early and game.finished_at is None
    assert game.seats.filter(place__isnull=False).count() == 0
    # Play goes on from where it stopped: seat 0, the dealer, won and keeps the deal.
    record_hand(game=game, hand=ron(1, 0, 1, 30), expected_sequence=1)
    assert refresh_count(game) == 2


def refresh_count(game: Game) -> int:
    game.refresh_from_db()
    return game.hand_count


def test_reopening_is_refused_for_a_game_in_play_a_stale_page_and_a_game_its_hands_ended(
    game, players
):
    with pytest.raises(GameClosed, match="Only a finished game"):
        reopen_game(game=game, expected_sequence=0)
    record_hand(game=game, hand=ron(2, 0, 2, 40), expected_sequence=0)
    finish_game(game=game, expected_sequence=1)
    with pytest.raises(StaleGame):
        reopen_game(game=game, expected_sequence=0)
    # A dealer's yakuman ron from seat 3 (48,000) takes seat 3 below zero: tobi ends it.
    ended = start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players)
    record_hand(game=ended, hand=Hand(Ron(3, (Win(winner=0, yakuman=1),))), expected_sequence=0)
    before = snapshot(ended)

    with pytest.raises(ServiceError, match="undo that hand"):
        reopen_game(game=ended, expected_sequence=1)

    assert snapshot(ended) == before
    assert ended.status == Game.Status.FINISHED


def test_the_ruleset_is_frozen_into_the_game(players):
    game = start_game(rules=PRESETS["ema"], ruleset_name="club", players=players)
    assert game.ruleset() == PRESETS["ema"]
    assert game.rules["uma"] == [15000, 5000, -5000, -15000]


@pytest.mark.parametrize("path", sorted(GAMES.glob("*.game.json"))[:5], ids=lambda p: p.stem)
def test_importing_a_real_game_reproduces_its_results_and_exports_the_same_record(path):
    doc = json.loads(path.read_text())
    expected = json.loads(
        path.with_name(path.name.replace(".game.json", ".expected.json")).read_text()
    )
    game = import_record(doc=doc)
    results = [float(r) for r in game.seats.order_by("number").values_list("result", flat=True)]
    assert results == expected["final_result"]
    exported = export_record(game)
    assert exported["hands"] == [hand_to_json(parse_hand(h)) for h in doc["hands"]]
    assert Player.objects.filter(name__in=doc["players"]).count() == 4


def test_an_import_with_a_bad_hand_stores_nothing(players):
    doc = {
        "format": "scorekeeper.game/1",
        "rules": "tenhou",
        "players": ["X", "Y", "Z", "W"],
        "hands": [
            {"tsumo": {"winner": 0, "han": 1, "fu": 30}},
            {"ron": {"from": 1, "wins": [{"winner": 1, "han": 1, "fu": 30}]}},
        ],
    }
    with pytest.raises(IllegalHand, match=r"hands\[1\]"):
        import_record(doc=doc)
    assert Game.objects.count() == 0
    assert not Player.objects.filter(name="X").exists()
