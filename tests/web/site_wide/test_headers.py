"""The headers every answer carries: a Content-Security-Policy that allows only the site's
own scripts and styles (and the 500 page's one style block, by its digest), which fits every
page and partial of the site (no inline script, no style or event attribute); HSTS preloading
only with a year's max-age. Gunicorn's ``Server`` header: ``tests/server/test_startup.py``."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.db import transaction
from django.test import Client
from django.urls import reverse

from scorekeeper.headers import HEADER, content_security_policy, inline_style_hashes
from tests.web.conftest import PASSWORD
from tests.web.site_pages import build_club, visits
from tests.web.site_wide.test_security import _production_env, manage

ROOT = Path(__file__).resolve().parents[3]


class _Inline(HTMLParser):
    """What a page holds that a policy of the site's own files would refuse."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self._script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = {name for name, _ in attrs}
        if tag == "script" and "src" not in names:
            self._script = True
        if tag == "style":
            self.found.append("<style>")
        self.found += [f"{tag} {name}=" for name in names if name == "style" or name[:2] == "on"]
        self.found += [
            f"{tag} {name}={value}"
            for name, value in attrs
            if name in ("href", "src", "action") and (value or "").startswith("javascript:")
        ]
        self.found += [f"{tag} {name}" for name in names if name.startswith("hx-on")]

    def handle_data(self, data: str) -> None:
        if self._script and data.strip():
            self.found.append(f"<script>{data[:40]}")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._script = False


def inline_parts(html: str) -> list[str]:
    parser = _Inline()
    parser.feed(html)
    return parser.found


def test_the_policy_allows_only_the_sites_own_scripts_and_styles():
    policy = content_security_policy()

    assert "script-src 'self';" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert "frame-ancestors 'none'" in policy and "object-src 'none'" in policy
    assert "base-uri 'none'" in policy and "form-action 'self'" in policy


@pytest.mark.django_db
def test_every_page_and_partial_carries_the_policy_and_holds_nothing_it_refuses(db):
    with transaction.atomic():
        club = build_club()
        alice = Client()
        assert alice.login(username="alice", password=PASSWORD)
        checked = 0
        for visit in visits(club):
            if visit.writes:
                continue
            method = alice.post if visit.method == "POST" else alice.get
            response = method(visit.url, visit.data or {}, headers=visit.headers)
            assert response[HEADER] == content_security_policy(), visit.label
            if "html" in response.get("Content-Type", ""):
                body = b"".join(response) if response.streaming else response.content
                assert inline_parts(body.decode()) == [], visit.label
                checked += 1
        transaction.set_rollback(True)
    assert checked > 40


@pytest.mark.django_db
def test_the_admin_and_the_error_pages_carry_it_and_hold_nothing_it_refuses(admin_client, client):
    for url in (reverse("admin:index"), reverse("admin:club_game_changelist")):
        response = admin_client.get(url)
        assert response[HEADER] == content_security_policy()
        assert inline_parts(response.content.decode()) == [], url
    missing = client.get("/nowhere/")
    assert missing.status_code == 404 and missing[HEADER] == content_security_policy()


def test_the_500_pages_one_style_block_is_allowed_by_its_digest():
    hashes = inline_style_hashes(Path(settings.BASE_DIR) / "templates" / "500.html")

    assert len(hashes) == 1
    assert f"style-src 'self' {hashes[0]};" in content_security_policy()
    assert inline_style_hashes(ROOT / "templates" / "base.html") == []


def test_htmx_is_told_not_to_add_its_indicator_style(client, db):
    page = client.get(reverse("payment_table")).content.decode()

    assert '<meta name="htmx-config" content=\'{"includeIndicatorStyles": false}\'>' in page


# HSTS.


def _hsts(**env: str) -> str:
    code = (
        "from django.conf import settings as s; "
        "print(s.SECURE_HSTS_SECONDS, s.SECURE_HSTS_PRELOAD, s.SECURE_HSTS_INCLUDE_SUBDOMAINS)"
    )
    result = manage("shell", "-c", code, env=_production_env(**env))
    return result.stdout.strip().splitlines()[-1] if result.returncode == 0 else result.stderr


def test_hsts_is_preloaded_only_with_a_years_max_age():
    assert _hsts() == "31536000 True True"
    assert _hsts(DJANGO_HSTS_SECONDS="3600") == "3600 False True"
    assert _hsts(DJANGO_HSTS_SECONDS="3600", DJANGO_HSTS_PRELOAD="0") == "3600 False True"
    refused = _hsts(DJANGO_HSTS_SECONDS="3600", DJANGO_HSTS_PRELOAD="1")
    assert "preloading needs a max-age of a year (31536000) or more" in refused
    assert _hsts(DJANGO_HTTPS="0") == "0 False True"
