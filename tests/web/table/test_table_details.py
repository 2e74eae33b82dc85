"""The small things of the table and the pages around it: the game list's winds, the chombo
penalty's sign on the page and in the files, one minus sign, abandoning said once, the menu
on the player page, the hint to log in, names in the hand form's chips."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.urls import reverse

from scorekeeper.club.models import Game, Player
from scorekeeper.table.services.games import finish_game, start_game
from scorekeeper.table.services.hands import record_hand
from scoring.outcomes import Chombo, Hand, Ron, Win
from scoring.rules import PRESETS

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def body(response) -> str:
    raw = b"".join(response.streaming_content) if response.streaming else response.content
    return raw.decode("utf-8-sig")


def seat_winds(page: str) -> dict[str, str]:
    """Each player's wind as the game list shows it, by name."""
    pairs = re.findall(
        r'<span class="seat-wind" aria-label="(\w+)"[^>]*>\w</span><span class="seat-name">(\w+)<',
        page,
    )
    return {name: wind for wind, name in pairs}


def test_the_game_list_labels_seats_with_this_rounds_winds(client, game):
    assert seat_winds(client.get(reverse("home")).content.decode()) == {
        "Aki": "East",
        "Ben": "South",
        "Chie": "West",
        "Dan": "North",
    }
    # Ben wins off Chie: he deals East 2, and every wind moves with the deal.
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=1, fu=30),))), expected_sequence=0)

    assert seat_winds(client.get(reverse("home")).content.decode()) == {
        "Aki": "North",
        "Ben": "East",
        "Chie": "South",
        "Dan": "West",
    }


@pytest.fixture
def chombo_game(players) -> Game:
    """An EMA game stopped after one hand, Ben's chombo: EMA takes 20,000 off his result
    (RULES.md, chombo: penalty, chombo_penalty: 20000). Everyone has 30,000: all four tie
    for first and share the uma (15k + 5k - 5k - 15k = 0), so every result is 0 but Ben's."""
    game = start_game(rules=PRESETS["ema"], ruleset_name="ema", players=players)
    record_hand(game=game, hand=Hand(Chombo(1)), expected_sequence=0)
    return finish_game(game=game, expected_sequence=1)


def test_the_chombo_penalty_has_one_sign_on_the_page_in_csv_and_in_json(client, chombo_game):
    pk = chombo_game.pk
    page = client.get(reverse("game_table", args=[pk])).content.decode()
    rows = list(csv.DictReader(io.StringIO(body(client.get(f"/games/{pk}/standings.csv")))))
    data = client.get(f"/games/{pk}/standings.json").json()["standings"]

    ben = page.split('">Ben</a></th>', 1)[1].split("</tr>", 1)[0]
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", ben)
    assert cells[-2:] == ["\u221220.0", "\u221220.0"]  # penalty, result
    assert [(r["Player"], r["Penalty"], r["Result"]) for r in rows] == [
        ("Aki", "0.0", "0.0"),
        ("Ben", "-20.0", "-20.0"),
        ("Chie", "0.0", "0.0"),
        ("Dan", "0.0", "0.0"),
    ]
    assert [(r["player"], r["penalty"], r["result"]) for r in data] == [
        ("Aki", 0, 0),
        ("Ben", -20, -20),
        ("Chie", 0, 0),
        ("Dan", 0, 0),
    ]


def text_of_page(html: str) -> str:
    """What a page reads as: no scripts, styles or tags."""
    html = re.sub(r"<(script|style)\b.*?</\1>", "", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


def test_pages_write_every_minus_as_one_sign_and_the_files_as_plain_numbers(
    client, chombo_game, game
):
    # Chie pays Ben: a game in play with a player behind.
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=3, fu=40),))), expected_sequence=0)
    pages = [
        reverse("game_table", args=[game.pk]),
        reverse("game_live", args=[game.pk]),
        reverse("game_table", args=[chombo_game.pk]),
        reverse("game_live", args=[chombo_game.pk]),
        reverse("home"),
        reverse("history"),
        reverse("player_detail", args=[chombo_game.seats.get(number=1).player_id]),
    ]
    for path in pages:
        text = text_of_page(client.get(path).content.decode())

        assert not re.search(r"(?<![\w/.:-])-\d", text), path
    assert "\u22125,200" in text_of_page(client.get(pages[0]).content.decode())
    for path in (
        f"/games/{chombo_game.pk}/standings.csv",
        f"/games/{chombo_game.pk}/standings.json",
    ):
        text = body(client.get(path))
        assert "\u2212" not in text and "-20" in text, path


def test_abandoning_says_so_once(alice_client, game):
    url = reverse("game_abandon", args=[game.pk])

    swapped = alice_client.post(url, {"confirmed": "on", "sequence": "0"}, **HTMX)
    page = alice_client.get(reverse("game_table", args=[game.pk])).content.decode()

    assert swapped.status_code == 200
    assert swapped.content.decode().count("counts for nothing") == 1
    assert page.count("counts for nothing") == 1
    assert Game.objects.get(pk=game.pk).status == Game.Status.ABANDONED


def test_abandoning_without_javascript_says_so_once(alice_client, game):
    response = alice_client.post(
        reverse("game_abandon", args=[game.pk]), {"confirmed": "on", "sequence": "0"}, follow=True
    )

    assert response.content.decode().count("counts for nothing") == 1


def current_menu_item(html: str) -> list[str]:
    return re.findall(r'<a href="[^"]*" aria-current="page">([^<]+)</a>', html)


def test_the_player_page_does_not_mark_history_in_the_menu(client, players):
    page = client.get(reverse("player_detail", args=[players[0].pk])).content.decode()

    assert current_menu_item(page) == []
    assert current_menu_item(client.get(reverse("history")).content.decode()) == ["History"]


def test_a_visitor_on_a_table_in_play_is_asked_to_log_in(client, charlie_client, bob_client, game):
    table = reverse("game_table", args=[game.pk])
    hint = f'href="{reverse("login")}?next={table}"'

    assert hint in client.get(table).content.decode()
    # Not for those logged in, nor once the game is over.
    assert "login-hint" not in charlie_client.get(table).content.decode()
    assert "login-hint" not in bob_client.get(table).content.decode()
    finish_game(game=game, expected_sequence=0)
    assert "login-hint" not in client.get(table).content.decode()


def test_names_in_the_chips_show_up_to_twelve_characters(bob_client, db):
    names = ("Konstantinos", "Bartholomew", "Maximiliana-Jo", "Li")
    players = [Player.objects.create(name=name) for name in names]
    game = start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players)

    html = bob_client.get(reverse("game_table", args=[game.pk])).content.decode()
    shown = set(re.findall(r'<span class="who" title="([^"]+)">([^<]+)</span>', html))

    assert shown == {
        ("Konstantinos", "Konstantinos"),
        ("Bartholomew", "Bartholomew"),
        ("Maximiliana-Jo", "Maximiliana…"),
        ("Li", "Li"),
    }
