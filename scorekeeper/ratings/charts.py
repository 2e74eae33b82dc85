"""A player's rating over their games, as the history's line charts draw it
(``history.charts``): from where they started, one point after each game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from scorekeeper.history.charts import LineChart, line_chart, nice_ticks, thin_out
from scorekeeper.ratings.queries import Change

#: The most points drawn (a line of a thousand points draws no better than one of 200).
CHART_POINTS: Final = 200


def _whole(value: float) -> str:
    return f"{value:.0f}"


def rating_chart(changes: Sequence[Change]) -> LineChart | None:
    """The shown rating before the first game and after each game (``None`` for none),
    against the number of games played."""
    if not changes:
        return None
    kept = [changes[i] for i in thin_out(len(changes), CHART_POINTS)]
    xs = [0.0, *(float(change.after.games) for change in kept)]
    values = [changes[0].rating_before, *(change.rating for change in kept)]
    ticks = [(x, _whole(x)) for x in nice_ticks(0, len(changes)) if x <= len(changes)]
    return line_chart(
        [values], labels=["rating"], xs=xs, x_ticks=ticks, y_label=_whole, baseline=values[0]
    )
