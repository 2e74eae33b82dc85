"""Seats and winds: the one vocabulary every part of the engine uses for them.

Seats are fixed by the game's starting order: the East 1 dealer is seat 0, then South, West and
North (``shared/spec/game-record.md``). A wind is written in records and hands as its letter
(``E``, ``S``, ``W``, ``N``); ``WIND_NAMES`` is the one table of the words for them.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final, TypeAlias

#: A seat index, 0..3 in the game's starting order (East, South, West, North at East 1).
Seat: TypeAlias = int

#: The four seats in order.
SEATS: Final[tuple[Seat, ...]] = (0, 1, 2, 3)


class Wind(StrEnum):
    """A wind as records write it: its letter.

    >>> Wind("S").name_en, Wind.of_index(3)
    ('South', <Wind.NORTH: 'N'>)
    """

    EAST = "E"
    SOUTH = "S"
    WEST = "W"
    NORTH = "N"

    @property
    def number(self) -> int:
        """0 for East .. 3 for North: the order of seats and of rounds (``str.index`` is a
        string method, so the position has its own name)."""
        return _ORDER.index(self)

    @property
    def name_en(self) -> str:
        return WIND_NAMES[self]

    @classmethod
    def of_index(cls, index: int) -> Wind:
        """The wind at ``index`` in the order East, South, West, North (taken modulo 4)."""
        return _ORDER[index % 4]


_ORDER: Final[tuple[Wind, ...]] = (Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH)

#: The English word for each wind, for text meant to be read.
WIND_NAMES: Final[dict[Wind, str]] = {
    Wind.EAST: "East",
    Wind.SOUTH: "South",
    Wind.WEST: "West",
    Wind.NORTH: "North",
}


def seat_wind(seat: Seat, dealer: Seat) -> Wind:
    """The wind of ``seat`` in a hand dealt by ``dealer``: the dealer is East.

    >>> seat_wind(2, 1)
    <Wind.SOUTH: 'S'>
    """
    return Wind.of_index(seat - dealer)
