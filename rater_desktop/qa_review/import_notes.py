"""The few lines an import says above the Results files table.

One line per file pushed the table off a laptop screen once a team's 50 exports came in
with unknown keys (100 wrapped lines at 1366x768). Each file's own row and its details pane
already hold its whole message, so the lines above the table stop at a handful and say
where the rest is.
"""

from __future__ import annotations

from collections.abc import Sequence

SHOWN_NOTES = 4


def shown_notes(lines: Sequence[str], limit: int = SHOWN_NOTES) -> list[str]:
    """``lines`` as shown above the table: all of them up to ``limit``, else the first
    ``limit - 1`` and one line naming how many more there are and where they are."""
    if len(lines) <= limit:
        return list(lines)
    rest = len(lines) - (limit - 1)
    return [*lines[: limit - 1],
            f"\u2026 and {rest} more: select a file in the table to see what verification "
            "found."]
