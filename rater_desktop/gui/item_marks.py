"""An unsure item's mark in the item list: a bold "?" at the right end of its id cell.

Drawn in the id's own cell, so only a marked row gives up room (its id shortened in the
middle for the mark), in the list's font made bold and its palette's text colour (the
selection's on a selected row): readable at any font size and in either theme. The
reason is in the row's tooltip and accessible text (``item_list``).
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont, QFontMetrics, QPainter, QPalette
from PySide6.QtWidgets import QApplication, QStyle, QStyledItemDelegate, QStyleOptionViewItem

from rater_desktop.learning.unsure import LIST_MARK

MARK_ROLE = Qt.ItemDataRole.UserRole + 4  # the item's "Unsure: why" line ("" if unmarked)


def mark_font(font: QFont) -> QFont:
    bold = QFont(font)
    bold.setBold(True)
    return bold


def mark_room(font: QFont) -> int:
    """Width the mark takes at the end of an id: the bold glyph and a gap of one character."""
    metrics = QFontMetrics(mark_font(font))
    return metrics.horizontalAdvance(LIST_MARK) + metrics.averageCharWidth()


class MarkedIdDelegate(QStyledItemDelegate):
    """Paints the id cell as usual; a marked row's id leaves room for the mark after it."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        if not index.data(MARK_ROLE):
            super().paint(painter, option, index)
            return
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        widget = opt.widget
        style = widget.style() if widget is not None else QApplication.style()
        text_rect = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, opt, widget)
        font = opt.font
        room = max(0, text_rect.width() - mark_room(font))
        opt.text = QFontMetrics(font).elidedText(
            opt.text, opt.textElideMode, room)
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        role = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        painter.save()
        painter.setFont(mark_font(font))
        painter.setPen(opt.palette.color(role))
        painter.drawText(text_rect, int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
                         LIST_MARK)
        painter.restore()
