"""Whole numbers read from a request: a query's or a form's field, a header.

Every number a request carries is read here, and only as ASCII digits, at most a bounded
count of them. Python's ``int`` and ``str.isdigit`` take far more: ``"²".isdigit()`` is true
and ``int("²")`` fails; ``int`` takes Arabic and full-width digits, spaces around, ``_``
between digits, and thousands of digits (slowly, then refused). A number that is not plain
digits is no number, and the caller treats it as missing or wrong, never as a server error.
"""

from __future__ import annotations

from typing import Final

#: The most digits read: more than an id column holds (2**63 is 19 digits) is no id.
MOST_DIGITS: Final = 18


def request_number(value: object, *, digits: int = MOST_DIGITS) -> int | None:
    """``value`` as a whole number when it is one to eighteen ASCII digits (``digits`` at
    most), ``None`` otherwise.

    >>> request_number("12"), request_number("007"), request_number("²"), request_number(" 3")
    (12, 7, None, None)
    >>> request_number("1" * 19), request_number(""), request_number(None), request_number("-1")
    (None, None, None, None)
    """
    if not isinstance(value, str) or not 0 < len(value) <= min(digits, MOST_DIGITS):
        return None
    if not (value.isascii() and value.isdigit()):
        return None
    return int(value)


__all__ = ["MOST_DIGITS", "request_number"]
