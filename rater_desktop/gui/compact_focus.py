"""Keys go to the panel in front in the compact window, never to one folded behind it.

In the compact arrangement the rating panel, the item list and the Tools share one tab
group. Seen under Xvfb at 853x480: a batch's first visit brought its instructions in
front while the focus stayed in the case file's main goal, so the rater's typing went,
unseen, into a field behind the instructions. Here the focus follows the tab in front
(and comes back to where it was when its tab returns), and a focus moved into a folded
panel (e.g. complete-and-next focusing the next step) brings that panel forward.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QApplication, QDockWidget, QWidget


def dock_of(widget: QWidget | None) -> QDockWidget | None:
    """The dock holding ``widget`` (None outside any dock)."""
    while widget is not None:
        if isinstance(widget, QDockWidget):
            return widget
        widget = widget.parentWidget()
    return None


def in_front(dock: QDockWidget) -> bool:
    """Shown and not behind another tab (a tab behind is only moved out of view)."""
    return dock.isVisible() and not dock.visibleRegion().isEmpty()


def first_focusable(dock: QDockWidget) -> QWidget | None:
    """The first widget in ``dock`` that takes the focus by Tab, in the focus chain's order."""
    content = dock.widget()
    widget: QWidget | None = content
    for _ in range(5000):  # the chain runs through the whole window and back: bounded
        if widget is None:
            return None
        widget = widget.nextInFocusChain()
        if widget is None or widget is content or content is None:
            return None
        if content.isAncestorOf(widget) and widget.isVisible() and widget.isEnabled() \
                and widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
            return widget
    return None


class FoldedFocus(QObject):
    """Moves the focus with the tab in front while ``folded()`` says the docks are tabs."""

    def __init__(self, window: QWidget, *, docks: Sequence[QDockWidget],
                 folded: Callable[[], bool]) -> None:
        super().__init__(window)
        self.docks = tuple(docks)
        self.folded = folded
        self._left: dict[QDockWidget, QWidget] = {}
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        app.focusChanged.connect(self._focus_changed)
        for dock in self.docks:
            dock.visibilityChanged.connect(lambda _shown: self._soon())

    def _soon(self) -> None:
        if self.folded():
            QTimer.singleShot(0, self, self.follow_front)  # once the tab switch is laid out

    def follow_front(self) -> None:
        """Give the focus to the dock in front if a folded one holds it."""
        focus = QApplication.focusWidget()
        holder = dock_of(focus)
        if not self.folded() or holder not in self.docks or holder is None or in_front(holder):
            return
        front = next((dock for dock in self.docks if in_front(dock)), None)
        if front is None or focus is None:
            return
        self._left[holder] = focus
        target = self._left.get(front)
        if target is None or not target.isVisible() or dock_of(target) is not front:
            target = first_focusable(front)
        if target is not None:
            target.setFocus(Qt.FocusReason.OtherFocusReason)
        else:
            front.setFocus(Qt.FocusReason.OtherFocusReason)

    def _focus_changed(self, _old: QWidget | None, now: QWidget | None) -> None:
        holder = dock_of(now)
        if holder in self.docks and holder is not None and self.folded() \
                and not in_front(holder) and holder.isVisible():
            holder.raise_()  # the work moved there: show it
