"""Playwright on Debian's chromium (`apt-get install chromium`), against pytest-django's
live server. Without chromium the browser tests are skipped, unless
SCOREKEEPER_REQUIRE_BROWSER=1 (as in CI), where they fail."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

# Playwright's sync API runs an event loop in the test thread; the live server's database
# access from that thread is still synchronous.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session", autouse=True)
def _chromium_installed() -> None:
    if CHROMIUM.exists():
        return
    message = f"{CHROMIUM} not found: install Debian's chromium (apt-get install -y chromium)"
    if os.environ.get("SCOREKEEPER_REQUIRE_BROWSER") == "1":
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {
        **browser_type_launch_args,
        "executable_path": str(CHROMIUM),
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    }


@pytest.fixture
def artifacts() -> Path:
    """Where screenshots go, to look at after a run."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
