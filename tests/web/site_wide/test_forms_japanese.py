"""The site's forms in Japanese: the hand form, the new game form, the penalty form and the
history's and seasons' forms, read with ``Accept-Language: ja``; their labels, choices and
refusals in the words Japanese players use, their values (what a POST sends) unchanged, and
the English pages as they were.

The Japanese words are the club's (ロン, ツモ, 流局, 途中流局, チョンボ, 翻, 符, 役満, 包 ...): the
glossary of the translation, not the output of the code.
"""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import translation

from scorekeeper.club.models import Game, HandRecord
from scorekeeper.history.forms import game_label
from scorekeeper.table.forms.games import NewGameForm
from scorekeeper.table.forms.hands import HandForm
from scorekeeper.table.forms.penalties import PenaltyForm
from scoring.rules import PRESETS, resolve_rules
from scoring.state import GameState, start_state

pytestmark = pytest.mark.django_db

JA = {"accept-language": "ja"}
EN = {"accept-language": "en"}
HTMX = {"HTTP_HX_REQUEST": "true"}
NAMES = ("Aki", "Ben", "Chie", "Dan")


@pytest.fixture(autouse=True)
def empty_cache():
    """The blank hand form is kept in the cache: each test starts without it."""
    cache.clear()
    yield
    cache.clear()


def group(html: str, name: str) -> list[str]:
    """The faces of the chips of the hand form's field ``name`` (its fieldset)."""
    match = re.search(rf'<fieldset class="group group-{name}[ "].*?</fieldset>', html, re.S)
    assert match, f"no field {name}"
    faces = re.findall(r'<span class="chip-face">(.*?)</span></label>', match[0], re.S)
    return [re.sub(r"<[^>]+>", "", face).strip() for face in faces]


def legend(html: str, name: str) -> str:
    match = re.search(
        rf'<fieldset class="group group-{name}[ "].*?<legend>(.*?)</legend>', html, re.S
    )
    assert match, f"no field {name}"
    return match[1].strip()


def table(client, game, headers) -> str:
    response = client.get(reverse("game_table", args=[game.pk]), headers=headers)
    assert response.status_code == 200
    return response.content.decode()


def form_for(data, rules="tenhou", state: GameState | None = None) -> HandForm:
    ruleset = PRESETS[rules] if isinstance(rules, str) else rules
    return HandForm(
        {"sequence": "0", **data} if data is not None else None,
        names=NAMES,
        rules=ruleset,
        state=state or start_state(ruleset),
    )


# The hand form on the table page.


def test_the_hand_forms_outcomes_read_in_japanese(bob_client, game):
    html = table(bob_client, game, JA)

    assert group(html, "outcome") == ["ロン", "ツモ", "流局", "途中流局", "チョンボ"]
    assert legend(html, "outcome") == "この局の結果"
    for english in ("Ron", "Tsumo", "Draw", "Abortive draw", "Chombo", "What happened?"):
        assert f">{english}<" not in html


def test_the_hand_forms_players_questions_read_in_japanese(bob_client, game):
    html = table(bob_client, game, JA)

    # Tenhou rules: a double ron at most.
    assert legend(html, "winners") == "和了者（2人まで）"
    assert legend(html, "discarder") == "放銃者"
    assert legend(html, "winner") == "和了者"
    assert legend(html, "tenpai") == "聴牌者"
    assert legend(html, "nagashi") == "流し満貫"
    assert legend(html, "offender") == "チョンボした人"
    assert legend(html, "riichi") == "この局でリーチした人"
    assert legend(html, "abort_reason") == "途中流局の種類（分かれば）"
    for english in ("Who won?", "Who discarded", "Who was tenpai?", "Riichi declared"):
        assert english not in html


def test_a_winners_chips_read_in_japanese(bob_client, game):
    html = table(bob_client, game, JA)

    # The han chips end with the yakuman chip; tenhou counts double and triple yakuman.
    assert '<span class="chip-face">役満</span>' in html
    assert '<span class="chip-face">ダブル</span>' in html
    assert '<span class="chip-face">トリプル</span>' in html
    # Nobody liable (pao), the hand closed or open, the dora counters.
    assert '<span class="chip-face">なし</span>' in html
    for word in ("門前", "副露", "未指定"):
        assert f'<span class="chip-face">{word}</span>' in html
    # The dora counters' labels (each beside its stepper) and their total.
    for word in ("ドラ", "裏ドラ", "赤ドラ"):
        assert re.search(f'<label class="sublabel" for="[^"]+">{word}</label>', html)
    assert "合計 <output>0</output>" in html
    # A yakuman yaku's chip says its han is a yakuman.
    assert '<span class="yaku-han">役満</span>' in html
    for english in ("Yakuman", "Single", "Double", "Nobody", "Closed", "Not said"):
        assert f'<span class="chip-face">{english}</span>' not in html
    for english in ("Dora", "Ura dora", "Red fives"):
        assert not re.search(f'class="sublabel"[^>]*>{english}<', html)
    assert "in all" not in html
    assert '<span class="yaku-han">yakuman</span>' not in html


def test_the_english_table_page_keeps_its_words(bob_client, game):
    html = table(bob_client, game, EN)

    assert group(html, "outcome") == ["Ron", "Tsumo", "Draw", "Abortive draw", "Chombo"]
    assert legend(html, "winners") == "Who won? (up to 2)"
    assert '<span class="chip-face">Yakuman</span>' in html
    assert '<span class="chip-face">Nobody</span>' in html
    assert '<span class="yaku-han">yakuman</span>' in html
    assert "ロン" not in html and "役満" not in html


def test_the_cached_blank_form_is_never_shown_in_the_other_language(bob_client, game):
    """The blank form is kept per language: English after Japanese and back again."""
    first = table(bob_client, game, EN)
    japanese = table(bob_client, game, JA)
    english = table(bob_client, game, EN)
    japanese_again = table(bob_client, game, JA)

    assert group(first, "outcome")[0] == group(english, "outcome")[0] == "Ron"
    assert group(japanese, "outcome")[0] == group(japanese_again, "outcome")[0] == "ロン"
    assert "役満" not in english
    assert '<span class="chip-face">Yakuman</span>' not in japanese_again


def test_a_japanese_page_records_the_hand_its_chips_send(bob_client, game):
    """The choices' values stay the engine's words whatever the labels say."""
    html = table(bob_client, game, JA)
    assert 'name="outcome" value="ron"' in html

    response = bob_client.post(
        reverse("hand_create", args=[game.pk]),
        {
            "sequence": "0",
            "outcome": "ron",
            "winners": ["1"],
            "discarder": "2",
            "win_1_han": "yakuman",
            "win_1_yakuman": "2",
            "win_1_pao": "",
        },
        headers=JA,
    )

    assert response.status_code == 302
    # Recorded as sent: Ben's double yakuman on Chie's discard.
    record = HandRecord.objects.get()
    assert record.data["ron"]["wins"][0]["yakuman"] == 2


def test_an_incomplete_hand_is_refused_in_japanese(bob_client, game):
    response = bob_client.post(
        reverse("hand_create", args=[game.pk]),
        {"sequence": "0", "outcome": "ron", "winners": ["1"], "win_1_han": "3"},
        headers=JA,
        **HTMX,
    )

    assert response.status_code == 422
    html = response.content.decode()
    assert "放銃者を選んでください。" in html
    assert "Benの符を選んでください（5翻未満では必要です）。" in html
    assert "Choose who discarded" not in html
    assert not HandRecord.objects.exists()


def test_no_outcome_is_refused_in_japanese(bob_client, game):
    response = bob_client.post(
        reverse("hand_create", args=[game.pk]), {"sequence": "0"}, headers=JA, **HTMX
    )

    assert response.status_code == 422
    assert "この局の結果（ロン、ツモ、流局など）を選んでください。" in response.content.decode()


# The hand form's words, field by field (some show only in refusals or to screen readers).


def test_each_winners_field_is_labelled_in_japanese():
    with translation.override("ja"):
        form = form_for(None)
        labels = {name: str(field.label) for name, field in form.fields.items()}

    assert labels["win_0_han"] == "Aki：翻"
    assert labels["win_0_fu"] == "Aki：符"
    assert labels["win_0_yakuman"] == "Aki：役満の数"
    assert labels["win_0_pao"] == "Aki：包（責任払い）"
    assert labels["win_0_yaku"] == "Aki：役"
    assert labels["win_0_open"] == "Aki：門前か副露か"
    assert labels["win_0_dora"] == "Aki：ドラ"
    assert labels["win_0_ura"] == "Aki：裏ドラ"
    assert labels["win_0_aka"] == "Aki：赤ドラ"


def test_a_missing_han_names_the_player_and_the_yakuman_in_japanese():
    with translation.override("ja"):
        form = form_for({"outcome": "tsumo", "winner": "3"})
        assert not form.is_valid()
        errors = form.errors.as_data()

    assert [e.messages for e in errors["win_3_han"]] == [
        ["Danの翻（または役満）を選んでください。"]
    ]


@pytest.mark.parametrize(
    ("preset", "winners", "message"),
    [
        ("wrc", ["0", "1"], "このルールではロンできるのは1人だけです（頭ハネ）。"),
        ("tenhou", ["0", "1", "3"], "和了者が3人います。このルールではダブロン（2人）までです。"),
    ],
)
def test_too_many_winners_are_refused_in_japanese(preset, winners, message):
    with translation.override("ja"):
        form = form_for({"outcome": "ron", "winners": winners, "discarder": "2"}, rules=preset)
        assert not form.is_valid()
        text = " ".join(form.errors["winners"])

    assert text.startswith(message)
    if preset == "tenhou":
        # Tenhou rules end a triple ron as an abortive draw.
        assert "トリロンは途中流局（三家和）です。" in text


def test_a_winners_chips_are_labelled_and_refused_in_japanese():
    rules = resolve_rules({"preset": "tenhou", "chip_value": 2000})
    data = {
        "outcome": "tsumo",
        "winner": "0",
        "win_0_han": "3",
        "win_0_fu": "30",
        "win_0_chips": "-1",
    }
    with translation.override("ja"):
        form = form_for(data, rules=rules)
        assert not form.is_valid()
        label = str(form.fields["win_0_chips"].label)
        errors = form.errors["win_0_chips"]

    assert label == "Aki：祝儀"
    assert errors == ["Akiの祝儀：0枚以上で入力してください。"]


@pytest.mark.parametrize(
    ("parameter", "label"),
    [
        ("agari_yame", "この局で終了：親がトップで和了（アガリ止め）"),
        ("tenpai_yame", "この局で終了：親がトップで聴牌（テンパイ止め）"),
    ],
)
def test_stopping_by_choice_is_offered_in_japanese(parameter, label):
    rules = resolve_rules({"preset": "ema", parameter: "optional"})
    all_last = GameState((30000,) * 4, round_index=rules.last_round)
    with translation.override("ja"):
        form = form_for(None, rules=rules, state=all_last)
        assert str(form.fields["end"].label) == label


def test_the_form_built_in_one_language_is_not_reused_for_another():
    """Module-level choices are lazy: each form reads them in the language it is drawn in."""
    with translation.override("ja"):
        japanese = str(form_for(None)["outcome"])
    with translation.override("en"):
        english = str(form_for(None)["outcome"])

    assert "ロン" in japanese and ">Ron<" not in japanese
    assert ">Ron<" in english and "ロン" not in english


# Starting a game.


def test_the_new_game_form_reads_and_refuses_in_japanese(bob_client, players):
    page = bob_client.get(reverse("game_new"), headers=JA).content.decode()

    for word in ("プリセット", "卓", "例：「2卓」", "席順", "入力した順", "席をシャッフルする"):
        assert word in page
    assert "プレイヤーを選択" in page
    assert "Shuffle the seats" not in page and "Choose a player" not in page

    response = bob_client.post(
        reverse("game_new"), {"ruleset": "preset:tenhou", "shuffle": "0"}, headers=JA
    )

    assert response.status_code == 422
    html = response.content.decode()
    assert html.count("のプレイヤーを選んでください。") == 4
    assert "Choose the player at" not in html
    assert not Game.objects.exists()


def test_a_game_begun_on_paper_is_refused_in_japanese(bob_client, players):
    data = {
        "ruleset": "preset:tenhou",
        "shuffle": "0",
        **{f"seat_{n}": str(player.pk) for n, player in enumerate(players)},
        "start_round": "E2",
        "start_sticks": "1",
        # 100,000 with the stick, where tenhou's four players begin with 100,000 (25,000 each).
        **{f"score_{n}": "25000" for n in range(4)},
    }

    response = bob_client.post(reverse("game_new"), data, headers=JA)

    assert response.status_code == 422
    html = response.content.decode()
    assert "持ち点が合いません。持ち点と供託1本で101,000点ですが" in html
    assert "このルールでは開始点の合計は100,000点です。" in html
    assert not Game.objects.exists()


def test_a_player_seated_twice_is_refused_in_japanese():
    with translation.override("ja"):
        form = NewGameForm(
            {"ruleset": "preset:tenhou", "shuffle": "0", **{f"new_{n}": "Aki" for n in range(4)}}
        )
        assert not form.is_valid()
        labels = [str(form.fields[f"score_{n}"].label) for n in range(4)]
        errors = form.errors["new_1"]

    assert len(errors) == 1
    assert errors[0].startswith("Akiはすでに") and errors[0].endswith("に座っています。")
    assert all(label.endswith("の持ち点") for label in labels)


# Penalties.


def test_the_penalty_form_reads_and_refuses_in_japanese(alice_client, game):
    url = reverse("penalty_new", args=[game.pk])
    page = alice_client.get(url, headers=JA).content.decode()

    for word in ("最終結果から引く点数", "理由（任意）", "例：「遅刻」"):
        assert word in page
    assert "Points off the final result" not in page

    response = alice_client.post(
        url, {"seat": "2", "points": "1050", "revision": game.revision}, headers=JA
    )

    assert response.status_code == 422
    html = response.content.decode()
    assert "点数は100点単位で入力してください（1,050は不可）" in html
    assert Game.objects.get(pk=game.pk).penalties == []


def test_a_penalty_over_the_most_is_refused_in_japanese():
    with translation.override("ja"):
        form = PenaltyForm({"seat": "0", "points": "9999900", "revision": "0"}, names=NAMES)
        assert not form.is_valid()
        # The message is put in words when it is read: in Japanese here.
        errors = [str(error) for error in form.errors["points"]]

    assert len(errors) == 1
    assert errors[0].startswith("ペナルティは") and errors[0].endswith("点までです。")


# The history and seasons.


def test_the_history_filters_read_and_refuse_in_japanese(client, game):
    page = client.get(
        reverse("history"), {"start": "2026-03-02", "end": "2026-03-01"}, headers=JA
    ).content.decode()

    for word in ("すべてのプレイヤー", "開始日", "終了日", "指定なし"):
        assert word in page
    assert "最終日が初日より前になっています。" in page
    assert "The last day comes before the first." not in page
    assert "Any ruleset" not in page


def test_the_season_form_reads_and_refuses_in_japanese(alice_client, game):
    response = alice_client.post(reverse("season_new"), {"name": ""}, headers=JA)

    html = response.content.decode()
    assert response.status_code == 422
    for word in ("名前", "初日", "最終日", "または対局を選ぶ"):
        assert word in html
    assert "シーズンの名前を入力してください。" in html
    assert "初日か最終日を入力するか、対局を選んでください。" in html
    assert "Give the season a name." not in html


def test_a_game_in_the_season_form_reads_with_a_japanese_date(game):
    with translation.override("ja"):
        japanese = game_label(game)
    with translation.override("en"):
        english = game_label(game)

    assert re.fullmatch(
        r"\d{4}年\d{1,2}月\d{1,2}日\([月火水木金土日]\) · Table 1 · .+ · Aki、Ben、Chie、Dan",
        japanese,
    )
    assert re.fullmatch(
        r"[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2} \d{4} · Table 1 · Tenhou · Aki, Ben, Chie, Dan",
        english,
    )


def test_a_game_without_a_table_label_is_named_by_its_number(game):
    game.table_label = ""
    with translation.override("ja"):
        assert f" · 対局{game.pk} · " in game_label(game)
    with translation.override("en"):
        assert f" · Game {game.pk} · " in game_label(game)
