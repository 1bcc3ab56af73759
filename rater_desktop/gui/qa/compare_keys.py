"""Compare's keys, from the key table: previous / next item, the QA decision and the
note, so a reviewer adjudicates item after item from the keyboard alone."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor

from rater_desktop.gui.keys import answer_keys, shortcuts
from rater_desktop.keymap import with_key
from rater_desktop.qa_review.adjudication import Decision

if TYPE_CHECKING:
    from rater_desktop.gui.qa.compare_view import CompareView


def install_compare_keys(view: CompareView) -> None:
    """The keys on ``view`` in its window's context: they work whatever of the Compare
    tab has the focus (the note, the item selector, a response) and only while the tab
    is shown, since a hidden widget's shortcuts are off."""
    shortcuts(view, "qa_previous_item", lambda: view.step(-1))
    shortcuts(view, "qa_next_item", lambda: view.step(1))
    # Through the view, not its decision panel: that panel comes a few turns after the
    # tab's first paint, and a key pressed before then builds it rather than being lost.
    answer_keys(view, "qa_decision", [partial(_choose, view, d) for d in Decision],
                context=Qt.ShortcutContext.WindowShortcut)
    shortcuts(view, "qa_note", partial(write_note, view))
    view.previous.setToolTip(with_key("Previous item", "qa_previous_item"))
    view.next.setToolTip(with_key("Next item", "qa_next_item"))


def _choose(view: CompareView, decision: Decision) -> None:
    view.adjudication.choose(decision)


def write_note(view: CompareView) -> None:
    """The cursor at the end of the shown item's QA note, the note scrolled into view."""
    panel = view.adjudication
    if not panel.isEnabled():
        return  # no item shown: nothing to note
    panel.note.setFocus(Qt.FocusReason.ShortcutFocusReason)
    panel.note.moveCursor(QTextCursor.MoveOperation.End)
    view.column.reveal(panel.note)
