"""The tiles laid in the hand calculator and what each tap does to them.

A tap adds a tile to the hand, to a meld or to the dora indicators, or takes one away. The
picker offers only what a real set can show: at most four copies of a tile (RULES.md), the
ruleset's red fives, 14 tiles in a hand (a kan counting as three), five indicators. Whether
the hand is a winning one is the engine's to say.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from scoring.calculator.input import HandMeld, MeldType
from scoring.calculator.input_values import MAX_INDICATORS
from scoring.calculator.tiles import COPIES, FIVE_KINDS, HandError, Tile, format_tiles, parse_tiles
from scoring.rules import Ruleset

HAND_SIZE: Final = 14
#: Every tile the picker offers, in its order: 1-9 man, pin, sou, the honors, the red fives.
ALL_TILES: Final = (*(Tile(kind) for kind in range(34)), *(Tile(k, red=True) for k in (4, 13, 22)))
MODES: Final = (
    ("hand", pgettext_lazy("calculator", "Hand")),
    ("chi", pgettext_lazy("meld", "Chi")),
    ("pon", pgettext_lazy("meld", "Pon")),
    ("kan", pgettext_lazy("meld", "Open kan")),
    ("ankan", pgettext_lazy("meld", "Closed kan")),
    ("dora", pgettext_lazy("calculator", "Dora")),
    ("ura", pgettext_lazy("calculator", "Ura dora")),
)
MELD_WORDS: Final = {
    "chi": pgettext_lazy("meld", "Chi"),
    "pon": pgettext_lazy("meld", "Pon"),
    "kan": pgettext_lazy("meld", "Kan"),
    "ankan": pgettext_lazy("meld", "Closed kan"),
}


def reds_in_set(rules: Ruleset, suit: str) -> int:
    """Red fives of ``suit`` in the set (RULES.md: three are one per suit, four add a pin)."""
    if rules.aka_dora >= 4 and suit == "p":
        return 2
    return min(rules.aka_dora, 1)


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A called or declared set as the calculator writes it: ``pon555z``, ``ankan1111m``."""

    kind: str
    tiles: tuple[Tile, ...]

    @classmethod
    def parse(cls, text: str) -> TableMeld:
        for kind in ("ankan", "chi", "pon", "kan"):
            if text.startswith(kind):
                return cls(kind, parse_tiles(text[len(kind) :], "meld"))
        raise HandError(
            "meld",
            _("%(text)s is not a meld (chi, pon, kan or ankan, then tiles)") % {"text": repr(text)},
            code="meld.not_meld",
            values={"text": text[:40]},
        )

    @property
    def code(self) -> str:
        return f"{self.kind}{format_tiles(self.tiles)}"

    @property
    def words(self) -> str:
        return str(MELD_WORDS[self.kind])

    def to_engine(self) -> HandMeld:
        kind = MeldType.KAN if self.kind == "ankan" else MeldType(self.kind)
        return HandMeld(kind, self.tiles, opened=self.kind != "ankan")


@dataclass(frozen=True, slots=True)
class TableTiles:
    """The tiles laid in the calculator: the closed hand (winning tile included), the melds,
    a chi being picked, and the dora indicators."""

    closed: tuple[Tile, ...] = ()
    melds: tuple[TableMeld, ...] = ()
    win_tile: Tile | None = None
    pending: tuple[Tile, ...] = ()
    dora: tuple[Tile, ...] = ()
    ura: tuple[Tile, ...] = ()

    @property
    def count(self) -> int:
        """Tiles towards the 14 of a hand (a kan counts as three)."""
        return len(self.closed) + 3 * len(self.melds) + len(self.pending)

    def _on_table(self) -> list[Tile]:
        melds = [t for m in self.melds for t in m.tiles]
        return [*self.closed, *melds, *self.pending, *self.dora, *self.ura]

    def can_add(self, tile: Tile, mode: str, rules: Ruleset) -> bool:
        """Whether tapping ``tile`` in ``mode`` adds something a real set can show."""
        if tile.red and not reds_in_set(rules, tile.suit):
            return False
        if mode in ("dora", "ura"):
            if len(self.dora if mode == "dora" else self.ura) >= MAX_INDICATORS:
                return False
            needed = [tile]
        elif mode in ("pon", "kan", "ankan"):
            needed = list(_set_of(tile, 3 if mode == "pon" else 4, rules))
            if self.pending or self.count + 3 > HAND_SIZE:
                return False
        else:
            if self.count >= HAND_SIZE or (mode == "chi" and tile.is_honor):
                return False
            needed = [tile]
        used = [t for t in self._on_table() if t.kind == tile.kind]
        if len(used) + len(needed) > COPIES:
            return False
        reds = sum(t.red for t in used + needed)
        red_limit = reds_in_set(rules, tile.suit) if tile.kind in FIVE_KINDS else 0
        plain_limit = COPIES - red_limit if rules.aka_dora in (3, 4) else COPIES
        return reds <= red_limit and len(used) + len(needed) - reds <= plain_limit

    def add(self, tile: Tile, mode: str, rules: Ruleset) -> TableTiles:
        if not self.can_add(tile, mode, rules):
            return self
        if mode == "hand":
            return replace(self, closed=sorted_tiles((*self.closed, tile)), win_tile=tile)
        if mode == "chi":
            pending = sorted_tiles((*self.pending, tile))
            if len(pending) < 3:
                return replace(self, pending=pending)
            return replace(self, melds=(*self.melds, TableMeld("chi", pending)), pending=())
        if mode in ("pon", "kan", "ankan"):
            meld = TableMeld(mode, _set_of(tile, 3 if mode == "pon" else 4, rules))
            return replace(self, melds=(*self.melds, meld))
        if mode == "dora":
            return replace(self, dora=(*self.dora, tile))
        return replace(self, ura=(*self.ura, tile))

    def remove(self, tile: Tile) -> TableTiles:
        closed = without(self.closed, tile)
        win = self.win_tile if self.win_tile in closed else None
        return replace(self, closed=closed, win_tile=win)

    def unmeld(self, index: int) -> TableTiles:
        return replace(self, melds=self.melds[:index] + self.melds[index + 1 :])


def sorted_tiles(tiles: tuple[Tile, ...]) -> tuple[Tile, ...]:
    return tuple(sorted(tiles, key=lambda t: t.sort_key))


def without(tiles: tuple[Tile, ...], tile: Tile) -> tuple[Tile, ...]:
    if tile not in tiles:
        return tiles
    index = tiles.index(tile)
    return tiles[:index] + tiles[index + 1 :]


def _set_of(tile: Tile, size: int, rules: Ruleset) -> tuple[Tile, ...]:
    """The tiles of a pon (3) or kan (4) of ``tile``: a kan of fives holds the set's red
    fives; a pon holds one red five when the red one was tapped."""
    if tile.kind not in FIVE_KINDS:
        return (tile,) * size
    reds = reds_in_set(rules, tile.suit) if size == COPIES else int(tile.red)
    reds = min(reds, size)
    return (Tile(tile.kind, red=True),) * reds + (Tile(tile.kind),) * (size - reds)
