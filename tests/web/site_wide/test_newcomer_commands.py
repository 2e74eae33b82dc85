"""What the README tells a newcomer holds: `make run` takes a port, and the formats and
rules it names are in the repository."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_run_serves_on_the_port_given():
    shown = subprocess.run(
        ["make", "-n", "run", "PORT=8080"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout

    assert "runserver 127.0.0.1:8080" in shown
    assert "make run PORT=8080" in (ROOT / "README.md").read_text()


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_run_serves_the_clubs_phones_on_the_host_given():
    def shown(*arguments):
        return subprocess.run(
            ["make", "-n", "run", *arguments], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout

    beyond = shown("HOST=0.0.0.0")
    # Phones name the laptop by its address on the network: the site must answer to it.
    allowed = r'DJANGO_ALLOWED_HOSTS="\$\{DJANGO_ALLOWED_HOSTS:-\*\}" '
    served = allowed + r"\S+ manage.py runserver 0.0.0.0:8000"
    assert re.search(served, beyond)
    alone = shown()
    assert "runserver 127.0.0.1:8000" in alone and "DJANGO_ALLOWED_HOSTS" not in alone
    readme = (ROOT / "README.md").read_text()
    assert "make run HOST=0.0.0.0" in readme and "What that exposes" in readme
    assert "What the test run skips" in readme and "--benchmark-enable" in readme


def test_every_document_the_readme_names_in_docs_is_there():
    readme = (ROOT / "README.md").read_text()
    named = set(re.findall(r"`docs/([\w./-]+\.(?:md|json))`", readme))

    assert {"RULES.md", "game-record.md", "log-import.md", "hand.md"} <= named
    for name in named:
        assert (ROOT / "docs" / name).is_file(), name
