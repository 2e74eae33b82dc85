"""Words the pages that look back build at request time, in the reader's language: a day
with its weekday, and the value of a player's best hand (stored as han, fu and yakuman)."""

from __future__ import annotations

from datetime import date

from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import pgettext


def day_text(day: date) -> str:
    """A day with its weekday, in the reader's language: ``Sat 31 May 2025``,
    ``2025年5月31日（土）``."""
    return pgettext("weekday and date", "%(weekday)s %(date)s") % {
        "weekday": date_format(day, "D"),
        "date": date_format(day, "DATE_FORMAT"),
    }


def hand_words(han: int | None, fu: int | None, yakuman: int) -> str:
    """A win's value in the reader's language, as the engine's ``describe_win`` words it in
    English: the fu only below 5 han, yakuman by how many.

    >>> hand_words(3, 40, 0), hand_words(6, 40, 0), hand_words(None, None, 2)
    ('3 han 40 fu', '6 han', 'double yakuman')
    """
    if yakuman:
        if yakuman == 1:
            return _("yakuman")
        if yakuman == 2:
            return _("double yakuman")
        if yakuman == 3:
            return _("triple yakuman")
        return _("%(times)sx yakuman") % {"times": yakuman}
    if fu is None or (han or 0) >= 5:
        return _("%(han)s han") % {"han": han}
    return _("%(han)s han %(fu)s fu") % {"han": han, "fu": fu}
