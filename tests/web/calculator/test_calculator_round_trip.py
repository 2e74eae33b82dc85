"""The table's hand form and the hand calculator: "Count it from the tiles" for one winner
takes the whole form along (in the calculator's address), and "Use this hand" brings it
back with that winner's han and fu, its preview already shown."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.club.models import Game

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}

#: A double ron in East 1 (Aki deals): Aki and Chie both win on Ben's discard, both in
#: riichi; Aki's hand is entered already, Chie's is to be counted from the tiles.
DOUBLE_RON = {
    "sequence": "0",
    "outcome": "ron",
    "winners": ["0", "2"],
    "discarder": "1",
    "riichi": ["0", "2"],
    "win_0_han": "2",
    "win_0_fu": "30",
}


def from_tiles(game: Game, seat: int) -> str:
    return reverse("hand_from_tiles", args=[game.pk, seat])


def query_of(url: str) -> dict[str, list[str]]:
    return parse_qs(urlsplit(url).query)


def test_the_table_offers_each_winner_the_calculator_as_a_button_of_the_form(bob_client, game):
    html = bob_client.get(reverse("game_table", args=[game.pk])).content.decode()

    actions = re.findall(r'<button type="submit" class="from-tiles" formaction="([^"]+)"', html)
    assert actions == [from_tiles(game, seat) for seat in range(4)]
    assert "Count it from the tiles" in html


def test_the_form_sent_to_the_calculator_goes_along_in_its_way_back(bob_client, game):
    opened = bob_client.post(from_tiles(game, 2), DOUBLE_RON | {"csrfmiddlewaretoken": "x"})

    assert opened.status_code == 302
    query = query_of(opened["Location"])
    # Chie sits West in East 1; she declared riichi and won by ron (no tsumo flag).
    assert query["seat_wind"] == ["W"]
    assert query["riichi"] == ["1"]
    assert "tsumo" not in query
    back = query_of(query["return"][0])
    assert back == {
        "seat": ["2"],
        "outcome": ["ron"],
        "winners": ["0", "2"],
        "discarder": ["1"],
        "riichi": ["0", "2"],
        "win_0_han": ["2"],
        "win_0_fu": ["30"],
    }
    assert urlsplit(query["return"][0]).path == reverse("game_table", args=[game.pk])


def test_a_tsumo_opens_the_calculator_on_tsumo_and_without_riichi_if_none_was_declared(
    bob_client, game
):
    opened = bob_client.post(
        from_tiles(game, 1), {"sequence": "0", "outcome": "tsumo", "winner": "1", "riichi": "3"}
    )

    query = query_of(opened["Location"])
    assert query["tsumo"] == ["1"]
    assert "riichi" not in query


def test_htmx_is_told_to_go_to_the_calculator_as_a_whole_page(bob_client, game):
    opened = bob_client.post(from_tiles(game, 2), DOUBLE_RON, **HTMX)

    assert opened.status_code == 200
    assert opened["HX-Redirect"].startswith(reverse("calculator") + "?")
    assert query_of(opened["HX-Redirect"])["riichi"] == ["1"]


def test_what_is_not_a_field_of_the_form_is_not_carried(bob_client, game):
    junk = {"outcome": "ron", "nonsense": "1", "winners": ["0", "x" * 500], "sequence": "0"}

    opened = bob_client.post(from_tiles(game, 0), junk)

    back = query_of(query_of(opened["Location"])["return"][0])
    assert back == {"seat": ["0"], "outcome": ["ron"], "winners": ["0"]}


def test_use_this_hand_brings_back_the_whole_form_with_the_winners_hand(bob_client, game):
    calculator = bob_client.post(from_tiles(game, 2), DOUBLE_RON)["Location"]
    # Chie lays in a riichi pinfu with a red five, won by ron: 3 han 30 fu.
    hand = {"closed": "123m067p23456788s", "win_tile": "1m"}
    answer = bob_client.get(f"{calculator}&{urlencode(hand)}")
    assert answer.context["form"].cleaned_data["riichi"] is True
    back = answer.context["return_url"]

    table = bob_client.get(back)

    assert table.status_code == 200
    initial = table.context["form"].initial
    assert {k: initial[k] for k in ("outcome", "winners", "discarder", "riichi")} == {
        "outcome": "ron",
        "winners": ["0", "2"],
        "discarder": "1",
        "riichi": ["0", "2"],
    }
    assert (initial["win_0_han"], initial["win_0_fu"]) == ("2", "30")
    assert (initial["win_2_han"], initial["win_2_fu"]) == ("3", "30")
    html = table.content.decode()
    for name, value in (("winners", "0"), ("winners", "2"), ("discarder", "1"), ("riichi", "0")):
        assert re.search(rf'name="{name}" value="{value}"[^>]*checked', html), (name, value)
    assert re.search(r'name="win_2_han" value="3"[^>]*checked', html)


def test_the_preview_shows_at_once_on_the_way_back(bob_client, game):
    # Aki, the dealer: 2 han 30 fu by ron is 2,900; Chie: 3 han 30 fu is 3,900. Ben pays
    # both; under Tenhou's rules both riichi sticks go to the winner nearest the discarder
    # in turn order, Chie (RULES.md, multi_ron_sticks: nearest): Aki 2,900 - 1,000,
    # Chie 3,900 - 1,000 + 2,000.
    back = (
        reverse("game_table", args=[game.pk])
        + "?"
        + urlencode(
            {
                **DOUBLE_RON,
                "seat": "2",
                "han": "3",
                "fu": "30",
                "tsumo": "0",
                "riichi_declared": "1",
            },
            doseq=True,
        )
    )

    response = bob_client.get(back)

    preview = response.context["preview"]
    assert [row["change"] for row in preview["changes"]] == [
        "+1,900",
        "\u22126,800",
        "+4,900",
        "0",
    ]
    assert "+4,900" in response.content.decode()


def test_a_tsumo_counted_from_the_tiles_turns_the_hand_into_a_tsumo(bob_client, game):
    back = {**DOUBLE_RON, "seat": "2", "han": "4", "fu": "20", "tsumo": "1"}
    back |= {"riichi_declared": "0"}

    initial = bob_client.get(reverse("game_table", args=[game.pk]), back).context["form"].initial

    assert (initial["outcome"], initial["winner"]) == ("tsumo", "2")
    assert "winners" not in initial and "discarder" not in initial
    assert initial["riichi"] == ["0"]


def test_a_yakuman_from_the_calculator_fills_the_yakuman_for_a_ron(bob_client, game):
    back = f"/games/{game.pk}/?seat=3&han=yakuman&yakuman=1&tsumo=0"

    initial = bob_client.get(back).context["form"].initial

    assert (initial["outcome"], initial["winners"], initial["win_3_han"]) == (
        "ron",
        ["3"],
        "yakuman",
    )
    assert initial["win_3_yakuman"] == "1"


@pytest.mark.parametrize(
    "query", ["?seat=9&han=3", "?seat=1&han=99", "?han=3&fu=30", "?seat=x&han=yakuman"]
)
def test_values_back_from_the_calculator_that_do_not_fit_are_left_to_choose(
    bob_client, game, query
):
    response = bob_client.get(f"/games/{game.pk}/{query}")

    assert response.status_code == 200
    assert "outcome" not in response.context["form"].initial


def test_back_without_a_hand_keeps_the_form_as_it_was(bob_client, game):
    back = {"seat": "2", "outcome": "ron", "winners": ["0"], "discarder": "1"}

    initial = bob_client.get(reverse("game_table", args=[game.pk]), back).context["form"].initial

    assert (initial["outcome"], initial["winners"], initial["discarder"]) == ("ron", ["0"], "1")


# Who may open the calculator from a table (it saves nothing).


@pytest.mark.parametrize("persona", ["alice_client", "bob_client"])
def test_members_and_organisers_open_the_calculator_from_a_table(request, game, persona):
    member: Client = request.getfixturevalue(persona)

    for opened in (member.get(from_tiles(game, 1)), member.post(from_tiles(game, 1), DOUBLE_RON)):
        assert opened.status_code == 302
        assert opened["Location"].startswith(reverse("calculator"))


def test_visitors_and_outsiders_who_have_no_hand_form_are_refused(client, charlie_client, game):
    assert client.get(from_tiles(game, 1))["Location"].startswith(reverse("login"))
    assert client.post(from_tiles(game, 1), DOUBLE_RON).status_code == 403
    assert charlie_client.get(from_tiles(game, 1)).status_code == 403
    assert charlie_client.post(from_tiles(game, 1), DOUBLE_RON).status_code == 403


def test_an_unknown_seat_or_game_is_not_found(bob_client, game):
    assert bob_client.post(from_tiles(game, 4), DOUBLE_RON).status_code == 404
    missing = reverse("hand_from_tiles", args=[game.pk + 99, 0])
    assert bob_client.post(missing, DOUBLE_RON).status_code == 404
