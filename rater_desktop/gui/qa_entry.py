"""How the QA reviewer window is reached: File > QA review... and ``rater-desktop open --qa``."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenu, QWidget

from rater_desktop.gui.keys import new_action

QA_ACTION_NAME = "actionQaReview"


def open_qa_review(*, parent: QWidget | None, settings: QSettings, batch: str | None = None,
                   profile: str | None = None) -> QMainWindow | None:
    """Open the QA window. It opens its store on a worker and says itself why one cannot
    open (offering this computer's own store instead of the one File > QA store names)."""
    from rater_desktop.gui.qa import open_qa_window

    return open_qa_window(parent=parent, settings=settings, batch_path=batch, profile=profile)


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
