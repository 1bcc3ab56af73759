"""Keys typed while the window is still loading the rating core are kept, not lost.

At launch the window paints and shows its first item before the rating panel exists
("Loading your ratings…"). A rater who starts typing the main goal at once used to lose
those keys (they went to the item list's filter, which is where the focus sits then).
``EarlyKeys`` holds them and, once the panel is ready and the focus placed, types them
into the text field that has the focus; with no text field to take them they are
dropped and the status bar says so.

A close asked for while keys are held (a quit signal, the rater's Ctrl+Q) waits for the
panel and the cursor in it, without blocking the window, so that they are typed and saved
first; after ``wait_seconds`` without a panel the window closes and they are lost
(``quit_signals.close_with_held_keys`` decides). A close handled between the attach and
the turn that places the cursor waits too: typed then, the keys went to the item list's
filter box (a quit signal under load, seen by the rater robot).
"""

from __future__ import annotations

import math
import time

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
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

from rater_desktop.quit_signals import HELD_KEYS_WAIT_SECONDS, HeldKeysClose, close_with_held_keys
from rater_desktop.wording import unused_keys_text

KEY_EVENTS = (QEvent.Type.KeyPress, QEvent.Type.KeyRelease)
CLOSING_TEXT = "Saving what you typed while the ratings loaded, then closing\u2026"
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


class FocusKeyHold(QObject):
    """Filters the keys of ``window`` while ``holding``: the window's own and those of the
    widget of it that has the focus (the filter follows the focus); ``hold(event)`` says
    whether a key is held. The base of ``EarlyKeys`` and ``qa.shell.HeldShortcuts``.

    It watches the window and whichever of its widgets has the focus (keys go there),
    not the whole application: an application filter would run, from Python, for every
    event of every widget (the rating panel's build; the QA window's first paint).
    """

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window_ = window
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
        return isinstance(event, QKeyEvent) and self.hold(event)

    def hold(self, event: QKeyEvent) -> bool:
        """Keep ``event`` (and return True) or let it through (False)."""
        raise NotImplementedError

    def stop_holding(self) -> None:
        """Filter no more keys (only the first call does anything)."""
        if not self.holding:
            return
        self.holding = False
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.disconnect(self._follow)
        self._follow(None, None)
        self.window_.removeEventFilter(self)


class EarlyKeys(FocusKeyHold):
    """Holds the typing keys meant for ``window`` until ``release()``; a close of the
    window meanwhile waits (up to ``wait_seconds``) for ``attached()`` and the release."""

    window_: QMainWindow

    def __init__(self, window: QMainWindow, *,
                 wait_seconds: float = HELD_KEYS_WAIT_SECONDS) -> None:
        super().__init__(window)
        self.held: list[HeldKey] = []
        self.wait_seconds = wait_seconds
        self.core_attached = False
        self.close_asked_at: float | None = None
        self._bound = QTimer(self)  # dies with the release
        self._bound.setSingleShot(True)
        self._bound.timeout.connect(window.close)

    def presses(self) -> int:
        """The key presses held (releases alone are no typing)."""
        return sum(1 for kind, *_rest in self.held if kind == QEvent.Type.KeyPress)

    def hold(self, event: QKeyEvent) -> bool:
        if not is_typing(event.modifiers()):
            return False
        self.held.append((event.type(), event.key(), event.modifiers(), event.text(),
                          event.isAutoRepeat()))
        return True

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window_ and self.holding and event.type() == QEvent.Type.Close:
            return self._closing(event)
        return super().eventFilter(watched, event)

    def _closing(self, event: QEvent) -> bool:
        """A close while holding: True (and the event ignored) keeps the window open."""
        now = time.monotonic()
        asked = now if self.close_asked_at is None else self.close_asked_at
        choice = close_with_held_keys(presses=self.presses(), core_attached=self.core_attached,
                                      waited=now - asked, bound=self.wait_seconds)
        if choice is HeldKeysClose.WAIT:
            if self.close_asked_at is None:
                self.close_asked_at = now
                self.window_.statusBar().showMessage(CLOSING_TEXT)
            # Asked again at the bound (a timer may fire a little early: then once more).
            self._bound.start(max(1, math.ceil((self.wait_seconds - (now - asked)) * 1000)))
            event.ignore()
            return True
        self.close_asked_at = None  # this close goes ahead: none is left to make later
        self._bound.stop()
        if choice is HeldKeysClose.REPLAY:
            self.release()  # typed now; the rest of the close (the binding's) saves them
        else:
            self.stop_holding()
            self.held = []
        return False

    def attached(self) -> None:
        """The attach of the rating core has run (with or without a panel): the held keys
        are typed on a later turn, after the one the attach queued to place the cursor
        (a close meanwhile waits for them)."""
        self.core_attached = True
        if self.holding:
            # First again: ahead of the close filter the binding just put on the window.
            self.window_.installEventFilter(self)
            QTimer.singleShot(0, self, self.release)

    def release(self) -> None:
        """Stop holding; type what was held into the focused text field (then close the
        window, if a close waited for this)."""
        self.stop_holding()
        held, self.held = self.held, []
        self.deleteLater()
        if self.close_asked_at is not None:
            # After what the typed keys queued (a Tab's focus move): the close saves them.
            QTimer.singleShot(0, self.window_, self.window_.close)
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
