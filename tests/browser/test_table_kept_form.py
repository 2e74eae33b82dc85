"""After a hand whose next hand's form is the same (the dealer keeps the deal), the page keeps
its form and resets it: every choice, riichi and yaku cleared, the yaku folded, the preview
blank, the new number of hands in; the next hand is recorded from it like any other."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from table_helpers import chip, idle, tap


def checked(page: Page) -> list[str]:
    """The form's chosen values, as name=value (a blank form has some: "not said" and the
    like)."""
    return page.eval_on_selector_all(
        "#hand-form input:checked", "inputs => inputs.map((i) => `${i.name}=${i.value}`)"
    )


def test_the_dealers_renchan_keeps_the_form_blank_and_the_next_hand_records(
    phone: Page, live_server, game, artifacts
):
    page = phone
    page.goto(f"{live_server.url}/games/{game.pk}/")
    blank = checked(page)
    answers: list[int] = []
    page.on(
        "response",
        lambda response: (
            answers.append(len(response.body()))
            if response.request.method == "POST" and response.url.endswith("/hands/")
            else None
        ),
    )
    # East, the dealer, declared riichi and wins from Chie: riichi, pinfu and a dora.
    tap(page, "outcome", "ron")
    tap(page, "winners", "0")
    tap(page, "discarder", "2")
    tap(page, "riichi", "0")
    aki = page.locator(".win[data-seat='0']")
    aki.locator("summary").click()
    aki.locator("label.chip:has(input[value='Pinfu'])").click()
    aki.locator("input[name=win_0_dora]").fill("1")
    # Riichi, pinfu and a dora: 3 han, and pinfu's 30 fu on a discard.
    expect(aki.locator("input[name=win_0_han][value='3']")).to_be_checked()
    aki.locator(".subgroup-fu label.chip:has(input[value='30'])").click()
    expect(page.locator("#preview")).to_contain_text("+5,800")
    page.get_by_role("button", name="Record hand").click()

    # East 1, 1 honba: the same form, reset.
    expect(page.locator("#messages")).to_contain_text("Hand 1 recorded")
    expect(page.locator("#record-title")).to_contain_text("Hand 2")
    expect(page.locator("#record-title")).to_contain_text("1 honba")
    idle(page)
    expect(page.locator("#hand-form input[name=sequence]")).to_have_value("1")
    assert checked(page) == blank
    for group in ("outcome", "winners", "discarder", "riichi", "win_0_yaku", "win_0_han"):
        expect(page.locator(f"#hand-form input[name={group}]:checked")).to_have_count(0)
    expect(page.locator("#hand-form details[open]")).to_have_count(0)
    expect(page.locator("#hand-form input[name=win_0_dora]")).to_have_value("")
    expect(page.locator("#preview")).to_contain_text("Choose what happened")
    expect(page.locator("#scoreboard")).to_contain_text("30,800")
    assert answers and answers[0] < 20_000, answers
    page.screenshot(path=artifacts / "table-phone-kept-form.png", full_page=False)

    # The next hand from the kept form: an exhaustive draw, East tenpai alone.
    tap(page, "outcome", "draw")
    tap(page, "tenpai", "0")
    expect(page.locator("#preview")).to_contain_text("+3,000")
    page.get_by_role("button", name="Record hand").click()
    expect(page.locator("#messages")).to_contain_text("Hand 2 recorded")
    expect(page.locator("#record-title")).to_contain_text("2 honba")
    idle(page)
    expect(chip(page, "outcome", "draw").locator("input")).not_to_be_checked()
    expect(page.locator("#hand-form input[name=sequence]")).to_have_value("2")
    expect(page.locator("#hand-log-list > li")).to_have_count(2)
