"""Dialogs whose wrapped text always shows whole, and that never grow past the screen.

Qt sizes a new top-level window to at most two thirds of its screen, and it does not
follow the height a word-wrapped label needs at the dialog's real width. On a small
screen (1280x720 at 150 % is 853x480 logical pixels) the first-run dialog's keyring
paragraph was cut off mid-sentence that way. Here the dialog's body sits in a scroll area
and the dialog is given the height its text needs at its width, up to the screen's
available height; only what does not fit on the screen scrolls.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QFrame, QScrollArea, QVBoxLayout, QWidget

from rater_desktop.font_boxes import READING_CHARS, READING_LINES, text_box

# The window manager's title bar and borders are not part of the dialog's own height.
FRAME_ALLOWANCE = 48
# Scaled screens round sizes to whole device pixels: a pixel short shows a scroll bar,
# and the bar then narrows the text so that it wraps once more.
ROUNDING_SLACK = 4


def scrolling_body(dialog: QDialog, body: QWidget, footer: QWidget) -> QScrollArea:
    """Lay ``dialog`` out as ``body`` (scrolls when the screen is too small) over ``footer``."""
    scroll = QScrollArea(dialog)
    scroll.setObjectName(f"{dialog.objectName() or 'dialog'}Scroll")
    scroll.setWidget(body)
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    # A click on the body's blank space or a no-focus button must not take the focus
    # out of the field the rater is typing in.
    scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    outer = QVBoxLayout(dialog)
    outer.addWidget(scroll, 1)
    outer.addWidget(footer)
    return scroll


def needed_height(dialog: QDialog, scroll: QScrollArea) -> int:
    """The dialog height at which the body's text shows whole at the dialog's width."""
    outer = dialog.layout()
    body = scroll.widget()
    assert outer is not None and body is not None
    margins = outer.contentsMargins()
    # Measured as if the scroll bar showed: the text then wraps at most once more than it
    # needs to, and a bar can never appear for want of that line.
    inner_width = (dialog.width() - margins.left() - margins.right()
                   - scroll.verticalScrollBar().sizeHint().width())
    body_layout = body.layout()
    if body_layout is not None and body_layout.hasHeightForWidth():
        body_height = body_layout.totalHeightForWidth(inner_width)
    else:
        body_height = body.sizeHint().height()
    others = 0
    for index in range(outer.count()):
        item = outer.itemAt(index)
        if item is not None and item.widget() is not scroll:
            others += item.sizeHint().height()
    spacing = max(0, outer.spacing()) * (outer.count() - 1)
    return body_height + others + spacing + margins.top() + margins.bottom() + ROUNDING_SLACK


def fit_to_text(dialog: QDialog, scroll: QScrollArea, *, most: int | None = None) -> None:
    """Give ``dialog`` the height its text needs, but no more than its screen holds (nor
    ``most``, when given)."""
    if not dialog.isVisible():
        return  # its width is known once shown: its showEvent fits it then
    screen = dialog.screen()
    wanted = needed_height(dialog, scroll)
    if screen is not None:
        wanted = min(wanted, screen.availableGeometry().height() - FRAME_ALLOWANCE)
    if most is not None:
        wanted = min(wanted, most)
    dialog.resize(dialog.width(), wanted)


def size_for_reading(dialog: QDialog) -> None:
    """Give a reading dialog (help, instructions) a page of its font, within its screen."""
    metrics, screen = dialog.fontMetrics(), dialog.screen()
    room = screen.availableGeometry() if screen is not None else None
    dialog.resize(*text_box(READING_CHARS, READING_LINES, char_width=metrics.averageCharWidth(),
                            line_height=metrics.lineSpacing(), room=None if room is None else
                            (room.width(), room.height() - FRAME_ALLOWANCE)))
