"""What the database can hold, and the rules every way in shares: the forms, the restore of
a backup and the import of a game record each refuse the same values with the same words.

The bounds are those of the smaller of the two databases the site runs on: integer columns
are 32 bits on PostgreSQL (SQLite would take 64), a seat's result is a decimal of nine digits,
one of them after the point. Days run from 1900 to 9998, so that a range's day after and a
time zone's offset never leave the calendar Python and the databases share (PostgreSQL
would store a year-1 time in a far time zone as year 0, which Python cannot read back).
"""

from __future__ import annotations

import hashlib
import json
import math
import unicodedata
from collections.abc import Iterable, Mapping
from datetime import UTC, date, datetime, time
from decimal import Decimal
from typing import Any, Final

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper.errors import JsonRefused, TooDeep

#: The first and last day a form or a backup may give.
FIRST_DAY: Final = date(1900, 1, 1)
LAST_DAY: Final = date(9998, 12, 31)
FIRST_MOMENT: Final = datetime.combine(FIRST_DAY, time.min, tzinfo=UTC)
LAST_MOMENT: Final = datetime.combine(LAST_DAY, time.max, tzinfo=UTC)
#: An integer column (``IntegerField``, ``PositiveIntegerField``) on PostgreSQL.
INTEGER_MAX: Final = 2**31 - 1
#: A ``BigAutoField`` id.
ID_MAX: Final = 2**63 - 1
#: ``Seat.result``: nine digits, one after the point.
RESULT_MAX: Final = Decimal("99999999.9")
#: Objects and lists inside one another: a backup line needs seven, a ruleset's overrides two.
JSON_DEPTH: Final = 20
#: The most digits a JSON number may have before it is read: no value stored needs more than
#: twenty, and Python refuses to read an integer of more than 4,300 (and takes time that grows
#: with the square of the length below that).
JSON_DIGITS: Final = 100

DAY_VALIDATORS: Final = [
    MinValueValidator(FIRST_DAY, message=gettext_lazy("Give a day in 1900 or later.")),
    MaxValueValidator(LAST_DAY, message=gettext_lazy("Give a day in 9998 or earlier.")),
]


def day_error(day: date) -> str | None:
    """Why ``day`` cannot be taken, or ``None``."""
    if day < FIRST_DAY:
        return _("expected a day in 1900 or later")
    if day > LAST_DAY:
        return _("expected a day in 9998 or earlier")
    return None


def moment_error(moment: datetime) -> str | None:
    """Why ``moment`` (with its UTC offset) cannot be stored, or ``None``."""
    if moment.tzinfo is None:
        return _("expected a date and time with its UTC offset")
    try:
        in_utc = moment.astimezone(UTC)
    except OverflowError:
        return _("expected a time in 1900 to 9998")
    if not FIRST_MOMENT <= in_utc <= LAST_MOMENT:
        return _("expected a time in 1900 to 9998")
    return None


def text_error(text: str, max_length: int) -> str | None:
    """Why a text cannot be stored in a column of ``max_length`` (PostgreSQL refuses NUL, and
    both databases text over the length), or ``None``."""
    if "\x00" in text:
        return _("a text cannot contain a NUL character")
    if len(text) > max_length:
        return _("at most %(count)s characters") % {"count": max_length}
    return None


#: Kinds of character (Unicode's general categories) a name may not hold: controls, format
#: characters (zero-width spaces and joiners, the marks that turn text right to left, a
#: byte order mark), surrogates, private use, characters Unicode has not assigned, line and
#: paragraph separators. Each shows as nothing, or as something other than itself, so
#: "Aki" with one beside it would read as "Aki" on every page and be another player.
HIDDEN_CATEGORIES: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
#: Letters and marks that are drawn blank: the Hangul fillers, the Braille blank, the
#: combining grapheme joiner, Khmer's inherent vowels.
BLANK_CHARACTERS: Final = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5")


def hidden_character_error(name: str) -> str | None:
    """Why a name cannot be taken for a character in it that cannot be seen (or that turns
    the text around), naming the character and where it is, or ``None``.

    >>> hidden_character_error("Aki") is None
    True
    >>> hidden_character_error("Aki\u200b")[:52]
    'the name holds U+200B (ZERO WIDTH SPACE) as its char'
    """
    for position, character in enumerate(name, 1):
        if unicodedata.category(character) in HIDDEN_CATEGORIES or character in BLANK_CHARACTERS:
            code = f"U+{ord(character):04X}"
            title = unicodedata.name(character, "")
            return _(
                "the name holds %(character)s as its character %(position)s, a character that "
                "cannot be seen or that turns the text around: type the name without it"
            ) % {"character": f"{code} ({title})" if title else code, "position": position}
    return None


def visible_name(value: str) -> str:
    """A name as a form takes it: its spaces tidied (``normal_name``), refused for a
    character that cannot be seen (``hidden_character_error``) with a form's error."""
    name = normal_name(value)
    wrong = hidden_character_error(name)
    if wrong:
        raise ValidationError(capfirst(wrong) + ".", code="hidden_character")
    return name


def name_error(name: str, max_length: int, *, visible: bool = True) -> str | None:
    """Why a name (already stripped of outer spaces) cannot be stored, or ``None``. A name
    given anew must be ``visible`` (``hidden_character_error``); one read back from a backup
    need not, so that a name stored before that rule is restored as it was."""
    if not name:
        return _("expected a name")
    return text_error(name, max_length) or (hidden_character_error(name) if visible else None)


#: An EMA number: eight digits, leading zeros kept (``07000155``).
EMA_DIGITS: Final = 8


#: The digits a number is written with: ASCII only (``str.isdigit`` takes "²" and "٣").
ASCII_DIGITS = frozenset("0123456789")


def ema_number_error(number: str) -> str | None:
    """Why ``number`` is not an EMA number, or ``None``.

    >>> ema_number_error("07000155") is None, ema_number_error("7000155") is not None
    (True, True)
    """
    if len(number) != EMA_DIGITS or not set(number) <= ASCII_DIGITS:
        return _("an EMA number is %(count)s digits, leading zeros included (07000155)") % {
            "count": EMA_DIGITS
        }
    return None


def latin_name_error(name: str, max_length: int) -> str | None:
    """Why ``name`` is not a name in Latin letters (accents allowed, as in "Zoë", with
    spaces, hyphens, apostrophes and full stops between), or ``None``: the EMA's lists are
    read in Latin letters, whatever the name the club uses.

    >>> latin_name_error("Zoë O'Neil-Smith", 50) is None, latin_name_error("明子", 50) is None
    (True, False)
    """
    wrong = text_error(name, max_length)
    if wrong:
        return wrong
    for character in name:
        if character.isalpha():
            if not unicodedata.name(character, "").startswith("LATIN "):
                return _("%(character)s is not a Latin letter") % {"character": character}
        elif character not in " -'’.":
            return _("%(character)s is not a letter") % {"character": character}
    return None


def normal_name(name: str) -> str:
    """A name as the forms store it: inner runs of spaces made one, outer ones dropped."""
    return " ".join(name.split())


def name_key(name: str) -> str:
    """What two names share when the club takes them for one name, on every database:
    the name's letters in one form (Unicode's NFKC: "ＡＫＩ" is "AKI", "ﬁ" is "fi") and
    case-folded ("Émile" is "émile", "ΣΟΦΊΑ" is "σοφία", "Straße" is "strasse"), its spaces
    as the forms tidy them ("A  B" is "A B", "Aki " is "Aki"). Stored beside each name,
    unique in the database (``club.models.NameKeyField``), as a digest: one length whatever
    the name (NFKC may spell one character as eighteen).

    >>> name_key("ＡＫＩ ") == name_key("aki") != name_key("akii")
    True
    """
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return hashlib.sha256(normal_name(folded).encode()).hexdigest()


def json_depth(value: Any) -> int:
    """How deep lists and objects sit inside one another (``1`` for ``[]``), counted
    without recursion, so that any value Python could build is measured."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            deepest = max(deepest, depth)
            stack.extend((inner, depth + 1) for inner in item.values())
        elif isinstance(item, list):
            deepest = max(deepest, depth)
            stack.extend((inner, depth + 1) for inner in item)
    return deepest


def load_json(text: str | bytes, *, max_depth: int = JSON_DEPTH) -> Any:
    """The site's one reader of JSON sent to it (a form, a file, a request's body).

    Bad JSON raises ``json.JSONDecodeError``; JSON that Python would read but the site will
    not raises a ``JsonRefused`` saying why: nesting deeper than ``max_depth`` (``TooDeep``,
    however deep it goes), a number of more than ``JSON_DIGITS`` digits, ``NaN`` or
    ``Infinity`` (which are not JSON, and which PostgreSQL's JSON refuses).
    """
    try:
        value = json.loads(
            text, parse_int=_json_int, parse_float=_json_float, parse_constant=_json_constant
        )
    except RecursionError:
        raise TooDeep(_("nested more than %(count)s levels deep") % {"count": max_depth}) from None
    if json_depth(value) > max_depth:
        raise TooDeep(_("nested more than %(count)s levels deep") % {"count": max_depth})
    return value


def _number_too_long() -> JsonRefused:
    return JsonRefused(_("a number of more than %(count)s digits") % {"count": JSON_DIGITS})


def _json_int(text: str) -> int:
    if len(text) > JSON_DIGITS + 1:  # the sign
        raise _number_too_long()
    return int(text)


def _json_float(text: str) -> float:
    if len(text) > JSON_DIGITS + 10:  # the sign, the point and the exponent
        raise _number_too_long()
    value = float(text)
    if math.isinf(value):
        raise JsonRefused(_("a number beyond what can be read: %(number)s") % {"number": text})
    return value


def _json_constant(text: str) -> Any:
    raise JsonRefused(_("%(constant)s is not JSON") % {"constant": text})


def seat_row_error(row: Mapping[str, Any]) -> tuple[str, str] | None:
    """The first value of a seat's row (``projection.RESULT_FIELDS``) that its column
    cannot hold, as (field, message), or ``None``."""
    for name, value in row.items():
        if isinstance(value, Decimal) and abs(value) > RESULT_MAX:
            return name, _("%(value)s is beyond what can be stored (at most %(most)s)") % {
                "value": value,
                "most": RESULT_MAX,
            }
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > INTEGER_MAX:
            return name, _("%(value)s is beyond what can be stored (at most %(most)s)") % {
                "value": f"{value:,}",
                "most": f"{INTEGER_MAX:,}",
            }
    return None


def seats_error(rows: Iterable[Mapping[str, Any]]) -> str | None:
    """Why a game's seats (their rows) cannot be stored, naming the seat and field."""
    for number, row in enumerate(rows):
        found = seat_row_error(row)
        if found:
            return _("seat %(number)s %(field)s: %(error)s") % {
                "number": number,
                "field": found[0],
                "error": found[1],
            }
    return None


def penalties_error(reasons: Iterable[str]) -> str | None:
    """Why a record's penalties (their reasons, in order) cannot be stored, naming the
    penalty: PostgreSQL's JSON cannot hold a NUL character."""
    for i, reason in enumerate(reasons):
        if "\x00" in reason:
            return f"penalties[{i}].reason: " + _("a text cannot contain a NUL character")
    return None
