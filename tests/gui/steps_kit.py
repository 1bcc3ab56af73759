"""Shared helpers for the step panel tests: a real window with the rating core attached."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from batchkit import batch_files, item, response, write_folder
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QApplication, QTextEdit

from rater_desktop.gui.rating_binding import RatingBinding
from rater_desktop.gui.steps.case_file import CaseFileStep
from rater_desktop.rating.model import Step
from rater_desktop.rating.store import MemoryRatingStore

TEXT_A = ("I searched the shop for red umbrellas. The Red Classic costs $18.99 and it is "
          "a lovely pick.\n\nI added the Red Classic to your cart.")
TEXT_B = "The Crimson Mini costs $15.00. It folds to 20 cm."


def rating_items(count: int = 2) -> list[dict[str, Any]]:
    return [
        item(f"item-{n}", responses=[response("model-alpha", TEXT_A, [f"screens/a{n}.png"]),
                                     response("model-beta", TEXT_B, [f"screens/b{n}.png"])])
        for n in range(1, count + 1)
    ]


def open_rated_window(make_window: Any, tmp_path: Path, *, qtbot: Any = None, store: MemoryRatingStore | None = None,
                      items: list[dict[str, Any]] | None = None,
                      **batch: Any) -> tuple[Any, RatingBinding, MemoryRatingStore]:
    root = tmp_path / "batch"
    if not root.exists():
        write_folder(root, batch_files(items or rating_items(), **batch))
    window = make_window()
    store = store if store is not None else MemoryRatingStore()
    binding = RatingBinding(window, store=store, rater_id="rater-1")
    assert window.open_batch_path(str(root))
    if qtbot is not None:  # window shortcuts only fire in the active window
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    return window, binding, store


def fill_case_file(qtbot: Any, binding: RatingBinding) -> None:
    """Main goal and one location sub-request, through the widgets."""
    page = binding.panel.page(Step.CASE_FILE)
    assert isinstance(page, CaseFileStep)  # page() is typed as any step's page
    qtbot.keyClicks(page.main_goal, "Find a red umbrella under $20")
    qtbot.mouseClick(page.add_button, Qt.MouseButton.LeftButton)
    row = next(iter(page.sub_rows.values()))
    row.kind.setFocus()
    qtbot.keyClick(row.kind, Qt.Key.Key_Down)  # Location
    qtbot.keyClicks(row.text, "Under $20")


def select_in(browser: QTextEdit, text: str) -> None:
    """Select ``text`` in a response view the way a mouse drag would."""
    document = browser.document()
    found = document.find(text)
    assert not found.isNull(), text
    cursor = QTextCursor(document)
    cursor.setPosition(found.selectionStart())
    cursor.setPosition(found.selectionEnd(), QTextCursor.MoveMode.KeepAnchor)
    browser.setTextCursor(cursor)
    browser.setFocus()


def click(qtbot: Any, widget: Any) -> None:
    """Click like a person: only once the widget is laid out and on screen."""
    qtbot.waitUntil(widget.isVisible, timeout=2000)
    QApplication.processEvents()
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)
