"""The list of games at home, and starting a game."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.club.models import Game, Player, SavedRuleset
from scorekeeper.table.services.games import abandon_game, finish_game, start_game
from scorekeeper.table.services.hands import record_hand
from scorekeeper.table.views.games import FINISHED_PER_PAGE, PLAYING_PER_PAGE
from scoring.outcomes import Hand, Ron, Tsumo, Win
from scoring.rules import PRESETS

pytestmark = pytest.mark.django_db


def new_game(players, label="", **kwargs) -> Game:
    return start_game(
        rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players, table_label=label
    )


def finished_game(players, label="") -> Game:
    game = new_game(players, label)
    record_hand(game=game, hand=Hand(Ron(1, (Win(winner=2, han=3, fu=30),))), expected_sequence=0)
    return finish_game(game=game, expected_sequence=1)


def error_of(response, field: str) -> str:
    page = response.content.decode()
    assert f'id="id_{field}_error"' in page, f"no error next to {field}"
    return page.split(f'id="id_{field}_error">', 1)[1].split("</p>")[0]


# The list


def test_home_and_games_are_the_same_list(client, game):
    for url in ("/", reverse("game_list")):
        response = client.get(url)
        assert response.status_code == 200
        assert "Table 1" in response.content.decode()


def test_a_table_in_play_shows_its_round_honba_sticks_players_and_points(client, game):
    # East 1: dealer Aki tsumo (keeps the deal), then Ben's ron off Aki moves to South.
    record_hand(
        game=game, hand=Hand(Tsumo(Win(winner=0, han=1, fu=30)), riichi=(1,)), expected_sequence=0
    )
    for sequence, winner in enumerate((1, 2, 3, 0), start=1):
        record_hand(
            game=game,
            hand=Hand(Ron((winner + 1) % 4, (Win(winner=winner, han=1, fu=30),))),
            expected_sequence=sequence,
        )
    game.refresh_from_db()
    page = client.get(reverse("home")).content.decode()

    assert game.state["round_index"] == 4
    assert "South 1" in page
    assert f"{game.state['honba']} honba" in page
    for name, points in zip(("Aki", "Ben", "Chie", "Dan"), game.state["scores"], strict=True):
        row = page.split(f'<span class="seat-name">{name}</span>', 1)[1].split("</li>")[0]
        assert f"{points:,}" in row


def test_the_round_reads_as_players_say_it(client, game):
    game.state = {**game.state, "round_index": 5, "honba": 2, "sticks": 1}
    game.save()
    page = client.get(reverse("home")).content.decode()

    assert "South 2" in page
    assert "2 honba · 1 riichi stick ·" in page


def test_a_table_links_to_its_table_page_and_its_live_view(client, game):
    page = client.get(reverse("home")).content.decode()

    assert f'href="/games/{game.pk}/"' in page
    assert f'href="/games/{game.pk}/live/"' in page


def test_finished_games_show_places_and_results(client, players):
    game = finished_game(players, "Table 9")
    page = client.get(reverse("home")).content.decode()
    finished = page.split('id="ended-title"', 1)[1]

    assert "Table 9" in finished
    first = game.seats.get(place=1)
    assert first.player.name == "Chie"
    row = finished.split('<span class="seat-place">1</span>', 1)[1].split("</li>")[0]
    assert "Chie" in row
    assert f"+{first.result:.1f}" in row
    last = game.seats.get(place=4)
    assert f"−{-last.result:.1f}" in finished


def test_tables_in_play_come_before_finished_games(client, players, game):
    finished_game(players, "Yesterday")
    page = client.get(reverse("home")).content.decode()

    assert page.index("Table 1") < page.index('id="ended-title"') < page.index("Yesterday")


def test_an_abandoned_game_is_listed_as_counting_for_nothing(client, game):
    abandon_game(game=game, expected_sequence=0)
    finished = client.get(reverse("home")).content.decode().split('id="ended-title"', 1)[1]

    assert "abandoned" in finished


def test_finished_games_come_twenty_to_a_page(client, players):
    for number in range(FINISHED_PER_PAGE + 1):
        finished_game(players, f"T{number:02}")
    first = client.get(reverse("home")).content.decode()
    second = client.get(reverse("home"), {"page": 2}).content.decode()

    assert first.count('<span class="seat-place">1</span>') == FINISHED_PER_PAGE
    assert second.count('<span class="seat-place">1</span>') == 1
    # Newest first: the oldest game is alone on page 2.
    assert "T00" in second and "T00" not in first
    assert "Page 1 of 2" in first


def test_a_page_number_past_the_end_shows_the_last_page(client, players):
    finished_game(players, "Only")
    assert "Only" in client.get(reverse("home"), {"page": 99}).content.decode()


def test_the_home_page_shows_the_most_recently_played_tables_and_pages_the_rest(client, players):
    tables = [new_game(players, f"Open {number:02}") for number in range(PLAYING_PER_PAGE + 2)]
    # A hand at the first table started makes it the most recently played.
    record_hand(game=tables[0], hand=Hand(Tsumo(Win(winner=0, han=1, fu=30))), expected_sequence=0)
    first = client.get(reverse("home")).content.decode()
    second = client.get(reverse("home"), {"tables": 2}).content.decode()

    assert first.count('class="game-card"') == PLAYING_PER_PAGE
    assert second.count('class="game-card"') == 2
    assert first.index("Open 00") < first.index(f"Open {PLAYING_PER_PAGE + 1:02}")
    # The two tables left untouched longest are on the second page.
    assert "Open 01" in second and "Open 02" in second and "Open 01" not in first
    assert f'In play <span class="count">({PLAYING_PER_PAGE + 2})</span>' in first
    assert f"Tables 1–{PLAYING_PER_PAGE} of {PLAYING_PER_PAGE + 2}" in first
    assert 'href="?tables=2" rel="next"' in first


def test_each_pager_of_the_home_page_keeps_the_other_ones_place(client, players):
    for number in range(PLAYING_PER_PAGE + 1):
        new_game(players, f"Open {number:02}")
    for number in range(FINISHED_PER_PAGE + 1):
        finished_game(players, f"Done {number:02}")
    page = client.get(reverse("home"), {"tables": 2, "page": 2}).content.decode()

    assert 'href="?page=2&amp;tables=1" rel="prev"' in page
    assert 'href="?tables=2&amp;page=1" rel="prev"' in page


def test_the_home_page_reads_and_shows_as_much_for_many_open_tables_as_for_a_few(client, players):
    names = [Player.objects.create(name=f"P{n}") for n in range(8)]
    for number in range(PLAYING_PER_PAGE):
        new_game(players if number % 2 else names[4:], f"Open {number:02}")
    few_queries = count_queries(client)
    few = client.get(reverse("home")).content.decode()
    for number in range(3 * PLAYING_PER_PAGE):
        new_game(names[:4], f"Later {number:02}")
    many_queries = count_queries(client)
    many = client.get(reverse("home")).content.decode()

    assert many_queries == few_queries
    assert many.count('class="game-card"') == few.count('class="game-card"') == PLAYING_PER_PAGE
    assert len(many) < len(few) * 1.1


def count_queries(client) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(reverse("home")).status_code == 200
    return len(queries)


@pytest.mark.parametrize("persona", ["client", "bob_client"])
def test_the_list_makes_as_many_queries_for_ten_games_as_for_one(request, persona, bob):
    client = request.getfixturevalue(persona)
    names = [Player.objects.create(name=f"P{n}") for n in range(8)]
    new_game(names[:4])
    finished_game(names[4:])
    one = count_queries(client)
    assert one > 2
    for _ in range(9):
        new_game(names[:4])
        finished_game(names[4:])

    assert count_queries(client) == one


def test_the_list_stays_within_a_handful_of_queries(
    bob_client, game, django_assert_max_num_queries
):
    with django_assert_max_num_queries(8):
        bob_client.get(reverse("home"))


def test_visitors_read_the_list_only_while_public_reading_is_on(
    client, charlie_client, bob_client, settings, game
):
    assert client.get(reverse("home")).status_code == 200
    settings.SCOREKEEPER_PUBLIC_READ = False

    response = client.get(reverse("home"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    assert charlie_client.get(reverse("home")).status_code == 403
    assert bob_client.get(reverse("home")).status_code == 200


def test_members_are_offered_a_new_game_and_visitors_are_not(client, bob_client, game):
    assert reverse("game_new") in bob_client.get(reverse("home")).content.decode()
    main = client.get(reverse("home")).content.decode().split('id="main"')[1]
    assert reverse("game_new") not in main


# Starting a game


def start_post(players, **changes) -> dict[str, str]:
    data = {
        "ruleset": "preset:tenhou",
        "table_label": "Table 3",
        "shuffle": "0",
        **{f"seat_{n}": str(p.pk) for n, p in enumerate(players)},
        **{f"new_{n}": "" for n in range(4)},
    }
    data.update(changes)
    return data


def test_members_and_organisers_open_the_new_game_form(alice_client, bob_client, players):
    for client in (alice_client, bob_client):
        response = client.get(reverse("game_new"))
        assert response.status_code == 200
        assert "Aki" in response.content.decode()


def test_outsiders_and_visitors_cannot_start_a_game(charlie_client, client, players):
    assert charlie_client.get(reverse("game_new")).status_code == 403
    assert charlie_client.post(reverse("game_new"), start_post(players)).status_code == 403
    assert client.get(reverse("game_new"))["Location"].startswith(reverse("login"))
    assert client.post(reverse("game_new"), start_post(players)).status_code == 403
    assert not Game.objects.exists()


def test_starting_a_game_seats_the_players_as_entered_and_opens_its_table(bob_client, bob, players):
    order = [players[2], players[0], players[3], players[1]]
    response = bob_client.post(reverse("game_new"), start_post(order))

    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.pk}/"
    assert [s.player for s in game.seats.order_by("number")] == order
    assert (game.table_label, game.ruleset_name, game.created_by) == ("Table 3", "tenhou", bob)
    assert game.rules == PRESETS["tenhou"].to_json()


def test_shuffling_seats_the_same_four_players(bob_client, players):
    bob_client.post(reverse("game_new"), start_post(players, shuffle="1"))

    seated = {s.player for s in Game.objects.get().seats.all()}
    assert seated == set(players)


def test_a_game_can_use_a_saved_ruleset(bob_client, players):
    saved = SavedRuleset.objects.create(
        name="Club Thursday", preset="ema", overrides={"kiriage": True}
    )
    bob_client.post(reverse("game_new"), start_post(players, ruleset=f"saved:{saved.pk}"))

    game = Game.objects.get()
    assert game.ruleset_name == "Club Thursday"
    assert game.ruleset().kiriage is True
    assert game.ruleset().preset == "ema"


def test_the_ruleset_choice_offers_the_presets_and_the_saved_rulesets(bob_client, players):
    SavedRuleset.objects.create(name="Club Thursday", preset="ema")
    page = bob_client.get(reverse("game_new")).content.decode()

    assert 'value="preset:mahjongsoul"' in page
    assert "Club Thursday" in page


def test_a_player_seated_twice_is_a_422_next_to_the_second_seat(bob_client, players):
    twice = [players[0], players[1], players[0], players[3]]
    response = bob_client.post(reverse("game_new"), start_post(twice))

    assert response.status_code == 422
    assert "Aki is already seated at East" in error_of(response, "seat_2")
    assert not Game.objects.exists()


def test_an_empty_seat_is_a_422_naming_it(bob_client, players):
    response = bob_client.post(reverse("game_new"), start_post(players, seat_3=""))

    assert response.status_code == 422
    assert "Choose the player at North" in error_of(response, "seat_3")
    assert not Game.objects.exists()


def test_a_new_name_joins_the_registry_when_the_game_starts(bob_client, players):
    response = bob_client.post(
        reverse("game_new"), start_post(players, seat_3="", new_3="  Emiko  ")
    )

    assert response.status_code == 302
    emiko = Player.objects.get(name="Emiko")
    assert Game.objects.get().seats.get(number=3).player == emiko


def test_a_new_name_that_is_already_a_player_seats_that_player(bob_client, players):
    bob_client.post(reverse("game_new"), start_post(players, seat_3="", new_3="dan"))

    assert Player.objects.count() == 4
    assert Game.objects.get().seats.get(number=3).player == players[3]


def test_a_new_name_equal_to_another_seat_is_a_duplicate(bob_client, players):
    response = bob_client.post(reverse("game_new"), start_post(players, seat_3="", new_3="BEN"))

    assert response.status_code == 422
    assert "already seated at South" in error_of(response, "new_3")
    assert not Game.objects.exists()


def test_a_choice_and_a_new_name_at_one_seat_is_refused(bob_client, players):
    response = bob_client.post(reverse("game_new"), start_post(players, new_0="Emiko"))

    assert response.status_code == 422
    assert "not both" in error_of(response, "new_0")
    assert not Player.objects.filter(name="Emiko").exists()


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"ruleset": "preset:riichi-city"}, "ruleset"),
        ({"ruleset": "saved:999"}, "ruleset"),
        ({"seat_1": "999"}, "seat_1"),
        ({"table_label": "x" * 51}, "table_label"),
        ({"shuffle": "sometimes"}, "shuffle"),
    ],
)
def test_bad_input_is_a_422_and_starts_nothing(bob_client, players, changes, field):
    response = bob_client.post(reverse("game_new"), start_post(players, **changes))

    assert response.status_code == 422
    assert error_of(response, field)
    assert not Game.objects.exists()
