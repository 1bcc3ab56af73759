"""An item switch shown over two turns of the event loop (issue 23): the responses in the
turn of the switch, the rating panel in the next one, so neither turn holds the window's
thread as long as both did together.

Between the two turns the panel still shows the previous item. Whatever the rater does
to it then is not lost and does not land in the old item's fields: keys meant for the
panel are held and sent, in order, to the widget that has the focus once the panel shows
the new item (where they would have gone had the switch been drawn in one turn); mouse
presses on the panel are dropped (they aimed at what the old item showed).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QWidget

from rater_desktop.gui.early_keys import HeldKey

KEY_EVENTS = frozenset(int(t.value) for t in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease))
MOUSE_EVENTS = frozenset(int(t.value) for t in (QEvent.Type.MouseButtonPress,
                                                QEvent.Type.MouseButtonRelease,
                                                QEvent.Type.MouseButtonDblClick))


class SecondTurn(QObject):
    """Runs the newest ``defer``-ed call in the next event-loop turn; until that turn the
    input meant for ``panel`` is held (keys) or dropped (mouse presses).

    ``draw_now()`` runs the call early (a later change needs the panel current) and keeps
    holding the keys until the turn: sent from inside that change they would make edits
    in the middle of its notification. ``finish()`` does both at once (before the open
    item changes, so held keys reach the item they were typed on).
    """

    def __init__(self, panel: QWidget) -> None:
        super().__init__(panel)
        self.panel = panel
        self.held: list[HeldKey] = []
        self._call: Callable[[], None] | None = None
        self._watching = False
        self._timer = QTimer(self)  # a timer, as progressive_html's parts: its own turn
        self._timer.setObjectName("secondTurn")
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.finish)

    @property
    def pending(self) -> bool:
        """A deferred call or held keys still wait for the next turn."""
        return self._call is not None or self._watching

    def defer(self, call: Callable[[], None]) -> None:
        """Run ``call`` in the next turn (instead of a call still waiting)."""
        self._call = call
        if not self._watching:
            app = QApplication.instance()
            if app is not None:
                # Only until the next turn: for that long an application filter costs
                # little, and it sees input for any widget of the panel, focused or not.
                app.installEventFilter(self)
                self._watching = True
        self._timer.start()

    def draw_now(self) -> None:
        """Run the waiting call now; held keys still wait for the turn."""
        call, self._call = self._call, None
        if call is not None:
            call()

    def finish(self) -> None:
        """Run the waiting call now, then send the held keys on."""
        self._timer.stop()
        self.draw_now()
        self._stop_watching()
        self._replay()

    def cancel(self) -> None:
        """Forget the waiting call and the held keys (the batch or window closed)."""
        self._call = None
        self._timer.stop()
        self._stop_watching()
        self.held = []

    def _stop_watching(self) -> None:
        if self._watching:
            app = QApplication.instance()
            if app is not None:
                app.removeEventFilter(self)
            self._watching = False

    def _in_panel(self, watched: QObject) -> bool:
        return isinstance(watched, QWidget) and (
            watched is self.panel or self.panel.isAncestorOf(watched))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = int(event.type().value)  # plain ints: this sees every event of its turn
        if kind in KEY_EVENTS and isinstance(event, QKeyEvent) and self._in_panel(watched):
            self.held.append((event.type(), event.key(), event.modifiers(), event.text(),
                              event.isAutoRepeat()))
            return True
        return kind in MOUSE_EVENTS and self._in_panel(watched)

    def _replay(self) -> None:
        held, self.held = self.held, []
        window = self.panel.window()
        for kind, key, modifiers, text, repeat in held:
            focus = QApplication.focusWidget()  # a held Tab moves on, as typed
            if focus is None or not (focus is window or window.isAncestorOf(focus)):
                return  # the window lost the focus meanwhile: the keys were not for it
            QApplication.sendEvent(focus, QKeyEvent(kind, key, modifiers, text, repeat))
