"""The hand calculator: a winning hand's yaku, han, fu, limit and payments.

Where each rule comes from:

- The yaku and their han are the ``mahjong`` library's (MahjongRepository/mahjong), set up from
  the club's ruleset: red fives (``aka_dora``), open tanyao (``kuitan``), ``kiriage``,
  ``kazoe`` and ``double_yakuman_hands``. Yaku names are Tenhou's romaji.
- Dora, ura dora and red fives are counted here (seed 004: ura dora only for riichi). With
  three players (RULES.md, version 3) 9m is the dora after a 1m indicator, and each kita (a
  North tile set aside) is a dora of its own line and counts once more for each dora or ura
  dora indicator showing West; a tsumo is paid per the ruleset's ``sanma_tsumo``. The
  installed ``mahjong`` library (1.x) knows no three-player game: both are done here.
- Fu follow seed 001's checklist with seed 003's details (``scoring.calculator.fu``), the
  double-wind pair per the ruleset's ``double_wind_fu`` (the library always gives 4).
- Basic points, limits and payments are the engine's (``scoring.payments``; RULES.md).
- A hand that can be read several ways is scored by the reading that pays most (seed 003):
  every split into sets and every group the winning tile can complete is valued, and the
  best payment wins, then the most yakuman, han and fu. The library is asked about one
  reading at a time so that the choice follows this ruleset's payments (with kazoe as
  sanbaiman a 13-han reading must not beat suuankou) and its double-wind fu.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final, assert_never

from scoring.calculator.fu import FuCount, FuLine, Meld, MeldKind, Pair, Wait, count_fu, meld_fu
from scoring.calculator.input import HandInput, HandMeld, MeldType
from scoring.calculator.readings import Reading, YakuHan, valued_readings
from scoring.calculator.tiles import HandError, Tile, dora_of, format_tiles
from scoring.payments import ron_points, tsumo_payments, win_value
from scoring.yaku import wind_yaku_name

__all__ = [
    "HandError",
    "HandInput",
    "HandMeld",
    "HandScore",
    "MeldType",
    "NoYaku",
    "NotAWinningHand",
    "Payments",
    "YakuLine",
    "calculate_hand",
    "score_hand",
]

#: Library yaku name -> (name in Tenhou's romaji, Tenhou's yaku id for the display order).
YAKU_NAMES: Final[dict[str, tuple[str, int]]] = {
    "Menzen Tsumo": ("Menzen Tsumo", 0),
    "Riichi": ("Riichi", 1),
    "Ippatsu": ("Ippatsu", 2),
    "Chankan": ("Chankan", 3),
    "Rinshan Kaihou": ("Rinshan Kaihou", 4),
    "Haitei Raoyue": ("Haitei Raoyue", 5),
    "Houtei Raoyui": ("Houtei Raoyui", 6),
    "Pinfu": ("Pinfu", 7),
    "Tanyao": ("Tanyao", 8),
    "Iipeiko": ("Iipeikou", 9),
    "Yakuhai (wind of place)": ("Seat Wind", 10),
    "Yakuhai (wind of round)": ("Round Wind", 14),
    "Yakuhai (haku)": ("Haku", 18),
    "Yakuhai (hatsu)": ("Hatsu", 19),
    "Yakuhai (chun)": ("Chun", 20),
    "Double Riichi": ("Double Riichi", 21),
    "Chiitoitsu": ("Chiitoitsu", 22),
    "Chantai": ("Chantaiyao", 23),
    "Ittsu": ("Ittsu", 24),
    "Sanshoku Doujun": ("Sanshoku Doujun", 25),
    "Sanshoku Doukou": ("Sanshoku Doukou", 26),
    "San Kantsu": ("Sankantsu", 27),
    "Toitoi": ("Toitoi", 28),
    "San Ankou": ("Sanankou", 29),
    "Shou Sangen": ("Shousangen", 30),
    "Honroutou": ("Honroutou", 31),
    "Ryanpeikou": ("Ryanpeikou", 32),
    "Junchan": ("Junchan", 33),
    "Honitsu": ("Honitsu", 34),
    "Chinitsu": ("Chinitsu", 35),
    "Tenhou": ("Tenhou", 37),
    "Chiihou": ("Chiihou", 38),
    "Daisangen": ("Daisangen", 39),
    "Suu Ankou": ("Suuankou", 40),
    "Suu Ankou Tanki": ("Suuankou Tanki", 41),
    "Tsuu Iisou": ("Tsuuiisou", 42),
    "Ryuuiisou": ("Ryuuiisou", 43),
    "Chinroutou": ("Chinroutou", 44),
    "Chuuren Poutou": ("Chuuren Poutou", 45),
    "Daburu Chuuren Poutou": ("Junsei Chuuren Poutou", 46),
    "Kokushi Musou": ("Kokushi Musou", 47),
    "Kokushi Musou Juusanmen Matchi": ("Kokushi Musou Juusanmen", 48),
    "Dai Suushii": ("Daisuushii", 49),
    "Shousuushii": ("Shousuushii", 50),
    "Suu Kantsu": ("Suukantsu", 51),
}
_DORA_LINES: Final = (("Dora", 52), ("Ura Dora", 53), ("Aka Dora", 54), ("Kita", 55))
#: The kinds of 1m and 9m: with three players 9m follows 1m as dora.
_ONE_MAN, _NINE_MAN = 0, 8
#: Han a yakuman yaku is listed with (the library's convention; 26 for a double yakuman).
YAKUMAN_HAN: Final = 13


class NotAWinningHand(HandError):
    """Tiles that make no four sets and a pair, seven pairs or kokushi."""


class NoYaku(HandError):
    """A complete hand without a yaku (dora are not yaku)."""


@dataclass(frozen=True, slots=True)
class YakuLine:
    """One yaku (or dora line) and its han; a yakuman is listed as 13 han per yakuman."""

    name: str
    han: int


@dataclass(frozen=True, slots=True)
class Payments:
    """Before honba and riichi sticks. A ron has ``ron``; a tsumo has ``tsumo_nondealer``
    (from each non-dealer) and, for a non-dealer's tsumo, ``tsumo_dealer``."""

    ron: int | None = None
    tsumo_nondealer: int | None = None
    tsumo_dealer: int | None = None

    @property
    def total(self) -> int:
        """What the winner receives from all payers together."""
        if self.ron is not None:
            return self.ron
        each = self.tsumo_nondealer or 0
        if self.tsumo_dealer is None:
            return 3 * each
        return 2 * each + self.tsumo_dealer

    def to_json(self) -> dict[str, int]:
        out = {"ron": self.ron, "tsumo_nondealer": self.tsumo_nondealer}
        out["tsumo_dealer"] = self.tsumo_dealer
        return {k: v for k, v in out.items() if v is not None}


@dataclass(frozen=True, slots=True)
class HandScore:
    """The value of a winning hand (``docs/hand.md``, output). ``han`` is ``None``
    for a yakuman, and so is ``fu`` for kokushi (which has no sets to count). ``yakuman``
    is the count the ruleset pays: at most 1 without ``multiple_yakuman``."""

    yaku: tuple[YakuLine, ...]
    han: int | None
    fu: int | None
    yakuman: int
    fu_breakdown: tuple[FuLine, ...]
    limit: str | None
    payments: Payments
    #: Basic points (before the payment multipliers), from ``scoring.payments.win_value``.
    basic: int

    def to_json(self) -> dict[str, Any]:
        return {
            "yaku": [{"name": y.name, "han": y.han} for y in self.yaku],
            "han": self.han,
            "fu": self.fu,
            "yakuman": self.yakuman,
            "fu_breakdown": [{"fu": line.fu, "reason": line.reason} for line in self.fu_breakdown],
            "limit": self.limit,
            "payments": self.payments.to_json(),
        }


def calculate_hand(doc: Mapping[str, Any]) -> dict[str, Any]:
    """The output document for a ``scorekeeper.hand/1`` input document.

    Bad input of any kind raises a ``HandError`` (or ``RulesError``), both ``ScoringError``.

    >>> out = calculate_hand({"closed": "234m067p234567s88s", "win_tile": "2m", "riichi": True,
    ...                       "seat_wind": "S", "dora_indicators": ["1z"]})
    >>> [y["name"] for y in out["yaku"]], out["han"], out["fu"], out["payments"]
    (['Riichi', 'Pinfu', 'Tanyao', 'Aka Dora'], 4, 30, {'ron': 7700})
    """
    return score_hand(HandInput.from_json(doc)).to_json()


def score_hand(hand: HandInput) -> HandScore:
    """Value ``hand`` by its best reading.

    >>> hand = HandInput.from_json({"closed": "123m456p789s222s11z", "win_tile": "2s",
    ...                             "seat_wind": "S", "round_wind": "S"})
    >>> score_hand(hand)
    Traceback (most recent call last):
    ...
    scoring.calculator.score.NoYaku: closed: 123m456p222789s11z has no yaku (dora are not yaku)
    """
    candidates = valued_readings(hand)
    if not candidates:
        melds = " with its melds" if hand.melds else ""
        raise NotAWinningHand(
            "closed",
            f"{format_tiles(hand.closed)}{melds} is not a winning hand "
            "(four sets and a pair, seven pairs, or kokushi)",
            code="hand.not_winning",
            values={"tiles": format_tiles(hand.closed), "melds": len(hand.melds)},
        )
    # What every reading shares is worked out once: dora, the called sets, the yakuhai pairs.
    shared = _Shared(
        dora=tuple(_yaku_line(name, n) for name, n in _dora_counts(hand).items() if n),
        called=tuple(_meld(m) for m in hand.melds),
        seat_kind=_WIND_KIND + hand.seat_wind.order,
        round_kind=_WIND_KIND + hand.round_wind.order,
    )
    best: tuple[tuple[int, ...], HandScore] | None = None
    for reading, yaku in candidates:
        if yaku is None:
            continue
        result, shape_fu = _result(hand, shared, reading, yaku)
        key = (result.basic, result.yakuman, result.han or 0, result.fu or 0, shape_fu)
        if best is None or key > best[0]:
            best = (key, result)
    if best is None:
        raise NoYaku(
            "closed",
            f"{format_tiles(hand.closed)} has no yaku (dora are not yaku)",
            code="hand.no_yaku",
            values={"tiles": format_tiles(hand.closed)},
        )
    return best[1]


#: The kind of the East tile; the other winds follow it in seat order.
_WIND_KIND: Final = 27


@dataclass(frozen=True, slots=True)
class _Shared:
    """What all the readings of one hand have in common."""

    dora: tuple[YakuLine, ...]
    called: tuple[Meld, ...]
    seat_kind: int
    round_kind: int


def _result(
    hand: HandInput, shared: _Shared, reading: Reading, yaku: Sequence[YakuHan]
) -> tuple[HandScore, int]:
    """The hand valued by one reading, and the reading's fu before rounding (a tie-break)."""
    lines = sorted(((_yaku_name(hand, y.name), y.han) for y in yaku), key=lambda item: item[0][1])
    yakuman = sum(y.han for y in yaku if y.yakuman) // YAKUMAN_HAN
    if not hand.rules.multiple_yakuman:
        # Each yakuman yaku is still listed; the hand is worth (and reported as) one.
        yakuman = min(yakuman, 1)
    fu, shape_fu = _fu(hand, shared, reading)
    named = tuple(_yaku_line(name, han) for (name, _), han in lines)
    if yakuman:
        value = win_value(hand.rules, yakuman=yakuman)
        han = None
    else:
        named += shared.dora
        han = sum(line.han for line in named)
        value = win_value(hand.rules, han=han, fu=fu.total if fu else None, tsumo=hand.tsumo)
    result = HandScore(
        yaku=named,
        han=han,
        fu=fu.total if fu else None,
        yakuman=yakuman,
        fu_breakdown=fu.lines if fu else (),
        limit=value.limit,
        payments=_payments(hand, value.basic),
        basic=value.basic,
    )
    return result, shape_fu


@lru_cache(maxsize=1024)
def _yaku_line(name: str, han: int) -> YakuLine:
    """The same few lines recur in every hand: each is made once (a frozen dataclass costs
    more to make than to look up)."""
    return YakuLine(name, han)


def _yaku_name(hand: HandInput, library_name: str) -> tuple[str, int]:
    name, order = YAKU_NAMES.get(library_name, (library_name, 99))
    if name == "Seat Wind":
        return wind_yaku_name(name, hand.seat_wind), order
    if name == "Round Wind":
        return wind_yaku_name(name, hand.round_wind), order
    return name, order


def _dora_counts(hand: HandInput) -> dict[str, int]:
    """Dora, ura dora (riichi only, checked on input), red fives and kita, in Tenhou's order.
    Kita are North tiles: where an indicator makes North a dora, each counts once more."""
    tiles = hand.all_tiles
    kinds = [t.kind for t in tiles] + [_NORTH] * hand.kita
    manzu = hand.seating.has_2m_to_8m
    dora = sum(kinds.count(_dora_kind(i, manzu)) for i in hand.dora_indicators)
    ura = sum(kinds.count(_dora_kind(i, manzu)) for i in hand.ura_dora_indicators)
    aka = sum(1 for t in tiles if t.red) if hand.rules.aka_dora else 0
    counts = (dora, ura, aka, hand.kita)
    return {name: count for (name, _), count in zip(_DORA_LINES, counts, strict=True)}


#: The kind of the North tile.
_NORTH: Final = _WIND_KIND + 3


def _dora_kind(indicator: Tile, has_2m_to_8m: bool) -> int:
    """The kind an indicator makes dora; without 2m-8m (three players) 1m makes 9m
    (RULES.md, v3).

    >>> _dora_kind(Tile(0), has_2m_to_8m=False), _dora_kind(Tile(0), has_2m_to_8m=True)
    (8, 1)
    """
    if not has_2m_to_8m and indicator.kind == _ONE_MAN:
        return _NINE_MAN
    return dora_of(indicator)


def _payments(hand: HandInput, basic: int) -> Payments:
    if not hand.tsumo:
        return Payments(ron=ron_points(basic, dealer=hand.dealer))
    each, from_dealer = tsumo_payments(hand.rules, basic, dealer=hand.dealer)
    return Payments(tsumo_nondealer=each, tsumo_dealer=from_dealer)


def _fu(hand: HandInput, shared: _Shared, reading: Reading) -> tuple[FuCount | None, int]:
    """Fu of a reading by seed 001's checklist, and the fu of its sets and wait alone (the
    tie-break between readings that pay the same: the breakdown then shows the wait that
    seed 001 and 003 count, a penchan rather than a ryanmen in 12345 won on 3)."""
    if reading.groups is None:
        return None, 0
    closed = not hand.is_open
    if len(reading.groups) == 7:
        return count_fu(hand.rules, tsumo=hand.tsumo, closed=closed, chiitoitsu=True), 25
    win = hand.win_tile.kind
    sets = [
        _closed_set(g, ron_completed=not hand.tsumo and g == reading.win_group)
        for g in reading.closed_groups
        if len(g) == 3
    ]
    sets += shared.called
    (pair,) = [g[0] for g in reading.closed_groups if len(g) == 2]
    wait = _wait(reading.win_group, win)
    fu = count_fu(
        hand.rules,
        melds=sets,
        pair=_pair(shared, pair),
        wait=wait,
        tsumo=hand.tsumo,
        closed=closed,
    )
    shape = sum(meld_fu(m) for m in sets) + (2 if wait in _HARD_WAITS else 0)
    return fu, shape


_HARD_WAITS: Final = frozenset({Wait.KANCHAN, Wait.PENCHAN, Wait.TANKI})


#: The kinds of the terminals (1 and 9) and honors.
_TERMINAL_OR_HONOR: Final = frozenset(k for k in range(34) if Tile(k).is_terminal_or_honor)
_SEQUENCE: Final = Meld(MeldKind.SEQUENCE)


#: The closed triplets by (counted as open, of terminals or honors), made once.
_TRIPLETS: Final = {
    (is_open, terminal): Meld(MeldKind.TRIPLET, open=is_open, terminal=terminal)
    for is_open in (False, True)
    for terminal in (False, True)
}


def _closed_set(group: Sequence[int], *, ron_completed: bool) -> Meld:
    if group[0] != group[1]:
        return _SEQUENCE
    # A triplet completed by a ron counts as open (seed 003, "shanpon").
    return _TRIPLETS[ron_completed, group[0] in _TERMINAL_OR_HONOR]


def _meld(meld: HandMeld) -> Meld:
    match meld.type:
        case MeldType.CHI:
            kind = MeldKind.SEQUENCE
        case MeldType.PON:
            kind = MeldKind.TRIPLET
        case MeldType.KAN:
            kind = MeldKind.QUAD
        case _:
            assert_never(meld.type)
    return Meld(kind, open=meld.opened, terminal=meld.tiles[0].is_terminal_or_honor)


def _pair(shared: _Shared, kind: int) -> Pair:
    if kind == shared.seat_kind == shared.round_kind:
        return Pair.DOUBLE_WIND
    if kind >= 31 or kind in (shared.seat_kind, shared.round_kind):
        return Pair.YAKUHAI
    return Pair.PLAIN


def _wait(group: Sequence[int], win: int) -> Wait:
    """The wait the winning tile completed, read from the group it completed (seed 003)."""
    if len(group) == 2:
        return Wait.TANKI
    if group[0] == group[1]:
        return Wait.SHANPON
    position = win - group[0]
    if position == 1:
        return Wait.KANCHAN
    number = group[0] % 9 + 1
    if (position == 2 and number == 1) or (position == 0 and number == 7):
        return Wait.PENCHAN
    return Wait.RYANMEN
