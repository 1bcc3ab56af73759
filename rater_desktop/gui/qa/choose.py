"""The QA window's file choosers: File > Open batch, Open results, Open a results folder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QFileDialog


def batch(window: Any) -> None:
    """Ask for a batch (a zip or a folder's batch.json) and open it."""
    path, _ = QFileDialog.getOpenFileName(window, "Open batch", "",
                                          "Batches (*.zip batch.json);;All files (*)")
    if path:
        window.open_batch_path(str(Path(path).parent) if path.endswith("batch.json") else path)


def results(window: Any) -> None:
    """Ask for signed results files and import them."""
    paths, _ = QFileDialog.getOpenFileNames(
        window, "Open results", "", "Signed results (*.results.json);;All files (*)")
    if paths:
        window.import_paths([Path(p) for p in paths])


def results_folder(window: Any) -> None:
    """Ask for a folder and import every results file in it."""
    folder = QFileDialog.getExistingDirectory(window, "Open a folder of results")
    if folder:
        window.import_paths([Path(folder)])
