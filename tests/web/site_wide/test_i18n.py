"""The site in Japanese and English: the catalogue complete and compiled, the language from
the browser or from the switcher, remembered."""

from __future__ import annotations

from pathlib import Path

import polib
import pytest
from django.conf import settings

from scorekeeper.club.management.commands.compile_translations import catalogues

pytestmark = pytest.mark.django_db


def test_there_is_a_japanese_catalogue():
    assert [path.parts[-3] for path in catalogues()] == ["ja"]


@pytest.mark.parametrize("po_path", catalogues(), ids=lambda path: path.parts[-3])
def test_every_message_is_translated_and_none_is_fuzzy(po_path: Path):
    catalogue = polib.pofile(str(po_path))

    assert [entry.msgid for entry in catalogue.untranslated_entries()] == []
    assert [entry.msgid for entry in catalogue.fuzzy_entries()] == []


@pytest.mark.parametrize("po_path", catalogues(), ids=lambda path: path.parts[-3])
def test_the_compiled_catalogue_is_the_one_the_site_reads(po_path: Path):
    """The .mo beside the .po holds the same messages (`make messages` writes both)."""
    source = polib.pofile(str(po_path))
    compiled = polib.mofile(str(po_path.with_suffix(".mo")))

    def messages(catalogue: polib._BaseFile) -> dict[tuple[str, str], str]:
        return {
            (entry.msgctxt or "", entry.msgid): entry.msgstr or repr(entry.msgstr_plural)
            for entry in catalogue
            if not entry.obsolete
        }

    assert messages(compiled) == messages(source), "run `make messages` to compile it again"


def test_the_browser_language_chooses_the_page_language(client):
    english = client.get("/", headers={"accept-language": "en-GB,en;q=0.9"})
    japanese = client.get("/", headers={"accept-language": "ja,en;q=0.5"})

    assert english["Content-Language"] == "en"
    assert '<html lang="en">' in english.content.decode()
    assert japanese["Content-Language"] == "ja"
    assert '<html lang="ja">' in japanese.content.decode()


def test_a_language_chosen_on_the_site_is_remembered_over_the_browser(client):
    response = client.post("/i18n/setlang/", {"language": "ja", "next": "/history/"})

    assert response.status_code == 302
    assert response["Location"] == "/history/"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "ja"
    later = client.get("/", headers={"accept-language": "en"})
    assert later["Content-Language"] == "ja"


def test_an_unknown_language_or_an_outside_address_changes_nothing_harmful(client):
    response = client.post("/i18n/setlang/", {"language": "xx", "next": "https://evil.example/"})

    assert response.status_code == 302
    assert response["Location"] == "/"
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies


def test_the_live_board_is_a_new_version_in_another_language(client, game):
    """A browser that switches language must not be told its English page is still good."""
    url = f"/games/{game.pk}/live/board/"
    english = client.get(url, headers={"accept-language": "en"})
    japanese = client.get(url, headers={"accept-language": "ja"})

    assert english["ETag"] != japanese["ETag"]
    again = client.get(url, headers={"accept-language": "ja", "if-none-match": english["ETag"]})
    assert again.status_code == 200


def test_every_page_offers_the_languages_each_named_in_itself(client):
    page = client.get("/history/", headers={"accept-language": "ja"}).content.decode()

    assert 'action="/i18n/setlang/"' in page
    assert '<input type="hidden" name="next" value="/history/">' in page
    assert 'value="en" lang="en">English</button>' in page
    assert 'value="ja" lang="ja" aria-pressed="true">日本語</button>' in page
