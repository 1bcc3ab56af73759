"""A cover over the two responses while the case file is being written (CF-1, CF-2).

It sits on top of the response splitter (a sibling placed over it: a QSplitter would
adopt a child as a pane) and the panes underneath are disabled, so neither the mouse nor
Tab can reach the responses.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from rater_desktop.gui.theme import fitted_stylesheet

COVER_TEXT = (
    "The responses are hidden while you write the case file.\n\n"
    "Write the user's main goal and list the sub-requests with their kinds in the panel on "
    "the right, then go to the next step."
)

# About 60 average characters a line: a comfortable measure for the centred message.
COVER_MEASURE_CHARS = 60


class ResponseCover(QFrame):
    """Hides ``target`` (the responses) until ``set_hidden(False)``."""

    def __init__(self, target: QWidget) -> None:
        super().__init__(target.parentWidget())
        self.target = target
        self.setObjectName("responseCover")
        self.setAccessibleName("Responses hidden")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        # Opaque whatever its object name (the start-up "loading" cover renames itself):
        # a transparent cover would let the rater read the responses through it (CF-1).
        self.setStyleSheet(fitted_stylesheet(
            "QFrame[role=\"responseCover\"] { background: palette(window); }"
            "#responseCoverText { font-size: 11pt; }"))
        self.setProperty("role", "responseCover")
        column = QVBoxLayout(self)
        column.setContentsMargins(24, 24, 24, 24)
        column.addStretch(1)
        self.text = QLabel(COVER_TEXT)
        self.text.setObjectName("responseCoverText")
        self.text.setWordWrap(True)
        self.text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        # A reading measure in characters, so the text keeps its shape at any font size.
        self.text.installEventFilter(self)
        self._fit_text_width()
        # Centred by stretches, not by an alignment flag: an aligned word-wrapped label
        # gets the height of its one-line width and its lines are cut.
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.text, 100)
        row.addStretch(1)
        column.addLayout(row)
        column.addStretch(2)
        target.installEventFilter(self)
        self.covering = False
        self.hide()

    def set_hidden(self, hidden: bool) -> None:
        """``hidden=True`` covers the responses."""
        self.covering = hidden
        # Several covers may sit over the same responses (start-up loading, the case file,
        # a read-only window): the panes are usable only while none of them covers.
        parent = self.parentWidget()
        covers = parent.findChildren(ResponseCover) if parent is not None else [self]
        covered = any(c.covering for c in covers if c.target is self.target)
        for index in range(self.target.count() if hasattr(self.target, "count") else 0):
            child = self.target.widget(index)  # type: ignore[attr-defined]
            if child is not None:
                child.setEnabled(not covered)
        if self.isVisible() == hidden:
            return
        self.setGeometry(self.target.geometry())
        self.setVisible(hidden)
        if hidden:
            self.raise_()

    def _fit_text_width(self) -> None:
        self.text.ensurePolished()
        self.text.setMaximumWidth(
            COVER_MEASURE_CHARS * self.text.fontMetrics().averageCharWidth())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.text and event.type() in (
                QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit_text_width()
        if watched is self.target and event.type() in (QEvent.Type.Resize, QEvent.Type.Move):
            self.setGeometry(self.target.geometry())
        return False
