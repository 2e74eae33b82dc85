"""The payment table players look up at the table: han 1-4 x fu 20-110, then the limits.

Cells that no hand can reach (``payments.impossible_reason``) are ``None``, as in the
reference table of ``docs/rules/reference.md`` section 3. A three-player ruleset's tsumo
cells are what each of the two payers pays under its ``sanma_tsumo``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring.errors import IllegalWin
from scoring.payments import FU_VALUES, ron_points, tsumo_payments, win_value
from scoring.rules import Ruleset

LIMIT_ROWS = (("mangan", 5), ("haneman", 6), ("baiman", 8), ("sanbaiman", 11))


@dataclass(frozen=True, slots=True)
class TableRow:
    """One cell pair of the table: a ron and a tsumo for one han/fu, dealer or not.

    ``tsumo`` is ``(from each non-dealer, from the dealer)``, ``(from each, None)`` for a
    dealer; ``ron`` and ``tsumo`` are ``None`` where impossible. Limit rows have ``fu``
    ``None`` and name their ``limit``; the yakuman row has ``han`` ``None`` too.
    """

    han: int | None
    fu: int | None
    dealer: bool
    ron: int | None
    tsumo: tuple[int, int | None] | None
    limit: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "han": self.han,
            "fu": self.fu,
            "dealer": self.dealer,
            "ron": self.ron,
            "tsumo": list(self.tsumo) if self.tsumo else None,
        }
        if self.limit:
            out["limit"] = self.limit
        return out


def _cell(
    rules: Ruleset, han: int | None, fu: int | None, dealer: bool, *, yakuman: int = 0
) -> TableRow:
    def value(tsumo: bool) -> int | None:
        try:
            return win_value(rules, han=han, fu=fu, yakuman=yakuman, tsumo=tsumo).basic
        except IllegalWin:
            return None

    ron_basic, tsumo_basic = value(False), value(True)
    limit = None
    if ron_basic is not None or tsumo_basic is not None:
        limit = win_value(rules, han=han, fu=fu, yakuman=yakuman, tsumo=ron_basic is None).limit
    return TableRow(
        han=han,
        fu=fu,
        dealer=dealer,
        ron=None if ron_basic is None else ron_points(ron_basic, dealer=dealer),
        tsumo=None if tsumo_basic is None else tsumo_payments(rules, tsumo_basic, dealer=dealer),
        limit=limit,
    )


def payment_table(rules: Ruleset) -> list[TableRow]:
    """Every row of the table for a ruleset: non-dealer then dealer, han 1-4 by fu, then
    the limits (13 han follows the ruleset's ``kazoe``) and a single yakuman.

    >>> from scoring.rules import PRESETS
    >>> row = payment_table(PRESETS["tenhou"])[2]
    >>> (row.han, row.fu, row.ron, row.tsumo)
    (1, 30, 1000, (300, 500))
    """
    rows: list[TableRow] = []
    for dealer in (False, True):
        for han in range(1, 5):
            rows.extend(_cell(rules, han, fu, dealer) for fu in FU_VALUES)
        rows.extend(_cell(rules, han, None, dealer) for _, han in LIMIT_ROWS)
        rows.append(_cell(rules, 13, None, dealer))
        rows.append(_cell(rules, None, None, dealer, yakuman=1))
    return rows
