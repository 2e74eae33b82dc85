"""The site's cache: Django's file cache, which makes room only now and then.

Django's ``FileBasedCache`` lists every file of its folder on each write, to see whether it
holds more than ``MAX_ENTRIES``. A table writes on every hand (the game's replay, kept for
the table page and the chart the phone fetches next), and a club's evening leaves the folder
with about the thousand files it may hold: the listing then cost more than the rest of
recording the hand. Here each cache object (Django makes one per thread) looks over the
folder on its first write and then on every ``CULL_EVERY``-th; between two looks the folder
may hold that many more entries per thread than ``MAX_ENTRIES`` (which is at least three
rounds of writes: a look over a full folder deletes a third of it), small files all. What
is kept, where and for how long is Django's own.
"""

from __future__ import annotations

import itertools
from typing import Any

from django.core.cache.backends.filebased import FileBasedCache

#: Writes of one cache object between two looks over the folder.
CULL_EVERY = 64


class FileCache(FileBasedCache):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._writes = itertools.count()

    def _cull(self) -> None:
        if next(self._writes) % CULL_EVERY == 0:
            super()._cull()  # type: ignore[misc]  # Django's, not in its type stubs
