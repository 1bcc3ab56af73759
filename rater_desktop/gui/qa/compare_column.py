"""Compare's right column: the raters' answers (and claims) tabs above the decision panel,
split so the answers keep a few rows in view on a small screen (853x480: they showed two
and a half rows, the decision panel took the rest)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QStyle,
    QTableWidget,
    QTabWidget,
    QWidget,
)

from rater_desktop.font_boxes import ANSWER_ROWS, column_split
from rater_desktop.gui.qa.adjudication_panel import AdjudicationPanel

SHARE_KEY = "qa/compareDecisionShare"  # the decision panel's share of the column, dragged


class CompareColumn(QSplitter):
    """The answers tabs over the decision panel; a drag of the handle is remembered as the
    panel's share of the column (so it suits another screen size too)."""

    def __init__(self, tabs: QTabWidget, answers: QTableWidget,
                 settings: QSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Vertical, parent)
        self.setObjectName("qaCompareSide")
        # The stylesheets draw this handle with lines: in the window's colour alone it was
        # an invisible gap and a reviewer could not tell the split can be dragged.
        self.setProperty("role", "dragBar")
        self.setChildrenCollapsible(False)
        self.tabs, self.answers = tabs, answers
        self.panel: AdjudicationPanel | None = None
        self.area: QScrollArea | None = None  # the panel's, made with it
        self._settings = settings
        self.addWidget(tabs)
        self.setStretchFactor(0, 1)
        self.splitterMoved.connect(self._moved)

    def add_panel(self, panel: AdjudicationPanel) -> None:
        """The decision panel under the tabs, in a scroll area."""
        self.panel = panel
        self.area = scrolling(panel)
        self.addWidget(self.area)
        self.setStretchFactor(1, 0)
        self.fit()

    def reveal(self, widget: QWidget) -> None:
        """Scroll the decision panel so ``widget`` of it is whole in view (the note is a
        scroll away on a small screen)."""
        if self.area is None or self.panel is None:
            return
        # Not ensureWidgetVisible: for a text box it brings only the cursor's line in.
        half_width, half_height = widget.width() // 2, widget.height() // 2
        centre = widget.mapTo(self.panel, QPoint(half_width, half_height))
        self.area.ensureVisible(centre.x(), centre.y(), half_width, half_height)

    def answers_least(self) -> int:
        """The tabs' height with ``ANSWER_ROWS`` one-line rows of answers in view."""
        table = self.answers
        pane = self.tabs.style().pixelMetric(QStyle.PixelMetric.PM_DefaultFrameWidth,
                                             None, self.tabs)
        around = (self.tabs.tabBar().sizeHint().height() + 2 * pane + 2 * table.frameWidth()
                  + table.horizontalHeader().sizeHint().height()
                  + table.horizontalScrollBar().sizeHint().height())
        return around + ANSWER_ROWS * table.verticalHeader().defaultSectionSize()

    def fit(self) -> None:
        """Split the column's height between the answers and the decision panel."""
        if self.panel is None:
            return
        total = self.height() - self.handleWidth()
        if total <= 0:
            return
        answers, panel = column_split(
            total, answers_least=self.answers_least(),
            panel_full=self.panel.sizeHint().height(), panel_least=self.panel.key_height(),
            panel_share=self._share())
        self.setSizes([answers, panel])

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self.fit()

    def _share(self) -> float | None:
        if self._settings is None:
            return None
        return share_of(self._settings.value(SHARE_KEY))

    def _moved(self, _position: int, _index: int) -> None:
        sizes = self.sizes()
        if self._settings is not None and len(sizes) == 2 and sum(sizes) > 0:
            self._settings.setValue(SHARE_KEY, round(sizes[1] / sum(sizes), 4))


def share_of(value: object) -> float | None:
    """A stored share between 0 and 1, else None (a hand-edited or broken setting)."""
    try:
        share = float(str(value))
    except ValueError:
        return None
    return share if 0.0 < share < 1.0 else None


def scrolling(panel: QWidget) -> QScrollArea:
    """The decision panel scrolls in a short window (853x480: it and the answers above it
    were taller than the window), as wide as its content, full height when it fits."""
    area = QScrollArea()
    area.setObjectName("qaDecisionScroll")
    area.setFrameShape(QScrollArea.Shape.NoFrame)
    area.setWidgetResizable(True)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
    area.setWidget(panel)
    area.setMinimumWidth(panel.minimumSizeHint().width()
                         + area.verticalScrollBar().sizeHint().width())
    return area
