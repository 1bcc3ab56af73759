"""The agent's trajectory as a vertical timeline of steps."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPoint, QSize, Qt, Signal
from PySide6.QtGui import QContextMenuEvent, QMouseEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.batch.model import TrajectoryStep
from rater_desktop.gui.elided_label import ElidedLabel
from rater_desktop.gui.image_loader import ImageLoader
from rater_desktop.gui.thumbnails import ThumbnailButton
from rater_desktop.soft_breaks import soft_breaks

# Rows built up front; the rest on request, so a 1,000-step run opens instantly.
FIRST_ROWS = 30


class WrapLabel(QLabel):
    """A wrapping label whose long words (URLs, codes) wrap too, so it never widens its
    pane; ``text()`` is the text as given."""

    def __init__(self, text: str = "") -> None:
        super().__init__()
        self._text = ""
        self.setWordWrap(True)
        self.setText(text)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        self._text = text
        super().setText(soft_breaks(text))

    def text(self) -> str:
        return self._text


def plain_label(text: str, *, role: str = "", wrap: bool = True) -> QLabel:
    """A QLabel that never interprets its text as rich text (batch text is untrusted)."""
    label = WrapLabel(text) if wrap else QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(wrap)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    if role:
        label.setProperty("role", role)
    return label


def url_label(url: str) -> QLabel:
    """A one-line URL, cut with an ellipsis if needed; the tooltip shows all of it."""
    label = ElidedLabel(url)  # shows an ellipsis and the whole URL in its tooltip
    label.setProperty("role", "stepUrl")
    label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
    return label


class _StepRow(QFrame):
    """One step's row; rows are kept and refilled when another item is shown."""

    contextRequested = Signal(QPoint)
    clicked = Signal()

    def __init__(self, loader: ImageLoader) -> None:
        super().__init__()
        self.setProperty("role", "stepRow")
        grid = QGridLayout(self)
        grid.setContentsMargins(8, 6, 8, 6)
        grid.setHorizontalSpacing(10)
        grid.setVerticalSpacing(2)
        self.badge = plain_label("", role="stepBadge", wrap=False)
        self.badge.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.badge.setFixedSize(QSize(28, 22))
        grid.addWidget(self.badge, 0, 0, Qt.AlignmentFlag.AlignTop)
        self.headline = plain_label("", role="stepAction")
        grid.addWidget(self.headline, 0, 1)
        self.url = url_label("")
        grid.addWidget(self.url, 1, 1)
        self.thumb = ThumbnailButton(loader, None, size=QSize(96, 60))
        grid.addWidget(self.thumb, 0, 2, 2, 1, Qt.AlignmentFlag.AlignTop)
        grid.setColumnStretch(1, 1)

    def fill(self, index: int, step: TrajectoryStep, side: str) -> None:
        self.setObjectName(f"stepRow{side}{index}")
        self.badge.setText(str(index + 1))
        headline = step.action + (f"  \u00b7  {step.target}" if step.target else "")
        if step.value:
            headline += f"  \u00b7  \u201c{step.value}\u201d"
        self.headline.setText(headline)
        self.url.setText(step.url or "")
        self.url.setVisible(bool(step.url))
        self.thumb.set_path(step.screenshot)
        self.thumb.setObjectName(f"stepThumb{side}{index}")
        self.thumb.setAccessibleName(f"Response {side} step {index + 1} screenshot")

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        event.accept()
        self.contextRequested.emit(event.globalPos())

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit()
        super().mouseReleaseEvent(event)


class TrajectoryTimeline(QWidget):
    """Step number, action, target, URL and a thumbnail for every step.

    Row widgets are reused from item to item (up to FIRST_ROWS are kept): building them
    afresh cost about 1 ms per step on every item switch.
    """

    stepActivated = Signal(int)
    stepClicked = Signal(int)  # the row itself (not its thumbnail): a run audit picks it
    stepContextRequested = Signal(int, QPoint)  # step index, global position

    def __init__(self, loader: ImageLoader, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._loader = loader
        self._steps: Sequence[TrajectoryStep] = ()
        self._side = "A"
        self._shown = 0
        self.rows: list[QFrame] = []
        self._pool: list[_StepRow] = []
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(6)
        self._more = QPushButton()
        self._more.setObjectName("trajectoryShowAll")  # named by its side in set_steps
        self._more.setAccessibleName("Show all steps")
        self._more.setProperty("flat", True)
        self._more.clicked.connect(self._show_all)
        self._layout.addWidget(self._more)

    def set_steps(self, steps: Sequence[TrajectoryStep], *, side: str) -> None:
        for row in self._pool[FIRST_ROWS:]:  # after a "show all": keep the pool small
            self._layout.removeWidget(row)
            row.deleteLater()
        del self._pool[FIRST_ROWS:]
        self.rows = []
        self._steps = steps
        self._side = side
        self._shown = 0
        self._more.setObjectName(f"trajectoryShowAll{side}")
        self._more.setAccessibleName(f"Show all steps of response {side}")
        self._add_rows(min(FIRST_ROWS, len(steps)))
        for row in self._pool[len(self.rows):]:
            row.hide()

    def _show_all(self) -> None:
        self._add_rows(len(self._steps))

    def show_upto(self, index: int) -> None:
        """Build the rows up to step ``index`` (a step picked by key beyond the first ones)."""
        if index >= self._shown:
            self._add_rows(min(index + 1, len(self._steps)))

    def _add_rows(self, upto: int) -> None:
        for index in range(self._shown, upto):
            if index == len(self._pool):
                row = _StepRow(self._loader)
                row.thumb.clicked.connect(lambda i=index: self.stepActivated.emit(i))
                row.clicked.connect(lambda i=index: self.stepClicked.emit(i))
                for source in (row, row.thumb):
                    source.contextRequested.connect(
                        lambda pos, i=index: self.stepContextRequested.emit(i, pos))
                self._layout.insertWidget(index, row)
                self._pool.append(row)
            row = self._pool[index]
            row.fill(index, self._steps[index], self._side)
            row.show()
            self.rows.append(row)
        self._shown = max(self._shown, upto)
        remaining = len(self._steps) - self._shown
        self._more.setVisible(remaining > 0)
        self._more.setText(f"Show all {len(self._steps)} steps ({remaining} more)")
