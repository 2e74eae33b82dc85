"""The engine's refusals in the reader's language: every code the engine gives has a wording
on the site and a Japanese translation of it, and each page that shows a refusal shows it in
Japanese with its values (English pages read as before)."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest
from django.urls import reverse
from django.utils import translation

from scorekeeper.club.models import HandRecord, SavedRuleset
from scorekeeper.errors import ServiceError
from scorekeeper.operations.uploads import import_text
from scorekeeper.refusals import WORDINGS, refusal_text
from scorekeeper.table.services.hands import record_hand
from scoring.errors import IllegalHand, IllegalWin
from scoring.game import play_hand
from scoring.outcomes import Draw, Hand, Ron, Tsumo, Win
from scoring.payments import win_value
from scoring.rules import PRESETS
from scoring.state import start_state
from tests.scoring.test_refusal_codes import engine_codes
from tests.web.form_fields import form_data

PART = Path(__file__).resolve().parents[3] / "locale" / "ja" / "LC_MESSAGES" / "django.po"
JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
HTMX = {"HTTP_HX_REQUEST": "true"}
PLACEHOLDER = re.compile(r"%\((\w+)\)s")
#: What a Japanese sentence may keep in English: the words a record or a hand is written in.
JSON_WORDS = {"true", "false", "dora", "ura", "aka", "preset", "type", "tiles", "JSON", "NUL"}
JSON_WORDS |= {"chi", "pon", "kan", "ankan"}
#: A record's "end": "time" (a game ended by a tournament's clock).
JSON_WORDS |= {"time"}


def test_every_code_the_engine_gives_has_a_wording_on_the_site():
    assert sorted(engine_codes() - set(WORDINGS)) == []


def test_every_wording_is_translated_with_the_same_values():
    catalogue = {entry.msgid: entry.msgstr for entry in polib.pofile(str(PART))}
    for code, wording in WORDINGS.items():
        assert catalogue.get(wording), f"{code}: no Japanese for {wording!r}"
        japanese = catalogue[wording]
        assert set(PLACEHOLDER.findall(japanese)) == set(PLACEHOLDER.findall(wording)), code
        words = set(re.findall(r"[A-Za-z]{3,}", PLACEHOLDER.sub("", japanese)))
        assert words <= JSON_WORDS, code


def test_a_code_without_a_wording_keeps_the_english_message():
    error = IllegalWin("something new", code="win.not_yet_worded", values={"han": 1})
    with translation.override("ja"):
        assert refusal_text(error) == "something new"


def test_in_english_the_engines_message_is_the_sentence():
    with pytest.raises(IllegalWin) as caught:
        win_value(PRESETS["tenhou"], han=1, fu=20, tsumo=False)
    with translation.override("en"):
        assert refusal_text(caught.value, "As the page wrote it.") == "As the page wrote it."


@pytest.mark.parametrize(("preset", "last"), [("tenhou", 3), ("tenhou_sanma", 2)])
def test_a_seat_that_does_not_exist_is_worded_with_the_games_last_seat(preset, last):
    # One code for both kinds of game: the last seat is among its values.
    rules = PRESETS[preset]
    with pytest.raises(IllegalHand) as caught:
        play_hand(start_state(rules), Hand(Tsumo(Win(5, han=1, fu=30))), rules)
    assert caught.value.code == "seat.unknown"
    with translation.override("ja"):
        assert refusal_text(caught.value).endswith(f"はありません（席は0〜{last}）。")
    with translation.override("en"):
        assert refusal_text(caught.value).endswith(f"does not exist (seats are 0-{last})")


# The pages.


def hand_url(name, game, *args):
    return reverse(name, args=[game.pk, *args])


def ron_post(sequence=0, *, winner=1, discarder=2, han="3", fu="40", **extra):
    return {
        "sequence": str(sequence),
        "outcome": "ron",
        "winners": [str(winner)],
        "discarder": str(discarder),
        f"win_{winner}_han": han,
        f"win_{winner}_fu": fu,
        **extra,
    }


def error_text(html: str, element_id: str) -> str:
    match = re.search(rf'id="{element_id}"[^>]*>(.*?)</', html, re.S)
    assert match, f"no #{element_id}"
    return re.sub(r"<[^>]+>", " ", match[1]).strip()


#: RULES.md: 20 fu is pinfu tsumo only; a ron has 30 fu at least.
RON_20_FU_JA = "ロンで1翻20符はありません。20符はロンでは和了できません（門前ロンは30符以上）。"


@pytest.mark.django_db
def test_an_impossible_ron_is_refused_in_japanese_beside_its_fu(bob_client, game):
    response = bob_client.post(
        hand_url("hand_create", game), ron_post(han="1", fu="20"), **HTMX, **JA
    )

    assert response.status_code == 422
    assert error_text(response.content.decode(), "id_win_1_fu_error") == RON_20_FU_JA
    assert not HandRecord.objects.exists()


@pytest.mark.django_db
def test_the_same_refusal_in_english_is_the_engines_sentence(bob_client, game):
    response = bob_client.post(
        hand_url("hand_create", game), ron_post(han="1", fu="20"), **HTMX, **EN
    )

    text = error_text(response.content.decode(), "id_win_1_fu_error")
    assert text == "20 fu cannot be won by ron (a closed ron has 30 fu at least)"


@pytest.mark.django_db
def test_the_preview_of_an_impossible_ron_says_why_in_japanese(bob_client, game):
    response = bob_client.post(hand_url("hand_preview", game), ron_post(han="1", fu="20"), **JA)

    assert response.status_code == 200
    assert RON_20_FU_JA in response.content.decode()
    assert "cannot be won by ron" not in response.content.decode()


@pytest.mark.django_db
def test_a_correction_that_makes_a_later_hand_come_after_the_end_says_so_in_japanese(
    bob_client, game
):
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=1, fu=30),))), expected_sequence=0)
    record_hand(game=game, hand=Hand(Draw(tenpai=(2,)), riichi=(2,)), expected_sequence=1)
    game.refresh_from_db()
    # A yakuman from Chie in hand 1 puts her below zero: the game ends there (tobi), and
    # hand 2 comes after the end.
    data = ron_post(2, han="yakuman", fu="", revision=str(game.revision), win_1_yakuman="1")

    response = bob_client.post(hand_url("hand_edit", game, 1), data, **JA)
    html = response.content.decode()

    assert response.status_code == 422
    assert "この修正で第2局（" in html
    assert "が成立しなくなります。この対局はすでに終了しています（飛び）。" in html
    assert "the game has already ended" not in html


def ruleset_form(client) -> dict[str, str | list[str]]:
    page = client.get(reverse("ruleset_new"), {"preset": "ema"}, **JA).content.decode()
    return {**form_data(page, "ruleset-form"), "name": "Club Friday"}


@pytest.mark.django_db
def test_an_uma_that_does_not_sum_to_zero_is_refused_in_japanese_on_the_uma(alice_client):
    # EMA's uma is 15,000 / 5,000 / -5,000 / -15,000: a last place of -25,000 sums to -10,000.
    data = {**ruleset_form(alice_client), "uma_3": "-25000"}

    response = alice_client.post(reverse("ruleset_new"), data, **JA)
    page = response.content.decode()

    assert response.status_code == 422
    error = page.split('id="id_uma_error">', 1)[1].split("</p>")[0]
    assert "ウマの値の合計は0にしてください（今の合計は\u221210,000）。" in error
    assert not SavedRuleset.objects.exists()


@pytest.mark.django_db
def test_a_value_out_of_bounds_in_the_ruleset_form_gives_the_bounds_in_japanese(alice_client):
    data = {**ruleset_form(alice_client), "aka_dora": "5"}

    response = alice_client.post(reverse("ruleset_new"), data, **JA)
    page = response.content.decode()

    assert "0〜4の整数を指定してください（5が指定されています）。" in page
    assert "Expected a whole number" not in page


@pytest.mark.django_db
def test_the_calculator_refuses_a_hand_without_yaku_in_japanese(client):
    # Sequences, a triplet of 2s and a pair of East for South in a South round.
    query = {"closed": "123m456p789s222s11z", "win_tile": "2s", "seat_wind": "S"}
    response = client.get(reverse("calculator"), query | {"round_wind": "S"}, **JA)

    assert response.status_code == 422
    errors = response.context["form"].errors["closed"]
    assert errors == ["123m456p222789s11zには役がありません（ドラは役ではありません）。"]


@pytest.mark.django_db
def test_an_imported_record_with_an_impossible_hand_is_refused_in_japanese(alice):
    record = (
        '{"format": "scorekeeper.game/1", "rules": "tenhou", "players": ["A", "B", "C", "D"],'
        ' "hands": [{"ron": {"from": 1, "wins": [{"winner": 0, "han": 1, "fu": 20}]}}]}'
    )
    with translation.override("ja"), pytest.raises(ServiceError) as caught:
        import_text(text=record, created_by=alice)
    assert str(caught.value) == f"hands[0] (E1).ron.wins[0]: {RON_20_FU_JA}"
    with translation.override("en"), pytest.raises(ServiceError) as caught:
        import_text(text=record, created_by=alice)
    assert str(caught.value) == (
        "hands[0] (E1).ron.wins[0]: 20 fu cannot be won by ron (a closed ron has 30 fu at least)"
    )


@pytest.mark.django_db
def test_yaku_that_do_not_make_the_han_are_named_in_japanese_with_their_han(bob_client, game):
    """Pinfu 1 + Tanyao 1 + dora 0 make 2 han, not the 3 given: the yaku are named from the
    engine's values, each in Japanese (the translations file's names), never as English."""
    post = ron_post(han="3", fu="30", win_1_yaku=["Tanyao", "Pinfu"], win_1_dora="0")
    response = bob_client.post(hand_url("hand_create", game), post, **HTMX, **JA)

    assert response.status_code == 422
    text = error_text(response.content.decode(), "id_win_1_yaku_error")
    assert text == "平和 1・断幺九 1・ドラ 0で2翻ですが、和了は3翻です。"
    assert not HandRecord.objects.exists()
