"""The window opens fitted to its screen, and the side panels follow its width."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QMainWindow

from rater_desktop.gui.window_layout import restore_window_geometry


def test_saved_off_screen_geometry_is_restored_on_the_screen(qtbot: Any,
                                                              tmp_path: Path) -> None:
    settings = QSettings(str(tmp_path / "g.ini"), QSettings.Format.IniFormat)
    first = QMainWindow()
    qtbot.addWidget(first)
    first.setGeometry(5000, 4000, 300, 200)
    settings.setValue("window/geometry", first.saveGeometry())
    second = QMainWindow()
    qtbot.addWidget(second)
    restore_window_geometry(second, settings)
    second.show()
    QApplication.processEvents()
    screen = QGuiApplication.primaryScreen()
    assert screen is not None
    area = screen.availableGeometry()
    assert area.contains(second.frameGeometry().center())
    assert second.isMaximized() or second.width() >= 300


def test_side_docks_keep_their_share_when_the_window_grows(make_window: Any) -> None:
    window = make_window()
    window.showNormal()
    QApplication.processEvents()  # the first-start maximize lands on this turn
    window.resize(1366, 700)
    QApplication.processEvents()
    assert window.width() == 1366 and not window.isMaximized()
    before = {d: d.width() / window.width() for d in (window.item_dock, window.step_dock)}
    window.resize(1900, 700)
    QApplication.processEvents()
    QApplication.processEvents()
    for dock, share in before.items():
        assert abs(dock.width() / window.width() - share) < 0.03, dock.objectName()
