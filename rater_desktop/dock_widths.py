"""How wide the side docks open, from the font and the batch (no pixel limits).

Inputs are measured by the window (the average character width of its font, the width
the longest item id needs with the list's furniture); the decisions are plain sums."""

from __future__ import annotations

from collections.abc import Iterable

ITEM_LEAST_CHARS = 22  # the list before a batch is open: a short id and its time
ITEM_SHARE = 0.25  # the item list never takes more of the window than this
STEP_CHARS = 64  # the rating panel's comfortable line of text
STEP_LEAST_CHARS = 40  # below this its questions wrap a word a line
RESPONSES_SHARE = 0.5  # the responses keep at least half the window
MEASURED_IDS = 64  # the longest ids by characters; the widest in pixels is among them


def longest_ids(item_ids: Iterable[str], count: int = MEASURED_IDS) -> list[str]:
    """The ``count`` ids with the most characters: the ones worth measuring in a font."""
    return sorted(item_ids, key=len, reverse=True)[:count]


def item_dock_width(window_width: int, char_width: int, needed: int = 0) -> int:
    """The item list's width: its longest id whole (``needed``, with the list's furniture),
    never less than a short id, never more than its share of the window."""
    want = max(ITEM_LEAST_CHARS * char_width, needed)
    return max(1, int(min(want, window_width * ITEM_SHARE)))


def step_dock_width(window_width: int, char_width: int, item_width: int = 0) -> int:
    """The rating panel's width: a comfortable line where the responses keep half the
    window beside the item list, and a usable one (if the window has it) where not."""
    room = window_width * (1 - RESPONSES_SHARE) - item_width
    want = min(STEP_CHARS * char_width, room)
    least = min(STEP_LEAST_CHARS * char_width, window_width * (1 - RESPONSES_SHARE))
    return max(1, int(max(want, least)))
