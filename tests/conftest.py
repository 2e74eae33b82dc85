"""Fixtures shared by every test folder. pytest-django provides `client`, `live_server`
and the database fixtures; each folder's conftest adds its own."""
