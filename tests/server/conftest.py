"""A real gunicorn for the tests in this folder, once per database kind: PostgreSQL (a
fresh database on 127.0.0.1:5432, dropped afterwards) and SQLite (a file in WAL mode).
Loopback only; each test keeps its own time bound."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.server.harness import Server, served


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "server: tests against a real gunicorn over HTTP")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/server/" in str(item.fspath):
            item.add_marker(pytest.mark.server)
            item.add_marker(pytest.mark.xdist_group("server"))


@pytest.fixture(scope="session", params=["postgres", "sqlite"])
def server(request: pytest.FixtureRequest) -> Iterator[Server]:
    """A running server with a member account, ``bob``."""
    with served(request.param) as running:
        yield running
