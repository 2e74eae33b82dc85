"""The payment table laid out as two sheets (non-dealer, dealer) of fu rows by han columns,
then the limits. Every number comes from ``scoring.table``; ``scorekeeper.format`` writes them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scorekeeper.format import format_points, format_tsumo, han_fu, limit_name
from scoring.rules import Ruleset
from scoring.table import TableRow, payment_table

HAN_COLUMNS: Final = (1, 2, 3, 4)


@dataclass(frozen=True, slots=True)
class Cell:
    """A ron and a tsumo as shown; ``None`` where no hand can be won that way."""

    han: int | None
    fu: int | None
    ron: str | None
    tsumo: str | None
    limit: str | None

    @classmethod
    def from_row(cls, row: TableRow) -> Cell:
        return cls(
            han=row.han,
            fu=row.fu,
            ron=None if row.ron is None else format_points(row.ron),
            tsumo=None if row.tsumo is None else format_tsumo(row.tsumo),
            limit=row.limit,
        )

    @property
    def is_mangan(self) -> bool:
        return self.limit == "mangan"


@dataclass(frozen=True, slots=True)
class FuRow:
    fu: int
    cells: tuple[Cell, ...]


@dataclass(frozen=True, slots=True)
class LimitRow:
    """``slug`` names the row in element ids; ``detail`` says which han reach it."""

    slug: str
    title: str
    detail: str
    cell: Cell


@dataclass(frozen=True, slots=True)
class Sheet:
    slug: str
    title: str
    fu_rows: tuple[FuRow, ...]
    limit_rows: tuple[LimitRow, ...]


def _limit_rows(rows: list[TableRow]) -> tuple[LimitRow, ...]:
    """The engine gives each limit at its lowest han (5, 6, 8, 11), then 13 han, then a
    yakuman without han; each row's han run up to the next row's."""
    out = []
    for row, following in zip(rows, [*rows[1:], None], strict=True):
        cell = Cell.from_row(row)
        if row.han is None:
            out.append(LimitRow("yakuman", limit_name("yakuman", capital=True), "", cell))
        elif following is None or following.han is None:
            # 13+ han: kazoe yakuman, or capped at sanbaiman, as the ruleset says.
            kazoe = row.limit == "yakuman"
            title = limit_name("kazoe_yakuman" if kazoe else row.limit or "", capital=True)
            words = _("%(han)s+ han") if kazoe else _("%(han)s+ han, no kazoe yakuman")
            out.append(LimitRow("kazoe", title, words % {"han": row.han}, cell))
        else:
            last = following.han - 1
            if last == row.han:
                detail = han_fu(row.han)
            else:
                detail = _("%(first)s–%(last)s han") % {"first": row.han, "last": last}
            limit = row.limit or ""
            out.append(LimitRow(limit, limit_name(limit, capital=True), detail, cell))
    return tuple(out)


def payment_sheets(rules: Ruleset) -> tuple[Sheet, Sheet]:
    """The engine's payment table for ``rules`` as a non-dealer sheet and a dealer sheet.

    >>> from scoring.rules import PRESETS
    >>> non_dealer, dealer = payment_sheets(PRESETS["tenhou"])
    >>> cell = non_dealer.fu_rows[2].cells[0]
    >>> (cell.han, cell.fu, cell.ron, cell.tsumo)
    (1, 30, '1,000', '300-500')
    """
    table = payment_table(rules)
    sheets = []
    titles = (pgettext("sheet", "Non-dealer"), pgettext("sheet", "Dealer"))
    for dealer, slug, title in ((False, "non-dealer", titles[0]), (True, "dealer", titles[1])):
        rows = [row for row in table if row.dealer is dealer]
        cells = {(row.han, row.fu): Cell.from_row(row) for row in rows if row.fu is not None}
        fus = sorted({fu for _, fu in cells if fu is not None})
        fu_rows = tuple(FuRow(fu, tuple(cells[han, fu] for han in HAN_COLUMNS)) for fu in fus)
        limits = _limit_rows([row for row in rows if row.fu is None])
        sheets.append(Sheet(slug, title, fu_rows, limits))
    return sheets[0], sheets[1]
