"""The table's pages read in Japanese (Accept-Language: ja): the table, its hand form and
preview, the hand log in club words (東1局, ロン, ツモ, 流局, 本場, 供託, 満貫), the final
standings, the confirmations, the penalties, the list of games, the live board; the
blank hand form kept in the cache is never served in the other language."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from scorekeeper.table.display import describe_hand, end_words, payment_words
from scorekeeper.table.services.games import finish_game
from scorekeeper.table.services.hands import record_hand
from scorekeeper.table.services.penalties import give_penalty
from scoring.outcomes import Abort, AbortReason, Chombo, Draw, Hand, Ron, Tsumo, Win
from scoring.rules import PRESETS
from scoring.state import EndReason, GameState, HandResult

pytestmark = pytest.mark.django_db

JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
HTMX = {"HTTP_HX_REQUEST": "true"}
NAMES = ("Aki", "Ben", "Chie", "Dan")
TENHOU = PRESETS["tenhou"]


@pytest.fixture(autouse=True)
def _language_reset() -> Iterator[None]:
    """A Japanese request leaves Japanese active in the thread: give the next test English."""
    yield
    translation.activate(settings.LANGUAGE_CODE)


def url(name: str, game, *args) -> str:
    return reverse(name, args=[game.pk, *args])


def text(html: str) -> str:
    """The page's words, without its tags, scripts and attributes."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def ja(words) -> str:
    with translation.override("ja"):
        return str(words() if callable(words) else words)


# The hand log's words.


def test_a_ron_reads_as_japanese_players_say_it():
    hand = Hand(Ron(2, (Win(1, han=3, fu=40),)))

    assert ja(lambda: describe_hand(hand, NAMES, TENHOU)) == "BenがChieからロン、3翻40符"


def test_a_limit_hand_is_named_and_paid_with_its_honba():
    # 4 han 40 fu is mangan (RULES: 4 han 40+ fu reaches the limit): 8,000 from a non-dealer,
    # with 1 honba 300 more on a ron.
    hand = Hand(Ron(2, (Win(1, han=4, fu=40),)))
    before = GameState((25000,) * 4, honba=1)
    result = HandResult(hand, before, before, (0, 0, 0, 0))

    words = ja(lambda: describe_hand(hand, NAMES, TENHOU) + payment_words(result, TENHOU))

    assert words == "BenがChieからロン、4翻40符（満貫）、8,000＋300"


def test_a_dealer_tsumo_is_paid_all_round():
    # The dealer's 2 han 30 fu tsumo: 1,000 from each (RULES' payment table).
    hand = Hand(Tsumo(Win(0, han=2, fu=30)))
    before = GameState((25000,) * 4)
    result = HandResult(hand, before, before, (0, 0, 0, 0))

    words = ja(lambda: describe_hand(hand, NAMES, TENHOU) + payment_words(result, TENHOU))

    assert words == "Akiがツモ、2翻30符、1,000オール"


def test_yaku_dora_and_pao_are_named_in_japanese():
    hand = Hand(Ron(2, (Win(1, han=4, fu=30, yaku=("Riichi", "Pinfu"), dora=(1, 1, 0)),)))

    words = ja(lambda: describe_hand(hand, NAMES, TENHOU))

    assert "立直・平和・ドラ2" in words
    assert "Riichi" not in words and "dora" not in words


def test_a_double_ron_names_both_winners():
    hand = Hand(Ron(2, (Win(1, han=1, fu=30), Win(3, han=2, fu=40))))

    words = ja(lambda: describe_hand(hand, NAMES, TENHOU))

    assert words == "Chieからダブロン：Ben 1翻30符；Dan 2翻40符"


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        (Hand(Draw(tenpai=(0, 3))), "流局：Aki、Danが聴牌"),
        (Hand(Draw(tenpai=())), "流局：全員ノーテン"),
        (Hand(Draw(tenpai=(0, 1, 2, 3))), "流局：全員聴牌"),
        (Hand(Abort(AbortReason.KYUUSHU_KYUUHAI)), "途中流局：九種九牌"),
        (Hand(Chombo(2)), "Chieのチョンボ"),
    ],
    ids=["tenpai", "noten", "all-tenpai", "abort", "chombo"],
)
def test_draws_aborts_and_chombo_read_in_japanese(hand, expected):
    assert ja(lambda: describe_hand(hand, NAMES, TENHOU)) == expected
    assert describe_hand(hand, NAMES, TENHOU).isascii()


def test_why_a_game_ended_reads_in_japanese():
    assert ja(lambda: end_words(EndReason.TOBI, stopped_early=False)).startswith("飛び")
    assert ja(lambda: end_words(EndReason.AGARI_YAME, stopped_early=False)).startswith("アガリ止め")
    assert ja(lambda: end_words(None, stopped_early=True)) == "管理者が途中で打ち切り"


# The pages.


def ben_wins(game, *, sequence: int = 0) -> None:
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=3, fu=40),))), expected_sequence=sequence)


def test_the_table_page_reads_in_japanese(bob_client, game):
    ben_wins(game)
    # Aki declares riichi and the hand is drawn with Aki alone tenpai: the dealer (Ben) is
    # noten, so the deal passes to Chie (East 3); a draw adds a honba; Aki's stick stays.
    record_hand(game=game, hand=Hand(Draw(tenpai=(0,)), riichi=(0,)), expected_sequence=1)

    html = bob_client.get(game.get_absolute_url(), **JA).content.decode()
    words = text(html)

    assert "BenがChieからロン、3翻40符" in words
    assert "流局：Akiが聴牌" in words
    assert "立直：Aki" in words
    assert "東3局 1本場" in words
    assert "<b>1</b>本場" in html and "供託<b>1</b>本" in html
    assert "記録する" in words
    assert "局の記録" in words and "第3局" in words
    assert "第2局を取り消し" in words
    for english in (
        "Record hand",
        "honba",
        "riichi stick",
        "ron from",
        "Exhaustive draw",
        "Undo hand",
        "Live view",
        "Hand log",
        "Choose what happened",
    ):
        assert english not in words, english


def test_the_table_script_is_given_its_words_in_japanese(bob_client, game):
    html = bob_client.get(game.get_absolute_url(), **JA).content.decode()

    assert 'data-offline="サーバーに接続できませんでした' in html


def test_the_preview_says_what_comes_next_in_japanese(bob_client, game):
    preview = bob_client.get(
        url("hand_preview", game),
        {"outcome": "ron", "winners": "1", "discarder": "2", "win_1_han": "3", "win_1_fu": "40"},
        **JA,
    ).content.decode()
    words = text(preview)

    # Ben (not the dealer) wins: the deal passes to him, East 2, no honba.
    assert "次局：<strong>東2局</strong>" in preview
    assert "Next" not in words


def test_a_hand_recorded_in_japanese_is_reported_in_japanese(bob_client, game):
    post = {
        "sequence": "0",
        "outcome": "ron",
        "winners": ["1"],
        "discarder": "2",
        "win_1_han": "3",
        "win_1_fu": "40",
    }

    response = bob_client.post(url("hand_create", game), post, **JA, **HTMX)

    assert "第1局を記録しました：BenがChieからロン、3翻40符。" in response.content.decode()


def test_a_hand_checked_in_one_language_then_the_other_is_refused_in_each(bob_client, game):
    """The fields that check a sent hand (here for its preview) are kept between hands:
    never those of the other language."""

    def missing(headers) -> str:
        sent = {"tenpai": "0"}
        return text(bob_client.get(url("hand_preview", game), sent, **headers).content.decode())

    english, japanese, english_again = missing(EN), missing(JA), missing(EN)

    for words in (english, english_again):
        assert "Choose what happened: ron, tsumo, a draw…" in words
        assert "この局の結果（ロン、ツモ、流局など）を選んでください。" not in words
    assert "この局の結果（ロン、ツモ、流局など）を選んでください。" in japanese
    assert "Choose what happened" not in japanese


def test_a_cached_blank_form_is_never_shown_in_the_other_language(bob_client, game, settings):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    address = game.get_absolute_url()

    def form_words(headers) -> str:
        html = bob_client.get(address, **headers).content.decode()
        return text(html[html.index('id="hand-form"') : html.index('id="points-chart-slot"')])

    japanese, english = form_words(JA), form_words(EN)
    japanese_again, english_again = form_words(JA), form_words(EN)

    for words in (japanese, japanese_again):
        assert "記録する" in words and "この局の結果を選んでください" in words
        assert "Record hand" not in words and "Choose what happened" not in words
    for words in (english, english_again):
        assert "Record hand" in words and "Choose what happened" in words
        assert "記録する" not in words


def test_the_final_standings_read_in_japanese(bob_client, game):
    ben_wins(game)
    finish_game(game=game, expected_sequence=1)

    html = bob_client.get(game.get_absolute_url(), **JA).content.decode()
    words = text(html)

    assert "最終順位" in words
    assert "持ち点" in words and "ウマ/<wbr>オカ" in html and "ポイント" in words
    assert "<strong>終了</strong>：管理者が途中で打ち切り" in html
    for english in ("Final standings", "Player", "Result", "finished", "ended by"):
        assert english not in words, english


def test_the_live_board_reads_in_japanese(client, game):
    ben_wins(game)

    words = text(client.get(url("game_live", game), **JA).content.decode())

    assert "東2局" in words and "0 本場" in words and "供託 0 本" in words
    assert "第1局：BenがChieからロン、3翻40符" in words
    assert "親" in words
    for english in ("honba", "Dealer", "Hand 1", "The table page"):
        assert english not in words, english


def test_the_confirmations_read_in_japanese(alice_client, game):
    ben_wins(game)

    undo = text(alice_client.get(url("hand_undo", game), **JA).content.decode())
    finish = text(alice_client.get(url("game_finish", game), **JA).content.decode())
    abandon = text(alice_client.get(url("game_abandon", game), **JA).content.decode())

    assert "第1局を取り消しますか？" in undo and "Undo" not in undo
    assert "対局をいま終了しますか？" in finish and "1局を終えた時点" in finish
    assert "対局を中止しますか？" in abandon and "やめる" in abandon
    assert "Keep it" not in abandon


def test_the_penalty_pages_read_in_japanese(alice, alice_client, game):
    ben_wins(game)
    game.refresh_from_db()
    give_penalty(game=game, seat=2, points=2000, reason="", expected_revision=game.revision)
    game.refresh_from_db()

    page = text(alice_client.get(url("penalty_new", game), **JA).content.decode())
    table = text(alice_client.get(game.get_absolute_url(), **JA).content.decode())
    remove = text(alice_client.get(url("penalty_remove", game, 0), **JA).content.decode())

    assert "罰符を付ける" in page and "この対局の罰符" in page and "（第1局のあと）" in page
    assert "最終成績から −2,000" in table and "取り消し" in table
    assert "この罰符を取り消しますか？" in remove and "（第1局のあとに付けたもの）。" in remove
    for words in (page, table, remove):
        assert "Penalty" not in words and "after hand" not in words


def test_the_list_of_games_reads_in_japanese(bob_client, game):
    words = text(bob_client.get(reverse("game_list"), **JA).content.decode())

    assert "対局中" in words and "新しい対局" in words and "0本場" in words
    assert "終了した対局はまだありません。" in words
    for english in ("In play", "honba", "riichi stick", "No finished games", "Live view"):
        assert english not in words, english


def test_the_new_game_page_reads_in_japanese(bob_client):
    words = text(bob_client.get(reverse("game_new"), **JA).content.decode())

    assert "ルールと4人のプレイヤーを、東家から順に選んでください。" in words
    assert "対局を始める" in words
    assert "Start the game" not in words and "A game begun on paper" not in words


def test_the_edit_page_reads_in_japanese(bob_client, game):
    ben_wins(game)

    words = text(bob_client.get(url("hand_edit", game, 1), **JA).content.decode())

    assert "第1局を修正" in words and "第1局を保存" in words and "← 卓に戻る" in words
    assert "Edit hand" not in words and "Save hand" not in words
