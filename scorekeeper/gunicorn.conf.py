"""Gunicorn settings for `make serve-prod` (``gunicorn -c scorekeeper/gunicorn.conf.py``).

WEB_CONCURRENCY    worker processes; default 2 x CPU cores + 1
GUNICORN_THREADS   threads per worker; default 4
GUNICORN_BIND      address to listen on; default 127.0.0.1:8000 (a reverse proxy in front)
GUNICORN_TIMEOUT   seconds a worker may go without answering the master's heartbeat before it
                   is replaced; default 30. Not a bound on a request: a threaded worker
                   answers the heartbeat while a thread works, however long
GUNICORN_ACCESS_LOG  1: a line per request on stderr; default off (the proxy logs them)

Threads let a worker keep serving while a phone on bad Wi-Fi sends its request slowly; a
buffering reverse proxy (nginx, Caddy) in front is still the real cure for slow clients.
Each thread holds its own database connection (``CONN_MAX_AGE``), so PostgreSQL sees up to
workers x threads connections per app server.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
from typing import Any


def _int(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    if not raw.isdigit() or int(raw) < 1:
        raise SystemExit(f"{name}={raw!r}: expected a whole number, 1 or more")
    return int(raw)


def _flag(name: str) -> bool:
    raw = os.environ.get(name, "").strip()
    if raw not in ("", "0", "1"):
        raise SystemExit(f"{name}={raw!r}: expected 1 or 0")
    return raw == "1"


wsgi_app = "scorekeeper.wsgi"
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000").split(",")
workers = _int("WEB_CONCURRENCY", 2 * multiprocessing.cpu_count() + 1)
worker_class = "gthread"
threads = _int("GUNICORN_THREADS", 4)
timeout = _int("GUNICORN_TIMEOUT", 30)
graceful_timeout = 20
# No keep-alive: a connection is closed after its answer, so that each request goes to
# whichever worker is free. With keep-alive, a busy table's connections stay with the worker
# that first took them, and under load one worker (one core, for Python) does most of the
# work while the others wait. Between the phones and the proxy in front, keep-alive is the
# proxy's own (nginx and Caddy do not keep connections to the app open by default anyway).
keepalive = 0
# Load the site once in the master, before the workers are forked: a worker that replaces
# another starts with Django and the site already loaded instead of importing them while
# phones wait.
preload_app = True


def when_ready(server: Any) -> None:
    """In the master, once the site is loaded: its views and templates too (``warm_up``)."""
    if server.cfg.preload_app:
        from scorekeeper.warmup import warm_up

        server.log.info("Site warmed up: %d templates compiled", warm_up())


def pre_fork(server: Any, worker: Any) -> None:
    """Before each worker is forked: what the master has loaded is put out of the garbage
    collector's sight (``gc.freeze``). Otherwise each full collection in a worker walks all
    of it (Django, the site, the compiled templates) while every thread of the worker
    waits, which made the slowest hands of the server bench. Walking it would also unshare
    the memory the workers share with the master."""
    gc.collect()
    gc.freeze()


# Replace each worker now and then, at different times, so slow leaks cannot build up; not
# so often that a busy club night keeps paying for workers starting cold (a new worker
# renders each template and form once before it has them in memory).
max_requests = 20000
max_requests_jitter = 2000
# Logs to stderr, for the service manager (systemd, docker) to keep: errors always; each
# request only with GUNICORN_ACCESS_LOG=1, since the reverse proxy in front already logs
# every request (and writing its line costs gunicorn CPU on every hand).
accesslog = "-" if _flag("GUNICORN_ACCESS_LOG") else None
errorlog = "-"
loglevel = "info"
# Refuse absurd request lines and headers before Django sees them.
limit_request_line = 8190
limit_request_fields = 100
# Gunicorn 24+ opens a control socket at one fixed path per user, which two servers on one
# machine (a second club, the tests) would fight over; nothing here uses it.
control_socket_disable = True


def _without_server_header() -> None:
    """Gunicorn names itself and nothing else in a ``Server`` header on every answer, with no
    setting to leave it out: its answers lose the line here, in the master, before the
    workers are forked. What runs the site is nobody's business but its organisers'."""
    from gunicorn.http import wsgi

    headers = wsgi.Response.default_headers

    def default_headers(self: Any) -> list[str]:
        return [line for line in headers(self) if not line.startswith("Server:")]

    wsgi.Response.default_headers = default_headers


_without_server_header()
