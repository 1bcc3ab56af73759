"""WCAG contrast of two colours: what the themes are checked against (4.5:1 for text)."""

from __future__ import annotations

TEXT_MINIMUM = 4.5  # WCAG 2 AA, normal-size text


def _channel(value: int) -> float:
    c = value / 255
    return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4


def luminance(color: str) -> float:
    """Relative luminance of ``#rrggbb`` (or ``#rgb``)."""
    digits = color.lstrip("#")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    if len(digits) != 6:
        raise ValueError(f"not a #rrggbb colour: {color!r}")
    r, g, b = (int(digits[i:i + 2], 16) for i in (0, 2, 4))
    return 0.2126 * _channel(r) + 0.7152 * _channel(g) + 0.0722 * _channel(b)


def contrast_ratio(foreground: str, background: str) -> float:
    """From 1 (the same colour) to 21 (black on white)."""
    high, low = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (high + 0.05) / (low + 0.05)
