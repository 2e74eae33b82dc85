"""A player's rating over their games, as the history's line charts draw it
(``history.charts``): from where they started, one point after each game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from scorekeeper.history.charts import LineChart, line_chart, nice_ticks, thin_out

#: The most points drawn (a line of a thousand points draws no better than one of 200).
CHART_POINTS: Final = 200


def _whole(value: float) -> str:
    return f"{value:.0f}"


def rating_chart(shown: Sequence[float]) -> LineChart | None:
    """The shown rating before the first game and after each (``None`` before any game),
    against the number of games played.

    >>> [tick.label for tick in rating_chart([1500.0, 1512.0]).x_ticks]
    ['0', '1']
    >>> [tick.label for tick in rating_chart([1500.0, 1512.0, 1490.0]).x_ticks]
    ['0', '1', '2']
    """
    if len(shown) < 2:
        return None
    kept = thin_out(len(shown), CHART_POINTS)
    games = len(shown) - 1
    # Games are counted whole: no tick between two (after one game, "0 1", not "0 0 0 1 1").
    ticks = [(x, _whole(x)) for x in nice_ticks(0, games) if x <= games and x.is_integer()]
    return line_chart(
        [[shown[i] for i in kept]],
        labels=["rating"],
        xs=[float(i) for i in kept],
        x_ticks=ticks,
        y_label=_whole,
        baseline=shown[0],
    )
