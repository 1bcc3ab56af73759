"""Stylesheet font sizes that follow the rater's font instead of pinning one.

The themes are written for a 10 pt body font; at load time every ``font-size: N pt`` is
scaled by the application font's size, so a rater who set a bigger font gets bigger
titles and captions too, in the same proportions."""

from __future__ import annotations

import re

AUTHORED_POINTS = 10.0
_POINTS = re.compile(r"(font-size\s*:\s*)(\d+(?:\.\d+)?)pt", re.IGNORECASE)


def scale_points(points: float, base_points: float) -> float:
    """``points`` (written for a 10 pt body) at a body font of ``base_points``."""
    if base_points <= 0:  # a pixel-sized font reports -1: keep the written size
        return points
    return round(points * base_points / AUTHORED_POINTS, 2)


def scaled_font_sizes(stylesheet: str, base_points: float) -> str:
    """``stylesheet`` with each ``font-size: N pt`` scaled to a body font of ``base_points``."""
    def scaled(match: re.Match[str]) -> str:
        value = scale_points(float(match.group(2)), base_points)
        return f"{match.group(1)}{value:g}pt"

    return _POINTS.sub(scaled, stylesheet)
