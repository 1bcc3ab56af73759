"""Rule results shown next to the field they concern: ID, message, and for warnings a way
to keep them with a short reason (recorded in the export by the rating core)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.gui.steps.common import LineField, name, restyle, set_look
from rater_desktop.rating.attention import Voice
from rater_desktop.rating.rules.base import RuleResult

Acknowledge = Callable[[str, str], None]
Withdraw = Callable[[str], None]
Matcher = Callable[[RuleResult], bool]
VoiceOf = Callable[[RuleResult], Voice]


def _always_speak(_result: RuleResult) -> Voice:
    return Voice.SPEAK


def field_prefix(*prefixes: str) -> Matcher:
    """Results whose field is one of ``prefixes`` or lies below one of them."""

    def match(result: RuleResult) -> bool:
        return any(result.field == p or result.field.startswith(p + ".")
                   or result.field.startswith(p + "@") for p in prefixes)

    return match


def badge_key(result: RuleResult) -> str:
    return f"{result.rule_id}|{result.field}|{result.message}"


class RuleBadge(QFrame):
    """One failing rule: red for block, amber for warn (with Acknowledge), a quiet line for
    a hint (nothing to acknowledge); a neutral "To do" while the rater has not reached its
    field (see rating.attention)."""

    def __init__(self, result: RuleResult, *, object_name: str, acknowledged: str | None,
                 on_ack: Acknowledge, on_withdraw: Withdraw) -> None:
        super().__init__()
        self.result = result
        self._on_ack = on_ack
        self._on_withdraw = on_withdraw
        self.setObjectName(object_name)
        self.setProperty("role", "ruleBadge")
        column = QVBoxLayout(self)
        column.setContentsMargins(8, 5, 8, 5)
        column.setSpacing(4)
        self.text = QLabel()
        self.text.setObjectName(f"{object_name}_text")
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.PlainText)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        column.addWidget(self.text)
        self.ack_row = QWidget()
        row = QHBoxLayout(self.ack_row)
        row.setContentsMargins(0, 0, 0, 0)
        self.reason = LineField(f"{object_name}_reason", f"Reason for keeping {result.rule_id}",
                                placeholder="Why this warning does not apply (short)")
        self.reason.returnPressed.connect(self._submit)
        self.keep = QPushButton("Keep")
        name(self.keep, f"{object_name}_keep", f"Keep warning {result.rule_id}")
        self.keep.clicked.connect(self._submit)
        row.addWidget(self.reason, 1)
        row.addWidget(self.keep)
        self.ack_row.setVisible(False)
        column.addWidget(self.ack_row)
        self.action = QPushButton()
        self.action.setObjectName(f"{object_name}_action")
        self.action.setProperty("flat", True)
        self.action.clicked.connect(self._toggle)
        column.addWidget(self.action, 0, Qt.AlignmentFlag.AlignLeft)
        self.voice = Voice.SPEAK
        self.show_acknowledged(acknowledged)

    def show_acknowledged(self, reason: str | None) -> None:
        result = self.result
        self.acknowledged = reason
        if result.hint:  # a hint is quiet whether or not the rater reached its field
            tone, prefix = "hint", "Tip"
        elif self.voice is Voice.TODO and not reason:
            tone, prefix = "todo", "To do"
        elif result.blocking:
            tone, prefix = "block", "Must fix"
        elif reason:
            tone, prefix = "acknowledged", "Kept"
        else:
            tone, prefix = "warn", "Check"
        text = f"{result.rule_id} \u00b7 {prefix}: {result.message}"
        if reason and result.warning:
            text += f"\nYour reason: {reason}"
        self.text.setText(text)
        self.setAccessibleName(text)
        self.text.setAccessibleName(text)
        changed = self.property("tone") != tone
        set_look(self, "tone", tone)
        if changed:
            restyle(self.text)  # its colour comes from the frame's tone
        self.action.setVisible(result.warning and tone != "todo")
        self.action.setText("Withdraw reason" if reason else "Acknowledge\u2026")
        self.action.setAccessibleName(
            f"{'Withdraw reason for' if reason else 'Acknowledge'} {result.rule_id}")

    def _toggle(self) -> None:
        if self.acknowledged:
            self._on_withdraw(self.result.rule_id)
            return
        visible = not self.ack_row.isVisible()
        self.ack_row.setVisible(visible)
        if visible:
            self.reason.setFocus()

    def _submit(self) -> None:
        reason = self.reason.text().strip()
        if reason:
            self.ack_row.setVisible(False)
            self._on_ack(self.result.rule_id, reason)


class RuleBadges(QWidget):
    """The failing results for one field (or group of fields), kept in a stable order.

    Rows are only rebuilt when the set of failures changes, so a reason being typed is
    not lost when another part of the rating changes. The space they took stays reserved
    (blank) when they go away while the rater works on the item, so the controls below
    never jump up under the pointer; ``release`` gives it back (another item, the step
    shown again). Messages that would appear while the rater types on the same page wait
    until the typing stops (focus leaves the field) and a click in progress has landed.
    """

    SETTLE_MS = 350  # a press-release click completes well within this
    # Held messages shown later, outside the panel's refresh: new widgets joined the page,
    # so its owner re-applies the page's tab order.
    heldShown = Signal()

    def __init__(self, object_name: str, *, on_ack: Acknowledge, on_withdraw: Withdraw) -> None:
        super().__init__()
        self.setObjectName(object_name)
        self._on_ack = on_ack
        self._on_withdraw = on_withdraw
        self._column = QVBoxLayout(self)
        self._column.setContentsMargins(0, 0, 0, 0)
        self._column.setSpacing(4)
        # Held space stays blank below the messages; a message never stretches into it.
        self._column.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.badges: dict[str, RuleBadge] = {}
        self.reserved = 0
        self._capacity = 0  # how many badges the reserved space was measured for
        self._fresh = True  # a new item or step: its messages are all due at once
        self._held_in: QWidget | None = None
        self._held_voice: VoiceOf = _always_speak
        self._held: tuple[list[RuleResult], dict[str, str]] | None = None
        self._watching = False
        self._space_held_in: QWidget | None = None  # the field being typed in, if any
        self._give_back_timer = QTimer(self)
        self._give_back_timer.setSingleShot(True)
        self._give_back_timer.setInterval(self.SETTLE_MS)
        self._give_back_timer.timeout.connect(self._give_back)
        self.setVisible(False)

    def show_results(self, results: Iterable[RuleResult], acknowledged: Mapping[str, str],
                     voice: VoiceOf = _always_speak, *, held_over: bool = False) -> None:
        results = list(results)
        failing = [r for r in results if not r.passed]
        was_held_in = self._held_in if self._held is not None else None
        self._held = None
        typing = self._typing_here() and not held_over
        if was_held_in is not None and QApplication.focusWidget() is not was_held_in:
            typing = False  # the typing that held these messages has stopped
        if typing:
            shown = [r for r in failing if badge_key(r) in self.badges]
            # New messages wait unless they fit in the space already held (then nothing
            # below moves); gone ones go at once.
            if len(shown) < len(failing) and len(failing) > self._capacity and not self._fresh:
                self._held = (results, dict(acknowledged))
                self._held_in = QApplication.focusWidget()
                self._held_voice = voice
                self._watch_focus()
                failing = shown
        self._fresh = False
        keys = [badge_key(r) for r in failing]
        on_screen = self.height() if self.isVisible() else 0  # before anything goes
        if keys != list(self.badges):
            self._rebuild(failing, acknowledged)
        for badge in self.badges.values():
            reason = acknowledged.get(badge.result.rule_id)
            heard = voice(badge.result)
            if reason != badge.acknowledged or heard is not badge.voice:
                badge.voice = heard
                badge.show_acknowledged(reason)
        self._hold_space(on_screen)

    def _needed(self) -> int:
        """The messages' own height at the width they are shown at. Not the size hint:
        a wrapped text's hint is its height at a narrower width, so holding it left a
        blank band under the messages."""
        if not self.badges:
            return 0
        if not (self.isVisible() and self.hasHeightForWidth()):
            return self.sizeHint().height()
        return self.heightForWidth(self.width())

    def _hold_space(self, on_screen: int = 0) -> None:
        """Hold the height the messages had on screen when some go or shrink (0: none
        held; the layout then gives them their own height)."""
        if self.badges:
            self._capacity = max(self._capacity, len(self.badges))
        self.reserved = max(self.reserved, on_screen)
        if self.reserved <= self._needed():
            self.reserved = 0  # the messages fill it: nothing to hold
        self.setMinimumHeight(self.reserved)
        self.setVisible(bool(self.badges) or self.reserved > 0)
        pending = self._space_held_in is not None or self._give_back_timer.isActive()
        if self.reserved > 0 and not pending:
            # Held only while the typing (or the click) that made the message go lasts.
            focus = QApplication.focusWidget()
            self._space_held_in = focus if self._typing_here() else None
            if self._space_held_in is not None:
                self._watch_focus()
            else:
                self._give_back_timer.start()

    def _give_back(self) -> None:
        """The held space of messages that are gone, once nobody types in their field."""
        focus = QApplication.focusWidget()
        if self._space_held_in is not None and focus is self._space_held_in:
            return  # still typing there: the focus watch calls again when it leaves
        self._space_held_in = None
        self.reserved = 0
        self._capacity = len(self.badges)
        self.setMinimumHeight(self.reserved)
        self.setVisible(bool(self.badges))

    def _typing_here(self) -> bool:
        focus = QApplication.focusWidget()
        page = self.parentWidget()
        while page is not None and page.property("role") != "stepPage":
            page = page.parentWidget()
        typing = isinstance(focus, QLineEdit | QPlainTextEdit | QTextEdit | QAbstractSpinBox)
        return typing and page is not None and focus is not None and page.isAncestorOf(focus)

    def _watch_focus(self) -> None:
        app = QApplication.instance()
        if not self._watching and isinstance(app, QApplication):
            self._watching = True
            app.focusChanged.connect(self._focus_moved)

    def _focus_moved(self, *_: object) -> None:
        # The typing stopped once the focus left the field it happened in.
        focus = QApplication.focusWidget()
        if self._held is not None and focus is not self._held_in:
            QTimer.singleShot(self.SETTLE_MS, self, self._show_held)  # dies with the panel
        if self._space_held_in is not None and focus is not self._space_held_in:
            self._give_back_timer.start()

    def _show_held(self) -> None:
        held = self._held
        if held is not None and QApplication.focusWidget() is not self._held_in:
            self.show_results(*held, self._held_voice, held_over=True)
            self.heldShown.emit()

    def release(self) -> None:
        """Give back the space of messages that are gone (nothing is being typed here)."""
        self.reserved = 0
        self._capacity = 0
        self._fresh = True
        self._space_held_in = None
        self._give_back_timer.stop()
        self._hold_space()

    def _rebuild(self, failing: list[RuleResult], acknowledged: Mapping[str, str]) -> None:
        old = dict(self.badges)
        self.badges = {}
        for number, result in enumerate(failing):
            key = badge_key(result)
            badge = old.pop(key, None)
            if badge is None:
                badge = RuleBadge(
                    result, object_name=f"{self.objectName()}_{result.rule_id}_{number}",
                    acknowledged=acknowledged.get(result.rule_id),
                    on_ack=self._on_ack, on_withdraw=self._on_withdraw)
            self._column.removeWidget(badge)
            self._column.addWidget(badge)
            self.badges[key] = badge
        for badge in old.values():
            self._column.removeWidget(badge)
            badge.hide()
            badge.deleteLater()

    def rule_ids(self) -> list[str]:
        return [b.result.rule_id for b in self.badges.values()]
