"""The QA window's shell over turns of the event loop (issue 22), ``second_turn``'s way.

Building the whole shell at once (its modules, menus, toolbar, the Results files tab, the
protocol's tabs) held the UI thread for ~0.2 s in one turn. Now the window's constructor
makes what the first paint shows (an empty page, the menu titles, the status bar) and
``ShellTurns`` adds the rest after that paint, one part per turn, each part's modules
imported on a worker thread first (``lazy_tabs.preload``) so a turn runs only the part's
widgets.

Nothing shown is dead meanwhile: whatever asks for a part before its turn builds it at
once (``ensure``: a menu opened, a batch dropped, a test, the API), and ``HeldShortcuts``
keeps the command keys pressed before the actions exist and runs their actions as soon
as they do.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget

from rater_desktop.gui.early_keys import FocusKeyHold, is_typing
from rater_desktop.gui.qa.lazy_tabs import Preloading, preload

if TYPE_CHECKING:  # the key classes are imported when a key comes (not in the first turn)
    from PySide6.QtWidgets import QMenu

# While a part's modules are still being imported on the worker, look again this often.
POLL_MS = 10
# Past this the UI thread imports a part's modules itself (a stalled or failed preload).
WAIT_LIMIT_S = 5.0


class Part(NamedTuple):
    """One part of the shell: its name, what builds it, the modules it imports."""

    name: str
    build: Callable[[], None]
    modules: tuple[str, ...] = ()


class ShellTurns(QObject):
    """Builds ``parts`` in order, one per event-loop turn, from ``start()`` (call it after
    the first paint); ``ensure(name)`` builds a part at once when it is needed earlier.
    ``later_modules`` are imported on the worker after the parts' own."""

    finished = Signal()

    def __init__(self, parent: QObject, parts: Sequence[Part],
                 later_modules: Sequence[str] = ()) -> None:
        super().__init__(parent)
        self.parts = list(parts)
        self.later_modules = tuple(later_modules)
        self.order: list[str] = []  # parts in the order built (tests)
        self.on_demand: list[str] = []  # parts built because asked for before their turn
        self.preloading: Preloading | None = None
        self._built: set[str] = set()
        self._started = 0.0
        self._stopped = False
        self._timer = QTimer(self)  # a timer, not a loop: each part gets a turn of its own
        self._timer.setObjectName("qaShellTurns")
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._next)

    @property
    def done(self) -> bool:
        """Every part is built."""
        return len(self._built) == len(self.parts)

    def built(self, name: str) -> bool:
        return name in self._built

    def start(self) -> None:
        """Import the parts' modules on a worker and build the first part next turn."""
        if self._stopped or self.preloading is not None:
            return
        modules = [m for part in self.parts for m in part.modules]
        self.preloading = preload([*modules, *self.later_modules])
        self._started = time.monotonic()
        self._timer.start(0)

    def ensure(self, name: str) -> None:
        """Build the part ``name`` now unless it was built."""
        if name not in self._built:
            self.on_demand.append(name)
            self._build(next(p for p in self.parts if p.name == name))

    def cancel(self) -> None:
        """Build no more parts in turns (the window closed); ``ensure`` still works."""
        self._stopped = True
        self._timer.stop()

    def _build(self, part: Part) -> None:
        self._built.add(part.name)  # first: a part that asks for itself does not loop
        self.order.append(part.name)
        part.build()
        if self.done:
            self._timer.stop()
            self.finished.emit()

    def _ready(self, part: Part) -> bool:
        loading = self.preloading
        if loading is None or loading.has(part.modules):
            return True
        return time.monotonic() - self._started > WAIT_LIMIT_S

    def _next(self) -> None:
        if self._stopped:
            return
        waiting = [p for p in self.parts if p.name not in self._built]
        if not waiting:
            return
        if not self._ready(waiting[0]):
            self._timer.start(POLL_MS)  # the worker is still importing its modules
            return
        self._build(waiting[0])
        if not self.done:
            self._timer.start(0)


def menu_titles(window: QMainWindow, menus: Sequence[tuple[str, str]],
                fill: Callable[[], None]) -> list[QMenu]:
    """The menu bar's titles, empty: ``fill`` adds their entries (a part's turn), or at
    once when one of them is opened first."""
    bar = window.menuBar()
    bar.setObjectName("qaMenuBar")
    made = []
    for name, title in menus:
        menu = bar.addMenu(title)
        menu.setObjectName(name)
        menu.aboutToShow.connect(fill)
        made.append(menu)
    return made


class HeldShortcuts(FocusKeyHold):
    """Command keys (Ctrl, Alt, Meta) pressed in ``window`` before its actions exist are
    held; ``release()`` runs the action each one is the shortcut of (in order), and sends
    a key no action has on to the widget with the focus, as if typed then.

    As ``early_keys.EarlyKeys``, it watches the window and the widget of it that has the
    focus, not the application (an application filter made the first paint ~40 ms longer).
    """

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.held: list[tuple[int, Qt.KeyboardModifier, str]] = []

    def hold(self, event: QKeyEvent) -> bool:
        from rater_desktop.gui.keys import is_modifier_key

        if (event.type() != QEvent.Type.KeyPress or is_modifier_key(event.key())
                or is_typing(event.modifiers())):
            return False
        self.held.append((event.key(), event.modifiers(), event.text()))
        return True

    def drop(self) -> None:
        """Stop holding and forget what was held (the window closes: not the time to open
        a dialog for a key pressed while it was building)."""
        self.held = []
        self.release()

    def release(self) -> None:
        """Stop holding; run what was held."""
        self.stop_holding()
        held, self.held = self.held, []
        from rater_desktop.gui.keys import action_for

        for key, modifiers, text in held:
            action = action_for(self.window_, key, modifiers)
            if action is not None:
                action.trigger()
                continue
            focus = QApplication.focusWidget() or self.window_
            for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
                QApplication.sendEvent(focus, QKeyEvent(kind, key, modifiers, text))

