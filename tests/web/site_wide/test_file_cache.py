"""The site's cache is Django's file cache, looking over its folder for room only on every
``CULL_EVERY``-th write of a cache object rather than on each one."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings

from scorekeeper.file_cache import CULL_EVERY, FileCache


def cache_in(folder: Path, most: int) -> FileCache:
    return FileCache(str(folder), {"OPTIONS": {"MAX_ENTRIES": most}})


def test_the_site_uses_it():
    assert settings.CACHES["default"]["BACKEND"] == "scorekeeper.file_cache.FileCache"


def test_a_write_lists_the_folder_once_in_cull_every(tmp_path, monkeypatch):
    cache = cache_in(tmp_path, 1000)
    looks = []
    listing = cache._list_cache_files
    monkeypatch.setattr(cache, "_list_cache_files", lambda: looks.append(1) or listing())

    for n in range(2 * CULL_EVERY):
        cache.set(f"key-{n}", n)

    assert len(looks) == 2


def test_the_folder_still_holds_at_most_its_entries_and_a_round_of_writes(tmp_path):
    most = 3 * CULL_EVERY
    cache = cache_in(tmp_path, most)

    for n in range(10 * CULL_EVERY):
        cache.set(f"key-{n}", n)
        assert len(list(tmp_path.glob("*.djcache"))) <= most + CULL_EVERY

    assert len(list(tmp_path.glob("*.djcache"))) < 10 * CULL_EVERY
    # What was written last is there to read.
    assert cache.get(f"key-{10 * CULL_EVERY - 1}") == 10 * CULL_EVERY - 1
