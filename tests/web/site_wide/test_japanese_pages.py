"""The whole site in Japanese: every page and partial (``site_pages.visits``, checked against
the URL conf so a new page cannot be forgotten), read by each persona with
``Accept-Language: ja``, shows no English word outside the allow-list below; the same pages
in English show no Japanese; and every one answers as its permissions say, never a 500.

A failure lists, page by page, the English words found: the list a translator works from.

The site is read once per persona and language (``crawl``), inside a transaction rolled back
at the end, so the tests stay fast and leave nothing behind."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, resolve, reverse

from tests.web.site_pages import Club, Visit, build_club, visible_text, visits

pytestmark = pytest.mark.django_db

PERSONAS = ("visitor", "alice", "bob", "charlie")
#: Who reads the site in English too: alice is let into every page and charlie is refused
#: them (the refusals' pages); a visitor and bob see pages among those.
IN_ENGLISH = ("alice", "charlie")

#: English words a Japanese page may show, and why.
ALLOWED = {
    # The language switcher names each language in itself.
    "English": "the switcher's English, written in English for those who read it",
    # The site's own name, a proper name kept as it is in every language.
    "Scorekeeper": "the site's name",
    # Presets named after bodies known by their initials in Japan too; the others have
    # Japanese names (天鳳, 雀魂, Mリーグ: the single letter M is not a word here).
    "EMA": "European Mahjong Association, written EMA in Japanese as well",
    # The EMA's ranking, known by its initials (Mahjong European Ranking System).
    "MERS": "the EMA's ranking, written MERS in Japanese as well",
    "WRC": "World Riichi Championship, written WRC in Japanese as well",
    # File formats, named as Japanese sites name them ("CSVでダウンロード").
    "CSV": "a file format",
    "JSON": "a file format",
    "xlsx": "a file format (the EMA's workbook)",
    "MB": "a unit (megabytes)",
    # A table's code for a phone's camera: a QR code is QRコード in Japanese.
    "QR": "the QR code, written QR in Japanese as well",
    # The API for bots: APIトークン; the chat services and the specification by their names.
    "API": "written API in Japanese as well",
    "OpenAPI": "a specification's name",
    "Discord": "a chat service's name",
    "Telegram": "a chat service's name",
}
#: Names of files, formats and commands, written as they are typed in any language.
TECHNICAL = re.compile(r"manage\.py(?: [a-z_]+)?|scorekeeper\.game/\d+|\.jsonl?\b")
#: An English word: two Latin letters or more (one letter, as in Mリーグ or a tile's 1m, is
#: not a word). Names of players and accounts are the club's (``Club.names``).
ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff01-\uff60]")


@dataclass(frozen=True)
class Seen:
    visit: Visit
    status: int
    #: What a reader sees: an HTML answer's visible text, a CSV file's header row.
    text: str


def _client(persona: str, language: str) -> Client:
    client = Client(headers={"Accept-Language": language})
    if persona != "visitor":
        client.force_login(get_user_model().objects.get(username=persona))
    return client


def _send(client: Client, visit: Visit) -> Seen:
    if visit.method == "POST":
        response = client.post(visit.url, visit.data or {}, headers=visit.headers)
    else:
        response = client.get(visit.url, visit.data or {}, headers=visit.headers)
    kind = response.get("Content-Type", "")
    if response.streaming:
        content = b"".join(response.streaming_content).decode()
    else:
        content = response.content.decode()
    text = ""
    if kind.startswith("text/html"):
        text = visible_text(content)
    elif kind.startswith("text/csv"):
        text = " ".join(next(csv.reader(io.StringIO(content.lstrip("\ufeff"))), []))
    return Seen(visit, response.status_code, text)


def _read_site(club: Club, persona: str, language: str) -> list[Seen]:
    """Every visit, the reads first; the writes then change the club, inside a savepoint
    rolled back so the next persona meets the same club."""
    client = _client(persona, language)
    every = visits(club)
    seen = [_send(client, v) for v in every if not v.writes]
    with transaction.atomic():
        seen += [_send(client, v) for v in every if v.writes]
        transaction.set_rollback(True)
    return seen


#: What each persona saw in each language.
Read = dict[tuple[str, str], list[Seen]]


@pytest.fixture(scope="module")
def crawl(django_db_setup, django_db_blocker) -> Iterator[tuple[Club, Read]]:
    with django_db_blocker.unblock(), transaction.atomic():
        club = build_club()
        read = {(p, "ja"): _read_site(club, p, "ja") for p in PERSONAS}
        read |= {(p, "en"): _read_site(club, p, "en") for p in IN_ENGLISH}
        transaction.set_rollback(True)
    yield club, read


# Who gets what.


def _access(visit: Visit) -> str | None:
    return getattr(resolve(visit.url.split("?")[0]).func, "access", None)


def expected_status(visit: Visit, persona: str) -> int:
    """The status ``persona`` gets: the visit's own for those the view lets in; where it
    needs a member or an organiser, a visitor is sent to log in (a form sent is refused,
    403) and the others are refused."""
    access = _access(visit)
    needs = {"is_member": {"alice", "bob"}, "is_organiser": {"alice"}}.get(access or "")
    if needs is None or persona in needs:
        return visit.status
    return 302 if persona == "visitor" and visit.method == "GET" else 403


# The URL conf, walked: every named view is visited.


def _names(resolver: URLResolver, namespace: str = "") -> set[str]:
    found: set[str] = set()
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            # Django's admin: Django's own tool, worded by Django's catalogues, not the club's.
            if entry.namespace != "admin":
                inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
                found |= _names(entry, inner)
        elif isinstance(entry, URLPattern) and entry.name:
            found.add(f"{namespace}{entry.name}")
    return found


def test_every_view_of_the_url_conf_is_visited(crawl):
    club, _ = crawl

    assert _names(get_resolver()) - {v.name for v in visits(club)} == set()


def test_the_club_has_one_of_everything_a_page_can_show(crawl):
    club, _ = crawl

    assert club.finished.status == "finished" and club.finished.penalties
    assert club.playing.is_open and club.playing.hand_count == 5
    assert club.paper.start is not None
    assert reverse("game_table", args=[club.playing.pk]) in {v.url for v in visits(club)}


@pytest.mark.parametrize("persona", PERSONAS)
def test_every_page_answers_as_its_permissions_say_in_japanese(crawl, persona):
    _, read = crawl
    wrong = [
        f"{s.visit.label}: {s.status}, expected {expected_status(s.visit, persona)}"
        for s in read[persona, "ja"]
        if s.status != expected_status(s.visit, persona)
    ]

    assert wrong == [], "\n".join(wrong)
    assert all(s.status < 500 for s in read[persona, "ja"])


# The words.


def english_words(text: str, names: frozenset[str]) -> list[str]:
    """The English words in ``text`` that are neither allowed nor someone's name."""
    found = set(ENGLISH_WORD.findall(TECHNICAL.sub(" ", text))) - set(ALLOWED) - names
    return sorted(found, key=str.lower)


def report(seen: list[Seen], names: frozenset[str]) -> list[str]:
    """One line per page with English on it: the page, then its English words."""
    lines = []
    for page in seen:
        words = english_words(page.text, names)
        if words:
            lines.append(f"{page.visit.label} ({page.status}): {' '.join(words)}")
    return lines


@pytest.mark.parametrize("persona", PERSONAS)
def test_no_page_shows_an_english_word_in_japanese(crawl, persona):
    club, read = crawl
    seen = read[persona, "ja"]
    lines = report(seen, club.names)
    words = {w for page in seen for w in english_words(page.text, club.names)}

    assert lines == [], (
        f"{len(lines)} pages show {len(words)} English words to {persona} in Japanese:\n"
        + "\n".join(lines)
    )


@pytest.mark.parametrize("persona", IN_ENGLISH)
def test_no_page_shows_japanese_in_english(crawl, persona):
    club, read = crawl
    # The club's own Japanese (names typed in Japanese) and the switcher's 日本語, longest
    # first so a name is taken whole.
    typed = sorted({"日本語", *club.typed}, key=len, reverse=True)
    leaks = []
    for page in read[persona, "en"]:
        text = page.text
        for words in typed:
            text = text.replace(words, " ")
        found = sorted(set(JAPANESE.findall(text)))
        if found:
            leaks.append(f"{page.visit.label}: {''.join(found)}")

    assert leaks == [], "\n".join(leaks)


def test_the_english_pages_are_read_at_all(crawl):
    """The reverse check is not empty: the English pages carry English words."""
    club, read = crawl

    assert all(
        english_words(s.text, club.names) for s in read["alice", "en"] if s.status == 200 and s.text
    )


# The reader's view of a page.


def test_only_what_a_reader_sees_is_read():
    html = (
        '<title>Title</title><script>var hidden = "Script";</script><style>p{}</style>'
        '<p class="Class" data-x="Data">Shown <b>bold</b></p><a title="Tip" href="/Link">'
        '<input type="submit" value="Send"><input type="text" value="Typed" placeholder="Hint">'
        '<img alt="Picture" src="Source"><span aria-label="Spoken"></span>'
        "<template><p>Later</p></template><button>Press</button><code>manage.py</code>"
    )

    words = set(visible_text(html).split())

    assert words == {"Title", "Shown", "bold", "Tip", "Send", "Hint", "Picture", "Spoken", "Press"}


def test_names_and_allowed_words_are_not_reported_but_other_english_is():
    names = frozenset({"Aki", "alice"})

    assert english_words("東1局 Aki alice 25,000点 EMA English", names) == []
    assert english_words("manage.py restore で復元、.jsonl ファイル", names) == []
    assert english_words("Riichi: Aki 3 han 30 fu", names) == ["fu", "han", "Riichi"]
