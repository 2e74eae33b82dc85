"""The hand calculator, the fu calculator and the payment table in Japanese, and the words
every page shares (rounds, winds, yaku, limits, abortive draws) in both languages."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from scorekeeper import format as fmt
from scorekeeper.refusals import Refusal, english_text
from scoring.yaku import DORA_LINES, YAKU

pytestmark = pytest.mark.django_db

JA = {"accept-language": "ja"}
#: A riichi pinfu hand with a red five pin won by ron on 1m, a South seat, one honba.
PINFU = {
    "closed": "123m067p234567s88s",
    "win_tile": "1m",
    "riichi": "1",
    "seat_wind": "S",
    "honba": "1",
}


def words(response) -> str:
    """The page's visible text: no tags, scripts, attributes or the language switcher's own
    names."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", response.content.decode(), flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def main_words(response) -> str:
    """The text of the page's main part (the site's menu and banner belong to others)."""
    html = response.content.decode()
    main = re.search(r"<main\b.*?</main>", html, flags=re.S)
    text = main[0] if main else html
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", text, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", text).split())


def test_the_hand_calculator_scores_a_hand_in_japanese(client):
    response = client.get(reverse("calculator"), PINFU, headers=JA)

    assert response.status_code == 200
    text = main_words(response)
    # Riichi 1, pinfu 1, the red five 1: 3 han 30 fu, 3,900 from the discarder (RULES.md).
    for word in ("点数計算", "手牌", "3翻30符", "立直", "平和", "赤ドラ", "ロン", "ツモ"):
        assert word in text
    assert "ロン：放銃者の支払い 3,900" in text
    assert "1本場込み 4,200" in text
    assert "自風" in text and "場風" in text and "本場" in text
    for english in ("Hand calculator", "Riichi", "Pinfu", "Aka Dora", "han", "Payment", "Ron:"):
        assert english not in text


def test_a_wind_yakuhai_reads_with_its_wind_in_japanese(client):
    query = {"closed": "123m456p789s11z222z", "win_tile": "2z", "seat_wind": "S"}

    response = client.get(reverse("calculator"), query, headers=JA)

    assert "自風 南" in main_words(response)
    assert "Seat Wind" not in main_words(response)


def test_the_hand_calculator_asks_for_more_tiles_in_japanese(client):
    response = client.get(reverse("calculator"), {"closed": "123m"}, headers=JA)

    assert "あと11枚追加してください。" in main_words(response)
    assert "more tiles" not in main_words(response)


def test_the_fu_calculator_counts_in_japanese(client):
    query = {
        "win": "open_ron",
        "meld_1_kind": "triplet",
        "meld_1_open": "open",
        "meld_1_tiles": "terminals",
        "wait": "kanchan",
        "han": "2",
    }

    response = client.get(reverse("fu_calculator"), query, headers=JA)

    assert response.status_code == 200
    text = main_words(response)
    # 20 base, 4 for an open triplet of honors, 2 for the kanchan: 26, rounded up to 30.
    for word in ("符計算", "副底", "幺九牌の明刻", "カンチャン待ち", "26符から切り上げ", "30符"):
        assert word in text
    assert "2翻30符" in text and "子のロン 2,000" in text and "親のロン 2,900" in text
    for english in ("Fu calculator", "base", "kanchan wait", "rounded up", "Non-dealer"):
        assert english not in text


def test_a_fu_refusal_reads_in_japanese(client):
    query = {"win": "open_ron", "chiitoitsu": "on"}

    response = client.get(reverse("fu_calculator"), query, headers=JA)

    assert response.status_code == 422
    assert "七対子は必ず門前です。" in main_words(response)


def test_the_payment_table_reads_in_japanese(client):
    response = client.get(reverse("payment_table"), {"rules": "tenhou"}, headers=JA)

    text = main_words(response)
    for word in ("点数早見表", "子", "親", "満貫", "跳満", "倍満", "三倍満", "数え役満", "役満"):
        assert word in text
    # A dealer's mangan by tsumo: 4,000 from each of the three.
    assert "4,000オール" in text
    for english in ("Payment table", "Haneman", "Kazoe", " all", " han"):
        assert english not in text


def test_an_unknown_ruleset_is_refused_in_japanese(client):
    response = client.get(reverse("payment_table"), {"rules": "nope"}, headers=JA)

    assert response.status_code == 422
    assert "「nope」というルールはありません。" in main_words(response)


def test_the_english_pages_are_unchanged(client):
    response = client.get(reverse("calculator"), PINFU, headers={"accept-language": "en"})

    text = main_words(response)
    assert "3 han 30 fu" in text and "Riichi" in text and "With 1 honba 4,200" in text


# The shared words.


def test_rounds_and_winds_read_as_a_japanese_club_writes_them():
    with translation.override("ja"):
        assert fmt.round_name(0) == "東1局"
        assert fmt.round_name(6) == "南3局"
        assert fmt.round_name(0, honba=2) == "東1局 2本場"
        assert [fmt.starting_wind(seat) for seat in range(4)] == ["東", "南", "西", "北"]
        assert fmt.seat_wind(1, 1) == "東"
        correction = Refusal("correction.breaks_hand", {"hand": 5, "round": "S1", "honba": 0})
        assert english_text(correction) == "this edit makes hand 5 (南1局) impossible"
    assert fmt.round_name(0, honba=2) == "East 1, 2 honba"


def test_limits_yakuman_abortive_draws_and_end_reasons_in_japanese():
    with translation.override("ja"):
        assert [
            fmt.limit_name(name) for name in ("mangan", "haneman", "baiman", "sanbaiman", "yakuman")
        ] == ["満貫", "跳満", "倍満", "三倍満", "役満"]
        assert fmt.limit_name("kazoe_yakuman") == "数え役満"
        assert fmt.limit_name("kiriage_mangan") == "切り上げ満貫"
        assert fmt.yakuman_name(2) == "ダブル役満"
        assert [fmt.abort_name(reason) for reason in fmt.ABORT_WORDS] == [
            "九種九牌",
            "四風連打",
            "四家立直",
            "四槓散了",
            "三家和",
        ]
        assert fmt.end_reason_name("tobi") == "飛び"
        assert fmt.end_reason_name("agari_yame") == "アガリ止め"
        assert fmt.end_reason_name("tenpai_yame") == "テンパイ止め"
        assert fmt.format_tsumo((500, None)) == "500オール"
        assert fmt.format_tsumo((300, 500)) == "300-500"
        assert fmt.format_points(-2300) == "\u22122,300"
        assert fmt.han_fu(3, 40) == "3翻40符"
        assert fmt.name_list(["Aki", "Ben", "Chie"]) == "Aki、Ben、Chie"
        assert fmt.preset_label("mahjongsoul") == "雀魂"


def test_every_yaku_the_engine_names_has_a_japanese_name():
    expected = {
        "Riichi": "立直",
        "Ippatsu": "一発",
        "Menzen Tsumo": "門前清自摸和",
        "Pinfu": "平和",
        "Tanyao": "断幺九",
        "Haku": "役牌 白",
        "Hatsu": "役牌 發",
        "Chun": "役牌 中",
        "Kokushi Musou": "国士無双",
        "Chuuren Poutou": "九蓮宝燈",
        "Toitoi": "対々和",
        "Dora": "ドラ",
        "Ura Dora": "裏ドラ",
        "Aka Dora": "赤ドラ",
    }
    with translation.override("ja"):
        names = {yaku.name: fmt.yaku_name(yaku.name) for yaku in YAKU}
        names |= {name: fmt.yaku_name(name) for name in DORA_LINES}
        assert fmt.yaku_name("Round Wind East") == "場風 東"
    untranslated = [name for name, japanese in names.items() if japanese == name]
    assert untranslated == []
    assert {name: names[name] for name in expected} == expected
    assert fmt.yaku_name("Riichi") == "Riichi"
    assert fmt.yaku_name("Seat Wind South") == "Seat Wind South"


def test_every_yaku_the_calculator_names_has_a_japanese_name():
    from scoring.calculator.score import YAKU_NAMES

    with translation.override("ja"):
        untranslated = [n for n, _ in YAKU_NAMES.values() if fmt.yaku_name(n) == n]
    # The wind yaku are named with their wind (Seat Wind East), tested above.
    assert untranslated == []
