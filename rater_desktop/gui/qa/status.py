"""The QA window's status bar: the opened batch, and the work in progress with its
progress bar and Cancel (every long step of the window runs as a job with both)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QLabel, QProgressBar, QPushButton

BAR_CHARS = 20  # the progress bar's widest, in average characters of the window's font


def build_status_bar(window: Any) -> None:
    """Add the batch label, busy label, progress bar and Cancel to ``window``'s bar."""
    bar = window.statusBar()
    bar.setObjectName("qaStatusBar")
    window.batch_label = QLabel("No batch open")
    window.batch_label.setObjectName("qaBatchLabel")
    window.batch_label.setAccessibleName("Opened batch")
    window.busy_label = QLabel("")
    window.busy_label.setObjectName("qaBusyLabel")
    window.busy_label.setAccessibleName("Work in progress")
    window.busy_bar = QProgressBar()
    window.busy_bar.setObjectName("qaBusyBar")
    window.busy_bar.setAccessibleName("Work in progress")
    window.busy_bar.setRange(0, 0)
    window.busy_bar.setMaximumWidth(window.fontMetrics().averageCharWidth() * BAR_CHARS)
    window.busy_bar.setVisible(False)
    window.cancel_button = QPushButton("Cancel")
    window.cancel_button.setObjectName("qaCancelButton")
    window.cancel_button.setAccessibleName("Cancel the work in progress")
    window.cancel_button.setVisible(False)
    window.cancel_button.clicked.connect(lambda: cancel_work(window))
    window.runner.progressChanged.connect(lambda done, total: progress(window, done, total))
    bar.addWidget(window.batch_label, 1)
    bar.addPermanentWidget(window.busy_label)
    bar.addPermanentWidget(window.busy_bar)
    bar.addPermanentWidget(window.cancel_button)


def busy_changed(window: Any, busy: bool, label: str) -> None:
    window.busy_bar.setVisible(busy)
    window.busy_bar.setRange(0, 0)  # indeterminate until the job reports progress
    window.cancel_button.setVisible(busy)
    window.cancel_button.setEnabled(True)
    window.busy_label.setText(label if busy else "")
    window.update_actions()


def progress(window: Any, done: int, total: int) -> None:
    if total > 0 and window.runner.busy:
        window.busy_bar.setRange(0, total)
        window.busy_bar.setValue(done)


def cancel_work(window: Any) -> None:
    """Stop after the file being verified; what was imported stays."""
    window.runner.cancel()
    window.cancel_button.setEnabled(False)
    window.busy_label.setText("Cancelling after the current step\u2026")
