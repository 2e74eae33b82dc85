"""The registry's and the organiser's pages in Japanese on a phone (360x740): each page fits
the screen's width (no long word pushing a chip or a button out) and speaks Japanese.
Screenshots go to test-artifacts/ (registry-ja-*.png)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from table_helpers import VIEWPORTS, fits, member, new_page, organiser, signed_in

from scorekeeper.club.models import Player, SavedRuleset
from scorekeeper.table.services.games import start_game
from scoring.rules import PRESETS


def shoot(page: Page, path: Path) -> None:
    """The whole page, and a tall page in screens of 1,200 px too (easier to look at)."""
    page.screenshot(path=path, full_page=True)
    height = page.evaluate("document.documentElement.scrollHeight")
    width = VIEWPORTS["phone"]["width"]
    if height > 1600:
        for part, top in enumerate(range(0, height, 1200), 1):
            clip = {"x": 0, "y": top, "width": width, "height": min(1200, height - top)}
            page.screenshot(
                path=path.with_name(f"{path.stem}-{part}.png"), full_page=True, clip=clip
            )


@pytest.fixture
def club(transactional_db):
    alice = organiser(also_member=True)
    bob = member()
    players = [Player.objects.create(name=name) for name in ("Aki", "Ben", "Chie", "Dan")]
    Player.objects.create(name="Akira")
    game = start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players)
    ruleset = SavedRuleset.objects.create(
        name="Club rules",
        preset="wrc",
        overrides={"kiriage": True, "tobi": True, "aka_dora": 3, "abortive_draws": []},
    )
    return {"alice": alice, "bob": bob, "players": players, "game": game, "ruleset": ruleset}


#: Each page, and a Japanese phrase it must show.
PAGES = [
    ("players", "/players/", "クラブの名簿"),
    ("rulesets", "/rulesets/", "プリセット"),
    ("preset", "/rulesets/presets/wrc/", "配給原点"),
    ("ruleset-new", "/rulesets/new/", "切り上げ満貫"),
    ("members", "/members/", "メンバー"),
    ("organiser", "/organiser/", "バックアップをダウンロード"),
    ("restore", "/backup/restore/", "バックアップの復元"),
    ("import", "/games/import/", "対局記録の取り込み"),
]


def test_the_registry_pages_in_japanese_fit_a_phone(browser: Browser, live_server, club, artifacts):
    page = signed_in(browser, live_server, club["alice"], japanese=True)
    ruleset, game = club["ruleset"], club["game"]
    aki, akira = club["players"][0], Player.objects.get(name="Akira")
    pages = [
        *PAGES,
        ("ruleset", f"/rulesets/{ruleset.pk}/", "変更"),
        ("ruleset-edit", f"/rulesets/{ruleset.pk}/edit/", "途中流局"),
        ("player-merge", f"/players/{akira.pk}/merge/?into={aki.pk}", "統合しますか"),
        ("player-delete", f"/players/{aki.pk}/delete/", "削除できるのは対局のないプレイヤーだけ"),
        ("game-delete", f"/games/{game.pk}/delete/", "対局を削除する"),
        ("password-set", f"/members/{club['bob'].pk}/password/", "パスワードを設定"),
    ]
    for name, path, words in pages:
        page.goto(live_server.url + path)
        expect(page.locator("main")).to_contain_text(words)
        assert page.locator("html").get_attribute("lang") == "ja"
        shoot(page, artifacts / f"registry-ja-{name}.png")
        assert fits(page), name


def test_refusals_on_the_registry_pages_in_japanese(browser: Browser, live_server, club, artifacts):
    page = signed_in(browser, live_server, club["alice"], japanese=True)
    page.goto(live_server.url + "/rulesets/new/")
    page.fill("#id_name", "Club rules")
    page.fill("#id_start_points", "")
    page.locator(".actions button[type=submit]").click()
    expect(page.locator(".form-errors").first).to_contain_text("下のエラーを直してください")
    expect(page.locator("main")).to_contain_text("「Club rules」という名前のルールはすでにあります")
    expect(page.locator("#field-start_points")).to_contain_text("数値を入力してください")
    assert fits(page)
    page.screenshot(path=artifacts / "registry-ja-ruleset-refused.png", full_page=True)


def test_the_login_and_error_pages_in_japanese(browser: Browser, live_server, club, artifacts):
    page = new_page(browser, japanese=True)
    page.goto(live_server.url + "/accounts/login/")
    expect(page.get_by_role("heading", name="ログイン")).to_be_visible()
    page.fill("#id_username", "alice")
    page.fill("#id_password", "wrong")
    page.get_by_role("button", name="ログイン").click()
    expect(page.locator(".form-errors")).to_be_visible()
    assert fits(page)
    page.screenshot(path=artifacts / "registry-ja-login-refused.png", full_page=True)

    page.goto(live_server.url + "/no-such-page/")
    expect(page.get_by_role("heading", name="ページが見つかりません")).to_be_visible()
    assert fits(page)
    page.screenshot(path=artifacts / "registry-ja-404.png", full_page=True)

    bobs_page = signed_in(browser, live_server, club["bob"], japanese=True)
    bobs_page.goto(live_server.url + "/organiser/")
    expect(bobs_page.get_by_role("heading", name="権限がありません")).to_be_visible()
    assert fits(bobs_page)
    bobs_page.screenshot(path=artifacts / "registry-ja-403.png", full_page=True)
