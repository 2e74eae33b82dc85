"""What every download for a spreadsheet shares: CSV text, line by line, that Excel and
LibreOffice open as it was meant.

The text is UTF-8 with a byte order mark, so that Japanese names open as they are; a text
cell that a spreadsheet would run as a formula (``=``, ``+``, ``-``, ``@``, tab, carriage
return) gets a leading apostrophe, unless it is a plain number (``-6.0``). Numbers are
written as numbers.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Iterator
from typing import Any, Final

from django.utils.functional import Promise

BOM: Final = "\ufeff"
_FORMULA_START: Final = ("=", "+", "-", "@", "\t", "\r")


_DIGITS: Final = frozenset("0123456789")


def _plain_number(text: str) -> bool:
    """Whether ``text`` is a plain number (a sign, digits, at most one point between
    digits): a spreadsheet reads it as one, and runs nothing."""
    whole, point, part = (text[1:] if text[:1] in "+-" else text).partition(".")
    return all(digits and set(digits) <= _DIGITS for digits in (whole, *([part] if point else [])))


def safe_cell(value: Any) -> Any:
    """A text cell that no spreadsheet runs as a formula; numbers, and text that is a plain
    number, are left alone.

    >>> safe_cell("=HYPERLINK(1)"), safe_cell("-Aki"), safe_cell("佐藤"), safe_cell(-12)
    ("'=HYPERLINK(1)", "'-Aki", '佐藤', -12)
    >>> safe_cell("-6.0"), safe_cell("+12"), safe_cell("-1+2"), safe_cell("-6.0 off")
    ('-6.0', '+12', "'-1+2", "'-6.0 off")
    """
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return value if _plain_number(value) else "'" + value
    return value


class _Line:
    """A file-like object whose ``write`` hands back the line, for ``csv.writer``."""

    def write(self, value: str) -> str:
        return value


def csv_lines(header: Iterable[str | Promise], rows: Iterable[Iterable[Any]]) -> Iterator[str]:
    """The CSV text, one row at a time, the first starting with the byte order mark."""
    writer = csv.writer(_Line())
    yield BOM + writer.writerow([str(cell) for cell in header])
    for row in rows:
        yield writer.writerow([safe_cell(cell) for cell in row])
