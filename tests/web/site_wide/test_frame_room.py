"""The request runs in a chunk of the interpreter's frame stack of its own
(``scorekeeper.frame_room``): the call that carries it has a frame larger than the 16 KB of
a chunk, so it always starts a new one, and it is the first of the middleware."""

from django.conf import settings
from django.test import Client

from scorekeeper.frame_room import call_with_room

#: CPython's chunk of frame stack, in bytes (``DATA_STACK_CHUNK_SIZE``).
CHUNK = 16 * 1024


def test_the_call_carrying_a_request_has_a_frame_larger_than_two_chunks():
    # 8 bytes a local name: larger than 32 KB, the chunk made for it is of 64 KB.
    assert call_with_room.__code__.co_nlocals * 8 > 2 * CHUNK


def test_the_frame_room_is_the_first_middleware():
    assert settings.MIDDLEWARE[0] == "scorekeeper.frame_room.FrameRoomMiddleware"


def test_a_page_is_served_through_it(db):
    response = Client().get("/")

    assert response.status_code == 200
