"""Where the main window opens, as plain arithmetic on ``(x, y, width, height)`` tuples:
the first-start size for a screen, and a saved geometry clamped to the screen the window
opens on (``gui/window_layout`` measures the screen and the frame, and applies these)."""

from __future__ import annotations

Rect = tuple[int, int, int, int]
Margins = tuple[int, int, int, int]  # the window manager's frame: left, top, right, bottom

LAPTOP_WIDTH = 1600  # below this the window fills the screen
ROOMY_SIZE = (1680, 1050)  # the most a first start takes on a large monitor
ROOMY_SHARE = 0.92


def first_start_geometry(*, area: Rect) -> tuple[Rect, bool]:
    """The first start on a screen whose available area is ``area``: (rect, maximized)."""
    x, y, width, height = area
    if width < LAPTOP_WIDTH:
        return area, True
    w = min(ROOMY_SIZE[0], int(width * ROOMY_SHARE))
    h = min(ROOMY_SIZE[1], int(height * ROOMY_SHARE))
    return (x + (width - w) // 2, y + (height - h) // 2, w, h), False


def clamp_geometry(*, saved: Rect, maximized: bool, area: Rect,
                   frame: Margins = (0, 0, 0, 0)) -> tuple[Rect, bool]:
    """A saved geometry (the client area) fitted to ``area``: at least the first-start
    size, and fully on it with its ``frame``; a title bar above the screen's top edge
    could not be grabbed to move the window back (openbox)."""
    first, first_maximized = first_start_geometry(area=area)
    if maximized or first_maximized:
        return area, True
    left, top, right, bottom = frame
    ax, ay = area[0] + left, area[1] + top
    aw, ah = area[2] - left - right, area[3] - top - bottom
    x, y, width, height = saved
    w = min(max(width, first[2]), aw)
    h = min(max(height, first[3]), ah)
    x = min(max(x, ax), ax + aw - w)
    y = min(max(y, ay), ay + ah - h)
    return (x, y, w, h), False
