"""The earlier turns of a conversation item, folded above the last user turn (the prompt)
in the sticky prompt header: one "Earlier conversation (N turns)" button that opens them."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QPushButton, QVBoxLayout, QWidget

from rater_desktop.batch.learning import Turn
from rater_desktop.gui.safe_browser import LinkHandler, SafeTextBrowser
from rater_desktop.gui.theme import current_theme, document_css
from rater_desktop.render_markdown import plain_text_html

OPEN_SHARE = 0.3  # of the window height, at most, while open (then it scrolls)
ROLE_NAMES = {"system": "SYSTEM", "user": "USER", "assistant": "ASSISTANT"}
TURN_CSS = "p { margin-top: 0px; margin-bottom: 6px; }"


def conversation_html(turns: Sequence[Turn]) -> str:
    """Every turn escaped as plain text, under its speaker's name."""
    parts = []
    for turn in turns:
        parts.append(f"<p class='section-label'>{ROLE_NAMES.get(turn.role, turn.role)}</p>")
        parts.append(plain_text_html(turn.text))
    return "\n".join(parts)


def toggle_text(count: int, opened: bool) -> str:
    noun = "turn" if count == 1 else "turns"
    arrow = "\u25be" if opened else "\u25b8"
    return f"{arrow} Earlier conversation ({count} {noun})"


class ConversationFold(QWidget):
    """Folded by default for every item, so the last request is what the rater reads first."""

    def __init__(self, *, link_handler: LinkHandler, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("conversationFold")
        self.count = 0
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self.toggle = QPushButton("")
        self.toggle.setObjectName("conversationToggle")
        self.toggle.setAccessibleName("Show the earlier turns of the conversation")
        self.toggle.setProperty("flat", True)
        self.toggle.setCheckable(True)
        self.toggle.setCursor(Qt.CursorShape.PointingHandCursor)
        self.toggle.toggled.connect(self.set_open)
        self.text = SafeTextBrowser(link_handler=link_handler)
        self.text.setObjectName("conversationText")
        self.text.setAccessibleName("Earlier conversation")
        self.text.setFrameShape(QFrame.Shape.StyledPanel)
        self.text.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.text.document().documentLayout().documentSizeChanged.connect(self._fit)
        layout.addWidget(self.toggle, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.text)
        self.text.hide()
        self.hide()

    def show_turns(self, turns: Sequence[Turn]) -> None:
        """The item's earlier turns (none: the fold hides)."""
        self.count = len(turns)
        self.text.document().setDefaultStyleSheet(document_css(current_theme()) + TURN_CSS)
        self.text.setHtml(conversation_html(turns))
        self.toggle.blockSignals(True)
        self.toggle.setChecked(False)
        self.toggle.blockSignals(False)
        self.set_open(False)
        self.setVisible(bool(turns))

    def is_open(self) -> bool:
        return self.toggle.isChecked()

    def set_open(self, opened: bool) -> None:
        if self.toggle.isChecked() != opened:
            self.toggle.setChecked(opened)  # comes back here through toggled
            return
        self.toggle.setText(toggle_text(self.count, opened))
        self.text.setVisible(opened)
        self._fit()

    def _fit(self, *_: object) -> None:
        if not self.text.isVisibleTo(self):
            return
        window = self.window()
        limit = int((window.height() if window else 800) * OPEN_SHARE)
        content = int(self.text.document().size().height()) + 2 * self.text.frameWidth() + 2
        lines = self.text.fontMetrics().lineSpacing() * 3
        self.text.setFixedHeight(max(min(content, limit), min(content, lines)))
