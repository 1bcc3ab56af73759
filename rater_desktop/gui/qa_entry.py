"""How the QA reviewer window is reached: File > QA review... and ``rater-desktop open --qa``."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenu, QMessageBox, QWidget

from rater_desktop.gui.keys import new_action

QA_ACTION_NAME = "actionQaReview"


def open_qa_review(*, parent: QWidget | None, settings: QSettings, batch: str | None = None,
                   profile: str | None = None) -> QMainWindow | None:
    """Open the QA window, or explain plainly why it cannot open (e.g. an unreadable QA store)."""
    from rater_desktop.gui.qa import open_qa_window
    from rater_desktop.qa_review.store import QaStoreError

    try:
        return open_qa_window(parent=parent, settings=settings, batch_path=batch, profile=profile)
    except QaStoreError as exc:
        if not settings.value("qa/store"):
            QMessageBox.warning(parent, "QA review", f"The QA review data cannot be opened.\n\n{exc}")
            return None
        return _open_local_instead(parent=parent, settings=settings, batch=batch, profile=profile,
                                   problem=str(exc))


def _open_local_instead(*, parent: QWidget | None, settings: QSettings, batch: str | None,
                        profile: str | None, problem: str) -> QMainWindow | None:
    """The team's store is out of reach: offer this computer's own (the setting stays)."""
    from rater_desktop.gui.qa import open_qa_window
    from rater_desktop.qa_review.store import QaStoreError, default_store_path

    answer = QMessageBox.question(
        parent, "QA review",
        f"The shared QA store cannot be opened.\n\n{problem}\n\nOpen the QA window with "
        "this computer's own store instead? (File \u25b8 QA store... still names the shared "
        "one for next time.)")
    if answer != QMessageBox.StandardButton.Yes:
        return None
    try:
        return open_qa_window(parent=parent, settings=settings, batch_path=batch,
                              profile=profile, store_path=default_store_path())
    except QaStoreError as exc:
        QMessageBox.warning(parent, "QA review", f"The QA review data cannot be opened.\n\n{exc}")
        return None


def add_qa_menu_entry(window: QMainWindow, *, settings: QSettings,
                      profile: str | None = None) -> QAction:
    """Add File > QA review... to the rater window; the QA window stays referenced by it."""
    action = new_action(window, "qa_review")
    action.setObjectName(QA_ACTION_NAME)
    action.setStatusTip("Open raters' signed results, verify them and compare")
    opened: list[QMainWindow] = []

    def open_window() -> None:
        for existing in opened:
            if existing.isVisible():
                existing.raise_()
                existing.activateWindow()
                return
        qa_window = open_qa_review(parent=None, settings=settings, profile=profile)
        if qa_window is not None:
            opened[:] = [qa_window]

    action.triggered.connect(open_window)
    file_menu = window.findChild(QMenu, "menuFile")
    if file_menu is not None:
        actions = file_menu.actions()
        if actions:
            file_menu.insertAction(actions[-1], action)  # just above Quit
        else:
            file_menu.addAction(action)
    window.addAction(action)
    return action
