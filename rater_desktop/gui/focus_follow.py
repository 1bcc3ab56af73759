"""Focus follows the work: opening an item or a step puts the cursor in its first
unanswered field; undo and redo switch to the step and field they changed and say so."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractButton, QApplication, QWidget

from rater_desktop.gui.steps.panel import StepPanel
from rater_desktop.gui.steps.where import first_field, first_unanswered, focusable, reveal
from rater_desktop.rating.change import Change
from rater_desktop.rating.focus import FocusAim, blocked_fields, focus_aim
from rater_desktop.rating.model import Step
from rater_desktop.rating.service import RatingService
from rater_desktop.rating.steps import STEP_TITLES, step_of_field, widget_name

UNDO_WORDS = {"undo": "Undone", "redo": "Redone"}
# The item list's own keys (arrows, Home, typing a search) come without these.
NAVIGATION_MODIFIERS = Qt.KeyboardModifier.AltModifier | Qt.KeyboardModifier.ControlModifier


class FocusFollower(QObject):
    """Places the keyboard focus after changes; ``keep_focus_in`` widgets (the item list,
    the search field) keep it when an item opens from them."""

    def __init__(self, panel: StepPanel, *, status: Callable[[str], None] | None = None,
                 keep_focus_in: tuple[QWidget, ...] = ()) -> None:
        super().__init__(panel)
        self.panel = panel
        self._status = status
        self.keep_focus_in = keep_focus_in
        self._placing = False

    def after_change(self, change: Change) -> None:
        """Called after the panel redrew for ``change``."""
        self.place(self.aim(change))

    def aim(self, change: Change) -> FocusAim | None:
        """Where ``change`` sends the focus, decided when it happens (the keys held and
        the focus then), even if the panel redraws for it a turn later."""
        if self._placing:
            return None
        return focus_aim(kind=change.kind, accepted=change.accepted,
                         focus_kept=change.kind == "open" and self._focus_is_kept())

    def place(self, aim: FocusAim | None) -> None:
        """Put the focus where ``aim`` says, on the open item's current step."""
        service = self.panel.service
        if self._placing or service is None or service.current_item_id is None:
            return
        if aim is FocusAim.FIRST_FIELD:
            self.focus_first_field(service.rating.current_step)
        elif aim is FocusAim.FIRST_UNANSWERED:
            self.focus_step(service.rating.current_step)

    def _focus_is_kept(self) -> bool:
        if QApplication.keyboardModifiers() & NAVIGATION_MODIFIERS:
            return False  # Alt+Left/Right, Ctrl+PgDown: the rater goes on to rate
        focus = QApplication.focusWidget()
        return focus is not None and any(
            keeper is focus or keeper.isAncestorOf(focus) for keeper in self.keep_focus_in)

    def focus_step(self, step: Step) -> QWidget | None:
        target = first_unanswered(self.panel.page(step), self._held(step))
        if target is not None:
            reveal(target)
        return target

    def focus_first_field(self, step: Step) -> QWidget | None:
        target = first_field(self.panel.page(step))
        if target is not None:
            reveal(target)
        return target

    def show_where(self, service: RatingService, change: Change) -> QWidget | None:
        """After an undo or redo: go to the step of the change and focus its field."""
        if change.refused or not change.fields:
            if change.refused and self._status is not None:
                self._status(" ".join(change.reasons))
            return None
        field = change.fields[0]
        step = step_of_field(field)
        if step is not None and step is not service.rating.current_step:
            self._placing = True
            try:
                service.set_step(step)
            finally:
                self._placing = False
            if change.notice:
                self.panel.say(change.notice)  # moving to the step cleared the message
        shown = service.rating.current_step
        target = self._field_widget(service, shown, field)
        if target is not None:
            reveal(target)
        if self._status is not None:
            where = STEP_TITLES[step] if step is not None else "this item"
            text = f"{UNDO_WORDS.get(change.kind, 'Changed')} in {where}."
            self._status(f"{text} {change.notice}".strip())
        return target

    def _held(self, step: Step) -> list[QWidget]:
        """The inputs of ``step`` a blocking rule holds up, by the latest rule results
        (none while the rules run again: results from before the last edit would send
        the cursor back to a field just put right)."""
        service = self.panel.service
        if service is None or service.rules_pending:
            return []
        found = (self._find_widget(service, step, f)
                 for f in blocked_fields(service.results, step))
        return [w for w in found if w is not None]

    def _field_widget(self, service: RatingService, step: Step, field: str) -> QWidget | None:
        found = self._find_widget(service, step, field)
        return found or first_unanswered(self.panel.page(step))

    def _find_widget(self, service: RatingService, step: Step, field: str) -> QWidget | None:
        order = service.order

        def label_of(true_index: int) -> str:
            return "A" if order.true_index("A") == true_index else "B"

        object_name = widget_name(field, label_of)
        widget = self.panel.page(step).findChild(QWidget, object_name) if object_name else None
        return focusable(widget) if widget is not None else None


KEY_PRESS = int(QEvent.Type.KeyPress.value)
ENTER_KEYS = (int(Qt.Key.Key_Return.value), int(Qt.Key.Key_Enter.value))


class EnterPressesButtons(QObject):
    """Enter on a focused button of ``root`` presses it, as Space does (outside dialogs a
    Qt button ignores Enter, so a keyboard rater's Enter did nothing)."""

    def __init__(self, root: QWidget) -> None:
        super().__init__(root)
        self.root = root
        # From the next turn of the event loop (no key can come before): an application
        # filter set up now is called, from Python, for every event of the panel's build.
        QTimer.singleShot(0, self, self._watch_app)

    def _watch_app(self) -> None:
        app = QApplication.instance()
        if app is not None:
            app.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if int(event.type().value) != KEY_PRESS or not isinstance(watched, QAbstractButton):
            return False
        if not isinstance(event, QKeyEvent) or int(event.key()) not in ENTER_KEYS:
            return False
        if event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            return False  # Ctrl+Enter and friends are shortcuts
        if not self.root.isAncestorOf(watched) or not watched.isEnabled():
            return False
        # At once, not animateClick(): its click comes ~100 ms later, and keys typed in
        # between went to the button (a Space pressed it again: a second empty row).
        watched.click()
        return True
