"""The screenshot viewer: async image, zoom, navigation, overlay and step marks."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from rater_desktop.gui.screenshot_viewer import ScreenshotViewer


def _viewer(make_window: Callable[..., Any], batch: Path, qtbot: Any,
            frame: int = 2) -> tuple[Any, ScreenshotViewer]:
    window = make_window()
    assert window.open_batch_path(str(batch))
    viewer = window.open_viewer(0, frame, "A")
    qtbot.waitUntil(lambda: viewer.canvas.has_image, timeout=5000)
    return window, viewer


def test_viewer_opens_on_the_chosen_frame_with_image(make_window: Callable[..., Any],
                                                     small_batch: Path, qtbot: Any) -> None:
    _, viewer = _viewer(make_window, small_batch, qtbot)
    # Response A of item-000 has 2 screenshots then 3 steps: frame 2 is step 1.
    assert viewer.frames[viewer.current].step_index == 0
    assert viewer.position.text() == "3 of 5"
    assert viewer.details.fields["thought"].text() == "thinking 0"
    assert viewer.canvas.overlay_item_count() == 2


def test_zoom_buttons_keys_and_fit(make_window: Callable[..., Any], small_batch: Path,
                                   qtbot: Any) -> None:
    _, viewer = _viewer(make_window, small_batch, qtbot)
    viewer.actual_button.click()
    assert viewer.canvas.zoom == 1.0
    assert viewer.zoom_label.text() == "100%"
    viewer.zoom_in_button.click()
    assert viewer.canvas.zoom == 1.25
    qtbot.keyClick(viewer.canvas, Qt.Key.Key_Minus)
    assert viewer.canvas.zoom == 1.0
    qtbot.keyClick(viewer, Qt.Key.Key_Plus)
    assert viewer.canvas.zoom > 1.0
    qtbot.keyClick(viewer, Qt.Key.Key_0)
    assert viewer.canvas.fit_mode


def test_next_previous_with_keys(make_window: Callable[..., Any], small_batch: Path,
                                 qtbot: Any) -> None:
    _, viewer = _viewer(make_window, small_batch, qtbot)
    qtbot.keyClick(viewer.canvas, Qt.Key.Key_Right)
    assert viewer.current == 3
    qtbot.keyClick(viewer, Qt.Key.Key_PageDown)
    assert viewer.current == 4
    qtbot.keyClick(viewer, Qt.Key.Key_PageDown)
    assert viewer.current == 4, "stays on the last frame"
    assert not viewer.next_button.isEnabled()
    qtbot.keyClick(viewer, Qt.Key.Key_Left)
    qtbot.keyClick(viewer, Qt.Key.Key_PageUp)
    assert viewer.current == 2
    viewer.filmstrip.setCurrentRow(0)
    assert viewer.current == 0
    assert not viewer.mark_box.isVisibleTo(viewer), "screenshots cannot be marked"


def test_overlay_toggle_with_b(make_window: Callable[..., Any], small_batch: Path,
                               qtbot: Any) -> None:
    _, viewer = _viewer(make_window, small_batch, qtbot)
    assert viewer.canvas.overlay_visible
    qtbot.keyClick(viewer, Qt.Key.Key_B)
    assert not viewer.canvas.overlay_visible
    assert not viewer.overlay_button.isChecked()
    assert all(not item.isVisible() for item in viewer.canvas._overlay)
    viewer.overlay_button.click()
    assert viewer.canvas.overlay_visible


def test_step_mark_emits_signal_with_true_index_and_note(
        make_window: Callable[..., Any], small_batch: Path, qtbot: Any) -> None:
    window, viewer = _viewer(make_window, small_batch, qtbot, frame=3)
    forwarded: list[tuple[Any, ...]] = []
    window.stepMarked.connect(lambda *args: forwarded.append(args))
    viewer.note.setText("clicked the wrong button")
    with qtbot.waitSignal(viewer.stepMarked) as blocker:
        viewer.mark_buttons["wrong"].click()
    assert blocker.args == [0, 1, "wrong", "clicked the wrong button"]
    assert forwarded == [("item-000", 0, 1, "wrong", "clicked the wrong button")]
    assert viewer.mark_buttons["wrong"].isChecked()
    viewer.next()
    assert not viewer.mark_buttons["wrong"].isChecked()
    assert viewer.note.text() == ""
    viewer.previous()
    assert viewer.mark_buttons["wrong"].isChecked(), "the mark is remembered"


def test_marks_use_true_index_when_display_order_is_swapped(
        make_window: Callable[..., Any], small_batch: Path, qtbot: Any) -> None:
    window = make_window(display_order_for=lambda _id: (1, 0))
    assert window.open_batch_path(str(small_batch))
    pane = window.item_view.panes["A"]
    pane.timeline.stepActivated.emit(1)  # a click on step 2 of Response A (file's B)
    viewer = window.viewer
    assert viewer is not None and viewer.true_index == 1 and viewer.side == "A"
    with qtbot.waitSignal(viewer.stepMarked) as blocker:
        viewer.mark_current_step("correct")
    assert blocker.args[:3] == [1, 1, "correct"]


def test_escape_closes(make_window: Callable[..., Any], small_batch: Path, qtbot: Any) -> None:
    _, viewer = _viewer(make_window, small_batch, qtbot)
    assert viewer.isVisible()
    qtbot.keyClick(viewer, Qt.Key.Key_Escape)
    assert not viewer.isVisible()


def test_broken_screenshot_shows_message(make_window: Callable[..., Any],
                                         batch_factory: Callable[..., Path],
                                         qtbot: Any) -> None:
    from tests.gui.conftest import standard_items

    root = batch_factory("broken-img", standard_items(1))
    (root / "screens" / "x0_0.png").write_bytes(b"\x89PNG\r\n\x1a\nnot really")
    window = make_window()
    assert window.open_batch_path(str(root))
    viewer = window.open_viewer(0, 0, "A")
    qtbot.waitUntil(lambda: "could not be shown" in viewer.canvas._message.text(),
                    timeout=5000)
    assert not viewer.canvas.has_image
    QApplication.processEvents()


def test_viewer_keys_work_when_filmstrip_has_focus(make_window: Callable[..., Any],
                                                  small_batch: Path, qtbot: Any) -> None:
    _, viewer = _viewer(make_window, small_batch, qtbot)
    qtbot.keyClick(viewer.filmstrip, Qt.Key.Key_B)
    assert not viewer.canvas.overlay_visible
    qtbot.keyClick(viewer.filmstrip, Qt.Key.Key_Right)
    assert viewer.current == 3


def test_switching_item_closes_viewer_and_marks_keep_their_item(
        make_window: Callable[..., Any], small_batch: Path, qtbot: Any) -> None:
    window, viewer = _viewer(make_window, small_batch, qtbot, frame=3)
    forwarded: list[tuple[Any, ...]] = []
    window.stepMarked.connect(lambda *args: forwarded.append(args))
    viewer.mark_current_step("correct")
    window.item_list.select_item("item-001")
    assert not viewer.isVisible()
    assert forwarded == [("item-000", 0, 1, "correct", "")]
