"""The API for a club's bots: tokens and what each may do, recording exactly once per key,
corrections and undo, refusals as {code, values, text} in the reader's language, and the
limit per token. Every answer is checked against the OpenAPI document (``api_helpers``).

Points are the payment table's (docs/rules): the dealer's 3 han 30 fu ron is 5800; a
non-dealer's 1 han 30 fu ron is 1000.
"""

from __future__ import annotations

import uuid
from datetime import timedelta

from django.utils import timezone

from scorekeeper.api.models import Token
from scorekeeper.api.tokens import digest_of, revoke_token
from scorekeeper.club.models import Game, HandRecord
from tests.web.api_helpers import Bot

DEALER_RON = {"riichi": [0], "ron": {"from": 1, "wins": [{"winner": 0, "han": 3, "fu": 30}]}}
SOUTH_RON = {"ron": {"from": 2, "wins": [{"winner": 1, "han": 1, "fu": 30}]}}


def test_a_recorded_hand_answers_with_its_round_deltas_and_scores(bob, game):
    status, answer = Bot(bob).record(game.pk, 0, DEALER_RON)
    assert status == 201
    assert answer["outcome"] == "recorded" and answer["repeated"] is False
    hand = answer["hand"]
    assert (hand["round"], hand["dealer"], hand["honba"]) == ("E1", 0, 0)
    # The dealer's riichi stick comes back with the win: 5800 net.
    assert hand["deltas"] == [5800, -5800, 0, 0]
    assert hand["scores"] == [30800, 19200, 25000, 25000]
    assert answer["game"]["game"]["hand_count"] == 1
    assert HandRecord.objects.get(game=game).recorded_by == bob


def test_the_same_key_sent_again_stores_nothing_and_answers_as_the_first_time(bob, game):
    bot, key = Bot(bob), uuid.uuid4()
    first = bot.record(game.pk, 0, DEALER_RON, key=key)
    again = bot.record(game.pk, 0, DEALER_RON, key=key)
    assert first[0] == 201 and again[0] == 200
    assert again[1]["repeated"] is True
    assert again[1]["hand"] == first[1]["hand"]
    assert Game.objects.get(pk=game.pk).hand_count == 1


def test_a_hand_without_an_idempotency_key_is_refused_and_nothing_stored(bob, game):
    status, answer = Bot(bob).post(
        f"/api/v1/games/{game.pk}/hands", {"sequence": 0, "hand": DEALER_RON}
    )
    assert (status, answer["code"]) == (400, "idempotency.missing")
    assert not HandRecord.objects.exists()


def test_a_hand_for_a_game_that_moved_on_is_refused_as_stale(bob, game):
    bot = Bot(bob)
    bot.record(game.pk, 0, DEALER_RON)
    status, answer = Bot(bob, language="ja").record(game.pk, 0, SOUTH_RON)
    assert (status, answer["code"]) == (409, "game.stale")
    # What a bot needs to send again: the game as it is now.
    assert answer["values"] == {"game": game.pk, "hand_count": 1, "revision": 1}
    assert any("\u3040" <= ch <= "\u30ff" for ch in answer["text"])
    assert Game.objects.get(pk=game.pk).hand_count == 1


def test_a_hand_the_rules_refuse_carries_the_engines_code_in_japanese(bob, game):
    own_discard = {"ron": {"from": 0, "wins": [{"winner": 0, "han": 1, "fu": 30}]}}
    status, answer = Bot(bob, language="ja").record(game.pk, 0, own_discard)
    assert status == 422
    assert answer["code"] == "ron.own_discard"
    assert answer["values"]["where"].startswith("hands[0] (E1)")
    assert any("\u3040" <= ch <= "\u30ff" for ch in answer["text"])
    assert not HandRecord.objects.exists()


def test_a_body_that_is_not_json_is_refused_by_name(bob, game):
    bot = Bot(bob)
    response = bot.client.post(
        f"/api/v1/games/{game.pk}/hands",
        "{not json",
        content_type="application/json",
        headers={**bot.headers, "Idempotency-Key": str(uuid.uuid4())},
    )
    assert response.status_code == 400
    assert response.json()["code"] == "request.not_json"


def test_a_hand_is_corrected_and_the_game_replayed(bob, game):
    bot = Bot(bob)
    bot.record(game.pk, 0, DEALER_RON)
    status, answer = bot.call(
        "PUT", f"/api/v1/games/{game.pk}/hands/0", {"sequence": 1, "hand": SOUTH_RON}
    )
    assert status == 200
    assert answer["hand"]["deltas"] == [0, 1000, -1000, 0]
    assert HandRecord.objects.get(game=game).edited_by == bob


def test_the_last_hand_is_undone_and_only_the_last(bob, game):
    bot = Bot(bob)
    bot.record(game.pk, 0, DEALER_RON)
    bot.record(game.pk, 1, SOUTH_RON)
    status, answer = bot.call("DELETE", f"/api/v1/games/{game.pk}/hands/0")
    assert (status, answer["code"]) == (409, "game.stale")
    status, answer = bot.call("DELETE", f"/api/v1/games/{game.pk}/hands/1")
    assert status == 200
    assert answer["undone"]["round"] == "E1" and answer["undone"]["honba"] == 1
    assert answer["game"]["game"]["hand_count"] == 1


def test_a_read_token_reads_but_may_not_write(bob, game):
    bot = Bot(bob, "read")
    assert bot.get(f"/api/v1/games/{game.pk}")[0] == 200
    status, answer = bot.record(game.pk, 0, DEALER_RON)
    assert (status, answer["code"]) == (403, "token.read_only")
    assert not HandRecord.objects.exists()


def test_an_outsiders_record_token_may_not_record(charlie, game):
    status, answer = Bot(charlie).record(game.pk, 0, DEALER_RON)
    assert (status, answer["code"]) == (403, "token.not_member")


def test_a_revoked_token_is_refused(bob, game):
    bot = Bot(bob)
    revoke_token(user=bob, token_id=bot.made.token.pk)
    status, answer = bot.get(f"/api/v1/games/{game.pk}")
    assert (status, answer["code"]) == (401, "token.revoked")


def test_no_token_or_an_unknown_one_is_refused(bob, game, client):
    response = client.get(f"/api/v1/games/{game.pk}")
    assert response.status_code == 401 and response.json()["code"] == "token.missing"
    response = client.get(
        f"/api/v1/games/{game.pk}", headers={"Authorization": "Bearer skp_not-a-token"}
    )
    assert response.status_code == 401 and response.json()["code"] == "token.unknown"


def test_a_token_is_stored_only_as_its_digest(bob):
    made = Bot(bob).made
    row = Token.objects.get()
    assert row.digest == digest_of(made.secret) != made.secret
    assert made.secret not in {row.name, row.prefix, row.digest}


def test_past_the_limit_a_token_is_answered_429_until_the_next_minute(bob, game, settings):
    settings.SCOREKEEPER_API_RATE = 2
    bot = Bot(bob)
    assert [bot.get(f"/api/v1/games/{game.pk}")[0] for _ in range(2)] == [200, 200]
    response = bot.client.get(f"/api/v1/games/{game.pk}", headers=bot.headers)
    assert response.status_code == 429
    assert response.json()["code"] == "rate.limited"
    assert 1 <= int(response["Retry-After"]) <= 60
    # Another token has its own count.
    assert Bot(bob).get(f"/api/v1/games/{game.pk}")[0] == 200


def test_a_game_starts_with_the_clubs_players_and_once_per_key(bob, players):
    bot, key = Bot(bob), uuid.uuid4()
    record = {
        "format": "scorekeeper.game/1",
        "rules": "tenhou",
        "players": ["aki", "Ben", "Chie", "Dan"],
    }
    first = bot.post("/api/v1/games", record, key=key)
    again = bot.post("/api/v1/games", record, key=key)
    assert (first[0], again[0]) == (201, 200)
    assert first[1]["game"]["id"] == again[1]["game"]["id"]
    assert first[1]["players"] == ["Aki", "Ben", "Chie", "Dan"]
    assert Game.objects.count() == 1


def test_a_game_with_a_player_the_club_does_not_have_is_refused(bob, players):
    record = {
        "format": "scorekeeper.game/1",
        "rules": "tenhou",
        "players": ["Aki", "Ben", "Chie", "Eve"],
    }
    status, answer = Bot(bob).post("/api/v1/games", record)
    assert (status, answer["code"]) == (422, "player.unknown")
    assert answer["values"] == {"field": "players[3]", "name": "Eve"}
    assert not Game.objects.exists()


def test_games_standings_and_ratings_are_read(bob, game):
    bot = Bot(bob, "read")
    status, answer = bot.get("/api/v1/games?status=in_play")
    assert status == 200 and [g["id"] for g in answer["games"]] == [game.pk]
    assert answer["games"][0]["players"] == ["Aki", "Ben", "Chie", "Dan"]
    status, answer = bot.get("/api/v1/players")
    assert status == 200 and [p["name"] for p in answer["players"]] == ["Aki", "Ben", "Chie", "Dan"]
    assert bot.get("/api/v1/standings?players=4&sort=average")[0] == 200
    assert bot.get("/api/v1/ratings?players=3")[0] == 200
    status, answer = bot.get("/api/v1/standings?sort=luck")
    assert (status, answer["code"], answer["values"]["field"]) == (
        422,
        "request.bad_option",
        "sort",
    )


def test_an_unknown_address_or_method_is_refused_as_json(bob, game):
    bot = Bot(bob)
    response = bot.client.get("/api/v1/nothing-here", headers=bot.headers)
    assert response.status_code == 404 and response.json()["code"] == "request.unknown_path"
    status, answer = bot.get(f"/api/v1/games/{game.pk + 1000}")
    assert (status, answer["code"], answer["values"]) == (
        404,
        "game.unknown",
        {"game": game.pk + 1000},
    )
    response = bot.client.patch(f"/api/v1/games/{game.pk}", headers=bot.headers)
    assert response.status_code == 405 and response.json()["code"] == "request.method"
    assert response["Allow"] == "GET, HEAD"


def test_a_hand_kept_a_while_carries_when_it_was_entered(bob, game):
    # The game began an hour ago; the hand was entered half an hour ago.
    Game.objects.filter(pk=game.pk).update(created_at=timezone.now() - timedelta(hours=1))
    entered = (timezone.now() - timedelta(minutes=30)).replace(microsecond=0)
    bot = Bot(bob)
    status, answer = bot.post(
        f"/api/v1/games/{game.pk}/hands",
        {"sequence": 0, "hand": DEALER_RON, "entered_at": entered.isoformat()},
        key=uuid.uuid4(),
    )
    assert status == 201
    assert HandRecord.objects.get(game=game).entered_at == entered
    status, answer = bot.post(
        f"/api/v1/games/{game.pk}/hands",
        {"sequence": 1, "hand": SOUTH_RON, "entered_at": "half past seven"},
        key=uuid.uuid4(),
    )
    assert (status, answer["code"], answer["values"]["field"]) == (
        422,
        "request.not_moment",
        "entered_at",
    )


def test_a_finished_game_is_corrected_by_an_organisers_token_alone(alice, bob, game):
    # A dealer's yakuman off South (48000) sends South below zero: tobi ends the game.
    yakuman = {"ron": {"from": 1, "wins": [{"winner": 0, "yakuman": 1}]}}
    status, answer = Bot(bob).record(game.pk, 0, yakuman)
    assert status == 201 and answer["game"]["game"]["status"] == "finished"
    correction = {"sequence": 1, "hand": DEALER_RON}
    path = f"/api/v1/games/{game.pk}/hands/0"
    status, answer = Bot(bob).call("PUT", path, correction)
    assert (status, answer["code"]) == (409, "game.closed")
    status, answer = Bot(alice).call("PUT", path, correction)
    assert status == 200 and answer["hand"]["deltas"] == [5800, -5800, 0, 0]
    assert HandRecord.objects.get(game=game).edited_by == alice


def test_a_hand_is_scored_from_its_tiles_as_the_calculator_does(bob, db):
    # docs/hand.md's example: a closed riichi pinfu hand won on a discard with a red five,
    # 3 han 30 fu; a non-dealer's ron of 3 han 30 fu is 3900 (the payment table).
    hand = {
        "format": "scorekeeper.hand/1",
        "rules": "tenhou",
        "closed": "234567m40699p234s",
        "win_tile": "4s",
        "riichi": True,
        "seat_wind": "S",
    }
    status, answer = Bot(bob, "read").post("/api/v1/hand", hand)
    assert status == 200
    assert {y["name"] for y in answer["yaku"]} == {"Riichi", "Pinfu", "Aka Dora"}
    assert (answer["han"], answer["fu"], answer["payments"]) == (3, 30, {"ron": 3900})
    status, answer = Bot(bob, "read", language="ja").post(
        "/api/v1/hand", {**hand, "win_tile": "9s"}
    )
    assert status == 422 and answer["values"]["where"] == "win_tile"
