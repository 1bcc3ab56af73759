"""A one-line label that shortens its text with an ellipsis when the window is narrow.

Its minimum width is small, so a long text (a screenshot's caption in the viewer's title)
never makes a window wider than a small screen; the whole text is in the tooltip, which
is what ``text_fit`` accepts as eliding on purpose.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

LEAST_WIDTH = 120


class ElidedLabel(QLabel):
    """``setText`` keeps the whole text; what shows is cut to the label's width."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self._full = ""
        self.setText(text)

    def full_text(self) -> str:
        """The whole text, however much of it shows."""
        return self._full

    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        self._full = text
        self._fit()
        self.updateGeometry()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        hint = super().sizeHint()
        return QSize(self.fontMetrics().horizontalAdvance(self._full) + 4, hint.height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(min(LEAST_WIDTH, self.sizeHint().width()), super().minimumSizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        room = self.contentsRect().width()
        shown = self.fontMetrics().elidedText(self._full, Qt.TextElideMode.ElideRight, room)
        super().setText(shown)
        self.setToolTip(self._full if shown != self._full else "")
