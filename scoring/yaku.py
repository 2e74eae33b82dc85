"""The yaku a win may name in a game record, with their han closed and open.

The names are the hand calculator's (``docs/hand.md``, output; Tenhou's romaji,
``scoring.calculator.score.YAKU_NAMES``), in Tenhou's order. The han are the standard ones, as
the ``mahjong`` library (MahjongRepository/mahjong, the calculator's source) and riichi.wiki's
yaku pages (``rules/reference.md`` R37) give them: a yaku that loses a han when open
(``kuisagari``) has its open value, one that needs a closed hand has none. A yakuman yaku is one
yakuman; the four ``double`` ones are two where the ruleset has ``double_yakuman_hands``
(RULES.md). Dora, ura dora and red fives are not yaku: a win counts them in its ``dora``.

Which yaku cannot go together, and which need a tsumo or a ron, is listed here once
(``EXCLUSIVE``, ``TSUMO_ONLY``, ``RON_ONLY``): each pair names two yaku whose conditions
contradict (a sequence hand and all triplets, two waits, two ways of winning).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, NamedTuple

from scoring.seats import WIND_NAMES, Wind


class Yaku(NamedTuple):
    """One yaku: ``closed`` and ``open`` han (``open`` ``None``: needs a closed hand), or a
    yakuman (``yakuman`` 1; ``double``: two under ``double_yakuman_hands``)."""

    name: str
    closed: int
    open: int | None
    yakuman: int = 0
    double: bool = False


def _yakuman(name: str, *, closed_only: bool = False, double: bool = False) -> Yaku:
    return Yaku(name, 0, None if closed_only else 0, yakuman=1, double=double)


#: Every yaku, in Tenhou's order (its yaku ids 0-51 without the per-wind yakuhai).
YAKU: Final[tuple[Yaku, ...]] = (
    Yaku("Menzen Tsumo", 1, None),
    Yaku("Riichi", 1, None),
    Yaku("Ippatsu", 1, None),
    Yaku("Chankan", 1, 1),
    Yaku("Rinshan Kaihou", 1, 1),
    Yaku("Haitei Raoyue", 1, 1),
    Yaku("Houtei Raoyui", 1, 1),
    Yaku("Pinfu", 1, None),
    Yaku("Tanyao", 1, 1),
    Yaku("Iipeikou", 1, None),
    Yaku("Seat Wind", 1, 1),
    Yaku("Round Wind", 1, 1),
    Yaku("Haku", 1, 1),
    Yaku("Hatsu", 1, 1),
    Yaku("Chun", 1, 1),
    Yaku("Double Riichi", 2, None),
    Yaku("Chiitoitsu", 2, None),
    Yaku("Chantaiyao", 2, 1),
    Yaku("Ittsu", 2, 1),
    Yaku("Sanshoku Doujun", 2, 1),
    Yaku("Sanshoku Doukou", 2, 2),
    Yaku("Sankantsu", 2, 2),
    Yaku("Toitoi", 2, 2),
    Yaku("Sanankou", 2, 2),
    Yaku("Shousangen", 2, 2),
    Yaku("Honroutou", 2, 2),
    Yaku("Ryanpeikou", 3, None),
    Yaku("Junchan", 3, 2),
    Yaku("Honitsu", 3, 2),
    Yaku("Chinitsu", 6, 5),
    _yakuman("Tenhou", closed_only=True),
    _yakuman("Chiihou", closed_only=True),
    _yakuman("Daisangen"),
    _yakuman("Suuankou", closed_only=True),
    _yakuman("Suuankou Tanki", closed_only=True, double=True),
    _yakuman("Tsuuiisou"),
    _yakuman("Ryuuiisou"),
    _yakuman("Chinroutou"),
    _yakuman("Chuuren Poutou", closed_only=True),
    _yakuman("Junsei Chuuren Poutou", closed_only=True, double=True),
    _yakuman("Kokushi Musou", closed_only=True),
    _yakuman("Kokushi Musou Juusanmen", closed_only=True, double=True),
    _yakuman("Daisuushii", double=True),
    _yakuman("Shousuushii"),
    _yakuman("Suukantsu"),
)
BY_NAME: Final[dict[str, Yaku]] = {yaku.name: yaku for yaku in YAKU}
#: Where each name sorts: yaku are written in this order whatever order they came in.
ORDER: Final[dict[str, int]] = {yaku.name: i for i, yaku in enumerate(YAKU)}
#: The calculator's lines that are not yaku: they go in the win's ``dora``.
DORA_LINES: Final = ("Dora", "Ura Dora", "Aka Dora")
#: The riichi yaku: a winner who names one must have declared riichi in the hand.
RIICHI_YAKU: Final = frozenset({"Riichi", "Double Riichi"})
TSUMO_ONLY: Final = frozenset(
    {"Menzen Tsumo", "Haitei Raoyue", "Rinshan Kaihou", "Tenhou", "Chiihou"}
)
RON_ONLY: Final = frozenset({"Houtei Raoyui", "Chankan"})

#: The two yaku a wind gives; the hand calculator names each with its wind.
WIND_YAKU: Final = ("Seat Wind", "Round Wind")


def wind_yaku_name(yaku: str, wind: Wind) -> str:
    """A wind yaku as the hand calculator lists it, with its wind.

    >>> wind_yaku_name("Seat Wind", Wind.SOUTH)
    'Seat Wind South'
    """
    return f"{yaku} {WIND_NAMES[wind]}"


_SEQUENCE_YAKU: Final = ("Pinfu", "Iipeikou", "Ryanpeikou", "Ittsu", "Sanshoku Doujun")
_TRIPLET_YAKU: Final = ("Toitoi", "Sanankou", "Sanshoku Doukou", "Sankantsu")
_YAKUHAI: Final = ("Seat Wind", "Round Wind", "Haku", "Hatsu", "Chun")
_TERMINAL_YAKU: Final = ("Chantaiyao", "Junchan", "Honroutou", "Ittsu", "Shousangen", *_YAKUHAI)


def _pairs(
    groups: Iterable[tuple[Iterable[str], Iterable[str]]],
) -> frozenset[frozenset[str]]:
    return frozenset(frozenset((a, b)) for left, right in groups for a in left for b in right)


#: Pairs of yaku that no hand has together (each pair once, as a set of two names).
EXCLUSIVE: Final[frozenset[frozenset[str]]] = _pairs(
    (
        # One riichi; iipeikou is part of ryanpeikou; one flush; chanta is junchan with honors.
        (("Riichi",), ("Double Riichi",)),
        (("Iipeikou",), ("Ryanpeikou",)),
        (("Honitsu",), ("Chinitsu",)),
        (("Chantaiyao",), ("Junchan", "Honroutou")),
        (("Junchan",), ("Honroutou",)),
        # Tanyao has no terminal or honor; pinfu no triplet and no yakuhai.
        (("Tanyao",), _TERMINAL_YAKU),
        (("Pinfu",), (*_TRIPLET_YAKU, *_YAKUHAI, "Shousangen", "Honroutou")),
        # All triplets against sequences.
        (("Toitoi",), (*_SEQUENCE_YAKU, "Chantaiyao", "Junchan")),
        (("Honroutou",), _SEQUENCE_YAKU),
        # Seven pairs have no sets at all.
        (
            ("Chiitoitsu",),
            (*_SEQUENCE_YAKU, *_TRIPLET_YAKU, *_YAKUHAI, "Shousangen", "Chantaiyao", "Junchan"),
        ),
        # Two ways of winning, or a last tile that is not one.
        (("Menzen Tsumo",), ("Houtei Raoyui", "Chankan")),
        (("Haitei Raoyue",), ("Houtei Raoyui", "Rinshan Kaihou", "Chankan")),
        (("Rinshan Kaihou",), ("Houtei Raoyui", "Chankan")),
        (("Houtei Raoyui",), ("Chankan",)),
        # A kan ends the ippatsu turn.
        (("Ippatsu",), ("Rinshan Kaihou",)),
        # Yakuman: one first draw; one shape each of kokushi, chuuren and suuankou.
        (("Tenhou",), ("Chiihou",)),
        (("Kokushi Musou",), ("Kokushi Musou Juusanmen",)),
        (("Chuuren Poutou",), ("Junsei Chuuren Poutou",)),
        (("Suuankou",), ("Suuankou Tanki",)),
        (("Daisuushii",), ("Shousuushii", "Daisangen")),
        (("Shousuushii",), ("Daisangen",)),
        (("Tsuuiisou",), ("Chinroutou", "Ryuuiisou")),
        (
            ("Kokushi Musou", "Kokushi Musou Juusanmen"),
            (
                "Daisangen",
                "Suuankou",
                "Suuankou Tanki",
                "Tsuuiisou",
                "Ryuuiisou",
                "Chinroutou",
                "Chuuren Poutou",
                "Junsei Chuuren Poutou",
                "Daisuushii",
                "Shousuushii",
                "Suukantsu",
            ),
        ),
        (
            ("Chuuren Poutou", "Junsei Chuuren Poutou"),
            (
                "Daisangen",
                "Suuankou",
                "Suuankou Tanki",
                "Tsuuiisou",
                "Ryuuiisou",
                "Chinroutou",
                "Daisuushii",
                "Shousuushii",
                "Suukantsu",
            ),
        ),
        (("Ryuuiisou",), ("Chinroutou", "Daisangen", "Daisuushii", "Shousuushii")),
        (("Chinroutou",), ("Daisangen", "Daisuushii", "Shousuushii")),
    )
)
#: The dragon yakuhai: shousangen is two dragon triplets and a dragon pair.
DRAGONS: Final = ("Haku", "Hatsu", "Chun")


def sort_yaku(names: Iterable[str]) -> tuple[str, ...]:
    """Yaku names in the table's order (unknown names last, as given).

    >>> sort_yaku(["Tanyao", "Riichi", "Menzen Tsumo"])
    ('Menzen Tsumo', 'Riichi', 'Tanyao')
    """
    return tuple(sorted(names, key=lambda name: ORDER.get(name, len(ORDER))))


def yaku_han(name: str, *, is_open: bool) -> int | None:
    """The han of a (non-yakuman) yaku, closed or open; ``None`` where it needs a closed hand.

    >>> yaku_han("Honitsu", is_open=False), yaku_han("Honitsu", is_open=True)
    (3, 2)
    >>> yaku_han("Pinfu", is_open=True) is None
    True
    """
    yaku = BY_NAME[name]
    return yaku.open if is_open else yaku.closed


def yakuman_count(names: Iterable[str], *, double_hands: bool, multiple: bool) -> int:
    """How many yakuman these yaku make under a ruleset's ``double_yakuman_hands`` and
    ``multiple_yakuman``.

    >>> yakuman_count(["Suuankou Tanki", "Tsuuiisou"], double_hands=True, multiple=True)
    3
    >>> yakuman_count(["Suuankou Tanki", "Tsuuiisou"], double_hands=False, multiple=False)
    1
    """
    count = 0
    for name in names:
        yaku = BY_NAME[name]
        count += yaku.yakuman * (2 if yaku.double and double_hands else 1)
    return count if multiple else min(count, 1)


def clashes(names: Iterable[str]) -> tuple[str, str] | None:
    """The first two of ``names`` (in the table's order) that no hand has together.

    >>> clashes(["Pinfu", "Toitoi"])
    ('Pinfu', 'Toitoi')
    >>> clashes(["Riichi", "Pinfu", "Tanyao"]) is None
    True
    """
    ordered = sort_yaku(names)
    for i, first in enumerate(ordered):
        for second in ordered[i + 1 :]:
            if frozenset((first, second)) in EXCLUSIVE:
                return first, second
    return None


__all__ = [
    "BY_NAME",
    "DORA_LINES",
    "EXCLUSIVE",
    "RIICHI_YAKU",
    "RON_ONLY",
    "TSUMO_ONLY",
    "YAKU",
    "Yaku",
    "clashes",
    "sort_yaku",
    "yaku_han",
    "yakuman_count",
]
