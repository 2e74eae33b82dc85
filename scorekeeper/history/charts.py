"""Charts drawn on the server: pure functions from numbers to what an SVG template needs
(coordinates, path data, tick labels). No JavaScript and no chart library: a page with a
chart is a page like any other, and prints, caches and reads the same.

Coordinates are in the SVG's own units (its ``viewBox``); the page scales the picture to its
width, and the lines keep their thickness (``vector-effect: non-scaling-stroke`` in the CSS).
Every chart is also given as numbers in text by its template, for readers who cannot see it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from django.utils.translation import pgettext

from scorekeeper.format import MINUS, round_name
from scoring.seats import Wind
from scoring.state import round_wind

#: The viewBox of a line chart: wide enough for a phone held upright, short enough to keep
#: the text around it on the screen.
LINE_WIDTH: Final = 400
LINE_HEIGHT: Final = 220
#: Room for the y labels on the left and the x labels underneath.
MARGIN_LEFT: Final = 52
MARGIN_RIGHT: Final = 12
MARGIN_TOP: Final = 12
MARGIN_BOTTOM: Final = 28

BAR_WIDTH: Final = 320
BAR_HEIGHT: Final = 180


@dataclass(frozen=True, slots=True)
class Tick:
    """A grid line: where it is along its axis and what it reads."""

    at: float
    label: str
    #: How an x label lines up with its tick: at the ends of the axis, inwards.
    anchor: str = "middle"


@dataclass(frozen=True, slots=True)
class Line:
    """One series: ``path`` is SVG path data; ``index`` picks its colour and dashes."""

    index: int
    label: str
    path: str
    end_x: float
    end_y: float


@dataclass(frozen=True, slots=True)
class LineChart:
    width: int
    height: int
    left: float
    top: float
    right: float
    bottom: float
    lines: tuple[Line, ...]
    y_ticks: tuple[Tick, ...]
    x_ticks: tuple[Tick, ...]
    #: Where the reference value (zero, or the starting points) is drawn, if anywhere.
    baseline: float | None

    @property
    def label_x(self) -> float:
        """Where the y labels end (they are right-aligned against the plot)."""
        return self.left - 6

    @property
    def label_y(self) -> float:
        """The x labels' baseline, under the plot."""
        return self.bottom + 18


@dataclass(frozen=True, slots=True)
class Bar:
    label: str
    value: int
    text: str
    x: float
    y: float
    width: float
    height: float

    @property
    def middle(self) -> float:
        return self.x + self.width / 2


@dataclass(frozen=True, slots=True)
class BarChart:
    width: int
    height: int
    bars: tuple[Bar, ...]
    baseline: float

    @property
    def label_y(self) -> float:
        return self.baseline + 20


def nice_step(span: float, count: int) -> float:
    """A round step (1, 2, 2.5 or 5 times a power of ten) cutting ``span`` into about
    ``count`` parts.

    >>> nice_step(33000, 4), nice_step(7.5, 4), nice_step(0, 4)
    (10000.0, 2.0, 1.0)
    """
    if span <= 0:
        return 1.0
    raw = span / max(count, 1)
    power = 10.0 ** math.floor(math.log10(raw))
    for factor in (1.0, 2.0, 2.5, 5.0, 10.0):
        if raw <= factor * power:
            return factor * power
    return 10.0 * power  # pragma: no cover (the loop always returns)


def nice_ticks(low: float, high: float, count: int = 4) -> list[float]:
    """Round values from at or below ``low`` to at or above ``high``.

    >>> nice_ticks(8200, 42300)
    [0.0, 10000.0, 20000.0, 30000.0, 40000.0, 50000.0]
    >>> nice_ticks(-12.5, 3)
    [-15.0, -10.0, -5.0, 0.0, 5.0]
    >>> nice_ticks(25000, 25000)
    [24000.0, 25000.0, 26000.0]
    """
    if high < low:
        low, high = high, low
    if high == low:
        pad = abs(low) * 0.04 or 1.0
        step = nice_step(2 * pad, 2)
        return [low - step, float(low), low + step]
    step = nice_step(high - low, count)
    first = math.floor(low / step) * step
    ticks = []
    value = first
    while value < high + step * 1e-9:
        ticks.append(round(value, 9) + 0.0)
        value += step
    if ticks[-1] < high:
        ticks.append(round(value, 9) + 0.0)
    return ticks


def _scale(low: float, high: float, start: float, end: float) -> Callable[[float], float]:
    """A linear map from [low, high] onto [start, end] (the middle when low == high)."""
    if high == low:
        return lambda value: (start + end) / 2
    factor = (end - start) / (high - low)
    return lambda value: start + (value - low) * factor


def _number(value: float) -> str:
    """A coordinate, short: at most one decimal.

    >>> _number(12.0), _number(3.14159), _number(-0.04)
    ('12', '3.1', '0')
    """
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _anchor(x: float, left: float, right: float) -> str:
    if x - left < 24:
        return "start"
    if right - x < 24:
        return "end"
    return "middle"


def line_chart(
    series: Sequence[Sequence[float]],
    *,
    labels: Sequence[str],
    xs: Sequence[float] | None = None,
    x_ticks: Sequence[tuple[float, str]] = (),
    y_label: Callable[[float], str] = _number,
    baseline: float | None = None,
    width: int = LINE_WIDTH,
    height: int = LINE_HEIGHT,
) -> LineChart:
    """Lines through the values of each series, plotted against ``xs`` (0, 1, 2, ... when
    not given), with round y ticks and the x ticks asked for.

    >>> chart = line_chart([[25000, 33000], [25000, 17000]], labels=["Aki", "Ben"])
    >>> chart.lines[0].path, chart.lines[1].path
    ('M52 102L388 30', 'M52 102L388 174')
    >>> [tick.label for tick in chart.y_ticks]
    ['15000', '20000', '25000', '30000', '35000']
    """
    if not series or not series[0]:
        raise ValueError("a line chart needs at least one value")
    count = len(series[0])
    positions = list(xs) if xs is not None else list(range(count))
    if len(positions) != count or any(len(values) != count for values in series):
        raise ValueError("every series needs one value for each x")
    values = [value for line in series for value in line]
    if baseline is not None:
        values.append(baseline)
    ticks = nice_ticks(min(values), max(values))
    left, right = float(MARGIN_LEFT), float(width - MARGIN_RIGHT)
    top, bottom = float(MARGIN_TOP), float(height - MARGIN_BOTTOM)
    to_x = _scale(positions[0], positions[-1], left, right)
    to_y = _scale(ticks[0], ticks[-1], bottom, top)
    lines = []
    for index, (label, line) in enumerate(zip(labels, series, strict=True)):
        points = [(to_x(x), to_y(y)) for x, y in zip(positions, line, strict=True)]
        if len(points) == 1:
            # A single value draws as a short level stroke, so that it can be seen.
            x, y = points[0]
            points = [(x - 3, y), (x + 3, y)]
        path = "M" + "L".join(f"{_number(x)} {_number(y)}" for x, y in points)
        end_x, end_y = points[-1]
        lines.append(Line(index, label, path, round(end_x, 1), round(end_y, 1)))
    return LineChart(
        width=width,
        height=height,
        left=left,
        top=top,
        right=right,
        bottom=bottom,
        lines=tuple(lines),
        y_ticks=tuple(Tick(round(to_y(value), 1), y_label(value)) for value in ticks),
        x_ticks=tuple(
            Tick(round(to_x(x), 1), text, _anchor(to_x(x), left, right)) for x, text in x_ticks
        ),
        baseline=None if baseline is None else round(to_y(baseline), 1),
    )


def thin_out(count: int, limit: int) -> list[int]:
    """At most ``limit`` indexes of ``count`` items, evenly spread, keeping the first and
    the last (a line of a thousand points draws no better than one of a few hundred).

    >>> thin_out(5, 10), thin_out(10, 4)
    ([0, 1, 2, 3, 4], [0, 3, 6, 9])
    """
    if count <= limit:
        return list(range(count))
    step = (count - 1) / (limit - 1)
    return sorted({round(i * step) for i in range(limit)})


def bar_chart(
    values: Sequence[int],
    *,
    labels: Sequence[str],
    texts: Sequence[str] | None = None,
    width: int = BAR_WIDTH,
    height: int = BAR_HEIGHT,
) -> BarChart:
    """Upright bars from a common baseline, the tallest reaching the top; ``texts`` are
    written above the bars (the values themselves when not given).

    >>> chart = bar_chart([3, 1, 0, 2], labels=["1st", "2nd", "3rd", "4th"])
    >>> [(bar.label, round(bar.height)) for bar in chart.bars]
    [('1st', 118), ('2nd', 39), ('3rd', 0), ('4th', 79)]
    """
    if not values:
        raise ValueError("a bar chart needs at least one value")
    texts = list(texts) if texts is not None else [str(value) for value in values]
    top, baseline = 26.0, float(height - 36)
    slot = width / len(values)
    bar_width = slot * 0.6
    highest = max(values) or 1
    bars = []
    for index, (label, value, text) in enumerate(zip(labels, values, texts, strict=True)):
        tall = (baseline - top) * value / highest
        bars.append(
            Bar(
                label=label,
                value=value,
                text=text,
                x=round(index * slot + (slot - bar_width) / 2, 1),
                y=round(baseline - tall, 1),
                width=round(bar_width, 1),
                height=round(tall, 1),
            )
        )
    return BarChart(width=width, height=height, bars=tuple(bars), baseline=baseline)


def points_chart(
    scores: Sequence[Sequence[int]], *, names: Sequence[str], rounds: Sequence[int]
) -> LineChart:
    """Each player's points over a game: ``scores`` are the scores (three or four) at the start and
    after every hand, ``rounds`` the round index of each hand played. The x ticks mark the
    start and the first hand of each wind; the baseline is the starting points.

    >>> chart = points_chart(
    ...     [(25000,) * 4, (33000, 17000, 25000, 25000), (33000, 17000, 29000, 21000)],
    ...     names="ABCD",
    ...     rounds=[0, 4],
    ... )
    >>> [tick.label for tick in chart.x_ticks], len(chart.lines)
    (['Start', 'South 1'], 4)
    """
    seats = [[float(row[seat]) for row in scores] for seat in range(len(scores[0]))]
    ticks: list[tuple[float, str]] = [(0.0, pgettext("start of a game", "Start"))]
    wind = round_wind(rounds[0]) if rounds else Wind.EAST
    for hand, round_index in enumerate(rounds):
        if round_wind(round_index) != wind:
            wind = round_wind(round_index)
            # Before hand ``hand`` is played: the scores at index ``hand``.
            ticks.append((float(hand), round_name(round_index)))
    return line_chart(
        seats,
        labels=names,
        x_ticks=ticks,
        y_label=_thousands,
        baseline=float(scores[0][0]),
    )


def _thousands(value: float) -> str:
    """Points on an axis, in thousands: ``25k``, ``−5k``, ``2.5k``, ``0``.

    >>> _thousands(25000), _thousands(-5000), _thousands(2500), _thousands(0)
    ('25k', '−5k', '2.5k', '0')
    """
    if value == 0:
        return "0"
    text = f"{abs(value) / 1000:.1f}".removesuffix(".0") + "k"
    return (MINUS if value < 0 else "") + text
