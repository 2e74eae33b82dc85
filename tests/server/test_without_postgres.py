"""Where no PostgreSQL answers, the tests that need it are skipped with the way to run
them, or fail where CI requires them."""

from __future__ import annotations

import pytest

from tests.server.harness import require_postgres

#: A port nothing listens on.
NOWHERE = "postgres://postgres@127.0.0.1:1"


def test_a_missing_postgresql_skips_saying_how_to_run_the_tests(monkeypatch):
    monkeypatch.delenv("SCOREKEEPER_REQUIRE_POSTGRES", raising=False)
    with pytest.raises(pytest.skip.Exception, match=r"start PostgreSQL there .* `make test`"):
        require_postgres(NOWHERE)


def test_a_missing_postgresql_fails_where_ci_requires_it(monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_REQUIRE_POSTGRES", "1")
    with pytest.raises(pytest.fail.Exception, match="no PostgreSQL answers"):
        require_postgres(NOWHERE)
