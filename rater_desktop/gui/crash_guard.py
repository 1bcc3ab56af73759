"""Unexpected errors in the window become a calm message and a log entry, never a crash.

Qt calls Python slots from C++; an exception escaping one would otherwise only print a
traceback to a console the rater never sees. The rater's work is already autosaved, so
the message says so and where the details went.
"""

from __future__ import annotations

import sys
import traceback
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType

from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

LOG_NAME = "errors.log"
MAX_LOG_BYTES = 1_000_000
# Shown messages stay referenced until closed (a parentless box would be collected at once).
_open_messages: list[QMessageBox] = []


def log_path() -> Path:
    from rater_desktop.appdirs import app_home

    folder = app_home() / "logs"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / LOG_NAME


def write_log(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> Path:
    """Append the traceback to the app's error log (trimmed when it grows large)."""
    path = log_path()
    if path.exists() and path.stat().st_size > MAX_LOG_BYTES:
        path.replace(path.with_suffix(".log.1"))
    stamp = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    text = "".join(traceback.format_exception(kind, error, tb))
    with path.open("a", encoding="utf-8") as handle:
        handle.write(f"--- {stamp}\n{text}\n")
    return path


def handle_unexpected(kind: type[BaseException], error: BaseException,
                      tb: TracebackType | None) -> None:
    """The excepthook: log, then tell the rater without stopping the session."""
    if issubclass(kind, KeyboardInterrupt):
        sys.__excepthook__(kind, error, tb)
        return
    try:
        where = str(write_log(kind, error, tb))
    except OSError:
        where = "(the log could not be written)"
    parent = QApplication.activeWindow()
    box = QMessageBox(parent if isinstance(parent, QWidget) else None)
    box.setObjectName("unexpectedErrorMessage")
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle("Something went wrong")
    box.setText("Rater Desktop hit an unexpected problem. Your ratings are saved "
                "automatically, so no work is lost; you can keep working.")
    box.setInformativeText(f"{kind.__name__}: {error}\n\nDetails: {where}")
    box.setModal(False)
    _open_messages.append(box)
    box.finished.connect(lambda _result: _open_messages.remove(box))
    box.show()


def install() -> None:
    sys.excepthook = handle_unexpected
