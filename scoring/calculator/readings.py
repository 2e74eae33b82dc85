"""The readings of a winning hand and the yaku of each, from the ``mahjong`` library.

A reading is one split of the 14 tiles into four sets and a pair (or seven pairs, or kokushi)
together with the closed group the winning tile completed: ``12345m`` won on 3m is a penchan
or a ryanmen, ``111222333p`` is three triplets or three runs, and each way can score
differently (seed 003, "Maximum Score"). The splits are found here by a plain recursive
search (they equal the library's ``HandDivider``, which tries permutations of candidate sets
and is slow on a flush: see the hand bench). The yaku are the library's (MahjongRepository/mahjong):
its calculator keeps only the reading it likes best, so its yaku are asked about one reading
at a time (``scoring.calculator.yaku``) and the caller chooses by this ruleset's payments.

The library's options follow the ruleset: red fives (``aka_dora``), open tanyao (``kuitan``),
``kiriage``, ``kazoe`` (yakuman or sanbaiman) and ``double_yakuman_hands``. It has no option
for the double-wind pair (it always counts 4 fu) nor for a single yakuman at most: fu and
payments are therefore not taken from it (``scoring.calculator.fu``, ``scoring.payments``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from mahjong.constants import EAST
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld

from scoring.calculator.input import HandInput, MeldType
from scoring.calculator.tiles import to_136
from scoring.calculator.yaku import reading_yaku
from scoring.rules import Ruleset
from scoring.seats import Wind

Group = tuple[int, ...]
#: The thirteen terminal and honor kinds of kokushi musou.
_ORPHANS: Final = frozenset({0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33})
_MELD_TYPES: Final = {MeldType.CHI: Meld.CHI, MeldType.PON: Meld.PON, MeldType.KAN: Meld.KAN}
#: The library's wind constants (EAST, SOUTH, WEST, NORTH are consecutive tile ids).
_LIBRARY_WIND: Final = {wind: EAST + wind.order for wind in Wind}
#: 13+ han without a yakuman: kazoe yakuman (never more than one) or sanbaiman.
#: Han of a yakuman in the library (26 for a double one).
YAKUMAN_HAN: Final = 13
_KAZOE: Final = {"yakuman": HandConstants.KAZOE_LIMITED, "sanbaiman": HandConstants.KAZOE_SANBAIMAN}


@dataclass(frozen=True, slots=True)
class Reading:
    """``groups``: every group of the split (melds included), ``None`` for kokushi;
    ``closed_groups``: the groups of the closed tiles; ``win_group``: the closed group the
    winning tile completed. Groups are tile kinds (0-33), sorted."""

    groups: tuple[Group, ...] | None
    closed_groups: tuple[Group, ...] = ()
    win_group: Group = ()


@dataclass(frozen=True, slots=True)
class YakuHan:
    """One yaku of a reading: the library's name, its han (13 per yakuman), yakuman or not."""

    name: str
    han: int
    yakuman: bool


@dataclass(frozen=True, slots=True)
class _Prepared:
    ids: list[int]
    win_id: int
    melds: list[Meld]


def library_options(rules: Ruleset) -> OptionalRules:
    """The library's optional rules for a ruleset.

    >>> from scoring.rules import PRESETS
    >>> options = library_options(PRESETS["ema"])
    >>> options.has_aka_dora, options.kazoe_limit == HandConstants.KAZOE_SANBAIMAN
    (False, True)
    """
    return OptionalRules(
        has_open_tanyao=rules.kuitan,
        has_aka_dora=rules.aka_dora > 0,
        has_double_yakuman=rules.double_yakuman_hands,
        kazoe_limit=_KAZOE[rules.kazoe],
        kiriage=rules.kiriage,
        fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=False,
    )


#: Library configurations already built, by situation and options. A ``HandConfig`` builds
#: its fifty yaku objects when made, which cost more than valuing a reading; the library
#: writes only the dora lines' han into them (left out here) and, for a ruleset without
#: double yakuman, the same han every time, so one configuration serves every hand alike.
_CONFIGS: Final[dict[tuple[object, ...], HandConfig]] = {}
_MOST_CONFIGS: Final = 1024


def library_config(hand: HandInput) -> HandConfig:
    """The library's situation for a hand (flags, winds, options).

    >>> hand = HandInput.from_json({"closed": "123456789m11222z", "win_tile": "2z"})
    >>> config = library_config(hand)
    >>> config.is_dealer, config is library_config(hand)
    (True, True)
    """
    rules = hand.rules
    key = (
        hand.tsumo,
        hand.riichi,
        hand.double_riichi,
        hand.ippatsu,
        hand.rinshan,
        hand.chankan,
        hand.haitei,
        hand.houtei,
        hand.tenhou,
        hand.chiihou,
        hand.seat_wind,
        hand.round_wind,
        rules.kuitan,
        rules.aka_dora > 0,
        rules.double_yakuman_hands,
        rules.kazoe,
        rules.kiriage,
    )
    config = _CONFIGS.get(key)
    if config is None:
        if len(_CONFIGS) >= _MOST_CONFIGS:
            _CONFIGS.clear()
        config = _CONFIGS[key] = _new_config(hand)
    return config


def _new_config(hand: HandInput) -> HandConfig:
    config = HandConfig(
        is_tsumo=hand.tsumo,
        is_riichi=hand.riichi or hand.double_riichi,
        is_daburu_riichi=hand.double_riichi,
        is_ippatsu=hand.ippatsu,
        is_rinshan=hand.rinshan,
        is_chankan=hand.chankan,
        is_haitei=hand.haitei,
        is_houtei=hand.houtei,
        is_tenhou=hand.tenhou,
        is_chiihou=hand.chiihou,
        player_wind=_LIBRARY_WIND[hand.seat_wind],
        round_wind=_LIBRARY_WIND[hand.round_wind],
        options=library_options(hand.rules),
    )
    if not hand.rules.double_yakuman_hands:
        # What estimate_hand_value sets on every call: each double yakuman counts single.
        yaku: Any = config.yaku
        for name in ("daburu_kokushi", "suuankou_tanki", "daburu_chuuren_poutou", "daisuushi"):
            getattr(yaku, name).han_closed = YAKUMAN_HAN
        yaku.daisuushi.han_open = YAKUMAN_HAN
    return config


def library_tiles(hand: HandInput) -> tuple[list[int], int, list[Meld]]:
    """All tile ids (kans with four), the winning tile's id and the library's melds."""
    prepared = _prepare(hand)
    return prepared.ids, prepared.win_id, prepared.melds


def _prepare(hand: HandInput) -> _Prepared:
    meld_tiles = [sorted(m.tiles, key=lambda t: t.kind) for m in hand.melds]
    ids = to_136([*hand.closed, *(t for tiles in meld_tiles for t in tiles)])
    melds: list[Meld] = []
    start = len(hand.closed)
    for meld, tiles in zip(hand.melds, meld_tiles, strict=True):
        melds.append(
            Meld(_MELD_TYPES[meld.type], ids[start : start + len(tiles)], opened=meld.opened)
        )
        start += len(tiles)
    win_id = ids[hand.closed.index(hand.win_tile)]
    return _Prepared(ids, win_id, melds)


def hand_readings(hand: HandInput) -> list[Reading]:
    win = hand.win_tile.kind
    meld_groups = [tuple(sorted(t.kind for t in m.tiles)) for m in hand.melds]
    counts = [0] * 34
    for tile in hand.closed:
        counts[tile.kind] += 1
    found: list[Reading] = []
    for closed in splits(counts):
        groups = tuple(sorted([*closed, *meld_groups]))
        for win_group in sorted({g for g in closed if win in g}):
            found.append(Reading(groups, closed, win_group))
    if not hand.melds and set(k for k, n in enumerate(counts) if n) == _ORPHANS:
        found.append(Reading(None))
    return found


def splits(counts: Sequence[int]) -> list[tuple[Group, ...]]:
    """Every way to split closed tiles (copies per kind) into sets and one pair, and seven
    distinct pairs when there are fourteen tiles; each split sorted, none twice.

    >>> splits([3, 3, 3] + [0] * 24 + [2] + [0] * 6)
    [((0, 0, 0), (1, 1, 1), (2, 2, 2), (27, 27)), ((0, 1, 2), (0, 1, 2), (0, 1, 2), (27, 27))]
    """
    found: set[tuple[Group, ...]] = set()
    work = list(counts)
    present = [kind for kind, n in enumerate(counts) if n]
    for pair in present:
        if work[pair] >= 2:
            work[pair] -= 2
            for sets in _sets(work, present, 0):
                found.add(tuple(sorted([(pair, pair), *sets])))
            work[pair] += 2
    if sum(counts) == 14 and sum(1 for n in counts if n == 2) == 7:
        found.add(tuple((k, k) for k, n in enumerate(counts) if n == 2))
    return sorted(found)


def _sets(work: list[int], present: Sequence[int], index: int) -> list[list[Group]]:
    """Every split of ``work`` into triplets and runs (``work`` is restored on return);
    ``present`` lists the kinds it holds, the first ``index`` of them already used up."""
    for index in range(index, len(present)):  # noqa: B020 (the search resumes where it stops)
        if work[present[index]]:
            break
    else:
        return [[]]
    kind = present[index]
    out: list[list[Group]] = []
    if work[kind] >= 3:
        work[kind] -= 3
        out += [[(kind, kind, kind), *rest] for rest in _sets(work, present, index)]
        work[kind] += 3
    if kind < 27 and kind % 9 < 7 and work[kind + 1] and work[kind + 2]:
        for k in (kind, kind + 1, kind + 2):
            work[k] -= 1
        out += [[(kind, kind + 1, kind + 2), *rest] for rest in _sets(work, present, index)]
        for k in (kind, kind + 1, kind + 2):
            work[k] += 1
    return out


def valued_readings(hand: HandInput) -> list[tuple[Reading, list[YakuHan] | None]]:
    """Every reading of the hand with its yaku (dora left out: the caller counts them), or
    ``None`` for a reading without yaku. Empty when the tiles are not a winning hand.

    >>> from scoring.calculator.input import HandInput
    >>> hand = HandInput.from_json({"closed": "123345m456p789s99p", "win_tile": "3m"})
    >>> [(r.win_group, yaku) for r, yaku in valued_readings(hand)]
    [((0, 1, 2), None), ((2, 3, 4), [YakuHan(name='Pinfu', han=1, yakuman=False)])]
    """
    prepared = _prepare(hand)
    config = library_config(hand)
    tiles_34 = [0] * 34
    for tile_id in prepared.ids:
        tiles_34[tile_id // 4] += 1
    is_open = hand.is_open
    out: list[tuple[Reading, list[YakuHan] | None]] = []
    for reading in hand_readings(hand):
        found = reading_yaku(
            config,
            None if reading.groups is None else [list(g) for g in reading.groups],
            list(reading.win_group),
            tiles_34=tiles_34,
            win_id=prepared.win_id,
            melds=prepared.melds,
            is_open=is_open,
        )
        out.append((reading, _yaku(found, is_open=is_open)))
    return out


@lru_cache(maxsize=1024)
def _yaku_han(name: str, han: int, yakuman: bool) -> YakuHan:
    """Each yaku the library names is made once (a frozen dataclass costs more to make
    than to look up)."""
    return YakuHan(name, han, yakuman)


def _yaku(found: list[Any], *, is_open: bool) -> list[YakuHan] | None:
    """The library's yaku as han (its rule: the open value where it has one); ``None`` for
    no han at all, as the library's ``ERR_NO_YAKU``."""
    out: list[YakuHan] = []
    for yaku in found:
        han = yaku.han_open if is_open and yaku.han_open else yaku.han_closed
        out.append(_yaku_han(str(yaku.name), int(han), bool(yaku.is_yakuman)))
    return out if sum(y.han for y in out) else None
