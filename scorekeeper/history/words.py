"""Words the pages that look back build at request time, in the reader's language: a day
with its weekday, and the value of a player's best hand (stored in English by
``scoring.stats.describe_win``, worded again here)."""

from __future__ import annotations

import re
from datetime import date
from typing import Final

from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

#: What ``describe_win`` writes: ``3 han 40 fu``, ``6 han``, ``yakuman``, ``double yakuman``,
#: ``triple yakuman``, ``4x yakuman``.
_HAN_FU: Final = re.compile(r"(?P<han>\d+) han(?: (?P<fu>\d+) fu)?")
_YAKUMAN: Final = re.compile(r"(?:(?P<word>double|triple) |(?P<times>\d+)x )?yakuman")


def day_text(day: date) -> str:
    """A day with its weekday, in the reader's language: ``Sat 31 May 2025``,
    ``2025年5月31日（土）``."""
    return pgettext("weekday and date", "%(weekday)s %(date)s") % {
        "weekday": date_format(day, "D"),
        "date": date_format(day, "DATE_FORMAT"),
    }


def hand_words(description: str) -> str:
    """A win's value as ``describe_win`` stored it, in the reader's language; anything else
    as it is.

    >>> hand_words("3 han 40 fu"), hand_words("6 han"), hand_words("double yakuman")
    ('3 han 40 fu', '6 han', 'double yakuman')
    """
    if match := _HAN_FU.fullmatch(description):
        if match["fu"]:
            return _("%(han)s han %(fu)s fu") % {"han": match["han"], "fu": match["fu"]}
        return _("%(han)s han") % {"han": match["han"]}
    if match := _YAKUMAN.fullmatch(description):
        if match["word"] == "double":
            return _("double yakuman")
        if match["word"] == "triple":
            return _("triple yakuman")
        if match["times"]:
            return _("%(times)sx yakuman") % {"times": match["times"]}
        return _("yakuman")
    return description
