"""The forms in Japanese in a browser on a phone (360x740) and a laptop (1280x800): the hand
form with a win being entered, the new game form refused, the penalty form, the season form
and the history's filters. Each page fits the screen's width; screenshots land in
``test-artifacts/ja-form-*.png``."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import Browser, Page, expect

from scorekeeper.club.models import Player
from scorekeeper.registry.permissions import make_member
from scorekeeper.table.services import record_hand
from scorekeeper.table.services_games import finish_game, start_game
from scoring.outcomes import Draw, Hand
from scoring.rules import PRESETS

SIZES = {"phone": {"width": 360, "height": 740}, "laptop": {"width": 1280, "height": 800}}


@pytest.fixture
def players(transactional_db) -> list[Player]:
    return [Player.objects.create(name=name) for name in ("Aki", "Ben", "Chie", "Dan")]


def japanese_page(browser: Browser, live_server, size: str, *, organiser: bool) -> Page:
    """A browser that reads Japanese, logged in as an organiser or a member."""
    name = "alice" if organiser else "bob"
    user = get_user_model().objects.create_user(name, password="riichi-tsumo-pinfu-7")
    if organiser:
        user.is_staff = True
        user.save()
    else:
        make_member(user)
    client = Client()
    client.force_login(user)
    context = browser.new_context(
        viewport=SIZES[size], locale="ja", extra_http_headers={"Accept-Language": "ja"}
    )
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    return context.new_page()


def fits(page: Page, size: str) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]


def chip(page: Page, name: str, value: str):
    return page.locator(f"#hand-form label.chip:has(input[name='{name}'][value='{value}'])")


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_the_hand_form_in_japanese(browser: Browser, live_server, players, artifacts, size):
    game = start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players)
    page = japanese_page(browser, live_server, size, organiser=False)
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
    fits(page, size)
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
    fits(page, size)


@pytest.mark.parametrize("size", ["phone"])
def test_the_new_game_form_refused_in_japanese(
    browser: Browser, live_server, players, artifacts, size
):
    page = japanese_page(browser, live_server, size, organiser=False)
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
    fits(page, size)
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
    page = japanese_page(browser, live_server, size, organiser=True)

    page.goto(f"{live_server.url}/games/{game.pk}/penalties/")
    expect(page.locator("body")).to_contain_text("最終結果から引く点数")
    page.locator("input[name=seat]").first.check()
    page.locator("input[name=points]").fill("1050")
    page.locator("form.penalty-form button[type=submit]").click()
    expect(page.locator("body")).to_contain_text("点数は100点単位で入力してください（1,050は不可）")
    fits(page, size)
    page.screenshot(path=artifacts / f"ja-form-penalty-{size}.png", full_page=True)

    page.goto(f"{live_server.url}/seasons/new/")
    expect(page.locator("body")).to_contain_text("または対局を選ぶ")
    expect(page.locator("body")).to_contain_text("Table 2 · ")
    expect(page.locator("body")).to_contain_text("Aki、Ben、Chie、Dan")
    fits(page, size)
    page.screenshot(path=artifacts / f"ja-form-season-{size}.png", full_page=True)

    page.goto(f"{live_server.url}/history/?start=2026-03-02&end=2026-03-01")
    expect(page.locator("body")).to_contain_text("最終日が初日より前になっています。")
    fits(page, size)
    page.screenshot(path=artifacts / f"ja-form-history-{size}.png", full_page=True)
