"""Find labels and buttons whose text does not fit them (font metrics, no pixels).

Used by the layout tests and by ``tools/take_screenshots.py``: every visible label and
button of a window is measured with its own font; one whose text is wider (or, wrapped,
taller) than the room the widget has is reported with its object name and sizes.
Labels that elide on purpose (an ellipsis shown, the whole text in the tooltip) pass.
A scroll area read top to bottom whose content is wider than its view is reported too,
and a text box that grows with its text but scrolls before its limit (``growLimit``).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6 import QtGui
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics, QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QCheckBox,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QStyle,
    QStyleOptionButton,
    QToolButton,
    QWidget,
)

SLACK = 1  # rounding of fractional advances


@dataclass(frozen=True)
class Clipped:
    """One widget whose text needs more room than it has."""

    widget: QWidget
    text: str
    needed: int
    room: int
    axis: str  # "width" or "height"

    def __str__(self) -> str:
        where = self.widget.objectName() or type(self.widget).__name__
        parent = self.widget.parentWidget()
        while parent is not None and not parent.objectName():
            parent = parent.parentWidget()
        inside = f" in {parent.objectName()}" if parent is not None else ""
        return (f"{where}{inside}: {self.text[:60]!r} needs {self.needed}px of {self.axis}, "
                f"has {self.room}")


def _plain(text: str) -> str:
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def _text_width(metrics: QFontMetrics, text: str) -> int:
    return max((metrics.horizontalAdvance(line) for line in text.split("\n")), default=0)


def _button_room(button: QAbstractButton) -> tuple[int, int]:
    """(text width needed, room) of a push, radio or check button."""
    metrics = button.fontMetrics()
    text = _plain(button.text())
    needed = _text_width(metrics, text)
    style = button.style()
    option = QStyleOptionButton()
    option.initFrom(button)
    if not button.icon().isNull():
        needed += button.iconSize().width() + 4
    if isinstance(button, QRadioButton | QCheckBox):
        indicator = QStyle.PixelMetric.PM_ExclusiveIndicatorWidth if isinstance(
            button, QRadioButton) else QStyle.PixelMetric.PM_IndicatorWidth
        spacing = QStyle.PixelMetric.PM_RadioButtonLabelSpacing if isinstance(
            button, QRadioButton) else QStyle.PixelMetric.PM_CheckBoxLabelSpacing
        room = (button.width() - style.pixelMetric(indicator, option, button)
                - style.pixelMetric(spacing, option, button))
        return needed, room
    if isinstance(button, QPushButton):
        # The style's own answer for the text plus its padding (stylesheets included).
        hint = style.sizeFromContents(QStyle.ContentsType.CT_PushButton, option,
                                      metrics.size(Qt.TextFlag.TextShowMnemonic, text), button)
        padding = max(0, hint.width() - metrics.size(0, text).width())
        return needed, button.width() - min(padding, 2 * 6)
    return needed, button.width() - 6


def _label_problem(label: QLabel) -> Clipped | None:
    text = label.text()
    if not text or label.pixmap() is not None and not label.pixmap().isNull():
        return None
    room = label.contentsRect().width() - 2 * label.margin() - label.indent() * (
        1 if label.indent() > 0 else 0)
    rich = label.textFormat() == Qt.TextFormat.RichText or (
        label.textFormat() == Qt.TextFormat.AutoText and QtGui.Qt.mightBeRichText(text))
    if label.wordWrap():
        needed_height = label.heightForWidth(label.width())
        if needed_height > label.height() + SLACK:
            return Clipped(label, text, needed_height, label.height(), "height")
        return None
    if rich:
        document = QTextDocument()
        document.setDefaultFont(label.font())
        document.setHtml(text)
        document.setDocumentMargin(0)
        needed = int(document.idealWidth())
    else:
        needed = _text_width(label.fontMetrics(), text)
    if "\u2026" in text and label.toolTip():
        return None  # elided on purpose, the whole text in the tooltip
    if needed > room + SLACK:
        return Clipped(label, text, needed, room, "width")
    return None


def _cut_by_parent(widget: QWidget, root: QWidget) -> Clipped | None:
    """A parent that shows only part of the widget: a frame narrower than its content, or
    a scroll area that cannot scroll sideways (rows cut on the right)."""
    rect = widget.rect()
    child: QWidget = widget
    parent = widget.parentWidget()
    while parent is not None and child is not root:
        rect = rect.translated(child.pos())
        area = parent.parentWidget()
        scrolls_sideways = isinstance(area, QAbstractScrollArea) and parent is area.viewport() \
            and area.horizontalScrollBarPolicy() != Qt.ScrollBarPolicy.ScrollBarAlwaysOff
        is_viewport = isinstance(area, QAbstractScrollArea) and parent is area.viewport()
        if not scrolls_sideways and rect.right() > parent.rect().right() + SLACK:
            return Clipped(widget, _text_of(widget), rect.right() + 1, parent.width(), "width")
        if not is_viewport and rect.bottom() > parent.rect().bottom() + SLACK:
            return Clipped(widget, _text_of(widget), rect.bottom() + 1, parent.height(),
                           "height")
        if is_viewport:
            return None  # what the scroll area shows is its own business from here up
        child, parent = parent, parent.parentWidget()
    return None


def _read_sideways(area: QScrollArea) -> Clipped | None:
    """A scroll area read top to bottom (a response pane, a step page) whose content is
    wider than its view: every line of it needs sideways scrolling."""
    content = area.widget()
    if (content is None or not area.widgetResizable()
            or area.verticalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff):
        return None  # a strip that scrolls sideways on purpose
    room = area.viewport().width()
    if content.width() > room + SLACK:
        return Clipped(area, "(content read sideways)", content.width(), room, "width")
    return None


def _scrolls_too_soon(box: QPlainTextEdit) -> Clipped | None:
    """A text box that grows with its text (property ``growLimit``, the height it may
    reach) but scrolls before reaching it: some of the text is out of view."""
    limit = box.property("growLimit")
    if not isinstance(limit, int) or box.verticalScrollBar().maximum() <= 0:
        return None
    if box.height() + SLACK < limit:
        return Clipped(box, box.toPlainText()[:60], limit, box.height(), "height")
    return None


def _text_of(widget: QWidget) -> str:
    if isinstance(widget, QLabel | QAbstractButton):
        return widget.text()
    return ""


def clipped_texts(root: QWidget) -> list[Clipped]:
    """Every visible label or button under ``root`` whose text does not fit it, and every
    top-to-bottom scroll area whose lines are wider than it."""
    found: list[Clipped] = []
    widgets = [root, *root.findChildren(QWidget)]
    for widget in widgets:
        if not widget.isVisibleTo(root) or widget.width() <= 0:
            continue
        if isinstance(widget, QScrollArea):
            sideways = _read_sideways(widget)
            if sideways is not None:
                found.append(sideways)
        if isinstance(widget, QPlainTextEdit):
            early = _scrolls_too_soon(widget)
            if early is not None:
                found.append(early)
        if isinstance(widget, QLabel | QAbstractButton) and _text_of(widget):
            cut = _cut_by_parent(widget, root)
            if cut is not None:
                found.append(cut)
                continue
        if isinstance(widget, QLabel):
            problem = _label_problem(widget)
            if problem is not None:
                found.append(problem)
        elif isinstance(widget, QAbstractButton) and not isinstance(widget, QToolButton):
            if not widget.text():
                continue
            needed, room = _button_room(widget)
            if needed > room + SLACK:
                found.append(Clipped(widget, widget.text(), needed, room, "width"))
    return found
