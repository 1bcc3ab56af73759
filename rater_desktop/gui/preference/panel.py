"""The preference panel: three choices with their keys, the explanation box (only for
A or B, PR-2), the batch's criteria cheat sheet always visible below (PR-3), and one
"Complete and next" button (Ctrl+Enter)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QFrame,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.gui.steps.common import (
    TextField,
    band,
    card,
    hint_label,
    name,
    reason_label,
    set_checked_quietly,
    set_look,
    title_label,
)
from rater_desktop.gui.steps.style import apply_panel_style
from rater_desktop.gui.steps.text_sources import TextEventSink
from rater_desktop.keymap import choice_key, key_text

# The choices in the order of the key table's preference_choice keys.
CHOICES = (("A", "A is better"), ("B", "B is better"), ("tie", "Tie"))
DEFAULT_CRITERIA = (
    "Does it do what the user asked, directly?",
    "Is what it states correct (when it states facts)?",
    "Is the tone right for the request?",
    "Equally good or equally poor: choose Tie.",
)


class PreferencePanel(QWidget):
    """Shows one item's judgment; emits what the rater asks for (no logic here)."""

    choiceClicked = Signal(str)  # "A", "B" or "tie" in DISPLAY labels
    explanationEdited = Signal(str)
    completeRequested = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.text_event_sink: TextEventSink | None = None  # set by the binding (issue 24)
        name(self, "preferencePanel", "Preference judgment")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        scroll = QScrollArea()
        scroll.setObjectName("preferenceScroll")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        body = QWidget()
        body.setProperty("role", "stepPage")
        column = QVBoxLayout(body)
        column.setContentsMargins(12, 10, 12, 10)
        column.setSpacing(10)
        column.addWidget(self._choice_card())
        column.addWidget(self._explanation_card())
        column.addWidget(self._criteria_card())
        column.addStretch(1)
        scroll.setWidget(body)
        outer.addWidget(scroll, 1)
        outer.addWidget(self._footer())
        self.set_explanation_required(False)
        apply_panel_style(self)
        self.set_item(None)

    def _choice_card(self) -> QFrame:
        frame, column = card("preferenceChoiceCard")
        self.title = title_label("Which response is more helpful?", "stepTitle")
        column.addWidget(self.title)
        self.group = QButtonGroup(self)
        self.buttons: dict[str, QPushButton] = {}
        for index, (value, label) in enumerate(CHOICES):
            key = choice_key("preference_choice", index)
            button = QPushButton(f"{label}    [{key}]")
            name(button, f"preferenceChoice{value.capitalize()}", label)
            button.setCheckable(True)
            button.setProperty("answer", "neutral" if value == "tie" else "side")
            button.setToolTip(f"{label} (key {key})")
            button.setMinimumHeight(34)
            button.setProperty("choice", value)
            self.group.addButton(button)
            self.buttons[value] = button
            column.addWidget(button)
        self.group.buttonClicked.connect(self._clicked)
        # Under the choice: a response chosen on without being viewed (compact window).
        self.unseen_note = hint_label("")
        name(self.unseen_note, "preferenceUnseenNote", "Response not viewed")
        self.unseen_note.setTextFormat(Qt.TextFormat.PlainText)
        self.unseen_note.setProperty("tone", "warn")  # a note, not a block
        self.unseen_note.hide()
        column.addWidget(self.unseen_note)
        return frame

    def _clicked(self, button: QPushButton) -> None:
        self.choiceClicked.emit(str(button.property("choice")))

    def _explanation_card(self) -> QFrame:
        frame, column = card("preferenceExplanationCard")
        self.explanation_title = title_label("")
        column.addWidget(self.explanation_title)
        self.explanation = TextField("preferenceExplanation", "Explanation of the choice",
                                     placeholder="A sentence or two on what made the "
                                     "difference", on_edit=self.explanationEdited.emit, lines=3)
        column.addWidget(self.explanation)
        self.explanation_card = frame
        return frame

    def _criteria_card(self) -> QFrame:
        frame, column = card("preferenceCriteriaCard")
        column.addWidget(title_label("Criteria"))
        self.criteria = QLabel("")
        name(self.criteria, "preferenceCriteria", "Criteria cheat sheet")
        self.criteria.setWordWrap(True)
        self.criteria.setTextFormat(Qt.TextFormat.PlainText)
        column.addWidget(self.criteria)
        self.set_criteria(())
        return frame

    def _footer(self) -> QFrame:
        footer, column = band("stepFooter")
        self.reason = reason_label("preferenceReason", "Why the item cannot be completed yet")
        column.addWidget(self.reason)
        self.complete_button = QPushButton(f"Complete and next    [{key_text('preference_complete')}]")
        name(self.complete_button, "preferenceComplete", "Complete and go to the next item")
        self.complete_button.setProperty("accent", True)
        self.complete_button.clicked.connect(self.completeRequested.emit)
        column.addWidget(self.complete_button)
        return footer

    # -- what the binding calls ----------------------------------------------------------

    def set_criteria(self, criteria: Sequence[str]) -> None:
        lines = criteria or DEFAULT_CRITERIA
        self.criteria.setText("\n".join(f"\u2022 {line}" for line in lines))

    def set_explanation_required(self, required: bool) -> None:
        self.explanation_title.setText(
            f"Why is it better? ({'required' if required else 'optional'})    [{key_text('preference_explain')}]")

    def set_item(self, shown_choice: str | None, explanation: str = "", *,
                 enabled: bool = True) -> None:
        """Show one item's state (``shown_choice`` in display labels)."""
        set_checked_quietly(list(self.buttons.values()), self.group,
                            self.buttons.get(shown_choice or ""))
        self.explanation.show_text(explanation)
        self.explanation_card.setVisible(shown_choice in ("A", "B"))  # PR-2
        for widget in (*self.buttons.values(), self.explanation, self.complete_button):
            widget.setEnabled(enabled)

    def focus_explanation(self) -> None:
        if self.explanation_card.isVisible():
            self.explanation.setFocus()

    def keep_keys_working(self) -> None:
        """A new item: leave the explanation box, so 1 / 2 / 3 choose again."""
        if self.explanation.hasFocus() or not self.isAncestorOf(self.focusWidget()):
            self.complete_button.setFocus()

    def set_unseen_note(self, text: str) -> None:
        """The line under the choice about a response not viewed ("" hides it)."""
        self.unseen_note.setText(text)
        self.unseen_note.setVisible(bool(text))

    def set_reason(self, text: str, tone: str = "") -> None:
        self.reason.setText(text)
        set_look(self.reason, "tone", tone)
