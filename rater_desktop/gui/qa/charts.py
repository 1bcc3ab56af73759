"""Small bar charts drawn with QPainter (no chart library): bars, whiskers, value labels.

A chart's accessible description lists every bar as text, so screen readers (and tests)
get the same numbers the picture shows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from rater_desktop.font_boxes import ChartSizes, chart_sizes
from rater_desktop.gui.theme import current_theme

ACCENT = {"light": "#3b6fd4", "dark": "#4f7fe0"}
INK = {"light": "#1f2430", "dark": "#e3e6eb"}
# The rating panel's muted text: 4.5:1 on the window in either theme (#6b7688 was 4.2:1).
MUTED = {"light": "#5f6a7d", "dark": "#a3acba"}
GRID = {"light": "#dde1e7", "dark": "#3a3f49"}
NEGATIVE = {"light": "#d64545", "dark": "#e06a6a"}
PAD = 8


@dataclass(frozen=True)
class Bar:
    """One bar: ``value`` (None = no value), optional whisker ``low``..``high``."""

    label: str
    value: float | None
    text: str = ""
    low: float | None = None
    high: float | None = None
    color: str | None = None


def _tick_label(value: float) -> str:
    """Short axis labels: whole numbers from 10 up, one decimal below."""
    if abs(value) >= 10 or value == int(value):
        return f"{value:.0f}"
    return f"{value:.1f}"


def _span(lo: float, hi: float) -> float:
    return hi - lo if hi > lo else 1.0


class BarChart(QWidget):
    """A titled bar chart; horizontal (one row per bar) or vertical (columns)."""

    def __init__(self, title: str, *, name: str, vertical: bool = False,
                 minimum: float = 0.0, maximum: float = 1.0,
                 tick_text: Callable[[float], str] = _tick_label,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.setAccessibleName(title)
        self.title = title
        self.vertical = vertical
        self.minimum = minimum
        self.maximum = maximum
        self.tick_text = tick_text  # the axis labels' unit (a duration on the time chart)
        self.bars: list[Bar] = []
        self.empty_text = "No data yet"
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self._update_size()

    def set_bars(self, bars: list[Bar], *, minimum: float | None = None,
                 maximum: float | None = None, empty_text: str = "No data yet") -> None:
        self.bars = list(bars)
        self.empty_text = empty_text
        if minimum is not None:
            self.minimum = minimum
        if maximum is not None:
            self.maximum = maximum
        summary = "; ".join(f"{b.label}: {b.text or 'no value'}" for b in self.bars)
        self.setAccessibleDescription(summary or empty_text)
        self.setToolTip(summary.replace("; ", "\n") if summary else empty_text)
        self._update_size()
        self.update()

    def sizes(self) -> ChartSizes:
        metrics = self.fontMetrics()
        return chart_sizes(char_width=metrics.averageCharWidth(),
                           line_height=metrics.lineSpacing())

    def _update_size(self) -> None:
        sizes = self.sizes()
        self.setMinimumWidth(sizes.least_width)
        if self.vertical:
            height = sizes.vertical
        else:
            height = (sizes.title + PAD * 2 + sizes.row * max(1, len(self.bars))
                      + int(self._axis_height() + 0.999))
        self.setFixedHeight(height)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._update_size()  # rows, title and axis labels follow the font

    def sizeHint(self) -> QSize:
        return QSize(self.sizes().width, self.height())

    def _colors(self) -> dict[str, QColor]:
        theme = current_theme()
        return {name: QColor(table[theme]) for name, table in
                (("accent", ACCENT), ("ink", INK), ("muted", MUTED), ("grid", GRID),
                 ("negative", NEGATIVE))}

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colors = self._colors()
        title_font = QFont(self.font())
        title_font.setBold(True)
        painter.setFont(title_font)
        painter.setPen(colors["ink"])
        title = self.sizes().title
        painter.drawText(QRectF(0, 0, self.width(), title),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, self.title)
        painter.setFont(self.font())
        area = QRectF(0, title + PAD, self.width(), self.height() - title - PAD)
        if not any(b.value is not None for b in self.bars):
            painter.setPen(colors["muted"])
            painter.drawText(area, Qt.AlignmentFlag.AlignCenter, self.empty_text)
        elif self.vertical:
            self._paint_vertical(painter, area, colors)
        else:
            self._paint_horizontal(painter, area, colors)
        painter.end()

    def _x(self, value: float, left: float, width: float) -> float:
        clamped = min(max(value, self.minimum), self.maximum)
        return left + (clamped - self.minimum) / _span(self.minimum, self.maximum) * width

    def _paint_horizontal(self, painter: QPainter, area: QRectF,
                          colors: dict[str, QColor]) -> None:
        metrics, row_height = painter.fontMetrics(), self.sizes().row
        label_width = min(max((metrics.horizontalAdvance(b.label) for b in self.bars),
                              default=40) + 10, int(area.width() * 0.35))
        text_width = max((metrics.horizontalAdvance(b.text) for b in self.bars), default=0) + 12
        left = area.left() + label_width
        width = max(area.width() - label_width - text_width, 40.0)
        zero = self._x(0.0, left, width)
        painter.setPen(QPen(colors["grid"], 1))
        painter.drawLine(QPointF(zero, area.top()),
                         QPointF(zero, area.top() + row_height * len(self.bars)))
        for row, bar in enumerate(self.bars):
            top = area.top() + row * row_height
            painter.setPen(colors["ink"])
            label = metrics.elidedText(bar.label, Qt.TextElideMode.ElideRight, label_width - 8)
            painter.drawText(QRectF(area.left(), top, label_width - 8, row_height),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, label)
            if bar.value is not None:
                end = self._x(bar.value, left, width)
                fill = QColor(bar.color) if bar.color else (
                    colors["negative"] if bar.value < 0 else colors["accent"])
                painter.fillRect(QRectF(min(zero, end), top + 5, abs(end - zero), row_height - 10),
                                 fill)
                self._whisker(painter, bar, colors, horizontal=(left, width, top + row_height / 2))
            painter.setPen(colors["muted"])
            painter.drawText(QRectF(left + width + 6, top, text_width, row_height),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                             bar.text or "n/a")
        self._axis(painter, left, width, area.top() + row_height * len(self.bars), colors)

    def _small_font(self) -> QFont:
        small = QFont(self.font())
        small.setPointSizeF(max(small.pointSizeF() * 0.8, 6.0))
        return small

    def _axis_height(self) -> float:
        """The tick marks and their labels under a horizontal chart, from the font."""
        metrics = QFontMetricsF(self._small_font())
        return metrics.height() / 4 + 1 + metrics.height()

    def _axis(self, painter: QPainter, left: float, width: float, y: float,
              colors: dict[str, QColor]) -> None:
        """Tick labels at the ends of the scale (and at zero when it is inside), each under
        its tick mark (the mark was drawn through the label's digits)."""
        small = self._small_font()
        metrics = QFontMetricsF(small)
        tick = metrics.height() / 4
        painter.setFont(small)
        painter.setPen(colors["muted"])
        ticks = {self.minimum, self.maximum}
        zero_x = self._x(0.0, left, width)
        ends_x = (self._x(self.minimum, left, width), self._x(self.maximum, left, width))
        room = max(metrics.horizontalAdvance(self.tick_text(v)) for v in (*ticks, 0.0))
        if self.minimum < 0 < self.maximum and \
                min(abs(zero_x - e) for e in ends_x) > room + metrics.averageCharWidth():
            ticks.add(0.0)  # only when its label has room beside the end labels
        for value in sorted(ticks):
            x = self._x(value, left, width)
            painter.drawLine(QPointF(x, y), QPointF(x, y + tick))
            text = self.tick_text(value)
            half = metrics.horizontalAdvance(text) / 2 + 1
            painter.drawText(QRectF(x - half, y + tick + 1, 2 * half, metrics.height()),
                             Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, text)
        painter.setFont(self.font())

    def _whisker(self, painter: QPainter, bar: Bar, colors: dict[str, QColor], *,
                 horizontal: tuple[float, float, float]) -> None:
        if bar.low is None or bar.high is None:
            return
        left, width, middle = horizontal
        low, high = self._x(bar.low, left, width), self._x(bar.high, left, width)
        painter.setPen(QPen(colors["ink"], 1.5))
        painter.drawLine(QPointF(low, middle), QPointF(high, middle))
        for x in (low, high):
            painter.drawLine(QPointF(x, middle - 5), QPointF(x, middle + 5))

    def _paint_vertical(self, painter: QPainter, area: QRectF,
                        colors: dict[str, QColor]) -> None:
        metrics = painter.fontMetrics()
        label_height = metrics.height() + 4
        value_height = metrics.height() + 2
        bottom = area.bottom() - label_height
        top = area.top() + value_height
        height = max(bottom - top, 20.0)
        slot = area.width() / max(1, len(self.bars))
        painter.setPen(QPen(colors["grid"], 1))
        painter.drawLine(QPointF(area.left(), bottom), QPointF(area.right(), bottom))
        for column, bar in enumerate(self.bars):
            x = area.left() + column * slot
            painter.setPen(colors["ink"])
            painter.drawText(QRectF(x, bottom + 2, slot, label_height),
                             Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, bar.label)
            if bar.value is None:
                continue
            share = (min(max(bar.value, self.minimum), self.maximum) - self.minimum) / _span(
                self.minimum, self.maximum)
            bar_top = bottom - share * height
            fill = QColor(bar.color) if bar.color else colors["accent"]
            painter.fillRect(QRectF(x + slot * 0.2, bar_top, slot * 0.6, bottom - bar_top), fill)
            painter.setPen(colors["muted"])
            painter.drawText(QRectF(x, bar_top - value_height, slot, value_height),
                             Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom,
                             bar.text)
