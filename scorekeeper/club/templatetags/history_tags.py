"""Tags and filters of the pages that look back.

``{% game_points game as points %}`` gathers the chart of the four players' points over a
game's hands (``club/includes/points_chart.html`` draws it), with the same numbers as a
table for readers who cannot see it. The game must come with its seats and hands loaded
(as the table page loads it), so the tag adds no query.

``|result`` writes a +/- result in thousands (``+53.0``), ``|points`` points with a
thousands separator, ``|percent`` a share (``41.7%``, or a dash when there is none).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import template

from scorekeeper.club.charts import points_chart as draw_points
from scorekeeper.club.display import format_points
from scorekeeper.club.models import Game
from scorekeeper.club.services import scoreboard
from scorekeeper.club.table_display import MINUS, round_name

register = template.Library()


@register.simple_tag
def game_points(game: Game) -> dict[str, Any] | None:
    board = scoreboard(game)
    results = board.replay.results
    if not results:
        return None
    names = board.record.players
    scores = [board.replay.start.scores, *(result.after.scores for result in results)]
    chart = draw_points(
        scores, names=names, rounds=[result.before.round_index for result in results]
    )
    rows = [
        {
            "hand": number,
            "round": round_name(results[number - 1].before.round_index) if number else "",
            "scores": [format_points(points) for points in row],
        }
        for number, row in enumerate(scores)
    ]
    legend = [
        {"index": seat, "name": names[seat], "points": format_points(scores[-1][seat])}
        for seat in range(4)
    ]
    summary = "; ".join(
        f"{names[seat]} from {format_points(scores[0][seat])} to {format_points(scores[-1][seat])}"
        for seat in range(4)
    )
    return {
        "game": game,
        "chart": chart,
        "rows": rows,
        "names": names,
        "legend": legend,
        "summary": summary,
        "hands": len(results),
    }


@register.filter
def result(value: Decimal | float | None, places: int = 1) -> str:
    """A +/- result in thousands to ``places`` decimals: ``+53.0``, ``−0.31``."""
    if value is None:
        return "–"
    number = Decimal(value)
    text = f"{abs(number):.{int(places)}f}"
    return f"+{text}" if number > 0 else f"{MINUS}{text}" if number < 0 else text


@register.filter
def points(value: int | None) -> str:
    return "–" if value is None else format_points(int(value))


@register.filter
def percent(value: Decimal | None) -> str:
    return "–" if value is None else f"{value}%"
