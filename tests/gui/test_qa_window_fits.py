"""The QA window's first start fits the screen with its frame, as the rater window does
(seen under Xvfb at 1366x768: it opened 768 px tall plus its title bar, the status bar
off-screen), and a saved geometry larger than the screen is fitted to it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QRect, QSettings, Qt
from PySide6.QtWidgets import QApplication

from rater_desktop.gui.qa import QaWindow
from rater_desktop.gui.qa.window import GEOMETRY_KEY
from rater_desktop.qa_review.roster import Roster


def _window(qtbot: Any, tmp_path: Path, settings: QSettings) -> QaWindow:
    window = QaWindow(settings=settings, data_dir=tmp_path / "profiles", store=None,
                      roster=Roster(tmp_path / "roster.txt"))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def _inside_screen(window: QaWindow) -> bool:
    """Frame and all on the screen (where the window's least size fits on it at all: the
    test screen of the offscreen platform is smaller than a laptop's)."""
    area: QRect = window.screen().availableGeometry()
    least = window.minimumSizeHint()
    maximized = bool(window.windowState() & Qt.WindowState.WindowMaximized)
    if least.width() > area.width() or least.height() > area.height():
        return maximized
    if maximized:  # the platform places it and its frame (offscreen: the frame outside)
        return window.width() <= area.width() and window.height() <= area.height()
    return area.contains(window.frameGeometry()) and area.contains(window.geometry())


def test_the_first_start_fits_the_screen_with_its_frame(qtbot: Any, tmp_path: Path) -> None:
    settings = QSettings(str(tmp_path / "qa.ini"), QSettings.Format.IniFormat)
    window = _window(qtbot, tmp_path, settings)
    assert _inside_screen(window), (window.frameGeometry(),
                                    window.screen().availableGeometry())
    area = window.screen().availableGeometry()
    if area.width() < 1600:  # a laptop: the window fills it, like the rater window
        assert window.windowState() & Qt.WindowState.WindowMaximized


def test_a_saved_geometry_larger_than_the_screen_is_fitted(qtbot: Any,
                                                           tmp_path: Path) -> None:
    settings = QSettings(str(tmp_path / "qa.ini"), QSettings.Format.IniFormat)
    first = _window(qtbot, tmp_path, settings)
    area = first.screen().availableGeometry()
    first.showNormal()
    first.setGeometry(area.x(), area.y(), area.width() * 2, area.height() * 2)
    settings.setValue(GEOMETRY_KEY, QByteArray(first.saveGeometry()))
    first.close()
    QApplication.processEvents()
    again = _window(qtbot, tmp_path, settings)
    assert _inside_screen(again), (again.frameGeometry(), area)
    if area.width() < 1600:
        assert again.windowState() & Qt.WindowState.WindowMaximized


def test_the_qa_window_with_compare_fits_an_853x480_screen(
        qtbot: Any, tmp_path: Path, memory_keyring: Any) -> None:
    # Seen under Xvfb at 853x480: its least size was 958x543 once Compare was built (the
    # two responses, the answers and the decision panel side by side, all full height).
    from qa_window_kit import build_setup, make_qa_window, open_in_compare, result_files

    setup = build_setup(tmp_path, memory_keyring)
    settings = QSettings(str(tmp_path / "qa.ini"), QSettings.Format.IniFormat)
    window = make_qa_window(qtbot, setup, settings=settings, keyring=memory_keyring,
                            errors=[])
    assert window.import_paths(result_files(setup, "alice", "bob", "carol"))
    qtbot.waitUntil(lambda: not window.runner.busy and len(window.state.raters) == 3,
                    timeout=30_000)
    window.show()
    item_id = window.state.disagreements[0].item_id
    open_in_compare(qtbot, window, item_id)
    compare = window.view.compare
    least = window.minimumSizeHint()
    assert least.width() <= 853 and least.height() <= 480, least
    window.showNormal()
    window.resize(least)
    qtbot.waitUntil(lambda: compare.item_view.tabbed, timeout=15_000)  # A and B one at a time
    assert compare.adjudication.isVisibleTo(window)  # the decision panel still there
    window.resize(1366, 768)
    qtbot.waitUntil(lambda: not compare.item_view.tabbed, timeout=15_000)  # side by side again
