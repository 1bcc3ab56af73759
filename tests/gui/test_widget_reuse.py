"""Thumbnail cells and trajectory rows are reused across items and show the new item."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from tests.gui.conftest import response


def _items() -> list[dict[str, Any]]:
    first = {"id": "first", "prompt": "p",
             "responses": [response("x", "a", shots=3, steps=4, prefix="f"),
                           response("y", "b", shots=1, steps=1, prefix="g")]}
    second: dict[str, Any] = {"id": "second", "prompt": "q",
              "responses": [response("x", "c", shots=1, steps=2, prefix="s"),
                            response("y", "d", shots=1, steps=1, prefix="t")]}
    second["responses"][0]["trajectory"][1].pop("url")
    return [first, second]


def test_second_item_reuses_cells_and_shows_its_own_screenshots(
        make_window: Callable[..., Any], batch_factory: Callable[..., Path]) -> None:
    window = make_window()
    assert window.open_batch_path(str(batch_factory("reuse", _items())))
    pane = window.item_view.panes["A"]
    first_thumb, first_row = pane.strip.thumbnails[0], pane.timeline.rows[0]
    assert window.item_list.select_item("second")
    QApplication.processEvents()
    assert [t.path for t in pane.strip.thumbnails] == ["screens/s0.png"]
    assert pane.strip.thumbnails[0] is first_thumb, "the cell is refilled, not rebuilt"
    assert pane.strip.thumbnails[0].toolTip() == "s shot 0"
    hidden = [c for c in pane.strip._cells[1:] if c.isVisibleTo(pane.strip)]
    assert hidden == [], "cells of the first item's extra screenshots are hidden"
    assert len(pane.timeline.rows) == 2 and pane.timeline.rows[0] is first_row
    assert [r.objectName() for r in pane.timeline.rows] == ["stepRowA0", "stepRowA1"]
    assert [r.thumb.path for r in pane.timeline.rows] == ["screens/sstep0.png",
                                                           "screens/sstep1.png"]
    assert pane.timeline.rows[0].url.isVisibleTo(pane.timeline)
    assert not pane.timeline.rows[1].url.isVisibleTo(pane.timeline), "step without a URL"
    assert not any(r.isVisibleTo(pane.timeline) for r in pane.timeline._pool[2:])


def test_late_image_of_the_previous_item_is_not_shown(
        make_window: Callable[..., Any], batch_factory: Callable[..., Path]) -> None:
    window = make_window()
    assert window.open_batch_path(str(batch_factory("late", _items())))
    thumb = window.item_view.panes["A"].strip.thumbnails[0]
    old_path = thumb.path
    thumb.set_path("screens/s0.png")  # reused for the next item before the decode ended
    late = QImage(8, 8, QImage.Format.Format_RGBA8888)
    late.fill(0)
    assert old_path is not None
    thumb._on_image_for(old_path, late, "")
    assert not thumb.is_loaded
    thumb._on_image_for("screens/s0.png", late, "")
    assert thumb.is_loaded


def test_show_all_rows_then_next_item_trims_the_pool(
        make_window: Callable[..., Any], batch_factory: Callable[..., Path]) -> None:
    items = [{"id": "long", "prompt": "p",
              "responses": [response("x", "a", shots=0, steps=45), response("y", "b", shots=0)]},
             {"id": "short", "prompt": "q",
              "responses": [response("x", "c", shots=0, steps=3), response("y", "d", shots=0)]}]
    window = make_window()
    assert window.open_batch_path(str(batch_factory("long-short", items)))
    timeline = window.item_view.panes["A"].timeline
    timeline.findChild(object, "trajectoryShowAllA").click()
    assert len(timeline.rows) == 45
    assert window.item_list.select_item("short")
    assert len(timeline.rows) == 3 and len(timeline._pool) == 30
    assert not timeline.findChild(object, "trajectoryShowAllA").isVisibleTo(timeline)


def test_same_path_in_another_batch_is_decoded_again(
        make_window: Callable[..., Any], batch_factory: Callable[..., Path], qtbot: Any) -> None:
    window = make_window()
    assert window.open_batch_path(str(batch_factory("one", _items())))
    thumb = window.item_view.panes["A"].strip.thumbnails[0]
    qtbot.waitUntil(lambda: thumb.is_loaded, timeout=5000)
    assert window.open_batch_path(str(batch_factory("two", _items())))
    assert window.item_view.panes["A"].strip.thumbnails[0] is thumb
    assert not thumb.is_loaded, "a cell must not keep the previous batch's image"
    qtbot.waitUntil(lambda: thumb.is_loaded, timeout=5000)
