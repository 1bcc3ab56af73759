"""The disagreements table sizes its columns from each column's widest text, measured once,
never by Qt asking the Python model for every row (``ResizeToContents``: ~37 ms of the
tab's first show at 2,000 rows, issue 22), and makes each row's texts once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QHeaderView
from qa_window_kit import Errors, Setup, build_setup, make_qa_window, result_files, wait_idle

from rater_desktop.gui.qa import disagreement_rows
from rater_desktop.gui.qa.disagreement_panel import DisagreementPanel
from rater_desktop.qa.disagreement import ItemDisagreement
from rater_desktop.qa_review.disagreement_cells import (
    COLUMNS,
    RATERS_COLUMN,
    WHERE_COLUMN,
    WIDEST_CHARS,
    fixed_cells,
)
from rater_desktop.qa_review.review_state import JudgedItem

RATERS = tuple(f"rater{n:03d}" for n in range(50))


def _panel(qtbot: Any, count: int = 2000) -> tuple[DisagreementPanel, list[ItemDisagreement]]:
    items = [ItemDisagreement(item_id=f"item-{n:05d}" + ("-with-a-long-name" if n == 1999 else ""),
                              raters=RATERS, verdict_spread=float(n % 7),
                              score_spreads={0: {"tc": 1.0}}, claim_clusters=())
             for n in range(count)]
    panel = DisagreementPanel()
    qtbot.addWidget(panel)
    panel.resize(panel.fontMetrics().averageCharWidth() * 160, panel.fontMetrics().height() * 30)
    panel.show()
    qtbot.waitExposed(panel)
    panel.set_data(items, {d.item_id: JudgedItem("qualification", (-3, 3)) for d in items},
                   {"item-00001": "Accept"})
    return panel, items


def test_columns_fit_their_header_and_widest_text_without_resize_to_contents(
        qtbot: Any) -> None:
    panel, items = _panel(qtbot)
    header = panel.table.horizontalHeader()
    modes = [header.sectionResizeMode(c) for c in range(len(COLUMNS))]
    assert QHeaderView.ResizeMode.ResizeToContents not in modes
    assert modes[WHERE_COLUMN] == QHeaderView.ResizeMode.Stretch
    metrics = panel.table.fontMetrics()
    longest_id = items[-1].item_id  # the last row: not handed to Qt yet, still fitted
    assert header.sectionSize(0) >= metrics.horizontalAdvance(longest_id)
    for column, title in enumerate(COLUMNS):
        if column != WHERE_COLUMN:
            assert header.sectionSize(column) >= header.fontMetrics().horizontalAdvance(title)
            texts = [panel.text(r, column) for r in range(panel.rows.rowCount())]
            fitted = max(texts, key=len)[:WIDEST_CHARS]
            assert header.sectionSize(column) >= metrics.horizontalAdvance(fitted)
    # 50 raters' names (~450 characters) would make one column several screens wide.
    assert header.sectionSize(RATERS_COLUMN) < metrics.horizontalAdvance("x" * 2 * WIDEST_CHARS)


def test_an_elided_raters_cell_has_the_whole_list_as_its_tooltip(qtbot: Any) -> None:
    panel, _items = _panel(qtbot, 20)
    model = panel.rows
    tip = model.data(model.index(0, RATERS_COLUMN), 3)  # Qt.ToolTipRole
    assert tip == ", ".join(RATERS)


def test_each_rows_texts_are_made_once(qtbot: Any, monkeypatch: Any) -> None:
    panel, _items = _panel(qtbot, 300)
    made: list[str] = []

    def counted(d: ItemDisagreement, kind: str) -> tuple[str, ...]:
        made.append(d.item_id)
        return fixed_cells(d, kind)

    monkeypatch.setattr(disagreement_rows, "fixed_cells", counted)
    panel.rows.set_rows(panel.visible_items())  # texts made afresh from here
    model = panel.rows
    for _paint in range(3):
        for column in range(len(COLUMNS)):
            for row in (0, 150 % model.rowCount()):
                model.data(model.index(row, column))
    assert sorted(made) == sorted({panel.text(0, 0), panel.text(150 % model.rowCount(), 0)})


@pytest.fixture
def setup(tmp_path: Path, memory_keyring: Any) -> Setup:
    return build_setup(tmp_path, memory_keyring)


def test_the_rows_come_a_turn_after_the_tab_is_built(
        qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any) -> None:
    errors: Errors = []
    window: Any = make_qa_window(qtbot, setup, settings=temp_settings, keyring=memory_keyring,
                            errors=errors)
    assert window.import_paths(result_files(setup, "alice", "bob", "carol"))
    wait_idle(qtbot, window)
    assert not window.view.built("disagreements") and window.state.disagreements
    seen: list[int] = []
    turns = QTimer()  # one look per event-loop turn, the first before the tab's own parts
    turns.setInterval(0)
    turns.timeout.connect(lambda: seen.append(window.tabs.currentWidget().rows.total))
    turns.start()
    window.show_role("disagreements")
    panel = window.tabs.currentWidget()
    assert isinstance(panel, DisagreementPanel)
    qtbot.waitUntil(lambda: panel.rows.total > 0, timeout=10_000)
    turns.stop()
    # The build's turn made the page only (with the sort and the first rows it was one turn
    # of ~40 ms at 2,000 items, issue 22); the rows came in a turn of their own.
    assert seen[0] == 0 and panel.rows.total == len(window.state.disagreements)
    assert errors == []
