"""Thumbnails of a covered (disabled) pane are not decoded until the pane is uncovered:
at start-up those decodes competed with making the rating panel usable (CF-1 keeps the
responses covered until the case file is written, so nobody could see them anyway)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QApplication, QWidget

from rater_desktop.gui.thumbnails import ThumbnailButton


class RecordingLoader:
    """Stands in for ImageLoader: records what was asked for."""

    generation = 0

    def __init__(self) -> None:
        self.requested: list[str] = []

    def request(self, path: str, _max_side: int | None, _callback: Any) -> None:
        self.requested.append(path)


def test_a_covered_thumbnail_decodes_only_once_uncovered(qtbot: Any) -> None:
    loader = RecordingLoader()
    pane = QWidget()
    qtbot.addWidget(pane)
    button = ThumbnailButton(loader, "shots/a.png", size=QSize(120, 80),  # type: ignore[arg-type]
                             parent=pane)
    pane.setEnabled(False)  # what a cover does to the pane under it
    pane.show()
    qtbot.waitExposed(pane)
    button.repaint()
    QApplication.processEvents()
    assert loader.requested == []
    pane.setEnabled(True)  # the case file is written: the cover goes
    qtbot.waitUntil(lambda: loader.requested == ["shots/a.png"], timeout=3000)
