"""A short digest of what something drawn or cached depends on: the cache keys of the blank
hand form and the hand log, the blank form's shape, and the live board's ETag."""

from __future__ import annotations

from hashlib import md5


def digest(*parts: object) -> str:
    """``parts`` as one hex digest: each part as text, kept apart by a separator that no
    name or number contains (a name may hold spaces, commas, colons).

    >>> digest(1, "Aki", None) == digest(1, "Aki", None) != digest(1, "Ak", "i", None)
    True
    """
    text = "\x1f".join(str(part) for part in parts)
    return md5(text.encode(), usedforsecurity=False).hexdigest()
