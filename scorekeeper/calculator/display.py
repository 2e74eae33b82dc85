"""How the hand calculator reads on a page: tiles as pictures with spoken names, the tile
picker with what each tap may add, the hand laid out as on the table, and the engine's answer
(yaku, han, fu, limit, payments) in words.

Formatting only: every number comes from ``scoring``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from django.templatetags.static import static

from scorekeeper.calculator.tiles import ALL_TILES, HAND_SIZE, MODES, TableTiles
from scorekeeper.format import format_points, format_tsumo
from scoring.calculator.fu import FuLine
from scoring.calculator.score import HandScore
from scoring.calculator.tiles import HONOR_NAMES, Tile
from scoring.payments import WinValue, ron_deltas, ron_points, tsumo_deltas, tsumo_points
from scoring.rules import Ruleset

SUIT_WORDS: Final = {"m": "man", "p": "pin", "s": "sou"}
LIMIT_WORDS: Final = {
    "mangan": "Mangan",
    "haneman": "Haneman",
    "baiman": "Baiman",
    "sanbaiman": "Sanbaiman",
    "yakuman": "Yakuman",
}
YAKUMAN_WORDS: Final = {1: "Yakuman", 2: "Double yakuman", 3: "Triple yakuman"}


def tile_label(tile: Tile) -> str:
    """A tile's name as a screen reader says it.

    >>> tile_label(Tile.parse("0p")), tile_label(Tile.parse("1z")), tile_label(Tile.parse("5z"))
    ('5 pin (red)', 'East wind', 'White dragon')
    """
    if tile.is_honor:
        name = HONOR_NAMES[tile.number - 1]
        return f"{name} wind" if tile.number <= 4 else f"{name} dragon"
    return f"{tile.number} {SUIT_WORDS[tile.suit]}{' (red)' if tile.red else ''}"


@cache
def tile_image(code: str) -> str:
    """The address of a tile's picture (``tiles/0p.svg`` under ``static/``). Kept for the
    life of the process, as the static files are: a page shows some sixty tiles."""
    return static(f"tiles/{code}.svg")


@dataclass(frozen=True, slots=True)
class TileView:
    """One tile on the page: its notation, picture, name and whether a tap may use it."""

    code: str
    image: str
    label: str
    enabled: bool = True
    win: bool = False

    @classmethod
    def of(cls, tile: Tile, *, enabled: bool = True, win: bool = False) -> TileView:
        return cls(str(tile), tile_image(str(tile)), tile_label(tile), enabled, win)


def yakuman_words(count: int) -> str:
    return YAKUMAN_WORDS.get(count, f"{count}× yakuman")


@dataclass(frozen=True, slots=True)
class YakuView:
    name: str
    value: str


@dataclass(frozen=True, slots=True)
class PaymentView:
    """One way the payment is said: ``who`` pays ``points`` (``honba`` included, if any)."""

    who: str
    points: str


@dataclass(frozen=True, slots=True)
class AnswerView:
    """The engine's answer in words, for the page."""

    headline: str
    total: str
    yaku: tuple[YakuView, ...]
    han: int | None
    fu: int | None
    fu_lines: tuple[FuLine, ...]
    limit: str | None
    payments: tuple[PaymentView, ...]
    honba_payments: tuple[PaymentView, ...]
    yakuman: int


def _payment_views(result: HandScore) -> tuple[PaymentView, ...]:
    pay = result.payments
    if pay.ron is not None:
        return (PaymentView("Ron: the discarder pays", format_points(pay.ron)),)
    each = pay.tsumo_nondealer or 0
    if pay.tsumo_dealer is None:
        return (PaymentView("Tsumo: each player pays", f"{format_points(each)} all"),)
    return (
        PaymentView(
            "Tsumo: each non-dealer pays, the dealer pays",
            format_tsumo((each, pay.tsumo_dealer)),
        ),
    )


def _honba_views(
    result: HandScore, rules: Ruleset, *, dealer: bool, honba: int
) -> tuple[PaymentView, ...]:
    """The payment again with the honba counters, as the engine's deltas say (seat 0 the
    dealer; a non-dealer winner in seat 1, a ron from seat 2)."""
    if not honba:
        return ()
    winner = 0 if dealer else 1
    words = f"With {honba} honba"
    if result.payments.ron is not None:
        deltas = ron_deltas(rules, result.basic, winner=winner, discarder=2, dealer=0, honba=honba)
        return (PaymentView(words, format_points(deltas[winner])),)
    deltas = tsumo_deltas(rules, result.basic, winner=winner, dealer=0, honba=honba)
    if dealer:
        return (PaymentView(words, f"{format_points(-deltas[1])} all"),)
    return (PaymentView(words, format_tsumo((-deltas[2], -deltas[0]))),)


def answer_view(result: HandScore, *, rules: Ruleset, dealer: bool, honba: int) -> AnswerView:
    """The page's words for a scored hand."""
    if result.yakuman:
        headline = yakuman_words(result.yakuman)
        yaku = tuple(
            YakuView(y.name, yakuman_words(max(y.han // 13, 1)).lower()) for y in result.yaku
        )
    else:
        limit = LIMIT_WORDS.get(result.limit or "")
        parts = [f"{result.han} han"] + ([f"{result.fu} fu"] if result.fu else [])
        headline = " ".join(parts) + (f" · {limit}" if limit else "")
        yaku = tuple(YakuView(y.name, f"{y.han} han") for y in result.yaku)
    return AnswerView(
        headline=headline,
        total=format_points(result.payments.total),
        yaku=yaku,
        han=result.han,
        fu=result.fu,
        fu_lines=result.fu_breakdown,
        limit=LIMIT_WORDS.get(result.limit or ""),
        payments=_payment_views(result),
        honba_payments=_honba_views(result, rules, dealer=dealer, honba=honba),
        yakuman=result.yakuman,
    )


def fu_payment_views(value: WinValue | None, *, tsumo: bool) -> tuple[PaymentView, ...]:
    """What the han entered in the fu calculator pays, for a non-dealer and a dealer."""
    if value is None:
        return ()
    basic = value.basic
    if tsumo:
        return (
            PaymentView("Non-dealer tsumo", format_tsumo(tsumo_points(basic, dealer=False))),
            PaymentView("Dealer tsumo", format_tsumo(tsumo_points(basic, dealer=True))),
        )
    return (
        PaymentView("Non-dealer ron", format_points(ron_points(basic, dealer=False))),
        PaymentView("Dealer ron", format_points(ron_points(basic, dealer=True))),
    )


@dataclass(frozen=True, slots=True)
class MeldView:
    index: int
    words: str
    tiles: tuple[TileView, ...]


@dataclass(frozen=True, slots=True)
class HandView:
    """The tiles laid so far: the closed hand sorted with the winning tile set apart, the
    melds, a chi being picked, the dora indicators, and the count towards 14."""

    closed: tuple[TileView, ...]
    win: TileView | None
    melds: tuple[MeldView, ...]
    pending: tuple[TileView, ...]
    dora: tuple[TileView, ...]
    ura: tuple[TileView, ...]
    count: int
    size: int
    #: The distinct closed tiles, any of which may be the winning tile.
    win_choices: tuple[TileView, ...]
    empty: bool


def hand_view(tiles: TableTiles) -> HandView:
    closed = list(tiles.closed)
    win = tiles.win_tile if tiles.win_tile in closed else None
    if win is not None:
        closed.remove(win)
    distinct = sorted(set(tiles.closed), key=lambda t: t.sort_key)
    return HandView(
        closed=tuple(TileView.of(t) for t in closed),
        win=TileView.of(win, win=True) if win is not None else None,
        melds=tuple(
            MeldView(i, m.words, tuple(TileView.of(t) for t in m.tiles))
            for i, m in enumerate(tiles.melds)
        ),
        pending=tuple(TileView.of(t) for t in tiles.pending),
        dora=tuple(TileView.of(t) for t in tiles.dora),
        ura=tuple(TileView.of(t) for t in tiles.ura),
        count=tiles.count,
        size=HAND_SIZE,
        win_choices=tuple(TileView.of(t, win=t == tiles.win_tile) for t in distinct),
        empty=tiles == TableTiles(),
    )


@dataclass(frozen=True, slots=True)
class PickerRow:
    title: str
    tiles: tuple[TileView, ...]


def picker_rows(tiles: TableTiles, rules: Ruleset, mode: str | None) -> tuple[PickerRow, ...]:
    """The picker: man, pin, sou (1-9), the honors, then the red fives if the ruleset has
    them; a tile is disabled where a tap could add nothing a real set shows. ``mode`` is
    what a tap adds (the hand, a meld, a dora indicator); anything else means the hand."""
    mode = mode if mode in dict(MODES) else "hand"
    views = [(t, TileView.of(t, enabled=tiles.can_add(t, mode, rules))) for t in ALL_TILES]
    rows = (
        ("Man", [v for t, v in views if t.suit == "m" and not t.red]),
        ("Pin", [v for t, v in views if t.suit == "p" and not t.red]),
        ("Sou", [v for t, v in views if t.suit == "s" and not t.red]),
        ("Honors", [v for t, v in views if t.is_honor]),
        ("Red fives", [v for t, v in views if t.red and rules.aka_dora]),
    )
    return tuple(PickerRow(title, tuple(row)) for title, row in rows if row)
