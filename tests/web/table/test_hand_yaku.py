"""Yaku, dora and open/closed at the table and in the statistics: the hand form's fields,
the han they give, the engine's refusals on them, the correction page, the statistics of a
player and of the club, and the hand log's downloads.

Expected numbers: the han of the yaku from riichi.wiki (``tests/scoring/test_win_details``),
counts made by hand for the small club below, and Tenhou's own yaku for the real games in
``tests/data`` (their README names the logs).
"""

from __future__ import annotations

import csv
import doctest
import io
import json
import re
from collections import Counter
from datetime import date
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from real_data import GAMES_DIR, HAND_CASES, case_dora, case_open, case_yaku

from scorekeeper.club.models import Game, HandRecord, Player, Seat
from scorekeeper.history import shares
from scorekeeper.operations.demo import seed_demo
from scorekeeper.table.forms import yaku
from scorekeeper.table.forms.hands import HandForm
from scorekeeper.table.services.games import start_game
from scorekeeper.table.services.hands import record_hand
from scoring.outcomes import Hand, Ron, Tsumo, Win
from scoring.record_hand import parse_hand
from scoring.rules import PRESETS, resolve_rules
from scoring.state import start_state
from scoring.yaku_stats import yaku_stats

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
NAMES = ("Aki", "Ben", "Chie", "Dan")


def form_for(data, rules="tenhou"):
    ruleset = PRESETS[rules]
    return HandForm(
        {"sequence": "0", **data}, names=NAMES, rules=ruleset, state=start_state(ruleset)
    )


def ron_data(seat=1, discarder=2, **extra):
    return {"outcome": "ron", "winners": [str(seat)], "discarder": str(discarder), **extra}


# The hand form.


def chip_text(html, name, seat=1):
    """The text of a seat's yaku chip."""
    match = re.search(
        rf'name="win_{seat}_yaku" value="{name}"[^>]*><span class="chip-face">(.*?)</span></label>',
        html,
    )
    assert match, name
    return " ".join(re.sub(r"<[^>]+>", " ", match[1]).split())


def test_yaku_and_dora_with_the_han_left_blank_give_the_han_and_the_pinfu_fu():
    # Riichi 1 + Pinfu 1 + Tanyao 1 + dora 1 = 4 han; pinfu on a discard is 30 fu.
    form = form_for(
        ron_data(
            riichi=["1"],
            win_1_yaku=["Riichi", "Pinfu", "Tanyao"],
            win_1_dora="1",
            win_1_open="closed",
        )
    )
    assert form.is_valid(), form.errors
    win = form.to_hand().outcome.wins[0]
    assert win == Win(
        1, han=4, fu=30, yaku=("Riichi", "Pinfu", "Tanyao"), dora=(1, 0, 0), open=False
    )


def test_a_winner_whose_riichi_is_ticked_gets_the_riichi_yaku_without_the_script():
    form = form_for(ron_data(riichi=["1"], win_1_yaku=["Chiitoitsu"], win_1_dora="2"))
    assert form.is_valid(), form.errors
    win = form.to_hand().outcome.wins[0]
    # Riichi 1 + Chiitoitsu 2 + dora 2 = 5 han (mangan: no fu needed).
    assert (win.yaku, win.han, win.fu) == (("Riichi", "Chiitoitsu"), 5, None)


def test_a_closed_tsumo_gets_menzen_tsumo_and_pinfu_tsumo_is_20_fu():
    """RULES.md: pinfu tsumo 20 fu (no tsumo fu); a closed tsumo always has Menzen Tsumo."""
    data = {"outcome": "tsumo", "winner": "1", "win_1_yaku": ["Pinfu"], "win_1_dora": "0"}
    form = form_for(data)
    assert form.is_valid(), form.errors
    win = form.to_hand().outcome.win
    assert (win.yaku, win.han, win.fu) == (("Menzen Tsumo", "Pinfu"), 2, 20)
    # An open tsumo has no Menzen Tsumo.
    form = form_for(data | {"win_1_yaku": ["Tanyao"], "win_1_open": "open", "win_1_fu": "30"})
    assert form.is_valid(), form.errors
    assert form.to_hand().outcome.win.yaku == ("Tanyao",)


def test_the_chiitoitsu_fu_follow_and_open_han_count_open():
    form = form_for(ron_data(win_1_yaku=["Chiitoitsu"], win_1_dora="0"))
    assert form.is_valid(), form.errors
    assert form.to_hand().outcome.wins[0][1:3] == (2, 25)
    # Open honitsu 2 + haku 1 = 3 han; the fu are the player's to give.
    form = form_for(ron_data(win_1_yaku=["Honitsu", "Haku"], win_1_open="open", win_1_fu="40"))
    assert form.is_valid(), form.errors
    assert form.to_hand().outcome.wins[0][1:3] == (3, 40)


def test_a_yakuman_yaku_makes_the_yakuman_count_of_the_rules():
    form = form_for(ron_data(win_1_yaku=["Suuankou Tanki"]), rules="mahjongsoul")
    assert form.is_valid(), form.errors
    assert form.to_hand().outcome.wins[0].yakuman == 2  # double_yakuman_hands
    form = form_for(ron_data(win_1_yaku=["Suuankou Tanki"]), rules="tenhou")
    assert form.is_valid(), form.errors
    assert form.to_hand().outcome.wins[0].yakuman == 1


def test_thirteen_han_and_more_keep_their_count_behind_the_13_chip():
    # Chinitsu 6 + Toitoi 2 + Sanankou 2 + dora 5 = 15 han under EMA (no kazoe: sanbaiman).
    data = ron_data(win_1_yaku=["Chinitsu", "Toitoi", "Sanankou"], win_1_dora="5")
    form = form_for(data | {"win_1_han": "13"}, rules="ema")
    assert form.is_valid(), form.errors
    assert form.to_hand().outcome.wins[0].han == 15
    # Under kazoe yakuman they are a yakuman.
    form = form_for(data, rules="tenhou")
    assert form.is_valid(), form.errors
    assert form.to_hand().outcome.wins[0].yakuman == 1


def test_the_page_offers_the_rules_yaku_with_closed_and_open_han(bob_client, game):
    html = bob_client.get(reverse("game_table", args=[game.pk])).content.decode()
    assert re.search(r'name="win_1_yaku" value="Honitsu"[^>]* data-closed="3" data-open="2"', html)
    assert chip_text(html, "Honitsu") == "Honitsu 3/2"
    assert chip_text(html, "Pinfu") == "Pinfu 1/–"
    assert chip_text(html, "Tanyao") == "Tanyao 1/1"  # tenhou has open tanyao
    assert 'name="win_1_aka"' in html  # tenhou has red fives


def test_without_kuitan_or_red_fives_the_page_says_so(bob_client, players, alice):
    rules = resolve_rules({"preset": "ema", "kuitan": False})
    game = start_game(rules=rules, ruleset_name="ema", players=players, created_by=alice)
    html = bob_client.get(reverse("game_table", args=[game.pk])).content.decode()
    assert chip_text(html, "Tanyao") == "Tanyao 1/–"
    assert 'name="win_1_aka"' not in html


def test_yaku_that_do_not_make_the_han_are_refused_naming_both_and_nothing_is_stored(
    bob_client, game
):
    data = ron_data(win_1_han="3", win_1_fu="30", win_1_yaku=["Tanyao", "Pinfu"], win_1_dora="0")
    response = bob_client.post(
        reverse("hand_create", args=[game.pk]), {"sequence": "0", **data}, **HTMX
    )
    html = response.content.decode()
    assert response.status_code == 422
    error = re.search(r'id="id_win_1_yaku_error">([^<]*)<', html)
    assert error, html
    assert "Pinfu 1 + Tanyao 1 + dora 0 make 2 han, but the win has 3 han" in error[1]
    assert not HandRecord.objects.exists()


def test_a_riichi_yaku_without_the_seats_riichi_is_refused_on_the_yaku(bob_client, game):
    data = ron_data(win_1_han="2", win_1_fu="30", win_1_yaku=["Double Riichi"], win_1_dora="0")
    response = bob_client.post(reverse("hand_create", args=[game.pk]), {"sequence": "0", **data})
    assert response.status_code == 422
    assert (
        "Double Riichi needs the winner to declare riichi in this hand" in response.content.decode()
    )
    assert not HandRecord.objects.exists()


def test_nonsense_in_the_yaku_fields_is_a_422_never_a_500(bob_client, game):
    for bad in (
        {"win_1_yaku": ["Riichii"]},
        {"win_1_dora": "-1"},
        {"win_1_dora": "x"},
        {"win_1_aka": "9"},
        {"win_1_open": "half"},
    ):
        data = {"sequence": "0", **ron_data(win_1_han="1", win_1_fu="30"), **bad}
        response = bob_client.post(reverse("hand_create", args=[game.pk]), data)
        assert response.status_code == 422, bad
    assert not HandRecord.objects.exists()


def test_the_correction_page_shows_the_stored_yaku_dora_and_open(bob_client, game):
    win = Win(1, han=3, fu=40, yaku=("Haku", "Honitsu"), dora=(0, 0, 0), open=True)
    record_hand(game=game, hand=Hand(Ron(2, (win,))), expected_sequence=0)
    html = bob_client.get(reverse("hand_edit", args=[game.pk, 1])).content.decode()
    assert re.search(r'value="Honitsu"[^>]*checked', html)
    assert re.search(r'name="win_1_open" value="open"[^>]*checked', html)
    assert not re.search(r'value="Pinfu"[^>]*checked', html)


def test_the_calculator_sends_the_yaku_back_to_the_hand_form(bob_client, game):
    query = "seat=1&han=3&fu=30&tsumo=0&riichi=1&yaku=Riichi&yaku=Pinfu&dora=0&ura=0&aka=1&open=0"
    html = bob_client.get(reverse("game_table", args=[game.pk]) + "?" + query).content.decode()
    assert re.search(r'name="win_1_yaku" value="Riichi"[^>]*checked', html)
    assert re.search(r'name="win_1_yaku" value="Pinfu"[^>]*checked', html)
    assert re.search(r'name="win_1_aka" value="1"', html)
    assert re.search(r'name="win_1_open" value="closed"[^>]*checked', html)


# A small club counted by hand: one finished tonpuusen-free game would take 8+ hands, so the
# game is finished by tobi (tenhou: below zero ends it).


def small_club(players, alice):
    """Aki (seat 0, dealer), Ben, Chie, Dan; five hands, the last sends Dan below zero."""
    game = start_game(
        rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players, created_by=alice
    )
    hands = [
        # 1. Ben: riichi, ron from Dan, Riichi + Pinfu + Tanyao, dora 1 (4 han 30 fu, 7,700).
        Hand(
            Ron(3, (Win(1, 4, 30, yaku=("Riichi", "Pinfu", "Tanyao"), dora=1, open=False),)),
            riichi=(1,),
        ),
        # 2. Chie: open, tsumo, Haku + Honitsu, dora 0 (3 han 40 fu). Aki's riichi fails.
        Hand(
            Tsumo(Win(2, 3, 40, yaku=("Haku", "Honitsu"), dora=(0, 0, 0), open=True)),
            riichi=(0,),
        ),
        # 3. Aki (dealer): dama ron from Dan, Tanyao + red five (2 han 30 fu), closed.
        Hand(Ron(3, (Win(0, 2, 30, yaku=("Tanyao",), dora=(0, 0, 1), open=False),))),
        # 4. Ben: riichi ron from Dan, recorded without yaku (3 han 40 fu).
        Hand(Ron(3, (Win(1, 3, 40),)), riichi=(1,)),
        # 5. Chie: ron from Dan, recorded without anything: the split and the yaku leave it out.
        Hand(Ron(3, (Win(2, 6),))),
    ]
    for sequence, hand in enumerate(hands):
        record_hand(game=game, hand=hand, expected_sequence=sequence)
    game.refresh_from_db()
    return game


def test_the_small_clubs_statistics_are_those_counted_by_hand(client, players, alice):
    game = small_club(players, alice)
    assert game.status == Game.Status.FINISHED  # Dan is below zero
    stats = client.get(reverse("statistics")).context["ys"]
    s = stats["stats"]
    assert s.wins == 5
    assert dict(s.styles) == {"riichi": 2, "open": 1, "dama": 1}
    assert s.styles_unknown == 1
    assert s.deal_ins == 4 and dict(s.deal_in_styles) == {"riichi": 2, "dama": 1}
    assert s.deal_in_styles_unknown == 1
    assert dict(s.yaku) == {"Riichi": 1, "Pinfu": 1, "Tanyao": 2, "Haku": 1, "Honitsu": 1}
    assert (s.wins_with_yaku, s.wins_without_yaku) == (3, 2)
    # Dora: 1 + 0 + 1 over three wins that say.
    assert (s.dora, s.wins_with_dora, str(stats["average_dora"])) == (2, 3, "0.67")
    assert dict(s.han) == {"4": 1, "3": 2, "2": 1, "6–7": 1}
    # Riichi: Ben twice (won both), Aki once (lost): 2 of 3.
    assert (s.riichi, s.riichi_won, str(stats["riichi_success"])) == (3, 2, "66.7")
    yaku_rows = [(row.label, row.count, str(row.share)) for row in stats["yaku_rows"]]
    assert yaku_rows[0] == ("Tanyao", 2, "66.7")


def test_the_small_clubs_player_pages_are_those_counted_by_hand(client, players, alice):
    small_club(players, alice)
    aki, ben, dan = (Player.objects.get(name=n) for n in ("Aki", "Ben", "Dan"))
    a = client.get(reverse("player_detail", args=[aki.pk])).context["ys"]["stats"]
    assert (a.wins, dict(a.styles), dict(a.yaku), a.riichi, a.riichi_won) == (
        1,
        {"dama": 1},
        {"Tanyao": 1},
        1,
        0,
    )
    b = client.get(reverse("player_detail", args=[ben.pk]))
    bs = b.context["ys"]["stats"]
    assert (bs.wins, dict(bs.styles), bs.wins_without_yaku, bs.riichi_won) == (
        2,
        {"riichi": 2},
        1,
        2,
    )
    assert "1 recorded without yaku left out" in b.content.decode()
    d = client.get(reverse("player_detail", args=[dan.pk])).context["ys"]["stats"]
    assert (d.wins, d.deal_ins, dict(d.deal_in_styles), d.deal_in_styles_unknown) == (
        0,
        4,
        {"riichi": 2, "dama": 1},
        1,
    )


@pytest.mark.parametrize("module", [shares, yaku], ids=lambda m: m.__name__)
def test_the_examples_in_the_yaku_display_modules_hold(module):
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0


def test_the_hand_log_says_what_each_win_was_made_of(client, players, alice):
    game = small_club(players, alice)
    html = client.get(reverse("game_table", args=[game.pk])).content.decode()
    assert "Ben ron from Dan, 4 han 30 fu · Riichi + Pinfu + Tanyao + dora 1, 7,700" in html
    assert "Chie tsumo, 3 han 40 fu · open: Haku + Honitsu, 1,300-2,600" in html
    assert "Ben ron from Dan, 3 han 40 fu, 5,200" in html  # recorded without yaku


def test_the_hand_log_downloads_carry_the_yaku_dora_and_open(client, players, alice):
    game = small_club(players, alice)
    text = client.get(reverse("hand_log_csv", args=[game.pk])).content.decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == 5
    assert rows[0]["Yaku"] == "Riichi; Pinfu; Tanyao"
    assert (rows[0]["Winner"], rows[0]["From"], rows[0]["Han"], rows[0]["Fu"]) == (
        "Ben",
        "Dan",
        "4",
        "30",
    )
    assert (rows[0]["Dora"], rows[0]["Open"], rows[0]["Ben change"]) == ("1", "closed", "7700")
    assert (rows[2]["Red fives"], rows[1]["Open"], rows[4]["Yaku"]) == ("1", "open", "")
    document = client.get(reverse("hand_log_json", args=[game.pk])).json()
    assert document["players"] == list(NAMES)
    first = document["hands"][0]
    assert first["wins"][0]["yaku"] == ["Riichi", "Pinfu", "Tanyao"]
    assert first["deltas"] == [0, 7700, 0, -7700]
    assert document["hands"][2]["wins"][0]["dora_parts"] == {"dora": 0, "ura": 0, "aka": 1}


def test_the_statistics_pages_read_the_same_number_of_queries_for_1_and_20_games(client, db):
    seed_demo(games=1, seed=9, today=date(2025, 6, 1))
    player = Seat.objects.filter(game__status=Game.Status.FINISHED).first().player

    def count(url):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        return len(queries)

    urls = [reverse("statistics"), reverse("player_detail", args=[player.pk])]
    few = [count(url) for url in urls]
    seed_demo(games=20, seed=10, today=date(2025, 6, 1))
    assert Game.objects.filter(status=Game.Status.FINISHED).count() > 10
    assert [count(url) for url in urls] == few
    # One of them finds the kinds of game played (the page shows one at a time).
    assert few[0] <= 5


def test_who_may_read_the_statistics_and_the_hand_log(client, charlie_client, game, settings):
    settings.SCOREKEEPER_PUBLIC_READ = False
    assert client.get(reverse("statistics")).status_code == 302
    assert charlie_client.get(reverse("statistics")).status_code == 403
    assert charlie_client.get(reverse("hand_log_csv", args=[game.pk])).status_code == 403


# The real Tenhou games, recorded hand by hand through the hand form with Tenhou's yaku.

_CASES = {(c["source"], c["hand_index_in_game"], c["winner_seat"]): c for c in HAND_CASES}


def _real_games():
    """The games whose wins hold every yaku the data has, chosen greedily (a few games)."""
    games = []
    for path in sorted(Path(GAMES_DIR).glob("*.game.json")):
        source = json.loads(path.with_name(path.name.replace(".game", ".expected")).read_text())
        record = json.loads(path.read_text())
        names = {
            name
            for (src, _, _), case in _CASES.items()
            if src == source["source"]
            for name in case_yaku(case)
        }
        games.append((record, source["source"], names))
    chosen, seen = [], set()
    for record, source, names in sorted(games, key=lambda g: -len(g[2])):
        if names - seen:
            chosen.append((record, source))
            seen |= names
    return chosen


def _post_data(form_initial):
    data = {}
    for key, value in form_initial.items():
        if isinstance(value, list):
            data[key] = [str(v) for v in value]
        elif value is not None and value is not False:
            data[key] = str(value)
    return data


def test_the_real_winning_hands_recorded_through_the_form_are_counted_as_tenhou_counted(
    bob_client, alice
):
    players = [Player.objects.create(name=name) for name in "ABCD"]
    expected = {seat: Counter() for seat in range(4)}
    wins, riichi, riichi_won = Counter(), Counter(), Counter()
    styles = {seat: Counter() for seat in range(4)}
    dora = Counter()
    chosen = _real_games()
    assert len(chosen) >= 2
    for record, source in chosen:
        rules = resolve_rules(record["rules"])
        game = start_game(rules=rules, ruleset_name="tenhou", players=players, created_by=alice)
        for index, raw in enumerate(record["hands"]):
            hand = parse_hand(raw)
            outcome = hand.outcome
            found = []
            if isinstance(outcome, Ron | Tsumo):
                for win in outcome.wins if isinstance(outcome, Ron) else (outcome.win,):
                    case = _CASES[(source, index, win.winner)]
                    parts = case_dora(case)
                    detailed = win._replace(
                        yaku=tuple(case_yaku(case)),
                        dora=None if win.yakuman else (parts["dora"], parts["ura"], parts["aka"]),
                        open=case_open(case),
                    )
                    found.append(detailed)
                    expected[win.winner].update(case_yaku(case))
                    wins[win.winner] += 1
                    dora[win.winner] += 0 if win.yakuman else sum(parts.values())
                    style = (
                        "riichi"
                        if win.winner in hand.riichi
                        else "open"
                        if case_open(case)
                        else "dama"
                    )
                    styles[win.winner][style] += 1
                outcome = (
                    Ron(outcome.discarder, tuple(found))
                    if isinstance(outcome, Ron)
                    else Tsumo(found[0])
                )
            for seat in hand.riichi:
                riichi[seat] += 1
                riichi_won[seat] += any(w.winner == seat for w in found)
            initial = HandForm.from_hand(Hand(outcome, hand.riichi, hand.end))
            # The han chips and the yaku both sent: the form checks they agree.
            response = bob_client.post(
                reverse("hand_create", args=[game.pk]),
                {"sequence": str(index), **_post_data(initial)},
            )
            assert response.status_code == 302, (source, index, response.content.decode()[-2000:])
        game.refresh_from_db()
        assert game.status == Game.Status.FINISHED
    for seat, player in enumerate(players):
        ys = bob_client.get(reverse("player_detail", args=[player.pk])).context["ys"]
        stats = ys["stats"]
        assert dict(stats.yaku) == dict(expected[seat])
        assert stats.wins == stats.wins_with_yaku == wins[seat]
        assert dict(stats.styles) == dict(styles[seat]) and stats.styles_unknown == 0
        assert (stats.riichi, stats.riichi_won) == (riichi[seat], riichi_won[seat])
        assert stats.dora == dora[seat]


def test_a_double_ron_is_one_deal_in_everywhere(client, players, alice):
    """Dan deals into Ben and Chie at once, then into Aki: two deal-ins (Tenhou's count),
    into three hands (riichi, open, dama), on the club's page, on Dan's, and in the engine's
    own count of the hands."""
    game = start_game(
        rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players, created_by=alice
    )
    hands = [
        # Ben riichi 4 han 30 fu (7,700) and Chie open 6 han (haneman, 12,000): Dan 5,300.
        Hand(
            Ron(
                3,
                (
                    Win(1, 4, 30, yaku=("Riichi", "Pinfu", "Tanyao"), dora=1, open=False),
                    Win(2, 6, yaku=("Honitsu", "Haku"), dora=(3, 0, 0), open=True),
                ),
            ),
            riichi=(1,),
        ),
        # Aki dama mangan (12,000 as dealer or 8,000): Dan below zero, the game ends.
        Hand(Ron(3, (Win(0, 5, yaku=("Tanyao",), dora=(4, 0, 0), open=False),))),
    ]
    for sequence, hand in enumerate(hands):
        record_hand(game=game, hand=hand, expected_sequence=sequence)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    club = client.get(reverse("statistics"))
    s = club.context["ys"]["stats"]
    assert (s.wins, s.deal_ins) == (3, 2)
    assert dict(s.deal_in_styles) == {"riichi": 1, "open": 1, "dama": 1}
    assert "a double ron is one deal-in" in club.content.decode()
    dan = Player.objects.get(name="Dan")
    page = client.get(reverse("player_detail", args=[dan.pk]))
    assert page.context["ys"]["stats"].deal_ins == 2
    assert Seat.objects.get(game=game, player=dan).deal_ins == 2
    assert "2 deal-ins" in page.content.decode()
    engine = yaku_stats([(hand, 3) for hand in hands])
    assert (engine.deal_ins, sum(engine.deal_in_styles.values())) == (2, 3)
    # The hand log: the double ron's changes on its first line alone, so each change column
    # sums to the game: Dan paid 7,700 + 12,000, then a non-dealer's mangan (8,000).
    text = client.get(reverse("hand_log_csv", args=[game.pk])).content.decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text)))
    lines = [(row["Hand"], row["Winner"]) for row in rows]
    assert lines == [("1", "Ben"), ("1", "Chie"), ("2", "Aki")]
    first, second = rows[0], rows[1]
    assert (first["Dan change"], second["Dan change"], second["Dan score"]) == ("-19700", "", "")
    assert sum(int(row["Dan change"] or 0) for row in rows) == -19700 - 8000
    assert rows[2]["Dan score"] == str(25000 - 19700 - 8000)
