"""Viewer keys: Left/Right and PgUp/PgDn always move between steps (even from a mark
button), C/U/W mark the shown step, and the note field keeps its letters and arrows."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from rater_desktop.gui.screenshot_viewer import ScreenshotViewer


def _viewer(make_window: Callable[..., Any], batch: Path, qtbot: Any,
            frame: int = 2) -> ScreenshotViewer:
    window = make_window()
    assert window.open_batch_path(str(batch))
    viewer = window.open_viewer(0, frame, "A")
    qtbot.waitUntil(lambda: viewer.canvas.has_image, timeout=5000)
    return viewer


def test_arrows_on_a_focused_mark_button_move_steps_not_the_mark(
        make_window: Callable[..., Any], small_batch: Path, qtbot: Any) -> None:
    viewer = _viewer(make_window, small_batch, qtbot)
    marks: list[tuple[int, int, str, str]] = []
    viewer.stepMarked.connect(lambda *args: marks.append(args))
    button = viewer.mark_buttons["correct"]
    button.click()
    button.setFocus()
    qtbot.keyClick(button, Qt.Key.Key_Right)
    assert viewer.current == 3
    assert marks == [(0, 0, "correct", "")], "Right moved to the next step, marked nothing"
    assert not viewer.mark_buttons["unnecessary"].isChecked()
    qtbot.keyClick(viewer.mark_buttons["unnecessary"], Qt.Key.Key_PageUp)
    assert viewer.current == 2 and viewer.mark_buttons["correct"].isChecked()


def test_letter_keys_mark_the_shown_step_and_show_on_the_buttons(
        make_window: Callable[..., Any], small_batch: Path, qtbot: Any) -> None:
    viewer = _viewer(make_window, small_batch, qtbot)
    assert [b.text() for b in viewer.mark_buttons.values()] == [
        "Correct (C)", "Unnecessary (U)", "Wrong (W)"]
    marks: list[tuple[int, int, str, str]] = []
    viewer.stepMarked.connect(lambda *args: marks.append(args))
    qtbot.keyClick(viewer.canvas, Qt.Key.Key_W)
    qtbot.keyClick(viewer.details, Qt.Key.Key_Right)
    qtbot.keyClick(viewer.filmstrip, Qt.Key.Key_U)
    assert marks == [(0, 0, "wrong", ""), (0, 1, "unnecessary", "")]


def test_the_note_field_keeps_letters_and_arrows(make_window: Callable[..., Any],
                                                 small_batch: Path, qtbot: Any) -> None:
    viewer = _viewer(make_window, small_batch, qtbot)
    marks: list[Any] = []
    viewer.stepMarked.connect(lambda *args: marks.append(args))
    viewer.note.setFocus()
    qtbot.keyClicks(viewer.note, "cuw")
    qtbot.keyClick(viewer.note, Qt.Key.Key_Left)
    assert viewer.note.text() == "cuw" and viewer.note.cursorPosition() == 2
    assert viewer.current == 2 and not marks
    qtbot.keyClick(viewer.note, Qt.Key.Key_PageDown)
    assert viewer.current == 3


def test_plain_screenshots_move_with_arrows_from_any_focus(
        make_window: Callable[..., Any], small_batch: Path, qtbot: Any) -> None:
    viewer = _viewer(make_window, small_batch, qtbot, frame=0)
    viewer.next_button.setFocus()
    qtbot.keyClick(viewer.next_button, Qt.Key.Key_Right)
    assert viewer.current == 1
    qtbot.keyClick(viewer.zoom_in_button, Qt.Key.Key_PageDown)
    assert viewer.current == 2
