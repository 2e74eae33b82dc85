"""How numbers and names read on every page: points with thousands separators and one minus
sign (U+2212), signed changes and results, tsumo payments as players say them ("300-500",
"500 all"), round names and seat winds, lists of names, rulesets by name, abortive draws in
words and engine messages with seats by name.

Formatting only: every number comes from ``scoring``. Downloads (CSV, JSON) keep plain numbers
and do not use these.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal
from typing import Final

from scoring.rules import PRESETS
from scoring.seats import WIND_NAMES, Wind
from scoring.seats import seat_wind as wind_of_seat

#: The one minus sign pages write: a true minus, as wide as the plus.
MINUS: Final = "\u2212"

PRESET_LABELS: Final = {
    "ema": "EMA",
    "wrc": "WRC",
    "tenhou": "Tenhou",
    "mahjongsoul": "Mahjong Soul",
    "mleague": "M-League",
}


def preset_label(name: str) -> str:
    """The name players know a preset by.

    >>> preset_label("mahjongsoul")
    'Mahjong Soul'
    """
    return PRESET_LABELS.get(name, name)


PRESET_CHOICES: Final = tuple((name, preset_label(name)) for name in PRESETS)


def format_points(points: int) -> str:
    """Points with a thousands separator, below zero with the minus sign.

    >>> format_points(12000), format_points(-2300)
    ('12,000', '−2,300')
    """
    if points < 0:
        return f"{MINUS}{-points:,}"
    return f"{points:,}"


def format_tsumo(tsumo: tuple[int, int | None]) -> str:
    """A tsumo as players call it: ``each non-dealer-dealer``, or ``each all`` for a dealer.

    >>> format_tsumo((300, 500)), format_tsumo((500, None))
    ('300-500', '500 all')
    """
    each, from_dealer = tsumo
    if from_dealer is None:
        return f"{format_points(each)} all"
    return f"{format_points(each)}-{format_points(from_dealer)}"


def signed(points: int) -> str:
    """A change or a difference in points, with its sign.

    >>> signed(3200), signed(-1100), signed(0)
    ('+3,200', '−1,100', '0')
    """
    if points > 0:
        return f"+{format_points(points)}"
    return format_points(points)


def signed_result(result: Decimal | float, places: int = 1) -> str:
    """A +/- result in thousands, to ``places`` decimals.

    >>> signed_result(Decimal("53.0")), signed_result(Decimal("-8.1")), signed_result(Decimal(0))
    ('+53.0', '−8.1', '0.0')
    >>> signed_result(Decimal("-0.314"), places=2)
    '−0.31'
    """
    number = Decimal(result)
    text = f"{abs(number):.{places}f}"
    if number > 0:
        return f"+{text}"
    if number < 0:
        return f"{MINUS}{text}"
    return text


def sign_class(points: int | Decimal) -> str:
    """``up``, ``down`` or ``even``, for colouring a number."""
    return "up" if points > 0 else "down" if points < 0 else "even"


def round_name(round_index: int) -> str:
    """The round as players say it.

    >>> round_name(0), round_name(5), round_name(8)
    ('East 1', 'South 2', 'West 1')
    """
    return f"{Wind.of_index(round_index // 4).name_en} {round_index % 4 + 1}"


def seat_wind(seat: int, dealer: int) -> str:
    """A seat's wind in the current round: the dealer is East, then counter-clockwise.

    >>> seat_wind(2, 2), seat_wind(1, 2), seat_wind(3, 2)
    ('East', 'North', 'South')
    """
    return WIND_NAMES[wind_of_seat(seat, dealer)]


def starting_wind(seat: int) -> str:
    """A seat's wind at East 1, which names the seat for the whole game.

    >>> starting_wind(0), starting_wind(3)
    ('East', 'North')
    """
    return Wind.of_index(seat).name_en


def name_list(names: Sequence[str]) -> str:
    """Names joined as in a sentence.

    >>> name_list(["Aki"]), name_list(["Aki", "Ben"]), name_list(["Aki", "Ben", "Chie"])
    ('Aki', 'Aki and Ben', 'Aki, Ben and Chie')
    """
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


#: Abortive draws as players say them.
ABORT_WORDS: Final = {
    "kyuushu_kyuuhai": "kyuushu kyuuhai (nine terminals)",
    "suufon_renda": "suufon renda (four winds)",
    "suucha_riichi": "suucha riichi (four riichi)",
    "suukaikan": "suukaikan (four kans)",
    "sanchahou": "sanchahou (triple ron)",
}

_SEAT = re.compile(r"\bseat (\d)\b")
_ROUND = re.compile(r"\b([ESWN])(\d)\b")


def humanize_message(message: str, names: Sequence[str]) -> str:
    """An engine message with seats by name and rounds in words.

    >>> humanize_message("seat 2 has 500 points", ("Aki", "Ben", "Chie", "Dan"))
    'Chie has 500 points'
    >>> humanize_message("makes hand 5 (S1) impossible", ("Aki", "Ben", "Chie", "Dan"))
    'makes hand 5 (South 1) impossible'
    """
    message = _SEAT.sub(lambda m: names[int(m[1])] if int(m[1]) < len(names) else m[0], message)
    return _ROUND.sub(lambda m: f"{Wind(m[1]).name_en} {m[2]}", message)
