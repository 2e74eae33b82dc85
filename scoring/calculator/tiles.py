"""Tiles: the notation of ``docs/hand.md`` and the ``mahjong`` library's tile ids.

A tile is written as digits then a suit letter (``m`` man, ``p`` pin, ``s`` sou, ``z`` honors
1-7 = East, South, West, North, white, green, red dragon); ``0`` is a red five. Several tiles
share their suit letter: ``345m234p22s``. A set holds four copies of each tile (RULES.md; one
of the four fives of a suit may be red), so a fifth copy anywhere on the table is refused.

The ``mahjong`` library numbers the 136 physical tiles ``kind * 4 + copy`` (kinds 0-33 in the
order 1-9m, 1-9p, 1-9s, 1-7z) and reserves copy 0 of each five for the red five
(``FIVE_RED_MAN`` and its siblings); :func:`to_136` translates.

Every text is measured before it is read (``MAX_TILE_TEXT``), and an error quotes only its
beginning (:func:`excerpt`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from scoring.errors import ScoringError, Values

SUITS: Final = "mpsz"
#: The kinds of the three fives (5m, 5p, 5s), the only tiles that can be red.
FIVE_KINDS: Final = frozenset({4, 13, 22})
HONOR_NAMES: Final = ("East", "South", "West", "North", "White", "Green", "Red")
COPIES: Final = 4


class HandError(ScoringError):
    """A hand the calculator refuses; ``field`` names the offending input field
    (``closed``, ``melds[1].tiles``, ``win_tile``, ``ippatsu``, ...)."""

    def __init__(
        self, field: str, message: str, *, code: str = "", values: Values | None = None
    ) -> None:
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}" if field else message, code=code, values=values)


class NotationError(HandError):
    """Text that is not tiles in the notation (``45x``, ``8z``, a digit without a suit)."""


class TextTooLong(NotationError):
    """A text longer than any tiles can be, refused before it is read: a bound on the
    input rather than a mistake in a hand."""


class TooManyCopies(HandError):
    """A fifth copy of a tile on the table."""


@dataclass(frozen=True, slots=True)
class Tile:
    """One tile: ``kind`` 0-33 (the library's 34-tile index) and whether it is a red five.

    >>> Tile.parse("0p"), str(Tile.parse("7z")), Tile.parse("0p").plain
    (Tile(kind=13, red=True), '7z', Tile(kind=13, red=False))
    """

    kind: int
    red: bool = False

    def __post_init__(self) -> None:
        if not 0 <= self.kind < 34:
            raise NotationError(
                "tile",
                f"tile kind {self.kind} is not 0-33",
                code="tiles.kind",
                values={"kind": self.kind},
            )
        if self.red and self.kind not in FIVE_KINDS:
            raise NotationError(
                "tile",
                f"only a five can be red, not {self.number}{self.suit}",
                code="tiles.red_not_five",
                values={"tile": f"{self.number}{self.suit}"},
            )

    @classmethod
    def parse(cls, text: str, field: str = "tile") -> Tile:
        """Exactly one tile (``5m``, ``0s``, ``3z``)."""
        tiles = parse_tiles(text, field)
        if len(tiles) != 1:
            raise NotationError(
                field,
                f"expected one tile, got {excerpt(text)}",
                code="tiles.not_one_tile",
                values={"got": excerpt(text)},
            )
        return tiles[0]

    @property
    def suit(self) -> str:
        return SUITS[self.kind // 9]

    @property
    def number(self) -> int:
        """1-9 for suited tiles, 1-7 for honors (a red five is a 5)."""
        return self.kind % 9 + 1

    @property
    def is_honor(self) -> bool:
        return self.kind >= 27

    @property
    def is_terminal_or_honor(self) -> bool:
        """Terminals (1 and 9) and honors: the tiles whose sets count double fu."""
        return self.is_honor or self.number in (1, 9)

    @property
    def plain(self) -> Tile:
        """The same tile, not red."""
        return Tile(self.kind)

    @property
    def sort_key(self) -> tuple[int, bool]:
        """Order of the canonical notation: by kind, a red five before the plain ones."""
        return (self.kind, not self.red)

    def __str__(self) -> str:
        return f"{0 if self.red else self.number}{self.suit}"


#: The longest tile text read (a hand has at most 18 tiles: ``1m 1m 1m 1m`` spelled out
#: with spaces fits), checked before any parsing so that a huge text costs nothing.
MAX_TILE_TEXT: Final = 64
#: How much of a refused text an error shows.
EXCERPT: Final = 20


def excerpt(text: str) -> str:
    """``text`` as an error shows it: quoted, and cut after its first characters.

    >>> excerpt("12m"), excerpt("1" * 30)
    ("'12m'", "'11111111111111111111…'")
    """
    if len(text) <= EXCERPT:
        return repr(text)
    return repr(text[:EXCERPT])[:-1] + "…'"


def _every_tile() -> dict[tuple[str, str], Tile]:
    table: dict[tuple[str, str], Tile] = {}
    for suit_index, suit in enumerate(SUITS):
        for number in range(1, 8 if suit == "z" else 10):
            table[str(number), suit] = Tile(suit_index * 9 + number - 1)
        if suit != "z":
            table["0", suit] = Tile(suit_index * 9 + 4, red=True)
    return table


#: Every tile by its digit and suit letter (``("0", "p")`` the red 5p), built once so that
#: parsing looks tiles up instead of building and checking each one.
_BY_TEXT: Final = _every_tile()
#: The same by suit letter then digit, and every one-tile text (``"0p"``): the common
#: shapes of input, read without walking the text.
_BY_SUIT: Final = {suit: {d: t for (d, s), t in _BY_TEXT.items() if s == suit} for suit in SUITS}
_ONE_TILE: Final = {digit + suit: tile for (digit, suit), tile in _BY_TEXT.items()}
_PLAIN_TEXT: Final = re.compile(r"(?:[0-9]+[mpsz])+")
_GROUP: Final = re.compile(r"([0-9]+)([mpsz])")


def check_length(text: str, field: str, most: int = MAX_TILE_TEXT) -> None:
    """Refuse a text longer than ``most`` characters before anything reads it.

    >>> check_length("1m" * 40, "closed")
    Traceback (most recent call last):
    ...
    scoring.calculator.tiles.TextTooLong: closed: 80 characters is too long for tiles (at most 64): '1m1m1m1m1m1m1m1m1m1m…'
    """  # noqa: E501
    if len(text) > most:
        raise TextTooLong(
            field,
            f"{len(text):,} characters is too long for tiles (at most {most}): {excerpt(text)}",
            code="calc.text_too_long",
            values={"most": most, "length": len(text)},
        )


def parse_tiles(text: str, field: str = "tiles") -> tuple[Tile, ...]:
    """The tiles of ``text``, in the order written (spaces are ignored).

    >>> [str(t) for t in parse_tiles("340m7z")]
    ['3m', '4m', '0m', '7z']
    """
    check_length(text, field)
    one = _ONE_TILE.get(text)
    if one is not None:
        return (one,)
    if _PLAIN_TEXT.fullmatch(text):
        # Well-formed text (no spaces): each group of digits is looked up by its suit.
        try:
            return tuple(_BY_SUIT[s][d] for digits, s in _GROUP.findall(text) for d in digits)
        except KeyError:
            pass  # an 8z or a 9z: the careful reading says where
    return _parse_carefully(text, field)


def _parse_carefully(text: str, field: str) -> tuple[Tile, ...]:
    """``parse_tiles`` character by character: text with spaces, and every refusal."""
    tiles: list[Tile] = []
    digits = ""
    for position, char in enumerate(text):
        if char == " ":
            continue
        if "0" <= char <= "9":
            digits += char
            continue
        if char not in SUITS:
            raise NotationError(
                field,
                f"{char!r} at position {position} of {excerpt(text)} is not a digit or m/p/s/z",
                code="tiles.bad_character",
                values={"char": char, "position": position, "text": excerpt(text)},
            )
        if not digits:
            raise NotationError(
                field,
                f"suit letter {char!r} at position {position} has no digits",
                code="tiles.suit_without_digits",
                values={"char": char, "position": position},
            )
        for digit in digits:
            tile = _BY_TEXT.get((digit, char))
            if tile is None:
                raise NotationError(
                    field,
                    f"{digit}z is not a tile (honors are 1z-7z)",
                    code="tiles.not_honor",
                    values={"tile": f"{digit}z"},
                )
            tiles.append(tile)
        digits = ""
    if digits:
        raise NotationError(
            field,
            f"{excerpt(text)} ends with digits {excerpt(digits)} and no suit letter",
            code="tiles.no_suit",
            values={"text": excerpt(text), "digits": excerpt(digits)},
        )
    return tuple(tiles)


def format_tiles(tiles: Iterable[Tile]) -> str:
    """The canonical notation: suits in m, p, s, z order, tiles sorted, red five first.

    >>> format_tiles(parse_tiles("22s234p5305m"))
    '3055m234p22s'
    """
    ordered = sorted(tiles, key=lambda t: t.sort_key)
    out: list[str] = []
    for suit in SUITS:
        digits = "".join(str(t)[0] for t in ordered if t.suit == suit)
        if digits:
            out.append(digits + suit)
    return "".join(out)


def check_copies(groups: Iterable[tuple[str, Sequence[Tile]]]) -> None:
    """Refuse a fifth copy of any tile over all ``(field, tiles)`` groups, naming the tile
    and the field where it appears.

    >>> check_copies([("closed", parse_tiles("5555m")), ("dora_indicators", parse_tiles("0m"))])
    Traceback (most recent call last):
    ...
    scoring.calculator.tiles.TooManyCopies: dora_indicators: a fifth 5m (a set has four; ...)
    """
    groups = list(groups)
    counts = [0] * 34
    for _, tiles in groups:
        for tile in tiles:
            counts[tile.kind] += 1
    if max(counts) <= COPIES:
        return
    # Only a refused hand pays for finding where each copy was seen.
    seen: Counter[int] = Counter()
    where: dict[int, list[str]] = {}
    for field, tiles in groups:
        for tile in tiles:
            seen[tile.kind] += 1
            where.setdefault(tile.kind, []).append(field)
            if seen[tile.kind] > COPIES:
                plain = str(tile.plain)
                earlier = Counter(where[tile.kind][:COPIES])
                found = ", ".join(
                    f"{plain[0] * n}{plain[1]} in {place}" for place, n in earlier.items()
                )
                raise TooManyCopies(
                    field,
                    f"a fifth {plain} (a set has four; {found})",
                    code="tiles.fifth_copy",
                    values={"tile": plain},
                )


def to_136(tiles: Iterable[Tile]) -> list[int]:
    """Library tile ids for ``tiles``, in order and each id used once: a red five takes the
    library's red id (copy 0), plain tiles take copies 1, 2, 3 and then 0.

    A second red five of one suit (a ruleset with four red fives) gets a plain id: the
    library knows one red five per suit, so red fives are counted by the calculator itself.

    >>> to_136(parse_tiles("0m555m1z"))
    [16, 17, 18, 19, 109]
    """
    used: set[int] = set()
    ids: list[int] = []
    for tile in tiles:
        first = tile.kind * 4
        for tile_id in _RED_ORDER[first] if tile.red else _PLAIN_ORDER[first]:
            if tile_id not in used:
                break
        else:
            raise TooManyCopies(
                "tiles",
                f"a fifth {tile.plain} (a set has four)",
                code="tiles.fifth_copy",
                values={"tile": str(tile.plain)},
            )
        used.add(tile_id)
        ids.append(tile_id)
    return ids


#: The ids a tile takes, in order of preference, by the id of its kind's copy 0.
_RED_ORDER: Final = {k * 4: tuple(k * 4 + c for c in (0, 1, 2, 3)) for k in range(34)}
_PLAIN_ORDER: Final = {k * 4: tuple(k * 4 + c for c in (1, 2, 3, 0)) for k in range(34)}


def _next_in_group(kind: int) -> int:
    if kind < 27:
        return kind - kind % 9 + (kind % 9 + 1) % 9
    if kind < 31:
        return 27 + (kind - 27 + 1) % 4
    return 31 + (kind - 31 + 1) % 3


#: The dora of each indicator kind, worked out once.
_DORA: Final = tuple(_next_in_group(kind) for kind in range(34))


def dora_of(indicator: Tile) -> int:
    """The kind made dora by an indicator: the next tile of its suit, 9 -> 1, North -> East,
    red dragon -> white (seed 000; RULES.md).

    >>> str(Tile(dora_of(Tile.parse("9s")))), str(Tile(dora_of(Tile.parse("4z"))))
    ('1s', '1z')
    """
    return _DORA[indicator.kind]
