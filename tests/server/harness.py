"""A real server for the tests: gunicorn with the production settings on a free loopback
port, its own database (a fresh PostgreSQL database, or a SQLite file in WAL mode), and
phones that talk to it over HTTP with a session cookie and a CSRF token.

Used by ``tests/server`` (races, crashes) and ``tests/bench/test_bench_server.py``.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from html.parser import HTMLParser
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
POSTGRES = "postgres://postgres@127.0.0.1:5432"
PASSWORD = "riichi-tsumo-pinfu-7"
START_POINTS = 25000


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def require_postgres(server: str = POSTGRES) -> None:
    """Skip the test that needs PostgreSQL where none answers at ``server``, saying how to
    run it; fail it instead under ``SCOREKEEPER_REQUIRE_POSTGRES=1`` (as in CI, ``.ci/run``),
    as the browser tests do without chromium."""
    import psycopg

    try:
        with psycopg.connect(f"{server}/postgres", connect_timeout=3):
            return
    except psycopg.OperationalError:
        pass
    message = (
        f"no PostgreSQL answers at {server}: the tests against a real server on PostgreSQL "
        "are skipped. To run them, start PostgreSQL there with a user postgres that needs "
        "no password (apt-get install postgresql; service postgresql start) and run "
        "`make test` again; CI requires them (SCOREKEEPER_REQUIRE_POSTGRES=1)."
    )
    if os.environ.get("SCOREKEEPER_REQUIRE_POSTGRES") == "1":
        pytest.fail(message)
    pytest.skip(message)


def _postgres(sql: str) -> None:
    import psycopg

    with psycopg.connect(f"{POSTGRES}/postgres", autocommit=True) as conn:
        conn.execute(sql)  # type: ignore[arg-type]


class Server:
    """One gunicorn and its database. ``start`` migrates on first use; ``kill`` is SIGKILL
    to the master and every worker at once (a power cut, as far as the app can tell)."""

    def __init__(
        self,
        backend: str,
        *,
        workers: int | None = 4,
        threads: int = 4,
        settings: str | None = None,
    ) -> None:
        self.backend = backend
        self.folder = Path(tempfile.mkdtemp(prefix=f"scorekeeper-{backend}-"))
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.log = self.folder / "gunicorn.log"
        if backend == "postgres":
            require_postgres()
            self.database = f"scorekeeper_server_{os.getpid()}_{self.port}"
            _postgres(f'CREATE DATABASE "{self.database}"')
            url = f"{POSTGRES}/{self.database}"
        else:
            self.database = str(self.folder / "club.sqlite3")
            url = f"sqlite:///{self.database}"
        # The production settings, as `make serve-prod` would have them, over plain http.
        self.env = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith(("DJANGO_", "PYTEST", "GUNICORN_", "WEB_CONCURRENCY"))
        }
        self.env |= {
            "DATABASE_URL": url,
            "DJANGO_SECRET_KEY": f"server-test-{os.getpid()}-" + "k3y" * 16,
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
            "DJANGO_HTTPS": "0",
            "DJANGO_STATIC_ROOT": str(self.folder / "static"),
            "DJANGO_CACHE_DIR": str(self.folder / "cache"),
            "DJANGO_LOG_LEVEL": "WARNING",
            "GUNICORN_BIND": f"127.0.0.1:{self.port}",
            "GUNICORN_THREADS": str(threads),
        }
        if settings is not None:  # the site's own settings unless told
            self.env["DJANGO_SETTINGS_MODULE"] = settings
        # None: gunicorn.conf.py's own default, 2 x cores + 1.
        if workers is not None:
            self.env["WEB_CONCURRENCY"] = str(workers)
        try:
            self.manage("migrate", "--noinput")
            self.manage("collectstatic", "--noinput")
        except BaseException:
            self.close()
            raise

    # Commands against the server's database.

    def manage(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        result = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        if check and result.returncode != 0:
            raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{result.stderr}")
        return result

    def django(self, code: str) -> Any:
        """Run ``code`` with Django set up against the server's database; it leaves its
        answer in ``result``, which comes back through JSON."""
        script = (
            "import django, json, os\n"
            "os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'scorekeeper.settings')\n"
            "django.setup()\n" + code + "\nprint('RESULT=' + json.dumps(result))\n"
        )
        done = subprocess.run(
            [sys.executable, "-c", script],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        if done.returncode != 0:
            raise RuntimeError(done.stderr)
        line = [x for x in done.stdout.splitlines() if x.startswith("RESULT=")][-1]
        return json.loads(line.removeprefix("RESULT="))

    def add_member(self, username: str) -> None:
        self.django(
            "from django.contrib.auth import get_user_model\n"
            "from scorekeeper.registry.permissions import make_member\n"
            f"user = get_user_model().objects.create_user({username!r}, password={PASSWORD!r})\n"
            "make_member(user)\nresult = user.pk"
        )

    def add_games(self, count: int) -> list[int]:
        return list(
            self.django(
                "from scorekeeper.club.models import Player\n"
                "from scorekeeper.table.services.games import start_game\n"
                "from scoring.rules import PRESETS\n"
                "players = [Player.objects.get_or_create(name=n)[0] "
                "for n in ('Aki', 'Ben', 'Chie', 'Dan')]\n"
                "result = [start_game(rules=PRESETS['tenhou'], ruleset_name='tenhou', "
                f"players=players, table_label=f'Table {{i + 1}}').pk for i in range({count})]"
            )
        )

    def games(self, ids: list[int]) -> dict[int, dict[str, Any]]:
        """Each game as stored: hand count, sequences of its hands, scores, sticks."""
        rows = self.django(
            "from scorekeeper.club.models import Game\n"
            "result = {g.pk: {'hand_count': g.hand_count, 'state': g.state, 'status': g.status,"
            " 'sequences': sorted(g.hands.values_list('sequence', flat=True)),"
            " 'hands': list(g.hands.order_by('sequence').values_list('data', flat=True))}"
            f" for g in Game.objects.filter(pk__in={list(ids)!r})}}"
        )
        return {int(pk): row for pk, row in rows.items()}

    # The server process.

    @property
    def address(self) -> tuple[str, int]:
        return ("127.0.0.1", self.port)

    def start(self, timeout: float = 30) -> None:
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [str(BIN / "gunicorn"), "-c", "scorekeeper/gunicorn.conf.py"],
                cwd=ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group: master and workers
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited:\n{self.log.read_text()[-3000:]}")
            try:
                if Phone(self).get("/accounts/login/").status == 200:
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"gunicorn did not answer in {timeout} s:\n{self.log.read_text()}")

    def kill(self) -> None:
        """SIGKILL to the whole process group at once: nothing gets to clean up."""
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)
        self._wait_for_workers()

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
        self._wait_for_workers()

    def _wait_for_workers(self) -> None:
        """The workers are gone once nothing in the group is left to signal."""
        assert self.process is not None
        for _ in range(100):
            try:
                os.killpg(self.process.pid, 0)
            except ProcessLookupError:
                return
            time.sleep(0.05)

    def close(self) -> None:
        self.stop()
        if self.backend == "postgres":
            _postgres(f'DROP DATABASE IF EXISTS "{self.database}" WITH (FORCE)')
        shutil.rmtree(self.folder, ignore_errors=True)

    def errors_logged(self) -> list[str]:
        text = self.log.read_text(errors="replace")
        return [
            line
            for line in text.splitlines()
            if "Traceback" in line or "Internal Server Error" in line or " 500 " in line
        ]


@contextmanager
def served(backend: str, **options: Any) -> Iterator[Server]:
    """A running server (``Server(backend, **options)``) with a member account, ``bob``;
    stopped, and its database dropped, afterwards."""
    running = Server(backend, **options)
    try:
        running.add_member("bob")
        running.start()
        yield running
    finally:
        running.close()


@dataclass
class Response:
    status: int
    headers: dict[str, str]
    body: str

    def sequence(self) -> int | None:
        """The sequence number the table's hand form carries (the game's hand count)."""
        match = re.search(r'name="sequence" value="(\d+)"', self.body)
        return int(match[1]) if match else None


@dataclass
class Phone:
    """One phone: a keep-alive connection, its cookies, and the CSRF token."""

    server: Server
    cookies: dict[str, str] = field(default_factory=dict)
    timeout: float = 30
    reconnects: int = 0
    _conn: http.client.HTTPConnection | None = None

    def twin(self) -> Phone:
        """Another phone logged in to the same account (shares the session cookie)."""
        return Phone(self.server, dict(self.cookies), self.timeout)

    def _send(self, method: str, path: str, body: str | None, headers: dict[str, str]) -> Any:
        if self._conn is None:
            self._conn = http.client.HTTPConnection(*self.server.address, timeout=self.timeout)
        self._conn.request(method, path, body=body, headers=headers)
        return self._conn.getresponse()

    def request(
        self,
        method: str,
        path: str,
        form: dict[str, Any] | list[tuple[str, str]] | None = None,
        headers: dict[str, str] | None = None,
    ) -> Response:
        body = urlencode(form, doseq=True) if form is not None else None
        sent = {"Host": f"127.0.0.1:{self.server.port}", **(headers or {})}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if body is not None:
            sent["Content-Type"] = "application/x-www-form-urlencoded"
            if "csrftoken" in self.cookies:
                sent["X-CSRFToken"] = self.cookies["csrftoken"]
        try:
            raw = self._send(method, path, body, sent)
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            # A kept-alive connection the server had just closed: send again on a new one.
            # Safe for a hand too: a repeat carries the same sequence and is refused.
            self.close()
            self.reconnects += 1
            raw = self._send(method, path, body, sent)
        data = raw.read().decode("utf-8", errors="replace")
        for value in raw.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(value).items():
                if morsel["max-age"] == "0" or not morsel.value:
                    self.cookies.pop(name, None)
                else:
                    self.cookies[name] = morsel.value
        if raw.getheader("Connection", "").lower() == "close":
            self.close()
        return Response(raw.status, dict(raw.headers.items()), data)

    def get(self, path: str, **headers: str) -> Response:
        return self.request("GET", path, headers=headers)

    def post(
        self, path: str, form: dict[str, Any] | list[tuple[str, str]], **headers: str
    ) -> Response:
        return self.request("POST", path, form, headers)

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def log_in(self, username: str) -> Phone:
        page = self.get("/accounts/login/")
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.body)
        assert token, page.body[:500]
        form = {"username": username, "password": PASSWORD, "csrfmiddlewaretoken": token[1]}
        done = self.post("/accounts/login/", form)
        assert done.status == 302, (done.status, done.body[:500])
        assert "sessionid" in self.cookies
        return self


HTMX = {"HX-Request": "true"}


class FormError(ValueError):
    """A page without the hand form a phone expected, or a form without a choice it taps."""


class _Inputs(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.form: dict[str, str] = {}
        self.inputs: list[dict[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if tag == "form":
            self.form = values
        elif tag == "input":
            self.inputs.append(values)

    handle_startendtag = handle_starttag


_INPUT_TAG = re.compile(r"<input\b[^>]*>")
_SEQUENCE = re.compile(r'<input type="hidden" name="sequence" value="(\d+)"')


@dataclass(frozen=True)
class HandFormPage:
    """The hand form as a page rendered it: where it posts, what a browser sends untouched
    (the hidden fields, the choices already checked) and the choices of the groups a phone
    taps."""

    action: str
    fields: list[tuple[str, str]]
    choices: dict[str, set[str]]

    @classmethod
    def read(cls, page: str, groups: tuple[str, ...]) -> HandFormPage:
        """The hand form of ``page`` (the table, or the part of it an htmx answer swaps in).
        Only the ``<input>`` tags a phone sends or may tap (``groups``) are parsed: the
        phones run on the same cores as the server, and parsing every chip of the form
        would cost them about as much as the server spends recording the hand."""
        start = page.find('<form id="hand-form"')
        end = page.find("</form>", start)
        if start < 0 or end < 0:
            raise FormError(f"no hand form in the page: {page[:300]!r}")
        needles = ('type="hidden"', " checked", *(f'name="{name}"' for name in groups))
        parser = _Inputs()
        parser.feed(page[start : page.index(">", start) + 1])
        parser.feed(
            "".join(
                tag
                for tag in _INPUT_TAG.findall(page, start, end)
                if any(needle in tag for needle in needles)
            )
        )
        parser.close()
        fields = [
            (item["name"], item.get("value", "on"))
            for item in parser.inputs
            if item.get("name")
            and item["name"] not in groups
            and (item.get("type") == "hidden" or "checked" in item)
        ]
        choices = {
            name: {item.get("value", "on") for item in parser.inputs if item.get("name") == name}
            for name in groups
        }
        return cls(parser.form.get("action", ""), fields, choices)

    def after(self, answer: str, groups: tuple[str, ...]) -> HandFormPage:
        """The form a phone holds after the htmx answer to a hand: the answer's form, or,
        where the answer leaves the phone's form in place, this one reset (as the page's
        script does) at the answer's number of hands."""
        if '<form id="hand-form"' in answer:
            return HandFormPage.read(answer, groups)
        found = _SEQUENCE.search(answer)
        if found is None:
            raise FormError(f"neither a hand form nor its number of hands: {answer[:300]!r}")
        fields = [(n, found[1] if n == "sequence" else v) for n, v in self.fields]
        return HandFormPage(self.action, fields, self.choices)

    @property
    def sequence(self) -> int:
        return int(dict(self.fields)["sequence"])

    def tap(self, taps: dict[str, str | list[str]]) -> list[tuple[str, str]]:
        """What the browser sends once a player has tapped ``taps`` (each group set to
        exactly these choices)."""
        sent = list(self.fields)
        for name, chosen in taps.items():
            for value in [chosen] if isinstance(chosen, str) else chosen:
                if value not in self.choices.get(name, ()):
                    raise FormError(
                        f"the hand form has no choice {name}={value!r}: "
                        f"{sorted(self.choices.get(name, ()))}"
                    )
                sent.append((name, value))
        return sent


def hand_form(sequence: int) -> dict[str, Any]:
    """The hand numbered ``sequence`` in the tests' games: an exhaustive draw with the
    dealer (East, who keeps the deal) and one other player tenpai; the dealer declares
    riichi every fourth hand. Points move (noten payments) and sticks pile up, yet nobody
    drops below zero within 46 hands (each of South, West and North loses 1500 points
    every three), so a game never ends under the tests."""
    other = 1 + sequence % 3
    form: dict[str, Any] = {
        "sequence": str(sequence),
        "outcome": "draw",
        "tenpai": ["0", str(other)],
    }
    if sequence % 4 == 0:
        form["riichi"] = ["0"]
    return form


def hand_record(sequence: int) -> dict[str, Any]:
    """The same hand as the game record stores it."""
    form = hand_form(sequence)
    record: dict[str, Any] = {"draw": {"tenpai": [0, int(form["tenpai"][1])]}}
    if "riichi" in form:
        record = {"riichi": [0], **record}
    return record


def conserved(state: dict[str, Any]) -> bool:
    """Points are conserved: the scores and the riichi sticks on the table add up to the
    starting points of the four players."""
    return sum(state["scores"]) + 1000 * state["sticks"] == 4 * START_POINTS
