"""Fixtures shared by every test folder. pytest-django provides `client`, `live_server`
and the database fixtures; each folder's conftest adds its own."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    """The engine's tests check against the real games and the rules reference in the shared
    folder beside the project: say so once, plainly, when it is not there."""
    try:
        import real_data  # noqa: F401
    except FileNotFoundError as error:
        raise pytest.UsageError(
            f"the shared data the tests check against is missing ({error.filename}); put the "
            "shared folder beside the project (../shared) or set SCOREKEEPER_SHARED"
        ) from None
