"""The main window: opening batches, the item list, and showing items."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QMimeData, QPoint, QPointF, QSettings, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from rater_desktop.gui.item_list import ItemProgress


def _open(window: Any, path: Path) -> None:
    assert window.open_batch_path(str(path))


def test_opens_a_batch_and_shows_the_first_item(make_window: Callable[..., Any],
                                                 small_batch: Path) -> None:
    window = make_window()
    _open(window, small_batch)
    assert window.windowTitle().startswith("Test batch")
    assert window.item_list.visible_item_ids() == ["item-000", "item-001", "item-002"]
    assert window.item is not None and window.item.id == "item-000"
    assert "cheapest blue kettle number 0" in window.item_view.prompt_header.text.toPlainText()
    assert window.progress_label.text() == "0 of 3 complete"


def test_switching_item_updates_prompt_and_responses(make_window: Callable[..., Any],
                                                      small_batch: Path) -> None:
    window = make_window()
    _open(window, small_batch)
    window.item_list.select_item("item-001")
    view = window.item_view
    assert "number 1" in view.prompt_header.text.toPlainText()
    assert "First response text 1" in view.panes["A"].text_browser.toPlainText()
    assert "Second response text 1" in view.panes["B"].text_browser.toPlainText()
    assert view.panes["A"].final_answer_text.text() == "$19.99 (1)"
    assert view.panes["B"].final_answer.isHidden()
    window.actions_.next_item.trigger()
    assert window.item.id == "item-002"


def test_display_order_swaps_the_panes_and_never_shows_identity(
        make_window: Callable[..., Any], small_batch: Path) -> None:
    window = make_window(display_order_for=lambda _id: (1, 0))
    _open(window, small_batch)
    view = window.item_view
    assert view.panes["A"].title.text() == "Response A"
    assert "Second response text 0" in view.panes["A"].text_browser.toPlainText()
    assert "First response text 0" in view.panes["B"].text_browser.toPlainText()
    assert view.panes["A"].true_index == 1
    assert view.pane_for_true_index(0) is view.panes["B"]
    texts = " ".join(label.text() for label in window.findChildren(type(view.panes["A"].title)))
    assert "model-x" not in texts and "model-y" not in texts


def test_filter_and_search(make_window: Callable[..., Any], small_batch: Path) -> None:
    states = {"item-000": ItemProgress("complete", 75), "item-001": ItemProgress("flagged"),
              "item-002": ItemProgress("in_progress", 12)}
    window = make_window(status_provider=lambda i: states.get(i, ItemProgress()))
    _open(window, small_batch)
    panel = window.item_list
    combo = panel.filter_combo
    for key, expected in (("complete", ["item-000"]), ("flagged", ["item-001"]),
                          ("in_progress", ["item-002"]), ("todo", []),
                          ("all", ["item-000", "item-001", "item-002"])):
        combo.setCurrentIndex(combo.findData(key))
        assert panel.visible_item_ids() == expected, key
    panel.search.setText("002")
    assert panel.visible_item_ids() == ["item-002"]
    panel.search.setText("ITEM-00")
    assert len(panel.visible_item_ids()) == 3
    assert window.progress_label.text() == "1 of 3 complete"
    assert panel.model.index(0, 2).data() == "1:15"


def test_status_refresh_updates_progress(make_window: Callable[..., Any],
                                         small_batch: Path) -> None:
    states: dict[str, ItemProgress] = {}
    window = make_window(status_provider=lambda i: states.get(i, ItemProgress()))
    _open(window, small_batch)
    states["item-001"] = ItemProgress("complete")
    window.refresh_item_status("item-001")
    assert window.progress_label.text() == "1 of 3 complete"


def test_save_indicator_states(make_window: Callable[..., Any]) -> None:
    window = make_window()
    indicator = window.findChild(type(window.progress_label), "saveIndicator")
    window.set_save_state("saving")
    assert indicator.text() == "Saving\u2026"
    window.set_save_state("saved")
    assert indicator.text() == "Saved"
    assert indicator.property("state") == "saved"


def test_bad_batch_shows_a_clear_message_not_a_traceback(
        make_window: Callable[..., Any], small_batch: Path, monkeypatch: Any,
        tmp_path: Path) -> None:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "exec", lambda box: shown.append(box.text()) or 0)
    window = make_window()
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "batch.json").write_text("{not json", encoding="utf-8")
    assert not window.open_batch_path(str(broken))
    assert len(shown) == 1
    assert "could not be opened" in shown[0]
    assert str(broken) in shown[0]  # the full path, not only the folder's name
    assert "batch.json" in shown[0]
    assert "Traceback" not in shown[0]
    assert window.batch is None
    _open(window, small_batch)
    assert not window.open_batch_path(str(tmp_path / "missing.zip"))
    assert window.batch is not None, "a failed open keeps the batch that was open"


def test_drag_and_drop_opens_a_batch(make_window: Callable[..., Any],
                                     small_batch: Path) -> None:
    window = make_window()
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(small_batch / "batch.json"))])
    event = QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, mime,
                       Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    window.dropEvent(event)
    assert window.batch is not None
    assert window.batch_path == str(small_batch)


def test_recent_batches_and_last_item_remembered(make_window: Callable[..., Any],
                                                 small_batch: Path,
                                                 temp_settings: QSettings) -> None:
    from rater_desktop.batch_opening import recent_batches, startup_batch

    window = make_window()
    _open(window, small_batch)
    window.item_list.select_item("item-002")
    window.close()
    assert recent_batches(temp_settings) == [str(small_batch.resolve())]
    assert startup_batch(temp_settings, None) == str(small_batch.resolve())
    again = make_window()
    _open(again, small_batch)
    assert again.item.id == "item-002"
    assert again.actions_.recent_menu.actions()[0].text().endswith(str(small_batch.resolve()))


def test_geometry_and_dock_state_saved_and_restored(qtbot: Any, tmp_path: Path) -> None:
    from rater_desktop.gui.app import create_main_window

    path = str(tmp_path / "geometry.ini")
    first = create_main_window(settings=QSettings(path, QSettings.Format.IniFormat))
    qtbot.addWidget(first)
    first.show()
    first.setGeometry(30, 40, 720, 520)  # inside the offscreen 800x600 screen
    first.step_dock.hide()
    QApplication.processEvents()
    first.close()
    second = create_main_window(settings=QSettings(path, QSettings.Format.IniFormat))
    qtbot.addWidget(second)
    second.show()
    # The offscreen screen is 800 px wide, a laptop by the first-start rules: it fills it.
    assert second.isMaximized()
    assert second.settings.value("window/geometry") is not None
    assert second.step_dock.isHidden()
    assert not second.item_dock.isHidden()


def test_step_panel_host_takes_a_widget(make_window: Callable[..., Any]) -> None:
    from PySide6.QtWidgets import QLabel

    window = make_window()
    assert window.step_dock.objectName() == "stepDock"
    panel = QLabel("steps")
    window.set_step_panel(panel)
    assert panel.parent() is window.step_panel_host
    assert window.findChild(QLabel, "stepPanelPlaceholder") is None


def test_sync_scroll_moves_the_other_pane_proportionally(
        qtbot: Any, make_window: Callable[..., Any], batch_factory: Callable[..., Path]) -> None:
    from tests.gui.conftest import response

    long_text = "\n\n".join(f"Paragraph {i} " + "word " * 40 for i in range(80))
    items = [{"id": "long", "prompt": "p", "responses": [
        response("x", long_text, shots=0, steps=0), response("y", long_text[: len(long_text) // 2],
                                                             shots=0, steps=0)]}]
    window = make_window()
    _open(window, batch_factory("long", items))
    view = window.item_view

    def laid_out(pane: Any) -> bool:
        """The whole text is in (a long one is formatted on a worker, then shown in parts)
        and the pane's scroll range holds it (a pane lays out only while shown)."""
        browser, bar = pane.text_browser, pane.scroll_area.verticalScrollBar()
        return (not pane._fill.busy and browser.toPlainText().startswith("Paragraph 0")
                and browser.height() >= browser.document().size().height()
                and bar.maximum() >= browser.height() - pane.scroll_area.viewport().height() > 0)

    for side in ("B", "A"):  # a narrow window (offscreen's) shows one at a time
        view.show_side(side)
        qtbot.waitUntil(lambda side=side: laid_out(view.panes[side]), timeout=20_000)
    bar_a = window.item_view.panes["A"].scroll_area.verticalScrollBar()
    bar_b = window.item_view.panes["B"].scroll_area.verticalScrollBar()
    assert bar_a.maximum() > 0 and bar_b.maximum() > 0
    bar_a.setValue(bar_a.maximum() // 2)
    assert bar_b.value() == 0
    window.actions_.sync_scroll.setChecked(True)
    bar_a.setValue(bar_a.maximum())
    assert bar_b.value() == bar_b.maximum()
    bar_b.setValue(0)
    assert bar_a.value() == 0


def test_every_interactive_widget_has_object_and_accessible_name(
        make_window: Callable[..., Any], small_batch: Path) -> None:
    from PySide6.QtWidgets import (
        QAbstractButton,
        QAbstractItemView,
        QComboBox,
        QHeaderView,
        QLineEdit,
    )

    window = make_window()
    _open(window, small_batch)
    viewer = window.open_viewer(0, 2, "A")
    missing = []
    for cls in (QAbstractButton, QLineEdit, QComboBox, QAbstractItemView):
        for widget in window.findChildren(cls):
            if widget.window() not in (window, viewer) or widget.parent() is None:
                continue
            if widget.objectName().startswith("qt_") or isinstance(widget, QHeaderView):
                continue  # Qt's own internals (menu bar extension, headers)
            if type(widget).__name__ == "QToolButton" and not widget.objectName():
                continue  # toolbar buttons Qt generates from (named) actions
            if not widget.objectName() or not widget.accessibleName():
                missing.append(f"{type(widget).__name__} {widget.objectName()!r}")
    assert missing == []


def test_point_is_unused_guard() -> None:
    assert QPoint(1, 2).x() == 1


def test_kind_shown_only_in_qa_mode(make_window: Callable[..., Any], small_batch: Path) -> None:
    rater = make_window()
    _open(rater, small_batch)
    rater.item_list.select_item("item-002")
    assert rater.item_list.view.isColumnHidden(1)
    assert "qualification" not in rater.item_view.prompt_header.item_label.text()
    qa = make_window(qa_mode=True)
    _open(qa, small_batch)
    qa.item_list.select_item("item-002")
    assert not qa.item_list.view.isColumnHidden(1)
    assert "qualification" in qa.item_view.prompt_header.item_label.text()


def test_every_broken_sample_batch_gives_a_message_never_an_exception(
        make_window: Callable[..., Any], sample_batches_dir: Path) -> None:
    broken = sorted(p for p in (sample_batches_dir / "broken").iterdir()
                    if p.suffix != ".expected" and p.name != "README.md")
    assert broken, "sample_batches/broken is missing"
    reports: list[tuple[str, str]] = []
    window = make_window(report_error=lambda _w, title, text, _d: reports.append((title, text)))
    for path in broken:
        before = len(reports)
        if window.open_batch_path(str(path)):
            for item_id in window.item_list.model.item_ids():
                window.show_item(item_id)  # item-level problems are reported, not raised
        else:
            assert len(reports) == before + 1, path.name
            assert "[" in reports[-1][1], f"{path.name}: the problem code is shown"
    assert all("Traceback" not in text for _t, text in reports)
    assert len(reports) >= len(broken) // 2
