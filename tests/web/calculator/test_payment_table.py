"""The payment table page: the numbers it shows for each ruleset, the partial htmx swaps in,
and the 422 for a ruleset it does not know."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.urls import reverse


class _Cell(HTMLParser):
    """The ron and tsumo texts of the table cell with id ``cell_id``; an impossible one
    reads as its accessible label, ``impossible``."""

    def __init__(self, cell_id: str) -> None:
        super().__init__()
        self.cell_id = cell_id
        self.depth = 0  # element nesting inside the cell, 0 outside it
        self.part: str | None = None
        self.part_depth = 0
        self.parts: dict[str, str] = {}
        self.classes: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if self.depth:
            self.depth += 1
            cls = attributes.get("class") or ""
            if cls in ("ron", "tsumo"):
                self.part, self.part_depth = cls, self.depth
                self.parts[cls] = ""
            if attributes.get("aria-label") and self.part:
                self.parts[self.part] += f"[{attributes['aria-label']}]"
        elif attributes.get("id") == self.cell_id:
            self.depth = 1
            self.classes = (attributes.get("class") or "").split()

    def handle_endtag(self, tag: str) -> None:
        if self.depth:
            if self.depth == self.part_depth:
                self.part = None
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth and self.part and "[" not in self.parts[self.part]:
            self.parts[self.part] += data.strip()


def cell(html: str, cell_id: str) -> tuple[str, str, list[str]]:
    parser = _Cell(cell_id)
    parser.feed(html)
    assert parser.parts, f"no cell #{cell_id} in the page"
    return parser.parts["ron"], parser.parts["tsumo"], parser.classes


def page(client, rules: str | None = None, **headers: str):
    query = {} if rules is None else {"rules": rules}
    return client.get(reverse("payment_table"), query, **headers)


def test_non_dealer_one_han_thirty_fu_pays_1000_or_300_500(client):
    response = page(client, "tenhou")

    assert response.status_code == 200
    assert cell(response.content.decode(), "non-dealer-1-30") == ("1,000", "300-500", [])


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        ("tenhou", ("7,700", "2,000-3,900", [])),
        ("ema", ("7,700", "2,000-3,900", [])),
        ("wrc", ("8,000", "2,000-4,000", ["mangan"])),
        ("mleague", ("8,000", "2,000-4,000", ["mangan"])),
    ],
)
def test_four_han_thirty_fu_is_mangan_only_with_kiriage(client, rules, expected):
    html = page(client, rules).content.decode()

    assert cell(html, "non-dealer-4-30") == expected


def test_dealer_two_han_twenty_five_fu_is_2400_and_cannot_be_won_by_tsumo(client):
    html = page(client, "tenhou").content.decode()

    assert cell(html, "dealer-2-25") == ("2,400", "[impossible]", [])


def test_dealer_one_han_thirty_fu_tsumo_is_500_all(client):
    html = page(client, "tenhou").content.decode()

    assert cell(html, "dealer-1-30") == ("1,500", "500 all", [])


@pytest.mark.parametrize("sheet", ["non-dealer", "dealer"])
@pytest.mark.parametrize("han", [1, 2, 3, 4])
def test_twenty_fu_cannot_be_won_by_ron(client, sheet, han):
    html = page(client, "tenhou").content.decode()

    ron, _, _ = cell(html, f"{sheet}-{han}-20")
    assert ron == "[impossible]"


def test_mangan_cells_are_marked(client):
    html = page(client, "tenhou").content.decode()

    assert cell(html, "non-dealer-4-40") == ("8,000", "2,000-4,000", ["mangan"])
    assert cell(html, "dealer-3-70") == ("12,000", "4,000 all", ["mangan"])


@pytest.mark.parametrize(
    ("row", "expected"),
    [
        ("mangan", ("12,000", "4,000 all")),
        ("haneman", ("18,000", "6,000 all")),
        ("baiman", ("24,000", "8,000 all")),
        ("sanbaiman", ("36,000", "12,000 all")),
        ("yakuman", ("48,000", "16,000 all")),
    ],
)
def test_dealer_limit_rows(client, row, expected):
    html = page(client, "ema").content.decode()

    assert cell(html, f"dealer-{row}")[:2] == expected


@pytest.mark.parametrize(
    ("rules", "title", "expected"),
    [
        ("tenhou", "Kazoe yakuman", ("32,000", "8,000-16,000")),
        ("ema", "Sanbaiman", ("24,000", "6,000-12,000")),
    ],
)
def test_thirteen_han_follows_the_rulesets_kazoe(client, rules, title, expected):
    html = page(client, rules).content.decode()

    assert cell(html, "non-dealer-kazoe")[:2] == expected
    assert f'<th scope="row" colspan="2">{title} <span class="detail">13+ han' in html


def test_without_a_choice_the_page_shows_the_default_ruleset(client):
    response = page(client)

    assert response.status_code == 200
    assert '<option value="ema" selected>' in response.content.decode()


def test_a_plain_request_gets_the_whole_page(client):
    response = page(client, "wrc")

    html = response.content.decode()
    assert html.lstrip().startswith("<!doctype html>")
    assert "<h1>Payment table</h1>" in html
    assert '<option value="wrc" selected>' in html
    assert 'id="payment-table"' in html
    assert "HX-Request" in response.headers["Vary"].split(", ")


def test_an_htmx_request_gets_only_the_table_partial(client):
    response = page(client, "wrc", HTTP_HX_REQUEST="true")

    html = response.content.decode()
    assert response.status_code == 200
    assert html.strip().startswith('<section id="payment-table"')
    assert html.strip().endswith("</section>")
    assert "<h1>" not in html
    assert cell(html, "non-dealer-4-30") == ("8,000", "2,000-4,000", ["mangan"])


def test_an_htmx_history_restore_gets_the_whole_page(client):
    response = page(client, "wrc", HTTP_HX_REQUEST="true", HTTP_HX_HISTORY_RESTORE_REQUEST="true")

    assert "<h1>Payment table</h1>" in response.content.decode()


def test_an_unknown_ruleset_is_a_form_error_with_status_422(client):
    response = page(client, "<b>bogus</b>")

    html = response.content.decode()
    assert response.status_code == 422
    assert (
        '<p class="field-error" id="id_rules_error">'
        "Unknown ruleset “&lt;b&gt;bogus&lt;/b&gt;”: choose one of the list.</p>"
    ) in html
    assert 'aria-invalid="true"' in html
    assert 'id="non-dealer"' not in html


def test_after_an_error_the_form_reloads_the_page_to_clear_it(client):
    html = page(client, "bogus").content.decode()

    assert "hx-get" not in html
    assert '<button type="submit">Show</button>' in html
    assert "<noscript>" not in html


def test_an_unknown_ruleset_over_htmx_is_422_too(client):
    response = page(client, "bogus", HTTP_HX_REQUEST="true")

    assert response.status_code == 422
    assert "<h1>" not in response.content.decode()


def test_the_page_only_answers_get_and_head(client):
    response = client.post(reverse("payment_table"), {"rules": "wrc"})

    assert response.status_code == 405


def test_the_page_loads_htmx_from_the_site_and_sends_the_csrf_token(client):
    html = page(client).content.decode()

    assert '<script src="/static/django_htmx/htmx-2.min.js" defer></script>' in html
    assert '<body hx-headers=\'{"x-csrftoken": "' in html


def test_the_form_works_without_javascript(client):
    html = page(client).content.decode()

    assert 'method="get" action="/payment-table/"' in html
    assert 'hx-get="/payment-table/"' in html
    assert '<noscript><button type="submit">Show</button></noscript>' in html


@pytest.mark.django_db
def test_the_page_makes_no_database_query(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        page(client, "tenhou")
