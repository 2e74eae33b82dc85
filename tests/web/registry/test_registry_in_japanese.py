"""The registry's pages, the organiser's tools and the error pages in Japanese: read with
``Accept-Language: ja`` they say the Japanese club terms, and not the English words they
replace; the same pages in English are unchanged (the other tests read them in English).

The Japanese words are the ones Japanese clubs use for each rule (ウマ, オカ, 飛び, アガリ止め,
テンパイ止め, 西入, 切り上げ満貫, 数え役満, 焼き鳥, 祝儀, 途中流局 and each abortive draw's name).
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scorekeeper.club.models import Player, SavedRuleset, Seat
from scoring.rules import PRESETS

pytestmark = pytest.mark.django_db

JA = {"accept-language": "ja"}


def text_of(response) -> str:
    """The page's visible text: tags, scripts and styles left out, spaces collapsed."""
    html = response.content.decode()
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.DOTALL)
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def main_of(response) -> str:
    """The visible text of the page's main part (the header and its switcher are not
    this part's)."""
    html = response.content.decode()
    found = re.search(r"<main\b.*?</main>", html, flags=re.DOTALL)
    assert found is not None
    return " ".join(re.sub(r"<[^>]+>", " ", found[0]).split())


def test_a_preset_page_says_every_rule_in_japanese_club_terms(client):
    response = client.get(reverse("preset_detail", args=["tenhou"]), headers=JA)

    page = main_of(response)
    assert response["Content-Language"] == "ja"
    for words in (
        "持ち点とウマ",
        "配給原点は25,000点。",
        "返し点は30,000点",
        "順位ウマ：+20,000 / +10,000 / −10,000 / −20,000。",  # Tenhou 10-20 (rules R18)
        "オカ：トップに20,000点。",
        "飛びあり：0点未満で終局。",
        "途中流局：九種九牌、四風連打、四家立直、四槓散了、三家和。",
        "赤ドラ3枚。",
        "喰いタンあり。",
        "13翻以上は数え役満。",
    ):
        assert words in page, words
    for english in ("Uma by place", "Each player starts", "Abortive draws", "red fives", "preset"):
        assert english not in page


def test_the_ruleset_form_labels_each_parameter_with_the_japanese_term(alice_client):
    response = alice_client.get(reverse("ruleset_new") + "?preset=tenhou", headers=JA)

    page = main_of(response)
    for words in (
        "ウマ（1着〜4着）",
        "オカ",
        "アガリ止め",
        "テンパイ止め",
        "西入",
        "飛び",
        "切り上げ満貫（4翻30符・3翻60符）",
        "13翻以上（数え役満）",
        "焼き鳥の罰符",
        "祝儀1枚の価値",
        "途中流局",
        "九種九牌",
        "四風連打",
        "四家立直",
        "四槓散了",
        "三家和",
        "頭ハネ",
        "ダブロンまで",
        "流し満貫",
        "ノーテン罰符",
        "包",
        "変動ウマ",
        "値を入れる",
        "保存",
    ):
        assert words in page, words
    for english in ("Kiriage", "Abortive draws", "Floating uma", "Fill in", "Save", "1st"):
        assert english not in page
    # The values sent are the engine's, whatever the language.
    assert 'value="kyuushu_kyuuhai"' in response.content.decode()


def test_a_refused_ruleset_says_what_is_wrong_in_japanese(alice_client):
    SavedRuleset.objects.create(name="Club", preset="ema", overrides={})

    response = alice_client.post(
        reverse("ruleset_new"), {"name": "club", "preset": "ema", "start_points": ""}, headers=JA
    )

    page = main_of(response)
    assert response.status_code == 422
    assert "「club」という名前のルールはすでにあります。" in page
    assert "数値を入力してください。" in page
    assert "Please correct" not in page and "Enter a number" not in page
    assert SavedRuleset.objects.count() == 1


def test_a_saved_ruleset_page_marks_its_changes_in_japanese(client):
    saved = SavedRuleset.objects.create(name="Club", preset="wrc", overrides={"aka_dora": 3})

    page = main_of(client.get(reverse("ruleset_detail", args=[saved.pk]), headers=JA))

    assert "WRCプリセットに1件の変更（印付き）。" in page
    assert "赤ドラ3枚。 変更 WRC：赤ドラなし。" in page
    assert "changed" not in page and "preset" not in page


def test_the_rulesets_and_players_lists_in_japanese(alice_client, players):
    SavedRuleset.objects.create(
        name="Club", preset="ema", overrides={"kiriage": True, "tobi": True}
    )

    rulesets = main_of(alice_client.get(reverse("ruleset_list"), headers=JA))
    people = main_of(alice_client.get(reverse("player_list"), headers=JA))

    assert "クラブのルール" in rulesets and "EMA + 変更2件" in rulesets
    assert "EMA" in rulesets and "WRC" in rulesets  # names of the presets
    assert "change" not in rulesets and "Presets" not in rulesets
    assert "クラブの名簿：4人。" in people
    for english in ("Edit", "Merge", "Delete", "New player", "registry"):
        assert english not in people


def test_merging_two_players_who_share_a_game_is_refused_in_japanese(alice_client, game):
    aki, ben = game.seats.order_by("number")[0].player, game.seats.order_by("number")[1].player

    confirm = alice_client.get(reverse("player_merge", args=[aki.pk]), {"into": ben.pk}, headers=JA)
    refused = alice_client.post(
        reverse("player_merge", args=[aki.pk]), {"into": ben.pk}, headers=JA
    )

    assert "AkiとBenはどちらも" in main_of(confirm)
    assert "統合できません" in main_of(confirm)
    assert refused.status_code == 409
    assert "1つの対局に同じプレイヤーが2度座ることはできません" in main_of(refused)
    assert Seat.objects.filter(player=aki).count() == 1


def test_a_merge_and_a_deletion_are_reported_in_japanese(alice_client, players):
    aki, ben = players[0], players[1]
    kept = Player.objects.create(name="Akira")

    merged = alice_client.post(
        reverse("player_merge", args=[aki.pk]), {"into": kept.pk}, headers=JA, follow=True
    )
    deleted = alice_client.post(reverse("player_delete", args=[ben.pk]), headers=JA, follow=True)

    assert "AkiをAkiraに統合しました：対局0件を移しました。" in text_of(merged)
    assert "Benを削除しました。" in text_of(deleted)


def test_the_organiser_menu_and_a_refused_restore_in_japanese(alice_client, game):
    menu = main_of(alice_client.get(reverse("organiser_menu"), headers=JA))
    refused = alice_client.post(
        reverse("backup_restore"),
        {"backup": _file("club.jsonl", b'{"format": "scorekeeper.backup/1"}\n')},
        headers=JA,
    )

    assert "管理メニュー" in menu
    assert "このクラブにはプレイヤー4人、対局1件があります" in menu
    for english in ("Download a backup", "Restore a backup", "Players", "Members"):
        assert english not in menu
    page = main_of(refused)
    assert refused.status_code == 422
    assert (
        "クラブにはすでにプレイヤー4人、対局1件があります。"
        "バックアップは空のクラブにしか復元できません。何も復元していません。"
    ) in page
    assert "Nothing was restored" not in page


def test_accounts_pages_in_japanese(alice_client, bob):
    members = main_of(alice_client.get(reverse("member_list"), headers=JA))
    made = alice_client.post(
        reverse("member_new"),
        {"username": "dan", "password1": "pon-chii-kan-77", "password2": "pon-chii-kan-77"},
        headers=JA,
        follow=True,
    )

    assert "管理者" in members and "メンバー" in members and "外す" in members
    assert "Organiser" not in members and "Remove" not in members
    assert "アカウント「dan」を作成しました。" in text_of(made)


def test_the_login_page_and_a_wrong_password_in_japanese(client, bob):
    page = main_of(client.get(reverse("login"), headers=JA))
    refused = client.post(reverse("login"), {"username": "bob", "password": "no"}, headers=JA)

    assert "ログイン" in page and "Log in" not in page
    assert refused.status_code == 422
    assert "Please correct" not in main_of(refused)


def test_error_pages_in_japanese(client, charlie_client):
    missing = client.get("/no-such-page/", headers=JA)
    refused = charlie_client.get(reverse("organiser_menu"), headers=JA)

    assert missing.status_code == 404
    assert "ページが見つかりません" in main_of(missing) and "Not found" not in main_of(missing)
    assert refused.status_code == 403
    assert "権限がありません" in main_of(refused)
    assert "<strong>charlie</strong>としてログインしていますが" in refused.content.decode()


def test_a_body_too_large_is_refused_in_the_browsers_language(client, settings, db):
    big = "x" * (settings.SCOREKEEPER_MAX_BODY + 1)

    response = client.post(reverse("login"), {"password": big}, headers=JA)

    assert response.status_code == 413
    assert response.content.decode() == (
        "リクエストが大きすぎます：このサイトが1回に受け取れるのは1 MBまでです。\n"
    )


def test_the_game_deletion_page_in_japanese(alice_client, game):
    page = main_of(alice_client.get(reverse("game_delete", args=[game.pk]), headers=JA))

    assert "対局を削除する" in page
    assert "Aki、Ben、Chie、Dan" in page
    assert re.search(r"\d{4}年\d{1,2}月\d{1,2}日\([月火水木金土日]\) \d\d:\d\d", page)
    assert "Delete the game" not in page and "Keep it" not in page


def _file(name: str, content: bytes):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile(name, content, content_type="application/json")


#: Words that stay as they are in Japanese: people's and presets' names, file formats and
#: commands, units; the game's table label ("Table 1", data). ``Game``/``In play``: a game's
#: name and status are the models' words, worded by the table's translation.
ALLOWED = {
    *("Aki", "Ben", "Chie", "Dan", "Eri", "alice", "bob", "charlie", "Club", "rules"),
    *("EMA", "WRC", "Tenhou", "Mahjong", "Soul", "M-League", "Scorekeeper", "API"),
    *("manage.py", "restore", "backup", "export_game", "jsonl", "JSON", "scorekeeper.game"),
    *("games", "number", "Cookie", "MB", "KB"),
    *("Game", "In", "play", "Table"),
}


def english_words(text: str) -> set[str]:
    words = set(re.findall(r"[A-Za-z][A-Za-z._-]*[A-Za-z]", text))
    return {word for word in words if word not in ALLOWED and word.rstrip(".") not in ALLOWED}


def test_no_english_is_left_on_the_registry_pages_in_japanese(client, alice_client, game):
    aki, ben = game.seats.order_by("number")[0].player, game.seats.order_by("number")[1].player
    loner = Player.objects.create(name="Eri")
    saved = SavedRuleset.objects.create(
        name="Club rules", preset="tenhou", overrides={"tobi": False, "aka_dora": 0}
    )
    member = alice_client.get(reverse("member_list"))  # makes sure the accounts exist
    assert member.status_code == 200
    pages = {
        reverse("player_list"): alice_client,
        reverse("player_new"): alice_client,
        reverse("player_edit", args=[aki.pk]): alice_client,
        reverse("player_merge", args=[loner.pk]): alice_client,
        reverse("player_merge", args=[loner.pk]) + f"?into={aki.pk}": alice_client,
        reverse("player_merge", args=[aki.pk]) + f"?into={ben.pk}": alice_client,
        reverse("player_delete", args=[aki.pk]): alice_client,
        reverse("player_delete", args=[loner.pk]): alice_client,
        reverse("ruleset_list"): alice_client,
        reverse("ruleset_detail", args=[saved.pk]): alice_client,
        reverse("ruleset_new"): alice_client,
        reverse("ruleset_edit", args=[saved.pk]): alice_client,
        reverse("member_list"): alice_client,
        reverse("member_new"): alice_client,
        reverse("password_change"): alice_client,
        reverse("organiser_menu"): alice_client,
        reverse("backup_restore"): alice_client,
        reverse("game_import"): alice_client,
        reverse("game_find") + "?game=999": alice_client,
        reverse("game_delete", args=[game.pk]): alice_client,
        reverse("login"): client,
        "/no-such-page/": client,
        reverse("organiser_menu") + "?as=visitor": client,
        **{reverse("preset_detail", args=[name]): client for name in PRESETS},
    }
    for path, reader in pages.items():
        response = reader.get(path, headers=JA)
        if response.status_code == 302:  # a visitor sent to log in
            response = reader.get(response["Location"], headers=JA)
        left = english_words(main_of(response))
        assert not left, (path, sorted(left))
