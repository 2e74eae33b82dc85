"""How the real server starts: the site loaded and warmed in gunicorn's master, before its
workers are forked (``scorekeeper/gunicorn.conf.py``)."""

from __future__ import annotations

import re

from tests.server.harness import ROOT, Phone, Server


def test_the_master_compiles_every_template_of_the_site_before_forking(server: Server):
    templates = sorted((ROOT / "templates").rglob("*.html"))

    log = server.log.read_text()
    warmed = re.findall(r"Site warmed up: (\d+) templates compiled", log)

    assert warmed and all(int(count) == len(templates) > 20 for count in warmed)
    # Once for each start of the server (another test restarts it), in the master: not
    # again in each of its workers.
    assert len(warmed) == log.count("Starting gunicorn")


def test_the_server_does_not_name_itself_and_sends_the_content_security_policy(server: Server):
    for path in ("/", "/static/css/site.css", "/nowhere/"):
        answer = Phone(server).get(path)

        assert answer.status in (200, 404), path
        assert "Server" not in answer.headers, path
        assert answer.headers["Content-Security-Policy"].startswith("default-src 'self'"), path


def test_the_service_worker_keeps_the_static_files_by_their_hashed_names(server: Server):
    worker = Phone(server).get("/sw.js")
    kept = re.findall(r'"(/static/[^"]+)"', worker.body)

    assert worker.status == 200
    assert any(re.fullmatch(r"/static/js/outbox\.[0-9a-f]{12}\.js", path) for path in kept)
    assert all(Phone(server).get(path).status == 200 for path in kept[:5])
