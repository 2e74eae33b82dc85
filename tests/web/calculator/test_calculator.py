"""The hand calculator, the fu calculator and the JSON endpoint: answers for whole hands, taps
that redirect to the next state, refusals beside their field (422), the partial htmx swaps in,
permissions, and the way back to a table with han and fu."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from django.test import Client
from django.urls import reverse
from real_data import HAND_CASES as CASES
from real_data import SANMA_HANDS, hand_doc, sanma_hand_doc

from scorekeeper.club.models import SavedRuleset
from scoring.calculator.score import calculate_hand

HTMX = {"HTTP_HX_REQUEST": "true"}

#: A closed riichi pinfu hand won by ron on 1m (23m waiting 1-4m), with a red five pin.
PINFU = {
    "closed": "123m067p234567s88s",
    "win_tile": "1m",
    "riichi": "1",
    "seat_wind": "S",
}


def calc(client: Client, query: dict[str, Any], **headers: str):
    return client.get(reverse("calculator"), query, **headers)


def text(response) -> str:
    """The page's text without tags, spaces squeezed."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", response.content.decode(), flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def location_query(response) -> dict[str, list[str]]:
    assert response.status_code == 302, response.status_code
    url = urlsplit(response["Location"])
    assert url.path == reverse("calculator")
    return parse_qs(url.query)


# Whole hands.


@pytest.mark.django_db
def test_a_riichi_pinfu_ron_with_a_red_five_is_3_han_30_fu_and_3900_for_a_non_dealer(client):
    response = calc(client, PINFU)

    assert response.status_code == 200
    answer = response.context["answer"]
    assert [(y.name, y.value) for y in answer.yaku] == [
        ("Riichi", "1 han"),
        ("Pinfu", "1 han"),
        ("Aka Dora", "1 han"),
    ]
    assert (answer.han, answer.fu, answer.headline) == (3, 30, "3 han 30 fu")
    assert [(line.reason, line.fu) for line in answer.fu_lines] == [
        ("base", 20),
        ("closed ron", 10),
    ]
    page = text(response)
    assert "Ron: the discarder pays 3,900" in page
    assert "3 han 30 fu · 3,900 points" in page


@pytest.mark.django_db
def test_the_same_hand_won_by_the_dealer_by_tsumo_is_paid_by_each_player(client):
    response = calc(client, PINFU | {"seat_wind": "E", "tsumo": "1"})

    answer = response.context["answer"]
    # Riichi, menzen tsumo, pinfu, aka dora: 4 han, and pinfu tsumo is 20 fu.
    assert (answer.han, answer.fu) == (4, 20)
    assert "Tsumo: each player pays 2,600 all" in text(response)


@pytest.mark.django_db
def test_honba_are_shown_as_the_payment_with_them_from_the_engine(client):
    response = calc(client, PINFU | {"honba": "2"})

    assert "With 2 honba 4,500" in text(response)


@pytest.mark.django_db
def test_dora_indicators_count_and_a_yakuman_has_no_han(client):
    dora = calc(client, PINFU | {"dora": "7s"})
    kokushi = calc(client, {"closed": "19m19p19s12345677z", "win_tile": "7z", "tsumo": "1"})

    assert ("Dora", "2 han") in [(y.name, y.value) for y in dora.context["answer"].yaku]
    assert dora.context["answer"].han == 5
    answer = kokushi.context["answer"]
    assert (answer.headline, answer.han) == ("Yakuman", None)
    assert "Tsumo: each player pays 16,000 all" in text(kokushi)


@pytest.mark.django_db
def test_a_hand_with_melds_is_scored_with_its_open_sets(client):
    # A pon of red dragons and a chi: chun, an open hand; 20 + 2 (tsumo) + 4 (open honor
    # pon) + 2 (tanki on 8s) = 28 -> 30 fu, 1 han.
    response = calc(
        client,
        {
            "closed": "234m567p88s",
            "meld": ["pon777z", "chi678p"],
            "win_tile": "8s",
            "tsumo": "1",
            "seat_wind": "S",
        },
    )

    answer = response.context["answer"]
    assert [y.name for y in answer.yaku] == ["Chun"]
    assert (answer.han, answer.fu) == (1, 30)
    assert "open triplet of terminals/honors" in [line.reason for line in answer.fu_lines]


@pytest.mark.django_db
def test_an_incomplete_hand_says_how_many_tiles_to_add(client):
    response = calc(client, {"closed": "123m456p789s1z", "win_tile": "1z"})

    assert response.status_code == 200
    assert response.context["missing"] == "Add 4 more tiles."
    assert response.context["answer"] is None
    assert "10/14 tiles" in text(response)


@pytest.mark.django_db
def test_the_empty_calculator_asks_for_tiles(client):
    response = calc(client, {})

    assert response.status_code == 200
    assert response.context["missing"] == "Add 14 more tiles."
    assert "No tiles yet" in text(response)


# Refusals.


@pytest.mark.django_db
def test_tiles_that_are_not_tiles_are_refused_beside_the_hand_with_422(client):
    response = calc(client, {"closed": "123x"})

    assert response.status_code == 422
    form = response.context["form"]
    assert list(form.errors) == ["closed"]
    assert "is not a digit or m/p/s/z" in form.errors["closed"][0]
    assert 'id="id_closed_error"' in response.content.decode()


@pytest.mark.django_db
def test_a_flag_that_cannot_hold_is_refused_beside_that_flag(client):
    response = calc(client, PINFU | {"riichi": "", "ippatsu": "1"})

    assert response.status_code == 422
    assert response.context["form"].errors["ippatsu"] == ["Ippatsu needs riichi"]
    assert 'id="id_ippatsu_error"' in response.content.decode()


@pytest.mark.django_db
def test_fourteen_tiles_that_do_not_win_name_the_closed_tiles(client):
    response = calc(client, {"closed": "1357m2468p1357s11z", "win_tile": "1z"})

    assert response.status_code == 422
    assert "is not a winning hand" in response.context["form"].errors["closed"][0]


@pytest.mark.django_db
def test_a_hand_without_yaku_is_refused(client):
    # Sequences, a triplet of 2s and a pair of East for South in a South round.
    response = calc(
        client,
        {"closed": "123m456p789s222s11z", "win_tile": "2s", "seat_wind": "S", "round_wind": "S"},
    )

    assert response.status_code == 422
    assert "has no yaku" in response.context["form"].errors["closed"][0]


@pytest.mark.django_db
def test_a_refusal_over_htmx_is_the_partial_with_422_and_the_message(client):
    response = calc(client, PINFU | {"riichi": "", "ippatsu": "1"}, **HTMX)

    assert response.status_code == 422
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="calculator"')
    assert "Ippatsu needs riichi" in html
    assert "<html" not in html


@pytest.mark.django_db
def test_an_incomplete_hand_over_htmx_is_the_partial_with_200(client):
    response = calc(client, {"closed": "123m"}, **HTMX)

    assert response.status_code == 200
    assert response.content.decode().lstrip().startswith('<section id="calculator"')
    assert "Add 11 more tiles." in text(response)


@pytest.mark.django_db
def test_a_fifth_copy_in_the_dora_indicators_is_refused_on_the_dora(client):
    response = calc(client, PINFU | {"dora": "1m", "closed": "111123m067p23488s", "win_tile": "3m"})

    assert response.status_code == 422
    assert "A fifth 1m" in response.context["form"].errors["dora"][0]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"honba": "-1"}, "honba"),
        ({"honba": "many"}, "honba"),
        ({"seat_wind": "X"}, "seat_wind"),
        ({"rules": "bogus"}, "rules"),
        ({"rules": "saved-999"}, "rules"),
        ({"mode": "steal"}, "mode"),
        ({"meld": "trio111m"}, "meld"),
        ({"meld": ["pon111m"] * 5}, "meld"),
        ({"win_tile": "8z"}, "win_tile"),
        ({"closed": "1m" * 40}, "closed"),
        ({"add": "0z"}, "add"),
        ({"return": "https://example.com/"}, "return"),
        ({"return": "//example.com/"}, "return"),
    ],
)
def test_bad_input_of_any_kind_is_a_422_naming_the_field(client, query, field):
    response = calc(client, query)

    assert response.status_code == 422
    assert field in response.context["form"].errors


# Taps: each redirects to the state it leads to.


@pytest.mark.django_db
def test_a_tapped_tile_joins_the_hand_and_becomes_the_winning_tile(client):
    response = calc(client, {"closed": "23m", "win_tile": "3m", "add": "5p"})

    assert location_query(response) == {"closed": ["23m5p"], "win_tile": ["5p"]}


@pytest.mark.django_db
def test_tapping_a_tile_of_the_hand_takes_it_out_and_the_situation_stays(client):
    response = calc(
        client, {"closed": "235m", "win_tile": "5m", "remove": "5m", "riichi": "1", "honba": "1"}
    )

    # The winning tile left the hand, so none is chosen.
    assert location_query(response) == {"closed": ["23m"], "riichi": ["1"], "honba": ["1"]}


@pytest.mark.django_db
def test_a_pon_is_one_tap_and_a_chi_three(client):
    pon = calc(client, {"mode": "pon", "add": "7z"})
    chi_started = calc(client, {"mode": "chi", "pending": "3p", "add": "5p"})
    chi_done = calc(client, {"mode": "chi", "pending": "35p", "add": "4p"})

    assert location_query(pon) == {"meld": ["pon777z"], "mode": ["pon"]}
    assert location_query(chi_started) == {"pending": ["35p"], "mode": ["chi"]}
    assert location_query(chi_done) == {"meld": ["chi345p"], "mode": ["chi"]}


@pytest.mark.django_db
def test_a_kan_of_fives_holds_the_rulesets_red_five(client):
    tenhou = calc(client, {"mode": "ankan", "add": "5s"})
    ema = calc(client, {"mode": "kan", "add": "5s", "rules": "ema"})

    assert location_query(tenhou)["meld"] == ["ankan0555s"]
    assert location_query(ema)["meld"] == ["kan5555s"]


@pytest.mark.django_db
def test_dora_indicators_are_added_and_taken_out_by_tapping(client):
    added = calc(client, {"mode": "dora", "dora": "1z", "add": "9s"})
    taken = calc(client, {"mode": "dora", "dora": "9s1z", "undora": "1z"})

    assert location_query(added)["dora"] == ["9s1z"]
    assert location_query(taken)["dora"] == ["9s"]


@pytest.mark.django_db
def test_a_meld_and_the_chi_being_picked_are_taken_out_by_tapping(client):
    response = calc(client, {"meld": ["pon777z", "chi345p"], "pending": "6s", "unmeld": "0"})
    unpended = calc(client, {"pending": "6s", "unpend": "1"})

    assert location_query(response) == {"meld": ["chi345p"], "pending": ["6s"]}
    assert location_query(unpended) == {}


@pytest.mark.django_db
def test_a_fifth_copy_or_a_fifteenth_tile_is_not_added(client):
    fifth = calc(client, {"closed": "1111m", "add": "1m"})
    full = calc(client, PINFU | {"add": "9m"})

    assert location_query(fifth)["closed"] == ["1111m"]
    assert location_query(full)["closed"] == ["123m067p23456788s"]


@pytest.mark.django_db
def test_the_picker_disables_what_a_tap_cannot_add(client):
    response = calc(client, {"closed": "1111m0p", "rules": "tenhou"})
    enabled = {t.code: t.enabled for row in response.context["picker"] for t in row.tiles}

    assert enabled["1m"] is False  # four on the table
    assert enabled["0p"] is False  # the set's only red five pin
    assert enabled["5p"] is True
    html = response.content.decode()
    assert 'aria-label="5 pin (red)" disabled' in html
    ema = calc(client, {"rules": "ema"})
    assert "0p" not in {t.code for row in ema.context["picker"] for t in row.tiles}


@pytest.mark.django_db
def test_a_tap_over_htmx_redirects_too_so_the_address_shows_the_hand(client):
    response = calc(client, {"closed": "23m", "add": "4m"}, **HTMX)

    assert location_query(response) == {"closed": ["234m"], "win_tile": ["4m"]}


@pytest.mark.django_db
def test_enter_in_a_field_taps_nothing_the_first_button_is_a_plain_submit(client):
    html = calc(client, PINFU).content.decode()
    form = html[html.index('<form class="calc-form"') :]
    first_button = re.search(r"<button[^>]*>", form)

    assert first_button is not None
    assert "name=" not in first_button.group(0)


# The page.


@pytest.mark.django_db
def test_an_htmx_request_gets_only_the_calculator_partial(client):
    response = calc(client, PINFU, **HTMX)

    assert response.content.decode().lstrip().startswith('<section id="calculator"')
    assert response["Vary"].split(", ") == ["HX-Request", "Accept-Language"]


@pytest.mark.django_db
def test_the_form_keeps_its_action_and_every_tile_button_has_a_spoken_name(client):
    html = calc(client, PINFU).content.decode()

    assert 'method="get" action="/calculator/"' in html
    assert 'hx-get="/calculator/"' in html
    assert 'aria-label="5 pin (red)"' in html
    assert 'aria-label="Take out 1 man, the winning tile"' in html
    assert 'aria-label="White dragon"' in html
    assert "/static/tiles/0p.svg" in html


@pytest.mark.django_db
def test_the_page_reads_at_most_the_saved_rulesets(client, django_assert_max_num_queries):
    with django_assert_max_num_queries(2):
        calc(client, PINFU)


@pytest.mark.django_db
def test_a_saved_ruleset_can_be_chosen(client):
    saved = SavedRuleset.objects.create(
        name="Club rules", preset="ema", overrides={"kiriage": True}
    )

    response = calc(client, PINFU | {"closed": "123m456p234567s88s", "rules": f"saved-{saved.pk}"})

    assert response.status_code == 200
    # Riichi, pinfu, no red fives under EMA: 2 han 30 fu.
    assert response.context["answer"].han == 2
    assert "Club rules" in response.content.decode()


def test_the_page_only_answers_get_and_head(client):
    assert client.post(reverse("calculator")).status_code == 405


# Permissions.


@pytest.mark.django_db
def test_with_public_reading_off_a_visitor_is_sent_to_log_in(client, settings):
    settings.SCOREKEEPER_PUBLIC_READ = False

    response = calc(client, PINFU)

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


@pytest.mark.django_db
def test_with_public_reading_off_an_outsider_is_refused_and_a_member_served(
    settings, charlie_client, bob_client
):
    settings.SCOREKEEPER_PUBLIC_READ = False

    assert calc(charlie_client, PINFU).status_code == 403
    assert charlie_client.get(reverse("fu_calculator")).status_code == 403
    assert calc(bob_client, PINFU).status_code == 200


@pytest.mark.django_db
def test_with_public_reading_off_a_visitor_cannot_post_to_the_endpoint(client, settings):
    settings.SCOREKEEPER_PUBLIC_READ = False

    response = client.post(reverse("hand_api"), "{}", content_type="application/json")

    assert response.status_code == 403


# From a table and back.


@pytest.mark.django_db
def test_the_games_ruleset_winds_and_honba_come_from_the_link(client, game):
    response = calc(
        client,
        PINFU | {"rules": f"game-{game.pk}", "seat_wind": "W", "round_wind": "S", "honba": "1"},
    )

    assert response.status_code == 200
    assert "This game’s rules (tenhou)" in response.content.decode()
    assert response.context["form"].cleaned_data["round_wind"] == "S"


@pytest.mark.django_db
def test_use_this_hand_goes_back_with_han_and_fu_added_to_the_return_address(client):
    # The table's form as it was (another winner, the discarder, each riichi) is kept.
    back = "/games/7/?seat=2&outcome=ron&winners=0&discarder=1&riichi=0"
    response = calc(client, PINFU | {"return": back})

    url = urlsplit(response.context["return_url"])
    assert url.path == "/games/7/"
    assert parse_qs(url.query) == {
        "seat": ["2"],
        "outcome": ["ron"],
        "winners": ["0"],
        "discarder": ["1"],
        "riichi": ["0"],
        "han": ["3"],
        "fu": ["30"],
        "tsumo": ["0"],
        "riichi_declared": ["1"],
        # What the win was made of (spec/hand.md's example: Riichi, Pinfu, one red five).
        "yaku": ["Riichi", "Pinfu"],
        "dora": ["0"],
        "ura": ["0"],
        "aka": ["1"],
        "open": ["0"],
    }
    assert "Use this hand" in text(response)


@pytest.mark.django_db
def test_use_this_hand_for_a_yakuman_sends_the_count(client):
    response = calc(
        client, {"closed": "19m19p19s12345677z", "win_tile": "7z", "return": "/games/7/?seat=0"}
    )

    query = parse_qs(urlsplit(response.context["return_url"]).query)
    assert (query["han"], query["yakuman"], "fu" in query) == (["yakuman"], ["1"], False)
    # The pair wait on 7z is the 13-sided kokushi, one yakuman without double yakuman hands.
    assert (query["yaku"], query["open"], "dora" in query) == (
        ["Kokushi Musou Juusanmen"],
        ["0"],
        False,
    )


@pytest.mark.django_db
def test_the_return_address_survives_each_tap(client):
    response = calc(client, {"closed": "23m", "add": "4m", "return": "/games/7/?seat=1"})

    assert location_query(response)["return"] == ["/games/7/?seat=1"]


# The fu calculator.


def fu(client: Client, query: dict[str, Any], **headers: str):
    return client.get(reverse("fu_calculator"), query, **headers)


def melds(*specs: tuple[str, str, str]) -> dict[str, str]:
    out = {}
    for i, (kind, opened, tiles) in enumerate(specs, start=1):
        out |= {f"meld_{i}_kind": kind, f"meld_{i}_open": opened, f"meld_{i}_tiles": tiles}
    return out


SEQ = ("sequence", "closed", "simples")


@pytest.mark.django_db
def test_seed_001_tsumo_with_a_closed_and_an_open_simples_triplet_is_30_fu(client):
    query = {"win": "tsumo", "pair": "plain", "wait": "ryanmen"} | melds(
        ("triplet", "closed", "simples"), ("triplet", "open", "simples"), SEQ, SEQ
    )

    response = fu(client, query)

    assert response.status_code == 200
    answer = response.context["answer"]
    assert answer.fu.total == 30
    assert [(line.fu, line.reason) for line in answer.fu.lines] == [
        (20, "base"),
        (2, "tsumo"),
        (4, "closed triplet of simples"),
        (2, "open triplet of simples"),
        (2, "rounded up from 28"),
    ]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("query", "total"),
    [
        # Pinfu ron: 20 + 10 closed ron.
        ({}, 30),
        # Pinfu tsumo: fixed 20.
        ({"win": "tsumo"}, 20),
        # Chiitoitsu: fixed 25.
        ({"chiitoitsu": "on", "win": "tsumo"}, 25),
        # Closed ron, closed quad of honors (32), tanki on a double wind pair (4 under tenhou).
        (
            {"pair": "double_wind", "wait": "tanki"}
            | melds(("quad", "closed", "terminals"), SEQ, SEQ, SEQ),
            70,
        ),
        # An open hand with no fu at all is raised to 30.
        ({"win": "open_ron"} | melds(("sequence", "open", "simples"), SEQ, SEQ, SEQ), 30),
    ],
)
def test_the_fu_checklist_of_seed_001(client, query, total):
    response = fu(client, query)

    assert response.status_code == 200
    assert response.context["answer"].fu.total == total


@pytest.mark.django_db
def test_the_double_wind_pair_follows_the_ruleset(client):
    query = {"pair": "double_wind", "wait": "kanchan"}

    tenhou = fu(client, query | {"rules": "tenhou"})
    wrc = fu(client, query | {"rules": "wrc"})

    # 20 + 10 + 4 + 2 = 36 -> 40 under tenhou; 20 + 10 + 2 + 2 = 34 -> 40 under WRC too, but
    # the line says 2.
    assert ("double wind pair", 4) in [(x.reason, x.fu) for x in tenhou.context["answer"].fu.lines]
    assert ("double wind pair", 2) in [(x.reason, x.fu) for x in wrc.context["answer"].fu.lines]


@pytest.mark.django_db
def test_a_han_entered_gives_the_payments_for_both_seats(client):
    ron = fu(client, {"han": "3"})
    tsumo = fu(
        client,
        {"han": "1", "win": "tsumo"} | melds(("triplet", "closed", "terminals"), SEQ, SEQ, SEQ),
    )

    assert [(p.who, p.points) for p in ron.context["payments"]] == [
        ("Non-dealer ron", "3,900"),
        ("Dealer ron", "5,800"),
    ]
    # 20 + 2 + 8 = 30 fu, 1 han tsumo.
    assert [(p.who, p.points) for p in tsumo.context["payments"]] == [
        ("Non-dealer tsumo", "300-500"),
        ("Dealer tsumo", "500 all"),
    ]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"wait": "shanpon"}, "wait"),
        ({"win": "open_ron"}, "win"),
        (
            {"win": "closed_ron"} | melds(("sequence", "open", "simples"), SEQ, SEQ, SEQ),
            "meld_1_open",
        ),
        ({"chiitoitsu": "on", "win": "open_ron"}, "chiitoitsu"),
        ({"chiitoitsu": "on", "han": "1"}, "han"),
        ({"meld_2_kind": "pair"}, "meld_2_kind"),
        ({"han": "14"}, "han"),
        ({"rules": "bogus"}, "rules"),
    ],
)
def test_the_fu_calculator_refuses_what_no_hand_has_naming_the_field(client, query, field):
    response = fu(client, query)

    assert response.status_code == 422
    assert field in response.context["form"].errors


@pytest.mark.django_db
def test_the_fu_calculator_over_htmx_swaps_the_form_and_its_answer(client):
    ok = fu(client, {"win": "tsumo"}, **HTMX)
    refused = fu(client, {"wait": "shanpon"}, **HTMX)

    assert ok.status_code == 200
    assert ok.content.decode().lstrip().startswith('<div id="fu-calculator"')
    assert refused.status_code == 422
    assert "A shanpon wait completes a triplet" in refused.content.decode()


# The JSON endpoint.


def _some_cases() -> list[dict[str, Any]]:
    """A closed hand, an open one, a yakuman, a limit hand: a handful of the real hands."""
    picks: dict[str, dict[str, Any]] = {}
    for case in CASES:
        expected = case["expected"]
        kind = (
            "yakuman"
            if expected["yakuman"]
            else "limit"
            if expected["limit"]
            else "open"
            if any(m["opened"] for m in case["melds"])
            else "closed"
        )
        picks.setdefault(kind, case)
    return list(picks.values())


def post(client: Client, body: Any, *, raw: bool = False):
    data = body if raw else json.dumps(body)
    return client.post(reverse("hand_api"), data, content_type="application/json")


@pytest.mark.django_db
@pytest.mark.parametrize("case", _some_cases(), ids=lambda case: case["id"])
def test_the_endpoint_answers_real_hands_as_tenhou_scored_them(client, case):
    doc = hand_doc(case)

    response = post(client, doc)

    assert response.status_code == 200
    out = response.json()
    expected = case["expected"]
    assert out == calculate_hand(doc)
    assert out["yakuman"] == expected["yakuman"]
    if not expected["yakuman"]:
        assert (out["han"], out["fu"]) == (expected["han"], expected["fu"])


@pytest.mark.django_db
def test_the_endpoint_answers_a_real_three_player_hand_with_its_kita(client):
    case = next(c for c in SANMA_HANDS if c["conditions"]["kita_count"] == 3)
    doc = sanma_hand_doc(case)

    response = post(client, doc)

    assert response.status_code == 200
    assert (response.json()["han"], response.json()["fu"]) == (
        case["expected"]["han"],
        case["expected"]["fu"],
    )
    assert {"name": "Kita", "han": 3} in response.json()["yaku"]


@pytest.mark.django_db
def test_the_endpoint_refuses_a_man_tile_three_players_do_not_play(client):
    response = post(
        client, {"players": 3, "closed": "123m456p789s11222z", "win_tile": "2z", "kita": 1}
    )

    assert response.status_code == 422
    assert response.json()["field"] == "closed"
    assert "2m is not played with three players" in response.json()["error"]


@pytest.mark.django_db
def test_the_endpoint_refuses_a_hand_with_422_naming_the_field(client):
    response = post(client, {"closed": "123m456p789s11222z", "win_tile": "5z"})

    assert response.status_code == 422
    assert response.json()["field"] == "win_tile"
    assert "5z is not among the closed tiles" in response.json()["error"]


@pytest.mark.django_db
def test_the_endpoint_refuses_an_unknown_ruleset_on_the_rules_field(client):
    response = post(client, {"closed": "123m456p789s11222z", "win_tile": "2z", "rules": "x"})

    assert response.status_code == 422
    assert response.json()["field"] == "rules"


@pytest.mark.django_db
@pytest.mark.parametrize("body", ["not json", '{"closed": "123m', b"\xff\xfe"])
def test_the_endpoint_answers_400_to_a_body_that_is_not_json(client, body):
    response = post(client, body, raw=True)

    assert response.status_code == 400
    assert "not JSON" in response.json()["error"]


# Bounds: every input is measured before any work is done on it.

HUGE = 2_400_000


def refuse_work(monkeypatch) -> None:
    """Fail the test if the body is measured, parsed or scored."""

    def worked(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the input was worked on")

    for name in ("load_json", "calculate_hand", "CalculatorForm", "FuForm", "PaymentTableForm"):
        monkeypatch.setattr(f"scorekeeper.calculator.views.{name}", worked)


@pytest.mark.django_db
def test_the_endpoint_refuses_a_body_over_8_kb_with_413_before_reading_it(client, monkeypatch):
    refuse_work(monkeypatch)
    body = json.dumps({"closed": "1m" * 4500, "win_tile": "1m"})  # 9 KB

    response = post(client, body, raw=True)

    assert response.status_code == 413
    assert response.json() == {
        "error": "The body is larger than 8,192 bytes; a hand document is a few hundred.",
        "field": "",
    }


@pytest.mark.django_db
def test_a_body_over_the_sites_limit_is_refused_in_json_before_any_view(client, monkeypatch):
    refuse_work(monkeypatch)
    body = json.dumps({"closed": "1m" * (HUGE // 2), "win_tile": "1m"})

    response = post(client, body, raw=True)

    assert response.status_code == 413
    assert response.json() == {
        "error": "Request too large: this site takes at most 1 MB in one request.",
        "field": "",
    }


@pytest.mark.django_db
def test_the_endpoint_reads_a_body_of_8_kb(client):
    doc = {"closed": "123m067p234567s88s", "win_tile": "1m", "riichi": True}
    body = json.dumps(doc)
    body = body[:-1] + " " * (8192 - len(body)) + "}"

    response = post(client, body, raw=True)

    assert response.status_code == 200
    assert response.json()["payments"] == {"ron": 5800}


@pytest.mark.django_db
@pytest.mark.parametrize(
    "body",
    [
        "[" * 5000,
        json.dumps({"closed": "11m", "win_tile": "1m", "melds": [[[[[]]]]]}),
        json.dumps({"closed": "11m", "win_tile": "1m", "rules": {"preset": "ema", "uma": [[[1]]]}}),
    ],
)
def test_the_endpoint_refuses_json_nested_deeper_than_a_hand_with_400(client, body):
    response = post(client, body, raw=True)

    assert response.status_code == 400
    assert "nests deeper than 4 levels" in response.json()["error"]


@pytest.mark.django_db
def test_brackets_inside_texts_are_not_nesting(client):
    response = post(client, {"closed": "[[[[[[", "win_tile": "1m"})

    assert response.status_code == 422
    assert response.json()["field"] == "closed"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("doc", "field"),
    [
        ({"closed": "1m" * 50, "win_tile": "1m"}, "closed"),
        ({"closed": "11m", "win_tile": "1" * 65 + "m"}, "win_tile"),
        (
            {
                "closed": "11m",
                "win_tile": "1m",
                "melds": [{"type": "pon", "tiles": "2" * 99 + "p"}],
            },
            "melds[0].tiles",
        ),
        (
            {"closed": "11m", "win_tile": "1m", "dora_indicators": ["3" * 70 + "s"]},
            "dora_indicators[0]",
        ),
        ({"closed": "11m", "win_tile": "1m", "rules": "x" * 33}, "rules"),
    ],
)
def test_the_endpoint_refuses_an_over_long_text_with_400_naming_its_field(client, doc, field):
    response = post(client, doc)

    assert response.status_code == 400
    assert response.json()["field"] == field
    assert (
        "too long" in response.json()["error"]
        or "at most 32 characters" in response.json()["error"]
    )


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["calculator", "fu_calculator", "payment_table"])
def test_a_calculator_page_refuses_a_huge_query_string_with_414_before_reading_it(
    client, monkeypatch, name
):
    refuse_work(monkeypatch)

    response = client.get(f"{reverse(name)}?closed={'1m' * (HUGE // 2)}")

    assert response.status_code == 414
    html = response.content.decode()
    assert "2,400,007 characters" in html and "at most 2,048" in html
    assert len(html) < 10_000  # nothing of the query is echoed


@pytest.mark.django_db
def test_the_longest_state_of_a_hand_fits_the_query_bound(client):
    # Four kans (16 tiles) and a pair: 18 tiles, every flag, five indicators of each kind,
    # and a table to go back to.
    state = {
        "closed": "1z",
        "meld": ["ankan1111m", "ankan2222p", "ankan3333s", "ankan4444z"],
        "win_tile": "1z",
        "dora": "12345m",
        "ura": "67899p",
        "tsumo": "1",
        **{flag: "1" for flag in ("riichi", "ippatsu", "rinshan", "haitei")},
        "seat_wind": "W",
        "round_wind": "S",
        "honba": "999",
        "rules": "saved-999999999",
        "mode": "ankan",
        "return": (
            "/games/999999999/?seat=2&outcome=ron&winners=0&winners=2&discarder=1"
            "&riichi=0&riichi=2&win_0_han=13&win_0_fu=110&win_0_pao=3&win_2_han=yakuman"
            "&win_2_yakuman=6&han=13&fu=110&tsumo=1&riichi_declared=1"
        ),
    }

    query = urlencode(state, doseq=True)
    response = client.get(f"{reverse('calculator')}?{query}")

    assert len(query) < 2048 // 2
    assert response.status_code != 414


@pytest.mark.django_db
def test_the_endpoint_refuses_json_that_is_not_a_hand_object(client):
    response = post(client, [1, 2, 3])

    assert response.status_code == 422
    assert "a hand is a JSON object" in response.json()["error"]


@pytest.mark.django_db
def test_the_endpoint_needs_no_csrf_token_and_only_takes_post(client):
    strict = Client(enforce_csrf_checks=True)

    response = post(strict, {"closed": "123m067p234567s88s", "win_tile": "1m", "riichi": True})

    assert response.status_code == 200
    # The dealer (East, the default seat): riichi, pinfu, aka dora, 3 han 30 fu.
    assert response.json()["payments"] == {"ron": 5800}
    assert client.get(reverse("hand_api")).status_code == 405
