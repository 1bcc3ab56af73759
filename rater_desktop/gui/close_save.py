"""The rater window's close saves first. When that save fails (a full disk, a read-only or
vanished data folder) a close the rater asked for keeps the window open and asks: Try
again, Keep open (the default), Close without saving (the exit code is then
``UNSAVED_EXIT``). A quit signal's close never asks: a logout cannot wait for a person.
``quit_signals.close_after_save`` decides; this module asks and saves."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from rater_desktop.gui.quit_signals import closed_by_quit_signal
from rater_desktop.quit_signals import CloseAfterSave, FailedSaveAnswer, close_after_save

FailedSaveAsker = Callable[[QWidget, str], FailedSaveAnswer]
ANSWERS = {QMessageBox.ButtonRole.AcceptRole: FailedSaveAnswer.TRY_AGAIN,
           QMessageBox.ButtonRole.DestructiveRole: FailedSaveAnswer.CLOSE_UNSAVED}


def failed_save_box(parent: QWidget, problem: str) -> QMessageBox:
    """The question: Try again, Keep open (the default, and Esc), Close without saving."""
    box = QMessageBox(QMessageBox.Icon.Warning, "Changes not saved",
                      "Your latest changes could not be saved, so Rater Desktop stays open.",
                      QMessageBox.StandardButton.NoButton, parent)
    box.setObjectName("closeSaveProblem")
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setInformativeText(
        f"{problem}\n\nFix this and choose Try again, or keep working: your changes stay "
        "in this window. Close without saving loses them.")
    box.addButton("Try again", QMessageBox.ButtonRole.AcceptRole)
    keep = box.addButton("Keep open", QMessageBox.ButtonRole.RejectRole)
    box.addButton("Close without saving", QMessageBox.ButtonRole.DestructiveRole)
    box.setDefaultButton(keep)
    box.setEscapeButton(keep)
    return box


def ask_failed_save(parent: QWidget, problem: str) -> FailedSaveAnswer:
    """Ask with ``failed_save_box``; a box closed any other way keeps the window open."""
    box = failed_save_box(parent, problem)
    box.exec()
    clicked = box.clickedButton()
    box.deleteLater()
    if clicked is None:
        return FailedSaveAnswer.KEEP_OPEN
    return ANSWERS.get(box.buttonRole(clicked), FailedSaveAnswer.KEEP_OPEN)


def final_save(service: Any, store: Any) -> str | None:
    """Write everything, the window still whole (it may stay open); the storage error's
    text when that failed (it says which file, what went wrong and what to do)."""
    from rater_desktop.storage.errors import StorageError

    try:
        if service is not None:
            service.pause_timer()  # the close stops the item's clock (and saves it)
        store.flush()
    except StorageError as exc:
        return str(exc)
    except Exception as exc:  # noqa: BLE001 - the autosave re-raises what a commit raised
        return f"Saving to the ratings database failed ({exc})."  # never out of the filter
    return None


def stays_open(window: QWidget, event: QEvent, *, service: Any, store: Any,
               ask: FailedSaveAsker) -> bool:
    """Save before ``window`` closes; True (the close ``event`` ignored) when a failed save
    keeps it open. Raises nothing: an error out of a close filter crashed PySide."""
    outcome = close_after_save(lambda: final_save(service, store),
                               lambda problem: ask(window, problem),
                               quit_signal=closed_by_quit_signal(window))
    if outcome is CloseAfterSave.KEEP_OPEN:
        event.ignore()
        return True
    return False
