"""Small inline SVG charts for the offline HTML report (no scripts, every label escaped)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

WIDTH = 640
ROW = 26
LABEL_WIDTH = 170
PALETTE = ("#3b6ea5", "#d08a2e", "#5b9a5b", "#a0526b")

Formatter = Callable[[float], str]


def _fmt(value: float) -> str:
    return f"{value:.2f}"


def _svg(height: int, body: list[str], title: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" class="chart"><title>{escape(title)}</title>'
        + "".join(body)
        + "</svg>"
    )


def _scale(low: float, high: float) -> Callable[[float], float]:
    span = (high - low) or 1.0
    plot = WIDTH - LABEL_WIDTH - 70

    def x(value: float) -> float:
        return LABEL_WIDTH + (min(max(value, low), high) - low) / span * plot

    return x


def _text(x: float, y: float, text: str, anchor: str = "start", cls: str = "") -> str:
    extra = f' class="{cls}"' if cls else ""
    return f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}"{extra}>{escape(text)}</text>'


def bar_chart(
    *,
    title: str,
    bars: Sequence[tuple[str, float | None]],
    low: float,
    high: float,
    value_format: Formatter = _fmt,
) -> str:
    """Horizontal bars from 0 (or ``low`` if above 0); None is shown as "n/a"."""
    x = _scale(low, high)
    zero = x(0.0 if low <= 0.0 <= high else low)
    body = [
        f'<line x1="{zero:.1f}" y1="4" x2="{zero:.1f}" y2="{len(bars) * ROW + 6}" class="axis"/>'
    ]
    for i, (label, value) in enumerate(bars):
        y = 8 + i * ROW
        body.append(_text(LABEL_WIDTH - 6, y + 14, label, "end"))
        if value is None:
            body.append(_text(zero + 4, y + 14, "n/a", cls="muted"))
            continue
        end = x(value)
        left, width = min(zero, end), abs(end - zero)
        body.append(
            f'<rect x="{left:.1f}" y="{y + 3}" width="{max(width, 1.0):.1f}" height="16" '
            f'fill="{PALETTE[0]}"/>'
        )
        body.append(_text(max(zero, end) + 4, y + 14, value_format(value)))
    return _svg(len(bars) * ROW + 14, body, title)


def grouped_bar_chart(
    *,
    title: str,
    categories: Sequence[str],
    series: Sequence[tuple[str, Sequence[float | None]]],
    high: float,
) -> str:
    """One group of horizontal bars per category, one bar per series (legend on top)."""
    x = _scale(0.0, high)
    band = ROW * max(1, len(series)) + 6
    body = [
        f'<rect x="{LABEL_WIDTH + i * 150}" y="4" width="12" height="12" fill="{PALETTE[i % 4]}"/>'
        + _text(LABEL_WIDTH + i * 150 + 16, 15, name)
        for i, (name, _) in enumerate(series)
    ]
    for c, category in enumerate(categories):
        top = 24 + c * band
        body.append(_text(LABEL_WIDTH - 6, top + band / 2, category, "end"))
        for s, (_, values) in enumerate(series):
            value = values[c]
            y = top + s * ROW
            if value is None:
                body.append(_text(x(0) + 4, y + 14, "n/a", cls="muted"))
                continue
            width = max(x(value) - x(0), 1.0)
            body.append(
                f'<rect x="{x(0):.1f}" y="{y + 3}" width="{width:.1f}" height="16" '
                f'fill="{PALETTE[s % 4]}"/>'
            )
            body.append(_text(x(0) + width + 4, y + 14, _fmt(value)))
    return _svg(24 + len(categories) * band, body, title)


def whisker_chart(
    *,
    title: str,
    rows: Sequence[tuple[str, float | None, tuple[float, float] | None]],
    low: float,
    high: float,
) -> str:
    """A point per row with its interval as a whisker (e.g. strength and its 95 % CI)."""
    x = _scale(low, high)
    body = []
    for i, (label, point, interval) in enumerate(rows):
        y = 8 + i * ROW + 11
        body.append(_text(LABEL_WIDTH - 6, y + 4, label, "end"))
        if interval is not None:
            a, b = x(interval[0]), x(interval[1])
            body.append(f'<line x1="{a:.1f}" y1="{y}" x2="{b:.1f}" y2="{y}" class="whisker"/>')
            body.append(
                f'<line x1="{a:.1f}" y1="{y - 6}" x2="{a:.1f}" y2="{y + 6}" class="whisker"/>'
            )
            body.append(
                f'<line x1="{b:.1f}" y1="{y - 6}" x2="{b:.1f}" y2="{y + 6}" class="whisker"/>'
            )
        if point is not None:
            body.append(f'<circle cx="{x(point):.1f}" cy="{y}" r="5" fill="{PALETTE[0]}"/>')
            right = x(interval[1]) if interval else x(point)
            body.append(_text(right + 8, y + 4, _fmt(point)))
    return _svg(len(rows) * ROW + 16, body, title)


def box_chart(
    *,
    title: str,
    rows: Sequence[tuple[str, float, float, float, float, float]],
    high: float,
) -> str:
    """Per row: min-max line, first-third quartile box, median tick (seconds)."""
    x = _scale(0.0, high)
    body = []
    for i, (label, lo, q1, median, q3, hi) in enumerate(rows):
        y = 8 + i * ROW + 11
        body.append(_text(LABEL_WIDTH - 6, y + 4, label, "end"))
        body.append(f'<line x1="{x(lo):.1f}" y1="{y}" x2="{x(hi):.1f}" y2="{y}" class="whisker"/>')
        body.append(
            f'<rect x="{x(q1):.1f}" y="{y - 8}" width="{max(x(q3) - x(q1), 1.0):.1f}" '
            f'height="16" fill="{PALETTE[1]}"/>'
        )
        body.append(
            f'<line x1="{x(median):.1f}" y1="{y - 9}" x2="{x(median):.1f}" y2="{y + 9}" class="median"/>'
        )
        body.append(_text(x(hi) + 6, y + 4, f"median {median:.0f} s"))
    return _svg(len(rows) * ROW + 16, body, title)
