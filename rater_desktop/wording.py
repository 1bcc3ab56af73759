"""Counts in words: "1 warning", "2 warnings", never "1 warning(s)"."""

from __future__ import annotations


def counted(count: int, singular: str, plural: str | None = None) -> str:
    """``count`` with the noun that agrees with it (``plural`` defaults to ``singular + s``)."""
    return f"{count} {singular if count == 1 else plural or singular + 's'}"


def unacknowledged_text(count: int) -> str:
    """The rating panel's line about warnings left to check ("" for none)."""
    if count <= 0:
        return ""
    verb = "is" if count == 1 else "are"
    return f"{counted(count, 'warning')} {verb} not acknowledged"
