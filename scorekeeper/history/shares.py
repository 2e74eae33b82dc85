"""What the yaku statistics show (``scoring.yaku_stats``): rows with counts and shares, and
the charts drawn as the other pages draw theirs (``history.charts``)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, Final

from django.utils.translation import gettext, gettext_lazy, pgettext, pgettext_lazy

from scorekeeper.format import yaku_name
from scorekeeper.history.charts import BarChart, bar_chart
from scoring.yaku_stats import HAN_BARS, STYLES, YakuStats

STYLE_WORDS: Final = {
    "riichi": gettext_lazy("Riichi"),
    "dama": pgettext_lazy("a closed hand without riichi", "Dama"),
    "open": pgettext_lazy("a hand with calls", "Open"),
}


def share(part: int, whole: int) -> Decimal | None:
    """``part`` of ``whole`` in percent to one decimal, ``None`` of nothing.

    >>> share(1, 3), share(0, 0)
    (Decimal('33.3'), None)
    """
    if not whole:
        return None
    return (Decimal(100 * part) / whole).quantize(Decimal("0.1"), ROUND_HALF_UP)


@dataclass(frozen=True, slots=True)
class Row:
    label: str
    count: int
    share: Decimal | None


def _style_rows(counts: dict[str, int]) -> list[Row]:
    whole = sum(counts.get(style, 0) for style in STYLES)
    return [
        Row(str(STYLE_WORDS[s]), counts.get(s, 0), share(counts.get(s, 0), whole)) for s in STYLES
    ]


def _chart(rows: list[Row]) -> BarChart | None:
    if not any(row.count for row in rows):
        return None
    texts = [f"{row.share:.0f}%" if row.share is not None else "" for row in rows]
    return bar_chart([row.count for row in rows], labels=[row.label for row in rows], texts=texts)


#: The han chart is drawn wider than the others (ten bars), its labels shorter.
HAN_CHART_WIDTH: Final = 480
#: The yakuman bar of the han statistics (``scoring.yaku_stats.HAN_BARS``).
YAKUMAN_BAR: Final = "Yakuman"


def _han_label(bar: str) -> str:
    return gettext("Yakuman") if bar == YAKUMAN_BAR else bar


def _han_chart(rows: list[Row]) -> BarChart:
    short = pgettext("yakuman on the han chart", "Y")
    return bar_chart(
        [row.count for row in rows],
        labels=[
            short if bar == YAKUMAN_BAR else row.label
            for bar, row in zip(HAN_BARS, rows, strict=True)
        ],
        texts=[str(row.count) for row in rows],
        width=HAN_CHART_WIDTH,
    )


def yaku_context(stats: YakuStats) -> dict[str, Any]:
    """The template's values for the statistics of ``stats``."""
    styles = _style_rows(stats.styles)
    deal_ins = _style_rows(stats.deal_in_styles)
    han = [
        Row(_han_label(bar), stats.han.get(bar, 0), share(stats.han.get(bar, 0), stats.wins))
        for bar in HAN_BARS
    ]
    yaku = [
        Row(yaku_name(name), count, share(count, stats.wins_with_yaku))
        for name, count in stats.yaku_by_count()
    ]
    average = stats.average_dora
    return {
        "stats": stats,
        "styles": styles,
        "style_chart": _chart(styles),
        "deal_ins": deal_ins,
        "deal_in_chart": _chart(deal_ins),
        "yaku_rows": yaku,
        "han_rows": han,
        "han_chart": _han_chart(han) if stats.wins else None,
        "average_dora": None
        if average is None
        else Decimal(average).quantize(Decimal("0.01"), ROUND_HALF_UP),
        "riichi_success": share(stats.riichi_won, stats.riichi),
    }
