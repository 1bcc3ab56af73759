"""What the rater reads in a response is never cut at the pane's right edge: long words
(URLs in a step, a code) wrap, and a table too wide for the pane scrolls inside its own
frame with its words whole (seen under Xvfb at 1366x768 on standardweb-runs: one long
URL in a trajectory step made every line of Response A scroll sideways)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from layout_walk import RUNS, settle
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from rater_desktop.gui.app import create_main_window
from rater_desktop.gui.safe_browser import AutoHeightBrowser
from rater_desktop.gui.text_fit import clipped_texts
from rater_desktop.gui.theme import apply_theme
from rater_desktop.gui.trajectory_view import plain_label
from rater_desktop.soft_breaks import SOFT_BREAK, soft_breaks, without_soft_breaks


def test_long_words_get_break_chances_and_short_ones_stay() -> None:
    url = "https://www.stayfinder.example/s/denver-co?checkin=2027-05-14"
    text = f"navigate \u00b7 {url} now"
    broken = soft_breaks(text)
    assert without_soft_breaks(broken) == text
    assert SOFT_BREAK in broken and broken.startswith("navigate \u00b7 ")
    assert soft_breaks("Ridgeline 450 Headlamp ($34.99)") == "Ridgeline 450 Headlamp ($34.99)"
    assert all(len(run) <= 12 for run in soft_breaks("x" * 50).split(SOFT_BREAK))


def test_a_label_with_a_long_url_is_as_narrow_as_its_words(qtbot: Any) -> None:
    url = "https://www.stayfinder.example/s/denver-co?checkin=2027-05-14&checkout=2027-05-16"
    label = plain_label(f"navigate \u00b7 \u201c{url}\u201d")
    qtbot.addWidget(label)
    assert label.text().endswith(f"{url}\u201d")  # the text as the batch had it
    assert label.minimumSizeHint().width() < label.fontMetrics().horizontalAdvance(url) / 3


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080), (853, 480)])
def test_standardweb_responses_read_without_sideways_scrolling(
        qtbot: Any, tmp_path: Path, size: tuple[int, int], theme: str) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    apply_theme(app, theme)
    try:
        settings = QSettings(str(tmp_path / "w.ini"), QSettings.Format.IniFormat)
        window = create_main_window(settings=settings)
        qtbot.addWidget(window)
        window.showNormal()
        window.resize(*size)
        window.show()
        assert window.open_batch_path(str(RUNS))
        assert window.batch is not None
        found: list[str] = []
        for entry in window.batch.index:
            window.show_item(entry.item_id)
            settle()
            for side, pane in window.item_view.panes.items():
                if not pane.isVisible():
                    continue  # 853x480: the other response's tab
                pane_found = [str(p) for p in clipped_texts(pane)]
                area = pane.scroll_area
                if area.horizontalScrollBar().maximum() > 0:
                    pane_found.append(f"pane scrolls sideways by "
                                      f"{area.horizontalScrollBar().maximum()}px")
                found.extend(f"{entry.item_id} {side}: {p}" for p in pane_found)
        assert not found, "\n".join(found)
    finally:
        apply_theme(app, "light")


def test_a_wide_table_keeps_its_words_whole_and_scrolls_in_its_own_frame(qtbot: Any) -> None:
    browser = AutoHeightBrowser()
    qtbot.addWidget(browser)
    rows = "".join(f"<tr><td>Fare{n}</td><td>$109.95</td><td>Basic economy flexible</td>"
                   f"<td>SH2217-BOS-ORD-0600</td></tr>" for n in range(3))
    browser.setHtml(f"<table border=1>{rows}</table>")
    browser.resize(browser.fontMetrics().horizontalAdvance("Fare0 $109.95 Basic"), 10)
    browser.show()
    settle()
    document = browser.document()
    block = document.begin()
    while block.isValid():
        text = block.text()
        layout = block.layout()
        for n in range(layout.lineCount()):
            line = layout.lineAt(n)
            end = line.textStart() + line.textLength()
            # a line ends at a space, a hyphen or the end of its cell, never inside a word
            assert end >= len(text) or text[end - 1].isspace() or text[end - 1] == "-" \
                or text[end].isspace(), (
                f"{text!r} broken at {end}")
        block = block.next()
    assert browser.horizontalScrollBar().maximum() > 0  # the table scrolls in its frame
