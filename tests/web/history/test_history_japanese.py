"""The pages that look back (history, seasons, standings, a player, the statistics) and their
downloads, read in Japanese: the Japanese words in place, the English ones gone, dates as
Japanese writes them; in English the pages and dates stay as they were. CSV headers follow
the reader's language; JSON keys stay English."""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import date

import pytest
from django.urls import reverse
from django.utils import translation

from scorekeeper.club.models import Game, Player, Season
from scorekeeper.history.words import hand_words
from tests.web.history_data import import_games

JA = {"accept-language": "ja"}
EN = {"accept-language": "en"}


@pytest.fixture
def imported(db):
    """Six real games, one a day from Saturday 1 March 2025."""
    return import_games(6)


@pytest.fixture
def march(imported) -> Season:
    return Season.objects.create(
        name="March league", start_date=date(2025, 3, 1), end_date=date(2025, 3, 31)
    )


def main_text(response) -> str:
    """The page's own content (not the menu), its tags taken out."""
    html = response.content.decode()
    main = re.search(r'<main id="main"[^>]*>(.*)</main>', html, re.S)
    assert main, "the page has no <main>"
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", main.group(1)))


def absent(text: str, words: list[str]) -> list[str]:
    """Those of ``words`` found in ``text`` as whole words."""
    return [word for word in words if re.search(rf"\b{re.escape(word)}\b", text)]


def test_the_history_reads_in_japanese_with_japanese_days(client, imported):
    text = main_text(client.get("/history/", headers=JA))

    assert "対局履歴" in text
    assert "6件の対局" in text
    assert "表示" in text and "条件を解除" in text
    # The newest game started on Thursday 6 March 2025, the first on Saturday 1 March.
    assert "2025年3月6日（木）" in text
    assert "2025年3月1日（土）" in text
    assert absent(text, ["History", "games", "Show", "Clear", "Thu", "Mar", "All-time"]) == []


def test_the_history_keeps_its_english(client, imported):
    text = main_text(client.get("/history/", headers=EN))

    assert "6 games" in text
    assert "Thu 6 Mar 2025" in text
    assert "Sat 1 Mar 2025" in text


def test_a_player_page_reads_in_japanese(client, imported):
    aki = Player.objects.get(name="Aki")
    text = main_text(client.get(reverse("player_detail", args=[aki.pk]), headers=JA))

    for words in ("合計ポイント", "平均順位", "和了率", "放銃率", "リーチ率", "最高打点", "飛び"):
        assert words in text
    assert "Akiの打ち筋" in text and "Akiのアガリの内訳" in text
    assert re.search(r"1位 .*2位 .*3位 .*4位", text)
    # The best hand's value and day, in Japanese.
    assert re.search(r"(\d+翻(\d+符)?|役満)、 ?2025年3月\d+日", text)
    english = ["Places", "Win rate", "Deal-in rate", "Best hand", "han", "fu", "1st", "Share"]
    assert absent(text, english) == []


def test_the_statistics_read_in_japanese(client, imported):
    text = main_text(client.get(reverse("statistics"), headers=JA))

    assert "クラブの成績統計" in text
    assert "クラブのアガリの内訳" in text
    assert "和了の翻数" in text and "役満" in text
    assert absent(text, ["Club statistics", "Riichi success", "Wins", "Yakuman", "club"]) == []


def test_a_season_and_the_all_time_standings_read_in_japanese(client, march):
    season = main_text(client.get(reverse("season_detail", args=[march.pk]), headers=JA))
    standings = main_text(client.get(reverse("standings") + "?sort=-place", headers=JA))
    seasons = main_text(client.get(reverse("season_list"), headers=JA))

    assert "2025年3月1日から2025年3月31日までに終了した対局" in season
    assert "合計ポイントの大きい順" in season
    assert "平均順位の大きい順" in standings
    assert "通算順位表" in standings
    assert "2025年3月1日〜2025年3月31日" in seasons
    english = ["Games finished", "players", "by", "Download", "Total result", "Mar"]
    assert absent(season + standings + seasons, english) == []


def test_the_season_pages_keep_their_english_dates(client, march):
    season = main_text(client.get(reverse("season_detail", args=[march.pk]), headers=EN))
    seasons = main_text(client.get(reverse("season_list"), headers=EN))

    assert "Games finished from 1 Mar 2025 to 31 Mar 2025" in season
    assert "1 Mar 2025 – 31 Mar 2025" in seasons


def test_the_season_form_reads_in_japanese(alice_client, march):
    new = main_text(alice_client.get(reverse("season_new"), headers=JA))
    edit = main_text(alice_client.get(reverse("season_edit", args=[march.pk]), headers=JA))

    assert "新しいシーズン" in new and "期間" in new and "保存" in new
    assert "March leagueを修正" in edit
    assert absent(new + edit, ["New season", "Dates", "Save", "Edit"]) == []


def test_the_standings_csv_has_japanese_headers_and_the_json_english_keys(client, march):
    csv_text = b"".join(
        client.get(reverse("season_standings_csv", args=[march.pk]), headers=JA).streaming_content
    ).decode()
    document = json.loads(
        b"".join(
            client.get(
                reverse("season_standings_json", args=[march.pk]), headers=JA
            ).streaming_content
        )
    )

    header = next(csv.reader(io.StringIO(csv_text.removeprefix("\ufeff"))))
    assert header == [
        "順位",
        "プレイヤー",
        "対局数",
        "合計",
        "平均",
        "平均順位",
        "1位",
        "2位",
        "3位",
        "4位",
        "平均持ち点",
    ]
    assert set(document["standings"][0]) >= {"rank", "player", "games", "total", "places"}


def test_a_games_final_standings_csv_has_japanese_headers(client, imported):
    game = imported[0].game
    response = client.get(reverse("game_standings_csv", args=[game.pk]), headers=JA)
    text = b"".join(response.streaming_content).decode().removeprefix("\ufeff")

    header = next(csv.reader(io.StringIO(text)))
    assert header == ["席", "プレイヤー", "持ち点", "順位", "ウマ・オカ", "罰符", "ポイント"]


def test_the_hand_log_csv_has_japanese_headers_and_the_json_english_keys(client, imported):
    game: Game = imported[0].game
    players = imported[0].players
    csv_text = client.get(reverse("hand_log_csv", args=[game.pk]), headers=JA).content.decode()
    document = client.get(reverse("hand_log_json", args=[game.pk]), headers=JA).json()

    rows = list(csv.reader(io.StringIO(csv_text.removeprefix("\ufeff"))))
    assert rows[0] == [
        "番号",
        "局",
        "本場",
        "結果",
        "リーチ",
        "和了者",
        "放銃者",
        "翻",
        "符",
        "役満",
        "役",
        "ドラ",
        "裏ドラ",
        "赤ドラ",
        "副露",
        "聴牌",
        "流し満貫",
        "途中流局",
        "チョンボ",
        "罰符",
        "罰符の点",
        "理由",
        *(f"{name} 収支" for name in players),
        *(f"{name} 持ち点" for name in players),
    ]
    assert set(document) == {"game", "player_count", "players", "hands", "penalties"}
    assert {"hand", "round", "honba", "outcome", "wins", "scores"} <= set(document["hands"][0])


@pytest.mark.parametrize(
    ("stored", "english", "japanese"),
    [
        ((3, 40, 0), "3 han 40 fu", "3翻40符"),
        ((6, None, 0), "6 han", "6翻"),
        ((None, None, 1), "yakuman", "役満"),
        ((None, None, 2), "double yakuman", "ダブル役満"),
        ((None, None, 3), "triple yakuman", "トリプル役満"),
        ((None, None, 4), "4x yakuman", "4倍役満"),
    ],
)
def test_a_best_hand_is_worded_in_the_readers_language(stored, english, japanese):
    with translation.override("en"):
        assert hand_words(*stored) == english
    with translation.override("ja"):
        assert hand_words(*stored) == japanese
