"""Server-built charts: an SVG string from plain Python, like the boards in ``boards.py``.

The rating-history chart scales to its column through its ``viewBox`` (the
stylesheet sets ``width: 100%; height: auto``), so it reads the same on a phone
and a desktop. It is a picture with a title and a description for screen
readers; the numbers themselves are in a real table beside it.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Sequence
from typing import NamedTuple, Protocol

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from .boards import escape

MAX_POINTS = 120  # more than this and the chart draws an even selection of them

# The picture's own units: the stylesheet scales them to the column's width.
WIDTH, HEIGHT = 400, 200
LEFT, RIGHT, TOP, BOTTOM = 46, 388, 12, 168  # the plot area
TICK_STEPS = (10, 20, 25, 50, 100, 200, 250, 500, 1000)
MIN_SPAN = 40


class RatedDay(Protocol):
    date: datetime.date
    rating: float


class ChartPoint(NamedTuple):
    """A point of the chart: any object with ``date`` and ``rating`` will do."""

    date: datetime.date
    rating: float


def downsample(points: Sequence[RatedDay], limit: int = MAX_POINTS) -> list[RatedDay]:
    """At most ``limit`` points, evenly spread, always keeping the first and the last."""
    points = list(points)
    if len(points) <= limit:
        return points
    last = len(points) - 1
    indexes = sorted({round(i * last / (limit - 1)) for i in range(limit)})
    return [points[i] for i in indexes]


def rating_ticks(low: float, high: float) -> list[int]:
    """Three to five round ratings spanning ``low``..``high``, lowest first.

    A nearly flat line gets a span of at least ``MIN_SPAN``: a change of a few
    points must not look like a cliff.
    """
    if high - low < MIN_SPAN:
        middle = (low + high) / 2
        low, high = middle - MIN_SPAN / 2, middle + MIN_SPAN / 2
    for step in TICK_STEPS:
        bottom = math.floor(low / step) * step
        top = math.ceil(high / step) * step
        if top == bottom:
            top += step
        if (top - bottom) // step + 1 <= 5:
            break
    ticks = list(range(bottom, top + step, step))
    if len(ticks) < 3:
        # One more round rating on the side where the line runs closer to the edge.
        if low - ticks[0] < ticks[-1] - high:
            ticks.insert(0, ticks[0] - step)
        else:
            ticks.append(ticks[-1] + step)
    return ticks


def rating_chart(points: Sequence[RatedDay], *, chart_id: str = "rating") -> SafeString:
    """The rating history as an SVG line with dots, or "" when there is no point.

    ``points`` are in date order (RatingPoint rows or ``ChartPoint``); more than
    ``MAX_POINTS`` are thinned out. ``chart_id`` keeps the ids of the title and
    description unique when a page has several charts.
    """
    points = downsample(points)
    if not points:
        return mark_safe("")
    first, last = points[0], points[-1]
    ticks = rating_ticks(min(p.rating for p in points), max(p.rating for p in points))
    span_days = (last.date - first.date).days

    def x(point: RatedDay) -> float:
        if not span_days:
            return (LEFT + RIGHT) / 2
        return LEFT + (RIGHT - LEFT) * (point.date - first.date).days / span_days

    def y(rating: float) -> float:
        return BOTTOM - (BOTTOM - TOP) * (rating - ticks[0]) / (ticks[-1] - ticks[0])

    title_id, desc_id = f"{chart_id}-title", f"{chart_id}-desc"
    if len(points) == 1:
        description = _("Rating history: %(rating)s on %(date)s") % {
            "rating": round(first.rating),
            "date": first.date.isoformat(),
        }
    else:
        description = _(
            "Rating history: from %(first)s to %(last)s between %(start)s and %(end)s"
        ) % {
            "first": round(first.rating),
            "last": round(last.rating),
            "start": first.date.isoformat(),
            "end": last.date.isoformat(),
        }
    title = _("Rating history")
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="rating-chart" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="{escape(title_id)} {escape(desc_id)}">',
        f'<title id="{escape(title_id)}">{escape(title)}</title>',
        f'<desc id="{escape(desc_id)}">{escape(description)}</desc>',
    ]
    # The rating axis: a grid line and a label per tick.
    for tick in ticks:
        ty = _num(y(tick))
        parts.append(f'<path class="chart-grid" d="M{LEFT} {ty}H{RIGHT}"/>')
        parts.append(
            f'<text class="chart-label" x="{LEFT - 6}" y="{ty}" text-anchor="end" '
            f'dominant-baseline="middle">{tick}</text>'
        )
    # The date axis: the first and the last day.
    label_y = BOTTOM + 20
    if span_days:
        parts.append(
            f'<text class="chart-label" x="{LEFT}" y="{label_y}" text-anchor="start">'
            f"{escape(first.date.isoformat())}</text>"
        )
        parts.append(
            f'<text class="chart-label" x="{RIGHT}" y="{label_y}" text-anchor="end">'
            f"{escape(last.date.isoformat())}</text>"
        )
    else:
        parts.append(
            f'<text class="chart-label" x="{_num(x(first))}" y="{label_y}" '
            f'text-anchor="middle">{escape(first.date.isoformat())}</text>'
        )
    coordinates = [(_num(x(p)), _num(y(p.rating))) for p in points]
    if len(coordinates) > 1:
        path = "M" + "L".join(f"{px} {py}" for px, py in coordinates)
        parts.append(f'<path class="chart-line" d="{path}"/>')
    # Dots where they can be told apart; the latest day always has one.
    dotted = coordinates if len(coordinates) <= 40 else coordinates[-1:]
    for px, py in dotted[:-1]:
        parts.append(f'<circle class="chart-dot" cx="{px}" cy="{py}" r="3"/>')
    px, py = dotted[-1]
    parts.append(f'<circle class="chart-dot chart-dot-last" cx="{px}" cy="{py}" r="4.5"/>')
    parts.append("</svg>")
    return mark_safe("".join(parts))  # noqa: S308 - every interpolated text above is escaped


def _num(value: float) -> str:
    """A coordinate with at most one decimal: "12", "12.5"."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text
