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


def was_were(count: int) -> str:
    """The past of "to be" that agrees with ``count``."""
    return "was" if count == 1 else "were"


def left_out_text(count: int) -> str:
    """The export summary's line about items not exported."""
    return f"{counted(count, 'item')} {was_were(count)} left out (not complete)."


def unused_keys_text(count: int) -> str:
    """The status line about keys typed before the window could take them."""
    return (f"{counted(count, 'key')} typed while loading {was_were(count)} not used: "
            "no text field had the focus.")
