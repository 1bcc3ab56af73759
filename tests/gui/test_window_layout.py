"""The window opens fitted to its screen, and the side panels follow its width."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QMainWindow

from rater_desktop.gui.window_layout import (
    clamp_geometry,
    first_start_geometry,
    restore_window_geometry,
)

FULL_HD = (0, 0, 1920, 1050)  # 1920x1080 less a panel
LAPTOP = (0, 0, 1366, 740)


def test_first_start_fills_a_laptop_and_takes_most_of_a_monitor() -> None:
    assert first_start_geometry(area=LAPTOP) == (LAPTOP, True)
    (x, y, w, h), maximized = first_start_geometry(area=FULL_HD)
    assert not maximized and (w, h) == (1680, 966)
    assert x + w <= 1920 and y + h <= 1050 and x >= 0 and y >= 0


def test_a_laptop_sized_window_grows_to_the_first_start_size_on_a_monitor() -> None:
    # issue 9: after a restart the window came back at 1154x720 on a 1920x1080 screen
    rect, maximized = clamp_geometry(saved=(100, 60, 1154, 720), maximized=False,
                                     area=FULL_HD)
    assert not maximized and rect[2:] == (1680, 966)
    assert rect[0] + rect[2] <= 1920 and rect[1] + rect[3] <= 1050


def test_a_small_window_on_a_laptop_fills_it_again() -> None:
    # issue 9: 910x512 back on 1366x768
    assert clamp_geometry(saved=(0, 0, 910, 512), maximized=False, area=LAPTOP) == \
        (LAPTOP, True)


def test_a_window_left_on_a_second_monitor_comes_back_on_screen() -> None:
    rect, maximized = clamp_geometry(saved=(2500, 900, 1700, 1000), maximized=False,
                                     area=FULL_HD)
    x, y, w, h = rect
    assert not maximized and (w, h) == (1700, 1000)
    assert 0 <= x and x + w <= 1920 and 0 <= y and y + h <= 1050


def test_a_window_bigger_than_the_screen_is_cut_to_it() -> None:
    rect, _ = clamp_geometry(saved=(-50, -40, 2600, 1500), maximized=False, area=FULL_HD)
    assert rect == FULL_HD


def test_the_title_bar_stays_on_screen_when_a_laptop_session_reopens_on_a_monitor() -> None:
    # A 1366x768 session reopened at 1920x1080 under openbox came back ~1680x1000 with its
    # title bar above the screen's top edge: the frame must fit in the area too.
    frame = (2, 24, 2, 3)
    for saved in ((0, 0, 1366, 740), (0, 0, 1700, 1049), (10, -30, 1900, 1080)):
        (x, y, w, h), maximized = clamp_geometry(saved=saved, maximized=False,
                                                 area=FULL_HD, frame=frame)
        assert not maximized
        assert x - 2 >= 0 and y - 24 >= 0, saved
        assert x + w + 2 <= 1920 and y + h + 3 <= 1050, saved


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
