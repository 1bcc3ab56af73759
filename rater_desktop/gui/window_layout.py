"""Where the main window opens and how its side panels follow its size.

The decisions are plain functions on ``(x, y, width, height)`` tuples in
``rater_desktop.window_geometry``: the first-start size for a screen, and a saved
geometry clamped to the screen the window opens on (never smaller than the first start,
never off-screen). ``DockScaler`` keeps the item list and
the rating panel at the same share of the window when it is maximized or resized.
``arrangement_for`` (``dock_widths``) picks the compact arrangement for a small window
(``compact_layout`` applies it).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QByteArray, QEvent, QObject, QRect, QSettings, Qt
from PySide6.QtGui import QGuiApplication, QResizeEvent, QScreen
from PySide6.QtWidgets import QDockWidget, QMainWindow, QStyle

from rater_desktop import dock_widths
from rater_desktop.window_geometry import Margins, Rect, clamp_geometry, first_start_geometry

# 2: Tools dock beside the rating panel (was a tab hiding it); 3: layouts saved before may
# hold a rating dock widened by a claim card (~455 px at 1366x768), dropped once.
STATE_VERSION = 3


def frame_margins(window: QMainWindow) -> Margins:
    """The frame around ``window``'s client area: measured once shown, else the style's
    title bar and frame widths (before the first show the frame is not known yet)."""
    inner, outer = window.geometry(), window.frameGeometry()
    if outer != inner:
        return (inner.left() - outer.left(), inner.top() - outer.top(),
                outer.right() - inner.right(), outer.bottom() - inner.bottom())
    style = window.style()
    edge = style.pixelMetric(QStyle.PixelMetric.PM_MdiSubWindowFrameWidth)
    title = style.pixelMetric(QStyle.PixelMetric.PM_TitleBarHeight)
    return (edge, title + edge, edge, edge)


def rect_of(r: QRect) -> Rect:
    """A QRect as an (x, y, width, height) tuple."""
    return (r.x(), r.y(), r.width(), r.height())


def screen_for(window: QMainWindow) -> QScreen | None:
    """The screen the window's centre lies on (the primary one when it lies on none)."""
    centre = window.frameGeometry().center()
    return QGuiApplication.screenAt(centre) or QGuiApplication.primaryScreen()


def restore_window_geometry(window: QMainWindow, settings: QSettings,
                            key: str = "window/geometry") -> None:
    """Open where the user left the window (saved under ``key``), fitted to the screen it
    opens on; the first start fills a laptop screen (maximized, so the frame fits too)."""
    saved = settings.value(key)
    if isinstance(saved, QByteArray | bytes):
        window.restoreGeometry(saved)
    screen = screen_for(window)
    if screen is None:
        window.resize(1280, 760)
        return
    area = rect_of(screen.availableGeometry())
    if saved is None:
        rect, maximized = first_start_geometry(area=area)
    else:
        rect, maximized = clamp_geometry(saved=rect_of(window.normalGeometry()),
                                         maximized=window.isMaximized(), area=area,
                                         frame=frame_margins(window))
    window.setGeometry(*rect)
    if maximized:
        window.setWindowState(Qt.WindowState.WindowMaximized)


def restore_dock_state(window: QMainWindow, settings: QSettings) -> bool:
    """Restore the docks as the rater left them; False for no (or an older) saved layout."""
    state = settings.value("window/state")
    if not isinstance(state, QByteArray | bytes):
        return False
    return bool(window.restoreState(state, STATE_VERSION))


def save_dock_state(window: QMainWindow, settings: QSettings,
                    state: QByteArray | None = None) -> None:
    """Save geometry and docks; ``state`` is the dock layout to keep (the normal one while
    the window is compact), the window's own by default."""
    settings.setValue("window/geometry", window.saveGeometry())
    settings.setValue("window/state", state if state is not None
                      else window.saveState(STATE_VERSION))


class DockScaler(QObject):
    """Keeps side docks at their share of the window's width when the window changes size
    by more than a few pixels (maximize, restore, another screen); a dragged splitter sets
    the share."""

    THRESHOLD = 40

    def __init__(self, window: QMainWindow, docks: Sequence[QDockWidget]) -> None:
        super().__init__(window)
        self.window = window
        self.docks = list(docks)
        self.hold = False  # set for one resize whose docks were just laid out anew
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and isinstance(event, QResizeEvent):
            if self.hold:
                self.hold = False
                return False
            self.rescale(event.oldSize().width(), event.size().width())
        return False

    def rescale(self, old_width: int, new_width: int) -> None:
        if old_width <= 0 or abs(new_width - old_width) < self.THRESHOLD:
            return
        docks = [d for d in self.docks if d.isVisible() and not d.isFloating()
                 and self.window.dockWidgetArea(d) in (Qt.DockWidgetArea.LeftDockWidgetArea,
                                                       Qt.DockWidgetArea.RightDockWidgetArea)]
        if not docks:
            return
        widths = [max(d.minimumSizeHint().width(), round(d.width() * new_width / old_width))
                  for d in docks]
        self.window.resizeDocks(docks, widths, Qt.Orientation.Horizontal)


def side_dock_widths(window: QMainWindow, item_need: int = 0) -> tuple[int, int]:
    """Widths of the item list (its longest id needs ``item_need``) and the rating panel,
    in ``window``'s font and width. The panel's is the same before and after a batch opens
    (beside a list of short ids), so it never jumps once the first item is on screen."""
    char = window.fontMetrics().averageCharWidth()
    item = dock_widths.item_dock_width(window.width(), char, item_need)
    beside = dock_widths.item_dock_width(window.width(), char)
    return item, dock_widths.step_dock_width(window.width(), char, beside)
