"""The forms in Japanese in a browser on a phone (360x740) and a desktop (1280x800): the hand
form with a win being entered, the new game form refused, the penalty form, the season form
and the history's filters. Each page fits the screen's width; screenshots land in
``test-artifacts/ja-form-*.png``."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from table_helpers import VIEWPORTS, chip, fits, member, organiser, signed_in

from scorekeeper.club.models import Player
from scorekeeper.table.services.games import finish_game, start_game
from scorekeeper.table.services.hands import record_hand
from scoring.outcomes import Draw, Hand
from scoring.rules import PRESETS


@pytest.fixture
def players(transactional_db) -> list[Player]:
    return [Player.objects.create(name=name) for name in ("Aki", "Ben", "Chie", "Dan")]


@pytest.mark.parametrize("size", VIEWPORTS)
def test_the_hand_form_in_japanese(browser: Browser, live_server, players, artifacts, size):
    game = start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players)
    page = signed_in(browser, live_server, member(), size, japanese=True)
    page.goto(f"{live_server.url}/games/{game.pk}/")

    outcomes = page.locator("#hand-form .group-outcome .chip-face")
    expect(outcomes).to_have_text(["ロン", "ツモ", "流局", "途中流局", "チョンボ"])
    chip(page, "outcome", "ron").click()
    chip(page, "winners", "1").click()
    chip(page, "discarder", "2").click()
    expect(page.locator("#hand-form .group-winners legend")).to_have_text("和了者（2人まで）")
    expect(page.locator("#hand-form .group-discarder legend")).to_have_text("放銃者")
    chip(page, "win_1_han", "yakuman").click()
    win = page.locator("#hand-form fieldset.win[data-seat='1']")
    expect(win.locator(".subgroup-yakuman .chip-face")).to_have_text(
        ["役満", "ダブル", "トリプル", "4×", "5×", "6×"]
    )
    expect(win.locator(".subgroup-pao .chip-face").first).to_have_text("なし")
    win.locator("details.win-yaku summary").click()
    expect(win.locator(".subgroup-open .chip-face")).to_have_text(["未指定", "門前", "副露"])
    expect(win.locator(".subgroup-dora .sublabel")).to_have_text(["ドラ", "裏ドラ", "赤ドラ"])
    assert fits(page), f"the hand form is wider than the {size}"
    page.screenshot(path=artifacts / f"ja-form-hand-{size}.png", full_page=True)
    # The long phone page also in screens' heights, to read.
    height = page.evaluate("document.documentElement.scrollHeight")
    for part, top in enumerate(range(0, height, 1100) if size == "phone" else ()):
        clip = {"x": 0, "y": top, "width": 360, "height": min(1100, height - top)}
        page.screenshot(
            path=artifacts / f"ja-form-hand-phone-{part}.png", full_page=True, clip=clip
        )

    # Leave out who discarded: the refusal in Japanese, next to its field.
    chip(page, "discarder", "2").click()
    page.locator("#hand-form .group-discarder input:checked").evaluate("e => e.checked = false")
    page.locator("#hand-form .record-button").click()
    expect(page.locator("#id_discarder_error")).to_have_text("放銃者を選んでください。")
    assert fits(page), f"the refused hand form is wider than the {size}"


@pytest.mark.parametrize("size", ["phone"])
def test_the_new_game_form_refused_in_japanese(
    browser: Browser, live_server, players, artifacts, size
):
    page = signed_in(browser, live_server, member(), size, japanese=True)
    page.goto(f"{live_server.url}/games/new/")
    page.locator("form.stack-form button[type=submit]").click()
    page.locator("#paper-start summary").click()

    expect(page.locator(".seat-field .field-error")).to_have_count(4)
    expect(page.locator(".seat-field .field-error").first).to_contain_text(
        "のプレイヤーを選んでください。"
    )
    expect(page.locator("label[for=id_table_label]")).to_have_text("卓")
    expect(page.locator("label[for=id_start_honba]")).to_have_text("本場")
    expect(page.locator("label[for=id_start_sticks]")).to_have_text("供託")
    assert fits(page), f"the new game form is wider than the {size}"
    page.screenshot(path=artifacts / f"ja-form-new-game-{size}.png", full_page=True)


@pytest.mark.parametrize("size", ["phone"])
def test_the_penalty_and_season_forms_in_japanese(
    browser: Browser, live_server, players, artifacts, size
):
    game = start_game(
        rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players, table_label="Table 2"
    )
    record_hand(game=game, hand=Hand(Draw(tenpai=(0, 1, 2, 3))), expected_sequence=0)
    finish_game(game=game, expected_sequence=1)
    page = signed_in(browser, live_server, organiser(), size, japanese=True)

    page.goto(f"{live_server.url}/games/{game.pk}/penalties/")
    expect(page.locator("body")).to_contain_text("最終結果から引く点数")
    page.locator("input[name=seat]").first.check()
    page.locator("input[name=points]").fill("1050")
    page.locator("form.penalty-form button[type=submit]").click()
    expect(page.locator("body")).to_contain_text("点数は100点単位で入力してください（1,050は不可）")
    assert fits(page), f"the penalty form is wider than the {size}"
    page.screenshot(path=artifacts / f"ja-form-penalty-{size}.png", full_page=True)

    page.goto(f"{live_server.url}/seasons/new/")
    expect(page.locator("body")).to_contain_text("または対局を選ぶ")
    expect(page.locator("body")).to_contain_text("Table 2 · ")
    expect(page.locator("body")).to_contain_text("Aki、Ben、Chie、Dan")
    assert fits(page), f"the season form is wider than the {size}"
    page.screenshot(path=artifacts / f"ja-form-season-{size}.png", full_page=True)

    page.goto(f"{live_server.url}/history/?start=2026-03-02&end=2026-03-01")
    expect(page.locator("body")).to_contain_text("最終日が初日より前になっています。")
    assert fits(page), f"the history is wider than the {size}"
    page.screenshot(path=artifacts / f"ja-form-history-{size}.png", full_page=True)
