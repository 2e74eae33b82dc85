"""Fixtures shared by every test folder. pytest-django provides `client`, `live_server`
and the database fixtures; each folder's conftest adds its own. The data the tests check
against lives in `tests/data` (see its README for the sources)."""
