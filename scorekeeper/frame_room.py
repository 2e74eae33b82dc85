"""Room on the interpreter's frame stack for a whole request.

CPython 3.11 keeps the frames of Python calls on a stack of chunks of 16 KB. When a call
does not fit in what is left of a chunk, a new chunk is allocated for it, and it is freed as
soon as that call returns. Where a request's work happens to sit at a chunk's end, every
short call there (a template's variable, a tag, a filter: thousands for one page) allocates
a chunk and frees it again. Measured on the answer to a recorded hand: its template part
took 2.2 ms rendered at the depth the view calls it, and 0.8 ms when rendered a dozen calls
deeper, past the chunk's end (``tests/bench/test_bench_record_hand.py``).

``FrameRoomMiddleware`` calls the rest of the request through a function whose frame is
larger than any chunk of 16 KB can hold: that call always starts a chunk of its own (of
64 KB), which lives for the whole request, so the request's calls run in its 30 KB beyond
that frame instead of at the edge of whatever chunk they happened to reach. One
allocation a request instead of thousands. No library does this: it is about the
interpreter's own stack. The unused local names only size the frame; they are never set.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: Local names that size the frame: 4,200 of 8 bytes need more than 32 KB, so the chunk
#: made for the call is of 64 KB (chunks double from 16 KB until the frame fits).
_UNUSED_LOCALS = 4200


def _frame_with_room() -> Callable[[Callable[[Any], Any], Any], Any]:
    unused = "\n        ".join(f"_{number} = None" for number in range(_UNUSED_LOCALS))
    source = (
        "def call_with_room(get_response, request):\n"
        "    if False:\n"
        f"        {unused}\n"
        "    return get_response(request)\n"
    )
    namespace: dict[str, Any] = {}
    exec(compile(source, __name__, "exec"), namespace)
    made: Callable[[Callable[[Any], Any], Any], Any] = namespace["call_with_room"]
    return made


call_with_room = _frame_with_room()


class FrameRoomMiddleware:
    """First of the middleware: the request runs in a frame-stack chunk of its own."""

    def __init__(self, get_response: Callable[[Any], Any]) -> None:
        self.get_response = get_response

    def __call__(self, request: Any) -> Any:
        return call_with_room(self.get_response, request)
