"""Compare's keys, from the key table: previous / next item, the QA decision and the
note, so a reviewer adjudicates item after item from the keyboard alone."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QWidget

from rater_desktop.gui.keys import answer_keys, shortcuts
from rater_desktop.gui.qa.adjudication_panel import AdjudicationPanel
from rater_desktop.qa_review.adjudication import Decision

# The decision panel, built at once if its turn has not come (``CompareView.adjudication``):
# a key pressed in the tab's first turns builds it rather than being lost.
PanelOf = Callable[[], AdjudicationPanel]


def install_compare_keys(tab: QWidget, *, step: Callable[[int], object], panel: PanelOf,
                         reveal: Callable[[QWidget], object]) -> None:
    """The keys on Compare's ``tab`` in its window's context: they work whatever of the
    tab has the focus (the note, the item selector, a response) and only while the tab is
    shown, since a hidden widget's shortcuts are off. ``reveal`` scrolls a widget of the
    decision panel into view."""
    shortcuts(tab, "qa_previous_item", partial(step, -1))
    shortcuts(tab, "qa_next_item", partial(step, 1))
    answer_keys(tab, "qa_decision", [partial(_choose, panel, d) for d in Decision],
                context=Qt.ShortcutContext.WindowShortcut)
    shortcuts(tab, "qa_note", partial(write_note, panel, reveal))


def _choose(panel: PanelOf, decision: Decision) -> None:
    panel().choose(decision)


def write_note(panel: PanelOf, reveal: Callable[[QWidget], object]) -> None:
    """The cursor at the end of the shown item's QA note, the note scrolled into view."""
    note = panel().note
    if not note.isEnabled():
        return  # no item shown: nothing to note
    note.setFocus(Qt.FocusReason.ShortcutFocusReason)
    note.moveCursor(QTextCursor.MoveOperation.End)
    reveal(note)
