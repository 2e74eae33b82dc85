"""Tags and filters of the pages that look back.

``{% game_points board as points %}`` gathers the chart of the players' points over a
game's hands (``table/includes/points_chart.html`` draws it), with the same numbers as a
table for readers who cannot see it. It takes the page's replay (a ``Scoreboard``), so the
game is not replayed twice; given a game instead, it replays it, and the game must come
with its seats and hands loaded so that the tag adds no query.

``|result`` writes a +/- result in thousands (``+53.0``), ``|points`` points with a
thousands separator, ``|percent`` a share (``41.7%``, or a dash when there is none).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import template
from django.utils.translation import gettext as _

from scorekeeper.club.models import Game
from scorekeeper.format import format_points, round_name, signed_result
from scorekeeper.history.charts import points_chart as draw_points
from scorekeeper.table.services.hands import Scoreboard, scoreboard

register = template.Library()


@register.simple_tag
def game_points(source: Scoreboard | Game) -> dict[str, Any] | None:
    board = source if isinstance(source, Scoreboard) else scoreboard(source)
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
        for seat in range(len(names))
    ]
    summary = "; ".join(
        _("%(name)s from %(start)s to %(end)s")
        % {
            "name": names[seat],
            "start": format_points(scores[0][seat]),
            "end": format_points(scores[-1][seat]),
        }
        for seat in range(len(names))
    )
    return {
        "game": board.game,
        "chart": chart,
        "rows": rows,
        "names": names,
        "seating": board.record.rules.seating,
        "legend": legend,
        "summary": summary,
        "hands": len(results),
    }


@register.filter
def result(value: Decimal | float | None, places: int = 1) -> str:
    """A +/- result in thousands to ``places`` decimals: ``+53.0``, ``−0.31``."""
    if value is None:
        return "–"
    return signed_result(value, int(places))


@register.filter
def points(value: int | None) -> str:
    return "–" if value is None else format_points(int(value))


@register.filter
def percent(value: Decimal | None) -> str:
    return "–" if value is None else f"{value}%"
