"""Seats, winds and the seating: the one vocabulary every part of the engine uses for them.

Seats are fixed by the game's starting order: the East 1 dealer is seat 0, then South, West and
North (``docs/game-record.md``). A wind is written in records and hands as its letter
(``E``, ``S``, ``W``, ``N``); ``WIND_NAMES`` is the one table of the words for them.

A game has four players or three (sanma; ``docs/RULES.md``, version 3): three sit East,
South and West, there is no North, and the deal passes over three seats, so a wind has three
rounds. Everything that depends on the number of players is asked of one ``Seating`` value
(``SEATINGS[3]`` or ``SEATINGS[4]``, a ruleset's ``seating``). Round indices are
``wind * 4 + number - 1`` for both, as Tenhou numbers its three-player rounds (its ``INIT``
seeds go 0, 1, 2, 4, 5, 6: ``docs/rules/sanma.md`` 1a), so a label means one index whatever
the number of players.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final, TypeAlias, TypeVar

#: A seat index, 0..3 in the game's starting order (East, South, West, North at East 1);
#: 0..2 with three players.
Seat: TypeAlias = int

T = TypeVar("T")

#: The four seats of a four-player game in order.
SEATS: Final[tuple[Seat, ...]] = (0, 1, 2, 3)

#: Rounds a wind could hold: four with four players (a round index is ``wind * 4 + number - 1``
#: whatever the number of players).
ROUNDS_PER_WIND: Final = 4


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
    def order(self) -> int:
        """0 for East .. 3 for North: the order of seats and of rounds."""
        return _ORDER.index(self)

    @property
    def name_en(self) -> str:
        return WIND_NAMES[self]

    @classmethod
    def of_index(cls, index: int) -> Wind:
        """The wind at ``index`` in the order East, South, West, North (taken modulo 4)."""
        return _ORDER[index % len(_ORDER)]


_ORDER: Final[tuple[Wind, ...]] = (Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH)

#: The English word for each wind, for text meant to be read.
WIND_NAMES: Final[dict[Wind, str]] = {
    Wind.EAST: "East",
    Wind.SOUTH: "South",
    Wind.WEST: "West",
    Wind.NORTH: "North",
}


@dataclass(frozen=True, slots=True)
class Seating:
    """The seats of a game of ``players`` players, and all that follows from their number:
    the seat winds, turn order, the dealer's rotation and the rounds that exist, the places.

    >>> three = SEATINGS[3]
    >>> three.seats, three.next_round(2), three.seat_wind(0, dealer=1)
    ((0, 1, 2), 4, <Wind.WEST: 'W'>)
    """

    players: int

    @property
    def seats(self) -> tuple[Seat, ...]:
        return _SEATS[self.players]

    @property
    def is_default(self) -> bool:
        """Whether this is the four-player seating: the kind of game a page shows, a file
        name or a link leaves unsaid, and a form offers, when none is asked for."""
        return self.has_north

    @property
    def last_seat(self) -> Seat:
        """The highest seat index: 3, or 2 with three players (``seats are 0-2``)."""
        return self.players - 1

    @property
    def count_word(self) -> str:
        """The number of players in English words, for the engine's own messages."""
        return _COUNT_WORDS[self.players]

    @property
    def has_north(self) -> bool:
        """Whether a North seat plays. Without one (RULES.md, version 3) the North tiles are
        set aside as kita, 2m-8m are out of the wall, nobody calls chi, North's share of a
        tsumo is lost or shared out by ``sanma_tsumo``, a discard has two other players to
        win on it and the abortive draws that need four players do not exist.

        >>> SEATINGS[3].has_north, SEATINGS[4].has_north
        (False, True)
        """
        return Wind.NORTH in self.winds

    @property
    def sets_aside_kita(self) -> bool:
        """Whether North tiles are set aside as kita (dora for the one who sets them aside)."""
        return not self.has_north

    @property
    def has_chi(self) -> bool:
        """Whether a player may call chi (there is none with three players)."""
        return self.has_north

    @property
    def has_2m_to_8m(self) -> bool:
        """Whether 2m-8m are in the wall: with three players they are not, so a 1m indicator
        makes 9m the dora."""
        return self.has_north

    @property
    def red_fives(self) -> int:
        """Red fives where a ruleset has one per suit: three, or two without a red 5m."""
        return 3 if self.has_2m_to_8m else 2

    @property
    def most_ron_winners(self) -> int:
        """How many players can win on one discard: everyone but the discarder.

        >>> SEATINGS[3].most_ron_winners, SEATINGS[4].most_ron_winners
        (2, 3)
        """
        return self.players - 1

    @property
    def splits_all_sticks(self) -> bool:
        """Whether leftover sticks can be shared by all players (``split_all``): it shares a
        stick among four players."""
        return self.has_north

    @property
    def floating_uma_keys(self) -> tuple[str, ...]:
        """The keys of a floating uma: how many players can be below the return points (all
        but one), from ``"1"``.

        >>> SEATINGS[3].floating_uma_keys
        ('1', '2')
        """
        return tuple(str(count) for count in range(1, self.players))

    @property
    def preset_suffix(self) -> str:
        """What a preset's name adds for its rules of this number of players
        (``tenhou_sanma``): nothing with four."""
        return "" if self.has_north else "_sanma"

    def has_abortive_draw(self, reason: str) -> bool:
        """Whether the abortive draw ``reason`` can happen: with three players only
        kyuushu kyuuhai and suukaikan (RULES.md, version 3).

        >>> [SEATINGS[n].has_abortive_draw("suufon_renda") for n in (3, 4)]
        [False, True]
        """
        return self.has_north or reason in NORTHLESS_ABORTIVE_DRAWS

    def per_seat(self, value: T) -> tuple[T, ...]:
        """``value`` once per seat: a per-seat count or flag at its start.

        >>> SEATINGS[3].per_seat(False)
        (False, False, False)
        """
        return (value,) * self.players

    @property
    def winds(self) -> tuple[Wind, ...]:
        """The seat winds that exist: East, South, West (and North with four)."""
        return _ORDER[: self.players]

    @property
    def places(self) -> tuple[int, ...]:
        """The places of the final standings, 1 to ``players``."""
        return tuple(seat + 1 for seat in self.seats)

    def zeros(self) -> tuple[int, ...]:
        """One 0 per seat: a per-seat count at its start."""
        return _ZEROS[self.players]

    def seat_wind(self, seat: Seat, dealer: Seat) -> Wind:
        """The wind of ``seat`` in a hand dealt by ``dealer``: the dealer is East.

        >>> SEATINGS[4].seat_wind(0, dealer=1), SEATINGS[3].seat_wind(0, dealer=1)
        (<Wind.NORTH: 'N'>, <Wind.WEST: 'W'>)
        """
        return _ORDER[(seat - dealer) % self.players]

    def next_seat(self, seat: Seat) -> Seat:
        """The seat after ``seat`` in turn order (its shimocha).

        >>> SEATINGS[3].next_seat(2), SEATINGS[4].next_seat(2)
        (0, 3)
        """
        return (seat + 1) % self.players

    def turn_distance(self, from_seat: Seat, to_seat: Seat) -> int:
        """How many turns after ``from_seat`` comes ``to_seat`` (0 for the seat itself): the
        order of the winners of a multi-ron, nearest the discarder first.

        >>> SEATINGS[3].turn_distance(2, 0), SEATINGS[4].turn_distance(2, 0)
        (1, 2)
        """
        return (to_seat - from_seat) % self.players

    def has_round(self, round_index: int) -> bool:
        """Whether a round index names a round of this game: with three players no wind has
        a fourth round (``E4``, ``S4``...).

        >>> SEATINGS[3].has_round(3), SEATINGS[3].has_round(4), SEATINGS[4].has_round(3)
        (False, True, True)
        """
        return round_index >= 0 and round_index % ROUNDS_PER_WIND < self.players

    def next_round(self, round_index: int) -> int:
        """The round after ``round_index`` when the deal passes: the next dealer's turn, or
        the first round of the next wind after the last seat has dealt.

        >>> SEATINGS[3].next_round(2), SEATINGS[4].next_round(2), SEATINGS[4].next_round(3)
        (4, 3, 4)
        """
        if round_index % ROUNDS_PER_WIND + 1 < self.players:
            return round_index + 1
        return (round_index // ROUNDS_PER_WIND + 1) * ROUNDS_PER_WIND

    def last_round_of(self, winds: int) -> int:
        """The index of the last round of a game of ``winds`` winds (2: South 4 or South 3).

        >>> SEATINGS[4].last_round_of(2), SEATINGS[3].last_round_of(1)
        (7, 2)
        """
        return (winds - 1) * ROUNDS_PER_WIND + self.players - 1

    def rounds(self, last_round: int) -> tuple[int, ...]:
        """Every round index from East 1 to ``last_round``, in order.

        >>> SEATINGS[3].rounds(6)
        (0, 1, 2, 4, 5, 6)
        """
        return tuple(i for i in range(last_round + 1) if self.has_round(i))


_SEATS: Final[dict[int, tuple[Seat, ...]]] = {3: (0, 1, 2), 4: SEATS}
_ZEROS: Final[dict[int, tuple[int, ...]]] = {3: (0, 0, 0), 4: (0, 0, 0, 0)}
_COUNT_WORDS: Final[dict[int, str]] = {3: "three", 4: "four"}
#: The abortive draws three players can have (RULES.md, version 3): no four winds, four
#: riichi or triple ron without a fourth player. Written as ``AbortReason`` values
#: (``scoring.outcomes``, which reads its ``Seat`` from here).
NORTHLESS_ABORTIVE_DRAWS: Final[tuple[str, ...]] = ("kyuushu_kyuuhai", "suukaikan")

#: The seating of each number of players a game may have.
SEATINGS: Final[dict[int, Seating]] = {3: Seating(3), 4: Seating(4)}
#: The four-player seating, where a value has no ruleset to ask (old callers, the default).
FOUR: Final = SEATINGS[4]


def seat_wind(seat: Seat, dealer: Seat, players: int = 4) -> Wind:
    """The wind of ``seat`` in a hand dealt by ``dealer``: the dealer is East.

    >>> seat_wind(2, 1), seat_wind(0, 1, players=3)
    (<Wind.SOUTH: 'S'>, <Wind.WEST: 'W'>)
    """
    return SEATINGS[players].seat_wind(seat, dealer)
