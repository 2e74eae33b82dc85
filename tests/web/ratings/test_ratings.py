"""The ratings: Tenhou's R against a table worked by hand from its formula, the demo club's
ratings against OpenSkill run over the exported games in order, and the stored ratings
against rating every finished game again after each kind of change to the games."""

from __future__ import annotations

import csv
import io
import json
import uuid
from datetime import date

import pytest
from django.test import Client
from django.utils import timezone
from openskill.models import PlackettLuce

from scorekeeper.club.models import Game, Player
from scorekeeper.operations.backup import backup_lines
from scorekeeper.operations.deletion import delete_game
from scorekeeper.operations.demo import seed_demo
from scorekeeper.operations.restore import restore
from scorekeeper.ratings import services
from scorekeeper.ratings.models import Rating, RatingChange, RatingsLock
from scorekeeper.ratings.rating import r_factor, shown_rating
from scorekeeper.ratings.services import rerate
from scorekeeper.registry.services import merge_players
from scorekeeper.table.services.games import finish_game, import_record, reopen_game, start_game
from scorekeeper.table.services.hands import edit_hand, record_hand, undo_last_hand
from scorekeeper.table.services.penalties import give_penalty
from scoring.outcomes import Hand, Ron, Win
from scoring.record import read_record
from scoring.rules import PRESETS
from scoring.standings import final_standings
from scoring.state import GameState

TODAY = date(2025, 6, 1)


def play(players, scores, preset="tenhou"):
    """A game begun on paper at East 1 with these points and finished there by an organiser:
    its places are the points' order (ties by seat under Tenhou's rules, shared under EMA's)."""
    game = start_game(
        rules=PRESETS[preset],
        ruleset_name=preset,
        players=players,
        start=GameState(tuple(scores), 0, 0, 0),
    )
    return finish_game(game=game, expected_sequence=0)


def ratings_of(client, query=""):
    return {row["name"]: row for row in json.loads(client.get(f"/ratings.json{query}").getvalue())}


def stored():
    """Everything the ratings store, in a fixed order."""
    changes = RatingChange.objects.order_by("game_id", "player_id").values_list(
        "game_id", "player_id", "players", "finished_at", "place", "games", "mu", "sigma", "r"
    )
    ratings = Rating.objects.order_by("player_id", "players").values_list(
        "player_id", "players", "games", "mu", "sigma", "r", "rating", "last_game_id"
    )
    return list(changes), list(ratings)


def assert_as_if_rated_again():
    """The stored ratings are what rating every finished game again, in order, gives."""
    kept = stored()
    rerate()
    assert kept == stored()


# -- Tenhou's R, worked by hand ----------------------------------------------------------------


@pytest.fixture
def five(db):
    return {name: Player.objects.create(name=name) for name in ("A", "B", "C", "D", "E")}


def test_r_follows_a_table_worked_by_hand_from_the_formula(client, five):
    a, b, c, d, e = (five[name] for name in "ABCDE")
    # Game 1: everyone at 1500 with no games (A = 1): R moves by the place points alone.
    play([a, b, c, d], (40000, 30000, 20000, 10000))
    r = ratings_of(client)
    assert [r[n]["r"] for n in "ABCD"] == [1530.0, 1510.0, 1490.0, 1470.0]

    # Game 2: E (new) 1st, C 2nd, B 3rd, A 4th. Table average (1530+1510+1490+1500)/4 =
    # 1507.5. E: 1 x (30 + 7.5/40) = 30.1875. C: 0.998 x (10 + 17.5/40) = 10.416625.
    # B: 0.998 x (-10 - 2.5/40) = -10.042375. A: 0.998 x (-30 - 22.5/40) = -30.501375.
    play([a, b, c, e], (10000, 20000, 30000, 40000))
    r = ratings_of(client)
    assert RatingChange.objects.get(player=e).r == pytest.approx(1530.1875, abs=1e-9)
    assert RatingChange.objects.get(player=c, games=2).r == pytest.approx(1500.416625, abs=1e-9)
    assert RatingChange.objects.get(player=b, games=2).r == pytest.approx(1499.957625, abs=1e-9)
    assert RatingChange.objects.get(player=a, games=2).r == pytest.approx(1499.498625, abs=1e-9)
    assert r["A"]["r"] == 1499.5 and r["E"]["r"] == 1530.2

    # Game 3 under EMA's rules: D and E tie for 1st and share (30 + 10) / 2 = 20; A 3rd, B
    # 4th. Average (1470 + 1530.1875 + 1499.498625 + 1499.957625)/4 = 1499.9109375.
    # D: 0.998 x (20 + 29.9109375/40) = 20.706277890625.
    # E: 0.998 x (20 - 30.2765625/40) = 19.204599765625.
    # A: 0.996 x (-10 + 0.4123125/40) = -9.94973341875.
    # B: 0.996 x (-30 - 0.0466875/40) = -29.88116251875.
    play([d, e, a, b], (40000, 40000, 25000, 15000), preset="ema")
    expected = {
        d: 1490.706277890625,
        e: 1549.392099765625,
        a: 1489.54889158125,
        b: 1470.07646248125,
    }
    for player, r_after in expected.items():
        assert Rating.objects.get(player=player).r == pytest.approx(r_after, abs=1e-9)
    places = dict(RatingChange.objects.filter(games__gte=1).values_list("player_id", "place"))
    assert places[d.pk] == places[e.pk] == 1


def test_r_moves_by_a_fifth_from_400_games():
    assert r_factor(0) == 1
    assert r_factor(399) == pytest.approx(0.202)
    assert r_factor(400) == r_factor(5000) == 0.2


def test_the_shown_rating_is_1000_plus_25_times_the_conservative_ordinal():
    assert shown_rating(25.0, 25 / 3) == pytest.approx(1000.0)
    assert shown_rating(30.0, 2.0) == pytest.approx(1000 + 25 * 24)


# -- The demo club against OpenSkill itself ----------------------------------------------------


def test_the_demo_clubs_ratings_equal_openskill_over_the_exported_games_in_order(client, db):
    seed_demo(games=150, seed=3, today=TODAY)
    lines = [json.loads(line) for line in backup_lines()]
    names = {line["id"]: line["name"] for line in lines if line.get("type") == "player"}
    assert names
    finished = [
        line
        for line in lines
        if line.get("type") == "game" and line["meta"]["status"] == "finished"
    ]
    games = sorted(
        finished,
        key=lambda line: (line["meta"]["finished_at"], line["meta"]["id"]),
    )
    model = PlackettLuce()
    # Three- and four-player games are rated apart: each player has a rating of each kind.
    kinds = [(name, kind) for name in names.values() for kind in (3, 4)]
    skill = {key: model.rating() for key in kinds}
    r = dict.fromkeys(kinds, 1500.0)
    played = dict.fromkeys(kinds, 0)
    for line in games:
        record, replayed = read_record(line["record"])
        places = [s.place for s in final_standings(replayed.state, record.rules, record.penalties)]
        kind = len(line["record"]["players"])
        players = [(name, kind) for name in line["record"]["players"]]
        rated = model.rate([[skill[key]] for key in players], ranks=places)
        tenhou = {4: {1: 30, 2: 10, 3: -10, 4: -30}, 3: {1: 30, 2: 0, 3: -30}}[kind]
        average = sum(r[key] for key in players) / kind
        moves = {}
        for key, place in zip(players, places, strict=True):
            tied = places.count(place)
            points = sum(tenhou[p] for p in range(place, place + tied)) / tied
            factor = 1 - 0.002 * played[key] if played[key] < 400 else 0.2
            moves[key] = factor * (points + (average - r[key]) / 40)
        for key, team in zip(players, rated, strict=True):
            skill[key] = team[0]
            r[key] += moves[key]
            played[key] += 1

    assert len(games) > 100
    for kind in (3, 4):
        exported = ratings_of(client, f"?players={kind}")
        assert set(exported) == {name for (name, k), count in played.items() if count and k == kind}
        for name, row in exported.items():
            key = (name, kind)
            assert row["games"] == played[key]
            assert row["mu"] == skill[key].mu
            assert row["sigma"] == skill[key].sigma
            assert row["rating"] == round(1000 + 25 * skill[key].ordinal(), 1)
            assert row["r"] == round(r[key], 1)


def test_the_csv_holds_the_same_rows_as_the_json(client, db):
    seed_demo(games=40, seed=2, today=TODAY)
    text = client.get("/ratings.csv").getvalue().decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text)))
    as_json = json.loads(client.get("/ratings.json").getvalue())
    assert [row["name"] for row in rows] == [row["name"] for row in as_json]
    assert list(rows[0]) == ["id", "name", "games", "mu", "sigma", "rating", "r"]
    assert float(rows[0]["mu"]) == as_json[0]["mu"]


# -- Every kind of change leaves the ratings as if every game were rated again -----------------


@pytest.fixture
def club(five):
    """Eight games among five players, finished one after another."""
    a, b, c, d, e = (five[name] for name in "ABCDE")
    tables = [[a, b, c, d], [b, c, d, e], [c, d, e, a], [d, e, a, b]]
    for n in range(8):
        seated = tables[n % 4]
        play(seated, [(40000, 30000, 20000, 10000), (10000, 20000, 35000, 35000)][n % 2])
    assert RatingChange.objects.count() == 32
    return five


def all_last(players):
    """A game at South 4 (the last round) with A ahead: the next non-dealer win ends it."""
    return start_game(
        rules=PRESETS["tenhou"],
        ruleset_name="tenhou",
        players=players,
        start=GameState((35000, 25000, 22000, 18000), 7, 0, 0),
    )


def test_a_game_simply_finished_last_is_the_only_game_rated(club, django_assert_max_num_queries):
    a, b, c, d = (club[name] for name in "ABCD")
    game = all_last([a, b, c, d])
    before = set(RatingChange.objects.values_list("pk", flat=True))
    record_hand(game=game, hand=Hand(Ron(1, (Win(0, han=1, fu=30),))), expected_sequence=0)
    assert Game.objects.get(pk=game.pk).status == "finished"
    assert before <= set(RatingChange.objects.values_list("pk", flat=True))
    assert RatingChange.objects.count() == 36
    assert_as_if_rated_again()


def test_a_correction_that_changes_the_places_rates_again_from_that_game(club, alice):
    a, b, c, d = (club[name] for name in "ABCD")
    game = all_last([a, b, c, d])
    record_hand(game=game, hand=Hand(Ron(1, (Win(0, han=1, fu=30),))), expected_sequence=0)
    play([a, b, c, d], (40000, 30000, 20000, 10000))
    first = RatingChange.objects.get(game=game, player=b).place
    # Ben wins a mangan from Aki instead: Ben 1st, Aki 2nd.
    edit_hand(
        game=Game.objects.get(pk=game.pk),
        sequence=0,
        hand=Hand(Ron(0, (Win(1, han=5),))),
        expected_sequence=1,
        user=alice,
        allow_finished=True,
    )
    assert (first, RatingChange.objects.get(game=game, player=b).place) == (2, 1)
    assert_as_if_rated_again()


def test_a_penalty_on_a_finished_game_leaves_its_places_and_so_the_ratings(club):
    game = Game.objects.filter(status="finished").order_by("finished_at").first()
    kept = stored()
    give_penalty(game=game, seat=0, points=200_000, expected_revision=game.revision)
    assert game.seats.get(number=0).result < 0
    assert stored() == kept
    assert_as_if_rated_again()


def test_an_undo_that_unfinishes_a_game_takes_it_out_and_finishing_again_puts_it_last(club):
    a, b, c, d = (club[name] for name in "ABCD")
    game = all_last([a, b, c, d])
    record_hand(game=game, hand=Hand(Ron(1, (Win(0, han=1, fu=30),))), expected_sequence=0)
    play([b, c, d, a], (40000, 30000, 20000, 10000))
    undo_last_hand(game=Game.objects.get(pk=game.pk), expected_sequence=1, allow_finished=True)
    assert not RatingChange.objects.filter(game=game).exists()
    assert_as_if_rated_again()
    record_hand(
        game=Game.objects.get(pk=game.pk),
        hand=Hand(Ron(1, (Win(0, han=1, fu=30),))),
        expected_sequence=0,
    )
    assert RatingChange.objects.filter(game=game).count() == 4
    assert_as_if_rated_again()


def test_reopening_a_game_takes_it_out_of_the_ratings(club):
    game = Game.objects.filter(status="finished").order_by("finished_at")[2]
    reopen_game(game=game, expected_sequence=0)
    assert not RatingChange.objects.filter(game=game).exists()
    assert_as_if_rated_again()


def test_deleting_a_game_rates_every_later_game_again(club, alice):
    game = Game.objects.filter(status="finished").order_by("finished_at")[1]
    delete_game(game=game, expected_sequence=0, user=alice)
    assert RatingChange.objects.count() == 28
    assert_as_if_rated_again()


def test_merging_a_player_rates_their_games_again_as_the_kept_player(club):
    a, b, c, e = (club[name] for name in "ABCE")
    twice = Player.objects.create(name="A (again)")
    play([twice, b, c, e], (40000, 30000, 20000, 10000))
    play([a, b, c, e], (10000, 20000, 30000, 40000))
    assert Rating.objects.get(player=a).games == 7
    merge_players(keep=a, merge=twice)
    assert not Rating.objects.filter(player_id=twice.pk).exists()
    assert Rating.objects.get(player=a).games == 8
    assert_as_if_rated_again()


def test_an_imported_game_and_demo_games_dated_in_the_past_are_rated_in_their_place(club):
    record = {
        "format": "scorekeeper.game/1",
        "rules": "tenhou",
        "players": ["A", "B", "C", "Dora"],
        "start": {"round": "S4", "honba": 0, "sticks": 0, "scores": [35000, 25000, 22000, 18000]},
        "hands": [{"ron": {"from": 1, "wins": [{"winner": 0, "han": 1, "fu": 30}]}}],
    }
    import_record(doc=record)
    assert_as_if_rated_again()
    # The demo club's games are dated in the two years before today, before every game above.
    seed_demo(games=30, seed=5, today=TODAY)
    first = RatingChange.objects.order_by("finished_at").first()
    assert first.finished_at.date() < TODAY
    assert_as_if_rated_again()


def test_a_restored_backup_is_rated_as_the_club_was(club, django_db_blocker):
    lines = list(backup_lines())
    kept = stored()
    Game.objects.all().delete()
    Player.objects.all().delete()
    assert not Rating.objects.exists()
    restore(lines)
    assert stored() == kept
    assert_as_if_rated_again()


def test_two_kinds_are_rated_apart(db):
    # Today every game has four seats; a game's kind is its number of seats.
    players = [Player.objects.create(name=f"P{n}") for n in range(4)]
    play(players, (40000, 30000, 20000, 10000))
    assert set(RatingChange.objects.values_list("players", flat=True)) == {4}
    assert json.loads(Client().get("/ratings.json?players=3").getvalue()) == []


def test_a_bad_option_is_refused_naming_it(client, db):
    response = client.get("/ratings.json?players=5")
    assert response.status_code == 422
    assert b"players" in response.content
    assert client.get("/ratings/?min_games=-1").status_code == 422
    assert client.get(f"/ratings.csv?season={uuid.uuid4().int}").status_code == 422


# -- A change to many games: rewound in the writer's transaction, rated after it ---------------


@pytest.fixture
def small_steps(monkeypatch):
    """A change of more than 3 games is rated after the writer, 2 games a transaction."""
    monkeypatch.setattr(services, "INLINE_GAMES", 3)
    monkeypatch.setattr(services, "CHUNK_GAMES", 2)


def test_a_correction_to_the_oldest_game_is_rated_after_the_writer_a_chunk_at_a_time(
    club, small_steps, client, django_capture_on_commit_callbacks
):
    kept = stored()
    oldest = Game.objects.filter(status="finished").order_by("finished_at", "pk").first()
    assert oldest is not None and oldest.finished_at is not None

    with django_capture_on_commit_callbacks() as after:
        rated_now = rerate(since=(oldest.finished_at, oldest.pk))

    # The writer rated nothing: it forgot the ratings from that game on and noted the wait.
    assert rated_now == 0 and len(after) == 1
    assert not RatingChange.objects.exists() and not Rating.objects.exists()
    assert services.updating()
    page = client.get("/ratings/").content.decode()
    assert "Ratings updating: an earlier game changed" in page
    chunks = [services.catch_up_chunk(chunk=2) for _ in range(6)]
    # Eight games, two a transaction (the last finds none left), then none wait.
    assert chunks == [2, 2, 2, 2, 0, None]
    assert stored() == kept
    assert not services.updating()
    assert "Ratings updating" not in client.get("/ratings/").content.decode()


def test_a_change_to_few_games_is_rated_in_the_writers_transaction(club, small_steps):
    kept = stored()
    third_last = Game.objects.filter(status="finished").order_by("-finished_at", "-pk")[2]
    assert third_last.finished_at is not None

    assert rerate(since=(third_last.finished_at, third_last.pk)) == 3
    assert not services.updating() and stored() == kept


def test_an_earlier_change_while_games_wait_rewinds_further_and_a_later_one_waits(
    club, small_steps, django_capture_on_commit_callbacks
):
    kept = stored()
    games = list(Game.objects.filter(status="finished").order_by("finished_at", "pk"))
    with django_capture_on_commit_callbacks():
        rerate(since=(games[3].finished_at, games[3].pk))
        assert RatingChange.objects.count() == 3 * 4
        rerate(since=(games[6].finished_at, games[6].pk))  # waits already: nothing now
        assert RatingChange.objects.count() == 3 * 4
        rerate(since=(games[1].finished_at, games[1].pk))
        assert RatingChange.objects.count() == 1 * 4
    services.catch_up()
    assert stored() == kept


def test_games_left_waiting_by_a_stopped_server_are_taken_up_by_the_next_page(
    club, small_steps, client, django_capture_on_commit_callbacks
):
    kept = stored()
    with django_capture_on_commit_callbacks():  # the thread that would rate them never runs
        rerate()
    RatingsLock.objects.update(worked_at=timezone.now() - services.STALLED * 2)

    client.get("/ratings/")

    assert stored() == kept and not services.updating()
