"""Fixtures shared by every test folder. pytest-django provides `client`, `live_server`
and the database fixtures; each folder's conftest adds its own. The data the tests check
against lives in `tests/data` (see its README for the sources)."""

import os
from collections.abc import Iterator

import hypothesis
import pytest
from django.conf import settings
from django.utils import translation

# CI runs the property and fuzz tests on a fixed set of examples, so a landing is never refused
# by a draw no one can repeat; `make test` on a laptop keeps drawing new ones, and that is where
# the fuzzing finds things.
hypothesis.settings.register_profile("ci", derandomize=True, database=None)
hypothesis.settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(autouse=True)
def site_language() -> Iterator[None]:
    """Each test starts in the site's default language: a request in Japanese leaves its
    language active in the thread, which later tests would otherwise inherit."""
    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)
