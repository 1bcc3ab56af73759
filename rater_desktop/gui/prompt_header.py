"""The prompt (and context) pinned above the responses; collapsible when long."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from rater_desktop.batch.model import Item, kind_shown_to_rater
from rater_desktop.gui.conversation_fold import ConversationFold
from rater_desktop.gui.safe_browser import LinkHandler, SafeTextBrowser
from rater_desktop.gui.theme import current_theme, document_css
from rater_desktop.render_markdown import plain_text_html, render_markdown

COLLAPSED_LINES = 3
EXPANDED_SHARE = 0.45  # of the window height, at most
CONTEXT_HEADING = "<p class='section-label' style='margin-top:8px'>CONTEXT</p>"
PROMPT_CSS = "p { margin-top: 0px; margin-bottom: 6px; }"


def prompt_overflows(lines: int) -> bool:
    """More lines than the collapsed header shows: only then "Show more"."""
    return lines > COLLAPSED_LINES


class PromptHeader(QFrame):
    """Always visible while the responses scroll; long prompts elide to three lines."""

    def __init__(self, *, link_handler: LinkHandler, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("promptHeader")
        self.setProperty("role", "promptHeader")
        self.expanded = False
        self.whole = False  # attention and qualification notes are never cut
        self.show_kind = False  # QA mode only: raters must not spot attention checks
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 10, 16, 10)
        layout.setSpacing(4)
        top = QHBoxLayout()
        self.title = QLabel("Prompt")
        self.title.setProperty("role", "sectionTitle")
        self.item_label = QLabel("")
        self.item_label.setObjectName("promptItemLabel")
        self.item_label.setTextFormat(Qt.TextFormat.PlainText)
        self.item_label.setProperty("role", "muted")
        self.toggle = QPushButton("Show more")
        self.toggle.setObjectName("promptToggle")
        self.toggle.setAccessibleName("Show the whole prompt")
        self.toggle.setProperty("flat", True)
        self.toggle.setCursor(Qt.CursorShape.PointingHandCursor)
        # A click leaves the keyboard where it was: a rater writing the main goal who opens
        # the whole prompt goes on typing, and has not "left" the field (CF-1 stays a to-do).
        self.toggle.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.toggle.clicked.connect(self.set_expanded_toggle)
        top.addWidget(self.title)
        top.addWidget(self.item_label)
        top.addStretch(1)
        top.addWidget(self.toggle)
        layout.addLayout(top)
        # A conversation's earlier turns, folded above its last user turn (the prompt).
        self.conversation = ConversationFold(link_handler=link_handler)
        layout.addWidget(self.conversation)
        self.text = SafeTextBrowser(link_handler=link_handler)
        self.text.setObjectName("promptText")
        self.text.setAccessibleName("Prompt")
        self.text.setFrameShape(QFrame.Shape.NoFrame)
        self.text.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.text.document().documentLayout().documentSizeChanged.connect(self._fit)
        layout.addWidget(self.text)

    def show_item(self, item: Item | None) -> None:
        self.conversation.show_turns(item.conversation if item is not None else ())
        self.title.setText("Last user turn" if item is not None and item.conversation
                           else "Prompt")
        if item is None:
            self.item_label.setText("")
            self.text.setHtml("")
            self._fit()
            return
        kind = "" if item.kind == "standard" or not self.show_kind else f"  \u00b7  {item.kind}"
        self.item_label.setText(f"{item.id}{kind}")
        html = plain_text_html(item.prompt)
        if item.context:
            html += CONTEXT_HEADING + render_markdown(item.context)
        self.text.document().setDefaultStyleSheet(document_css(current_theme()) + PROMPT_CSS)
        self.text.setHtml(html)
        # A note to the rater (attention check, qualification) must be read whole.
        self.whole = kind_shown_to_rater(item.kind) != "standard"  # a retest probe passes as standard
        self.expanded = False
        self.text.verticalScrollBar().setValue(0)
        self._fit()

    def set_expanded_toggle(self) -> None:
        self.set_expanded(not self.expanded)

    def set_expanded(self, expanded: bool) -> None:
        self.expanded = expanded
        self._fit()

    def collapsed_height(self) -> int:
        """Height that shows exactly the first three laid-out lines (no half lines)."""
        document = self.text.document()
        margin = int(document.documentMargin())
        fallback = self.text.fontMetrics().lineSpacing() * COLLAPSED_LINES + 2 * margin + 2
        seen = 0
        block = document.begin()
        while block.isValid():
            lines = block.layout()
            for i in range(lines.lineCount()):
                seen += 1
                if seen == COLLAPSED_LINES:
                    line = lines.lineAt(i)
                    return int(lines.position().y() + line.y() + line.height()) + 2
            block = block.next()
        return fallback

    def content_height(self) -> int:
        return int(self.text.document().size().height()) + 2

    def line_count(self) -> int:
        """The prompt's laid-out lines (wrapped lines count one each)."""
        document = self.text.document()
        count = 0
        block = document.begin()
        while block.isValid():
            count += block.layout().lineCount()
            block = block.next()
        return count

    def is_overflowing(self) -> bool:
        # Lines, not heights: three lines and the document's bottom margin are taller
        # than three lines, which put a "Show more" that revealed nothing.
        return prompt_overflows(self.line_count())

    def _fit(self, *_: object) -> None:
        overflowing = self.is_overflowing() and not self.whole
        self.toggle.setVisible(overflowing)
        self.toggle.setText("Show less" if self.expanded else "Show more")
        if self.whole or (self.expanded and overflowing):
            window = self.window()
            limit = int((window.height() if window else 800) * EXPANDED_SHARE)
            height = min(self.content_height(), max(limit, self.collapsed_height()))
        elif overflowing:
            height = min(self.content_height(), self.collapsed_height())
        else:
            height = self.content_height()
        self.text.setVerticalScrollBarPolicy(
            Qt.ScrollBarPolicy.ScrollBarAsNeeded if self.expanded or self.whole
            else Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        if self.text.height() != height:
            self.text.setFixedHeight(height)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()
