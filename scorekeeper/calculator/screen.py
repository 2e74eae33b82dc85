"""How the hand calculator reads on a page: tiles as pictures with spoken names, the tile
picker with what each tap may add, the hand laid out as on the table, and the engine's answer
(yaku, han, fu, limit, payments) in words, in the reader's language.

Formatting only: every number comes from ``scoring``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from django.templatetags.static import static
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from scorekeeper.calculator.tiles import ALL_TILES, HAND_SIZE, MODES, TableTiles
from scorekeeper.format import (
    all_pay,
    format_points,
    format_tsumo,
    han_fu,
    limit_name,
    yaku_name,
    yakuman_name,
)
from scoring.calculator.fu import FuLine
from scoring.calculator.score import HandScore
from scoring.calculator.tiles import Tile
from scoring.payments import WinValue, ron_deltas, ron_points, tsumo_deltas, tsumo_points
from scoring.rules import Ruleset

SUIT_WORDS: Final = {
    "m": pgettext_lazy("tile", "man"),
    "p": pgettext_lazy("tile", "pin"),
    "s": pgettext_lazy("tile", "sou"),
}
#: The honors in the notation's order (1z..7z).
HONOR_WORDS: Final = (
    pgettext_lazy("tile", "East wind"),
    pgettext_lazy("tile", "South wind"),
    pgettext_lazy("tile", "West wind"),
    pgettext_lazy("tile", "North wind"),
    pgettext_lazy("tile", "White dragon"),
    pgettext_lazy("tile", "Green dragon"),
    pgettext_lazy("tile", "Red dragon"),
)


def tile_label(tile: Tile) -> str:
    """A tile's name as a screen reader says it.

    >>> tile_label(Tile.parse("0p")), tile_label(Tile.parse("1z")), tile_label(Tile.parse("5z"))
    ('5 pin (red)', 'East wind', 'White dragon')
    """
    if tile.is_honor:
        return str(HONOR_WORDS[tile.number - 1])
    name = pgettext("tile", "%(number)s %(suit)s") % {
        "number": tile.number,
        "suit": SUIT_WORDS[tile.suit],
    }
    return pgettext("tile", "%(tile)s (red)") % {"tile": name} if tile.red else name


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
        return (PaymentView(_("Ron: the discarder pays"), format_points(pay.ron)),)
    each = pay.tsumo_nondealer or 0
    if pay.tsumo_dealer is None:
        return (PaymentView(_("Tsumo: each player pays"), all_pay(each)),)
    return (
        PaymentView(
            _("Tsumo: each non-dealer pays, the dealer pays"),
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
    words = _("With %(honba)s honba") % {"honba": honba}
    if result.payments.ron is not None:
        deltas = ron_deltas(rules, result.basic, winner=winner, discarder=2, dealer=0, honba=honba)
        return (PaymentView(words, format_points(deltas[winner])),)
    deltas = tsumo_deltas(rules, result.basic, winner=winner, dealer=0, honba=honba)
    if dealer:
        return (PaymentView(words, all_pay(-deltas[1])),)
    return (PaymentView(words, format_tsumo((-deltas[2], -deltas[0]))),)


def answer_view(result: HandScore, *, rules: Ruleset, dealer: bool, honba: int) -> AnswerView:
    """The page's words for a scored hand."""
    limit = limit_name(result.limit, capital=True) if result.limit else None
    if result.yakuman:
        headline = yakuman_name(result.yakuman, capital=True)
        yaku = tuple(
            YakuView(yaku_name(y.name), yakuman_name(max(y.han // 13, 1))) for y in result.yaku
        )
    else:
        headline = han_fu(result.han or 0, result.fu or None) + (f" · {limit}" if limit else "")
        yaku = tuple(YakuView(yaku_name(y.name), han_fu(y.han)) for y in result.yaku)
    return AnswerView(
        headline=headline,
        total=format_points(result.payments.total),
        yaku=yaku,
        han=result.han,
        fu=result.fu,
        fu_lines=fu_lines(result.fu_breakdown),
        limit=limit,
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
            PaymentView(_("Non-dealer tsumo"), format_tsumo(tsumo_points(basic, dealer=False))),
            PaymentView(_("Dealer tsumo"), format_tsumo(tsumo_points(basic, dealer=True))),
        )
    return (
        PaymentView(_("Non-dealer ron"), format_points(ron_points(basic, dealer=False))),
        PaymentView(_("Dealer ron"), format_points(ron_points(basic, dealer=True))),
    )


#: The engine's reasons for fu (``scoring.calculator.fu``), as the page says them.
FU_REASONS: Final = {
    "base": gettext_lazy("base"),
    "tsumo": gettext_lazy("tsumo"),
    "closed ron": gettext_lazy("closed ron"),
    "pinfu tsumo (no tsumo fu; fixed 20 fu)": gettext_lazy(
        "pinfu tsumo (no tsumo fu; fixed 20 fu)"
    ),
    "open hand with no fu: raised to 30": gettext_lazy("open hand with no fu: raised to 30"),
    "chiitoitsu (fixed 25 fu, not rounded)": gettext_lazy("chiitoitsu (fixed 25 fu, not rounded)"),
    "yakuhai pair": gettext_lazy("yakuhai pair"),
    "double wind pair": gettext_lazy("double wind pair"),
    "kanchan wait": gettext_lazy("kanchan wait"),
    "penchan wait": gettext_lazy("penchan wait"),
    "tanki wait": gettext_lazy("tanki wait"),
    "open triplet of simples": gettext_lazy("open triplet of simples"),
    "open triplet of terminals/honors": gettext_lazy("open triplet of terminals/honors"),
    "closed triplet of simples": gettext_lazy("closed triplet of simples"),
    "closed triplet of terminals/honors": gettext_lazy("closed triplet of terminals/honors"),
    "open quad of simples": gettext_lazy("open quad of simples"),
    "open quad of terminals/honors": gettext_lazy("open quad of terminals/honors"),
    "closed quad of simples": gettext_lazy("closed quad of simples"),
    "closed quad of terminals/honors": gettext_lazy("closed quad of terminals/honors"),
}


def fu_reason(line: FuLine) -> str:
    """One line of the fu count in words; a reason the page does not know as given."""
    if line.rounded_from is not None:
        return _("rounded up from %(fu)s") % {"fu": line.rounded_from}
    return str(FU_REASONS.get(line.reason, line.reason))


def fu_lines(lines: tuple[FuLine, ...]) -> tuple[FuLine, ...]:
    """The engine's fu lines with their reasons in words."""
    return tuple(FuLine(line.fu, fu_reason(line)) for line in lines)


@dataclass(frozen=True, slots=True)
class MeldView:
    index: int
    kind: str
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
            MeldView(i, m.kind, str(m.words), tuple(TileView.of(t) for t in m.tiles))
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
        (pgettext("tiles", "Man"), [v for t, v in views if t.suit == "m" and not t.red]),
        (pgettext("tiles", "Pin"), [v for t, v in views if t.suit == "p" and not t.red]),
        (pgettext("tiles", "Sou"), [v for t, v in views if t.suit == "s" and not t.red]),
        (pgettext("tiles", "Honors"), [v for t, v in views if t.is_honor]),
        (pgettext("tiles", "Red fives"), [v for t, v in views if t.red and rules.aka_dora]),
    )
    return tuple(PickerRow(title, tuple(row)) for title, row in rows if row)
