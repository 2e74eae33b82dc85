"""The site's settings, with the floor view's address added (``floor``): for the server bench's
second server, which serves the floor through gunicorn."""

from scorekeeper.settings import *  # noqa: F403

ROOT_URLCONF = "tests.bench.floor"
