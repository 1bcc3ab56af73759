"""An exception escaping a slot is logged and shown calmly; the session goes on."""

from __future__ import annotations

import sys
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton

from rater_desktop.gui import crash_guard


@pytest.mark.qt_no_exception_capture
def test_unexpected_error_is_logged_and_shown(qtbot: Any, monkeypatch: Any) -> None:
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    crash_guard.install()
    button = QPushButton("boom")
    qtbot.addWidget(button)

    def explode() -> None:
        raise RuntimeError("a slot failed")

    button.clicked.connect(explode)
    button.click()  # Qt hands the exception to sys.excepthook
    boxes = [w for w in QApplication.topLevelWidgets()
             if isinstance(w, QMessageBox) and w.objectName() == "unexpectedErrorMessage"]
    assert boxes and boxes[-1].isVisible()
    assert "no work is lost" in boxes[-1].text()
    assert "RuntimeError: a slot failed" in boxes[-1].informativeText()
    log = crash_guard.log_path().read_text(encoding="utf-8")
    assert "RuntimeError: a slot failed" in log and "explode" in log
    for box in boxes:
        box.close()
