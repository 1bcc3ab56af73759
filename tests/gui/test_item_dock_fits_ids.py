"""The item list opens wide enough for the batch's ids: at 1366x768 it opened at 245 px
and cut ids in the middle ("shop-ru\u2026g-shoes"). Dock widths come from the font and the
ids, capped by a share of the window, never from pixel limits."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QStyle

from rater_desktop.dock_widths import (
    ITEM_SHARE,
    RESPONSES_SHARE,
    STEP_LEAST_CHARS,
    item_dock_width,
    longest_ids,
    step_dock_width,
)
from tests.gui.conftest import standard_items, write_batch

LONG_IDS = ["dinner-chicago-no-booking", "shop-running-shoes", "mail-reply-priya"]


def test_the_item_list_holds_its_longest_id_up_to_its_share() -> None:
    assert item_dock_width(1366, 7, needed=300) == 300
    assert item_dock_width(1366, 7, needed=900) == int(1366 * ITEM_SHARE)  # capped
    assert item_dock_width(1366, 7) < 200  # no batch: a short id's room
    assert item_dock_width(2732, 14, needed=600) == 600  # twice the font, twice the room


@pytest.mark.parametrize(("width", "char"), [(1366, 7), (853, 6), (2560, 14)])
def test_the_rating_panel_leaves_the_responses_half_and_stays_usable(
        width: int, char: int) -> None:
    item = item_dock_width(width, char, needed=40 * char)
    step = step_dock_width(width, char, item)
    assert step >= min(STEP_LEAST_CHARS * char, width * (1 - RESPONSES_SHARE))
    if width >= 1366:
        assert item + step <= width * (1 - RESPONSES_SHARE)


def test_the_longest_ids_are_measured_first() -> None:
    assert longest_ids(["a", "ccc", "bb"], count=2) == ["ccc", "bb"]


def _settle() -> None:
    for _ in range(6):
        QApplication.processEvents()


def test_the_ids_show_whole_at_1366x768(
        make_window: Callable[..., Any], tmp_path: Path, qtbot: Any) -> None:
    items = standard_items(3)
    for item, item_id in zip(items, LONG_IDS, strict=True):
        item["id"] = item_id
    batch = write_batch(tmp_path / "batch", items)
    window = make_window()
    _settle()
    window.resize(1366, 768)  # the offscreen screen (800 wide) took it down on show
    _settle()
    assert window.open_batch_path(str(batch))
    _settle()
    view = window.item_list.view
    icon = view.style().pixelMetric(QStyle.PixelMetric.PM_SmallIconSize)
    need = max(view.fontMetrics().horizontalAdvance(i) for i in LONG_IDS) + icon
    qtbot.waitUntil(lambda: view.columnWidth(0) >= need, timeout=2000)
    assert window.item_dock.width() <= window.width() * ITEM_SHARE + 1
