"""Keys typed while the window is still loading the rating core are kept, not lost.

At launch the window paints and shows its first item before the rating panel exists
("Loading your ratings…"). A rater who starts typing the main goal at once used to lose
those keys (they went to the item list's filter, which is where the focus sits then).
``EarlyKeys`` holds them and, once the panel is ready and the focus placed, types them
into the text field that has the focus; with no text field to take them they are
dropped and the status bar says so.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QLineEdit,
    QMainWindow,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

from rater_desktop.wording import unused_keys_text

KEY_EVENTS = (QEvent.Type.KeyPress, QEvent.Type.KeyRelease)
# With these held a key is a command (shortcuts run at once); typing has none of them.
COMMAND_MODIFIERS = (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
                     | Qt.KeyboardModifier.MetaModifier)
HeldKey = tuple[QEvent.Type, int, Qt.KeyboardModifier, str, bool]


def is_typing(modifiers: Qt.KeyboardModifier) -> bool:
    """A key to keep for the field: typing, not a command key."""
    return not modifiers & COMMAND_MODIFIERS


def takes_text(widget: QWidget | None) -> bool:
    """True for a field the rater types into (read-only ones do not take keys)."""
    if isinstance(widget, (QLineEdit, QTextEdit, QPlainTextEdit)):
        return not widget.isReadOnly()
    return isinstance(widget, QAbstractSpinBox)


class EarlyKeys(QObject):
    """Holds the typing keys meant for ``window`` until ``release()``.

    It watches the window and whichever of its widgets has the focus (keys go there),
    not the whole application: an application filter would run, from Python, for every
    event of the rating panel's build.
    """

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.window_ = window
        self.held: list[HeldKey] = []
        self.holding = True
        self.watched: QWidget | None = None
        window.installEventFilter(self)  # keys come to the window while nothing has focus
        self._follow(None, QApplication.focusWidget())
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._follow)

    def _follow(self, _old: QWidget | None, new: QWidget | None) -> None:
        if self.watched is not None:
            self.watched.removeEventFilter(self)
            self.watched = None
        if self.holding and new is not None and self.window_.isAncestorOf(new):
            new.installEventFilter(self)  # a dialog (first run) is a window of its own
            self.watched = new

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if not self.holding or event.type() not in KEY_EVENTS:
            return False
        if not isinstance(event, QKeyEvent) or not is_typing(event.modifiers()):
            return False
        self.held.append((event.type(), event.key(), event.modifiers(), event.text(),
                          event.isAutoRepeat()))
        return True

    def release(self) -> None:
        """Stop holding; type what was held into the focused text field."""
        self.holding = False
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.disconnect(self._follow)
        self._follow(None, None)
        self.window_.removeEventFilter(self)
        held, self.held = self.held, []
        self.deleteLater()
        target = QApplication.focusWidget()
        presses = sum(1 for kind, *_rest in held if kind == QEvent.Type.KeyPress)
        if not presses:
            return  # only releases (of the Enter that closed the first-run dialog)
        if target is None or not takes_text(target) or not self.window_.isAncestorOf(target):
            self.window_.statusBar().showMessage(unused_keys_text(presses), 8000)
            return
        for kind, key, modifiers, text, repeat in held:
            focus = QApplication.focusWidget() or target  # a held Tab moves on, as typed
            QApplication.sendEvent(focus, QKeyEvent(kind, key, modifiers, text, repeat))
