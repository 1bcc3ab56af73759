"""How wide the side docks open, from the font and the batch (no pixel limits), and
whether the window is too small for them beside the responses (its compact arrangement).

Inputs are measured by the window (the average character width of its font, the width
the longest item id needs with the list's furniture); the decisions are plain sums."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rater_desktop.font_sizes import AUTHORED_POINTS

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


# Below these the side docks do not fit beside the responses (the normal arrangement needs
# about 1003x634 logical pixels): a 1280x720 screen at 150 % is 853x480. Measured with the
# 10 pt body font the themes are written for; a larger font scales them (arrangement_for).
COMPACT_BELOW = (1060, 660)
# Below this width Response A and B side by side would be narrower than a line of text.
TABBED_RESPONSES_BELOW = 1060
# Below this height the toolbar (all of it in the menus, with keys) and the dock titles
# (the tabs name the docks) give their rows to the rating panel.
BARE_BELOW_HEIGHT = 560


@dataclass(frozen=True)
class Arrangement:
    """How the rater window lays itself out at one size."""

    fold_side_docks: bool  # item list and Tools become tabs beside the rating panel, closed
    tabbed_responses: bool  # Response A and B one at a time, a tab pair above them
    bare: bool = False  # no toolbar, no dock title bars (only while folded)

    @property
    def compact(self) -> bool:
        return self.fold_side_docks or self.tabbed_responses


def arrangement_for(*, width: int, height: int,
                    points: float = AUTHORED_POINTS) -> Arrangement:
    """The arrangement of a window ``width`` x ``height`` (logical pixels) can hold with a
    body font of ``points``. A larger font needs as much more room (at 14 pt a 1366x768
    window's panels sat at their least widths: one row of ids cut to "shop\u2026hoes");
    a smaller one is not trusted to need less (pixel-sized furniture stays)."""
    scale = max(1.0, points / AUTHORED_POINTS)
    narrow = width < COMPACT_BELOW[0] * scale
    low = height < COMPACT_BELOW[1] * scale
    return Arrangement(fold_side_docks=narrow or low,
                       tabbed_responses=width < TABBED_RESPONSES_BELOW * scale,
                       bare=height < BARE_BELOW_HEIGHT * scale)
