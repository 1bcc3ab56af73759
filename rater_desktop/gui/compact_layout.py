"""The rater window on a small screen: the compact arrangement and the way back.

``dock_widths.arrangement_for`` decides from the window's size; this module applies it.
Folded, the item list and the Tools dock become tabs behind the rating panel, which stays
in front (their shortcuts, Ctrl+Shift+I and Ctrl+Shift+T, bring them forward and back),
and Response A and B show one at a time (F6 switches). Nothing is rebuilt or reparented,
so the current step, the typed text and the focus survive every switch; the normal dock
layout is remembered and is what the window saves (with the docks the rater showed or
hid meanwhile), so a restart on a large screen opens as before.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QEvent, QObject, QSize, Qt, QTimer
from PySide6.QtGui import QResizeEvent, QScreen
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QMainWindow,
    QMenu,
    QTabWidget,
    QToolBar,
    QWidget,
)

from rater_desktop.dock_widths import Arrangement, arrangement_for
from rater_desktop.gui.compact_focus import FoldedFocus
from rater_desktop.gui.item_view import ItemView
from rater_desktop.gui.keys import bind_action, new_action
from rater_desktop.gui.theme import app_points
from rater_desktop.gui.window_layout import STATE_VERSION, DockScaler, rect_of
from rater_desktop.viewed_sides import SIDE_PROPERTY, side_to_follow
from rater_desktop.window_geometry import clamp_geometry

# The least the window may be before the compact arrangement is measured (~800x300 at
# 853x480 logical, both themes); ``_fit_minimum`` raises it to what that arrangement needs.
COMPACT_MINIMUM = QSize(760, 420)
# The key-table actions of the docks that fold behind the rating panel.
FOLD_ACTIONS = {"itemDock": "toggle_item_list", "toolsDock": "toggle_tools"}
NORMAL = Arrangement(fold_side_docks=False, tabbed_responses=False)


def rated_side(widget: QWidget | None) -> str | None:
    """The response (display label) whose rating block holds ``widget``, if any."""
    while widget is not None:
        side = widget.property(SIDE_PROPERTY)
        if isinstance(side, str):
            return side
        widget = widget.parentWidget()
    return None


class CompactLayout(QObject):
    """Switches ``window`` between its normal and its compact arrangement as it resizes."""

    def __init__(self, window: QMainWindow, *, item_view: ItemView, rating: QDockWidget,
                 folded: list[QDockWidget], view_menu: QMenu | None = None,
                 toolbar: QToolBar | None = None, scaler: DockScaler | None = None) -> None:
        super().__init__(window)
        self.window = window
        self.scaler = scaler
        self.toolbar = toolbar
        self.item_view = item_view
        self.rating = rating
        self.folded = folded
        self.arrangement = NORMAL
        self._normal_state: QByteArray | None = None
        # The normal layout as last seen at a size that holds it: by the time a resize
        # reaches this filter the layout has already squeezed the docks to the new size.
        self._snapshot: QByteArray | None = (
            None if window.isVisible() else window.saveState(STATE_VERSION))
        self._folding = False
        self._shown_when_folded: dict[QDockWidget, bool] = {}
        self.switch_action = new_action(
            window, "switch_response", tip="Switch between Response A and B (narrow window)")
        self.switch_action.setObjectName("actionSwitchResponse")
        self.switch_action.setEnabled(False)
        self.switch_action.triggered.connect(item_view.switch_side)
        window.addAction(self.switch_action)
        if view_menu is not None:
            view_menu.addAction(self.switch_action)
        self._toggles: dict[QObject, QDockWidget] = {}
        for dock in folded:
            toggle = dock.toggleViewAction()
            if dock.objectName() in FOLD_ACTIONS:
                bind_action(toggle, FOLD_ACTIONS[dock.objectName()], tip=toggle.text())
            toggle.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            window.addAction(toggle)
            toggle.installEventFilter(self)  # its key brings a folded dock forward
            toggle.triggered.connect(lambda checked, d=dock: self._opened(d, checked))
            self._toggles[toggle] = dock
            dock.installEventFilter(self)
        for dock in (rating, *folded):
            dock.visibilityChanged.connect(lambda _v: self._take_snapshot())
        self.focus = FoldedFocus(window, docks=(rating, *folded),
                                 folded=lambda: self.arrangement.fold_side_docks)
        window.setMinimumSize(COMPACT_MINIMUM)
        window.installEventFilter(self)
        self._screen: QScreen | None = None
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._follow_focus)

    def _follow_focus(self, _old: QWidget | None, new: QWidget | None) -> None:
        # Taking turns, the response pane follows the side whose rating has the focus.
        if new is None or not self.window.isAncestorOf(new):
            return
        side = side_to_follow(rated_side(new), self.item_view.sides_on_screen())
        if side is not None:
            self.item_view.show_side(side)

    def normal_state(self) -> QByteArray:
        """The dock layout to save: the normal one (with the docks shown or hidden as they
        are now), also while the window is compact."""
        if not self.arrangement.fold_side_docks:
            return self.window.saveState(STATE_VERSION)
        if self._normal_state is not None and self._shown() == self._shown_when_folded:
            return self._normal_state  # as it was, sizes and all
        # A dock shown or hidden since: the normal layout with that change (laid out at
        # this size, so the side docks may come back at their narrowest).
        self._fold(False)
        state = self.window.saveState(STATE_VERSION)
        self._fold(True)
        if self.scaler is not None:
            self.scaler.hold = False  # no resize follows this one
        self._normal_state = state
        self._bare(self.arrangement.bare)
        return state

    def _opened(self, dock: QDockWidget, shown: bool) -> None:
        if shown and self.arrangement.fold_side_docks:
            QTimer.singleShot(0, dock, dock.raise_)  # opened from the View menu: in front

    def _fit_minimum(self) -> None:
        """Never smaller than the compact arrangement lays out (a set minimum is not raised
        by the layout on its own)."""
        if self.arrangement.fold_side_docks and self.arrangement.tabbed_responses:
            least = self.window.minimumSizeHint().expandedTo(COMPACT_MINIMUM)
            if least != self.window.minimumSize():
                self.window.setMinimumSize(least)

    def _take_snapshot(self) -> None:
        if not self.arrangement.fold_side_docks and not self._folding:
            self._snapshot = self.window.saveState(STATE_VERSION)

    def _shown(self) -> dict[QDockWidget, bool]:
        return {dock: not dock.isHidden() for dock in (self.rating, *self.folded)}

    def press(self, dock: QDockWidget) -> None:
        """A folded dock's key: open it in front, or, in front already, back to the rating."""
        if dock.isHidden():
            dock.show()
            QTimer.singleShot(0, dock, dock.raise_)  # once its tab exists
        elif dock.visibleRegion().isEmpty():
            dock.raise_()
        else:
            self.rating.raise_()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and isinstance(event, QResizeEvent):
            self.apply(arrangement_for(width=event.size().width(),
                                       height=event.size().height(), points=app_points()))
            QTimer.singleShot(0, self, self._take_snapshot)  # after the docks follow the size
            QTimer.singleShot(0, self, self._fit_minimum)
        elif watched is self.window and event.type() == QEvent.Type.FontChange:
            self.apply(arrangement_for(width=self.window.width(), height=self.window.height(),
                                       points=app_points()))  # a larger font needs more room
        elif watched is self.window and event.type() == QEvent.Type.MouseButtonRelease:
            self._take_snapshot()  # a dock's edge dragged
        elif watched is self.window and event.type() == QEvent.Type.Show:
            self._follow_screen()
            QTimer.singleShot(0, self, self._take_snapshot)  # the first start sized the docks
        elif watched in self._toggles and event.type() == QEvent.Type.Shortcut \
                and self.arrangement.fold_side_docks:
            self.press(self._toggles[watched])
            return True  # a tab behind the rating is brought forward, not closed
        elif watched in self.folded and self.arrangement.fold_side_docks \
                and isinstance(watched, QDockWidget) and not event.spontaneous():
            if event.type() == QEvent.Type.Hide:
                QTimer.singleShot(0, self.rating, self.rating.raise_)  # closed: back to the rating
        return False

    def apply(self, arrangement: Arrangement) -> None:
        """Switch to ``arrangement``, keeping the focus where the rater left it."""
        if arrangement == self.arrangement:
            return
        focus = QApplication.focusWidget()
        if arrangement.fold_side_docks != self.arrangement.fold_side_docks:
            self._folding = True
            try:
                self._fold(arrangement.fold_side_docks)
            finally:
                self._folding = False
        self.item_view.set_tabbed(arrangement.tabbed_responses)
        self.switch_action.setEnabled(arrangement.tabbed_responses)
        self._bare(arrangement.bare and arrangement.fold_side_docks)
        self.arrangement = arrangement
        _restore_focus(focus)

    def _fold(self, fold: bool) -> None:
        for dock in self.folded:
            tabs = dock.findChild(QTabWidget, "toolsTabs")
            if tabs is not None:
                # Down the side the four titles need ~354 px of height; along the top they
                # fit the rating column's width, and a low window keeps its height.
                tabs.setTabPosition(QTabWidget.TabPosition.North if fold
                                    else QTabWidget.TabPosition.West)
        if fold:
            self._normal_state = self._snapshot or self.window.saveState(STATE_VERSION)
            self._shown_when_folded = self._shown()
            for dock in self.folded:
                if not dock.isFloating():  # a floating dock takes no room in the window
                    self.window.tabifyDockWidget(self.rating, dock)
            self.rating.raise_()
            QTimer.singleShot(0, self.rating, self.rating.raise_)  # once the tab bar exists
            return
        if self._normal_state is None:
            return
        # Back to the normal places and sizes, keeping what the rater showed or hid.
        shown = self._shown()
        self.window.restoreState(self._normal_state, STATE_VERSION)
        if self.scaler is not None:
            self.scaler.hold = True  # the saved widths, not the compact ones scaled up
        self._snapshot = self._normal_state
        self._normal_state = None
        for dock, visible in shown.items():
            dock.setVisible(visible)

    def _bare(self, bare: bool) -> None:
        """A low window: no toolbar and no dock titles (the tabs under them name them)."""
        if self.toolbar is not None and bare:
            self.toolbar.hide()
        elif self.toolbar is not None and self.arrangement.bare:
            self.toolbar.show()  # back from bare; a folded restore keeps the saved state
        for dock in (self.rating, *self.folded):
            if bare and not isinstance(dock.titleBarWidget(), _NoTitle):
                dock.setTitleBarWidget(_NoTitle(dock))
            elif not bare and isinstance(dock.titleBarWidget(), _NoTitle):
                dock.setTitleBarWidget(None)  # type: ignore[arg-type]  # Qt: default

    def _follow_screen(self) -> None:
        handle = self.window.windowHandle()
        if handle is not None and self._screen is None:
            handle.screenChanged.connect(self.follow_screen)
            self._screen = handle.screen()

    def follow_screen(self, screen: QScreen | None) -> None:
        """Moved to another screen: fit it there (a smaller one may make it compact)."""
        self._screen = screen
        if screen is None or self.window.isMaximized() or self.window.isFullScreen():
            return
        rect, maximized = clamp_geometry(saved=rect_of(self.window.normalGeometry()),
                                         maximized=False,
                                         area=rect_of(screen.availableGeometry()))
        if maximized:
            self.window.setWindowState(Qt.WindowState.WindowMaximized)
        elif rect != rect_of(self.window.normalGeometry()):
            self.window.setGeometry(*rect)


class _NoTitle(QWidget):
    """An empty title bar: a docked panel without its title row."""


def _restore_focus(widget: QWidget | None) -> None:
    """Give the focus back to ``widget`` if the switch took it and it still shows."""
    if widget is None or QApplication.focusWidget() is widget:
        return
    if widget.isVisible() and widget.isEnabled():
        widget.setFocus(Qt.FocusReason.OtherFocusReason)


def bring_forward(widget: QWidget) -> None:
    """Raise the dock holding ``widget`` (in the compact window it may be a hidden tab)."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QDockWidget):
            if not parent.isFloating() and parent.visibleRegion().isEmpty():
                parent.raise_()
            return
        parent = parent.parentWidget()
