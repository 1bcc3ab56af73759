"""Compare's right column on a small screen: the raters' answers keep rows in view above
the decision panel (seen under Xvfb at 853x480: two and a half rows, the panel took the
rest), the panel's decision buttons and corrected verdict stay in view, its note a scroll
away, and a dragged split is remembered as the panel's share of the column."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QRect, QSettings
from PySide6.QtWidgets import QScrollArea, QTableWidget, QWidget


def _open(qtbot: Any, tmp_path: Path, keyring: Any, settings: QSettings) -> Any:
    from qa_window_kit import build_setup, make_qa_window, open_in_compare, result_files

    setup = build_setup(tmp_path, keyring)
    window = make_qa_window(qtbot, setup, settings=settings, keyring=keyring, errors=[])
    assert window.import_paths(result_files(setup, "alice", "bob", "carol"))
    qtbot.waitUntil(lambda: not window.runner.busy and len(window.state.raters) == 3,
                    timeout=30_000)
    window.show()
    open_in_compare(qtbot, window, window.state.disagreements[0].item_id)
    return window


def _resize(qtbot: Any, window: Any, width: int, height: int) -> None:
    window.showNormal()
    window.resize(width, height)
    qtbot.waitUntil(lambda: window.size().toTuple() == (width, height), timeout=5_000)
    qtbot.wait(50)  # the column's layout after the resize


def _full_rows(table: QTableWidget) -> int:
    """Rows from the top wholly inside the table's viewport."""
    room, used, rows = table.viewport().height(), 0, 0
    for row in range(table.rowCount()):
        used += table.rowHeight(row)
        if used > room:
            break
        rows += 1
    return rows


def _in_view(widget: QWidget, area: QScrollArea) -> bool:
    viewport = area.viewport()
    corner = widget.mapTo(viewport, widget.rect().topLeft())
    return viewport.rect().contains(QRect(corner, widget.size()))


def test_the_answers_keep_their_rows_above_the_decision_panel_at_853x480(
        qtbot: Any, tmp_path: Path, memory_keyring: Any) -> None:
    settings = QSettings(str(tmp_path / "qa.ini"), QSettings.Format.IniFormat)
    window = _open(qtbot, tmp_path, memory_keyring, settings)
    compare = window.view.compare
    _resize(qtbot, window, 853, 480)
    table, panel = compare.answers, compare.adjudication
    # The answers' first four rows (verdict, each response's scores, time spent) in full:
    # four one-line rows of the table's font, the verdict wrapped to a second line.
    one_line = table.verticalHeader().defaultSectionSize()
    assert table.viewport().height() >= 5 * one_line, (table.viewport().height(), one_line)
    assert _full_rows(table) >= 4, [table.rowHeight(r) for r in range(table.rowCount())]
    area = compare.findChild(QScrollArea, "qaDecisionScroll")
    key_controls = [*panel.buttons.values(), panel.clear_button, panel.verdict_combo]
    assert all(_in_view(control, area) for control in key_controls)
    # The note: a scroll away and then whole in view (the status line under it).
    area.verticalScrollBar().setValue(panel.note.geometry().bottom() + 1
                                      - area.viewport().height())
    assert _in_view(panel.note, area), (area.viewport().height(), panel.note.height())
    # A larger screen: the panel in full, the answers with everything else.
    _resize(qtbot, window, 1366, 768)
    column = compare.column
    assert column.sizes()[1] >= panel.sizeHint().height()
    assert _full_rows(table) > 4


def test_a_dragged_split_is_remembered_as_the_panels_share(
        qtbot: Any, tmp_path: Path, memory_keyring: Any) -> None:
    from rater_desktop.gui.qa.compare_column import SHARE_KEY, CompareColumn

    settings = QSettings(str(tmp_path / "qa.ini"), QSettings.Format.IniFormat)
    window = _open(qtbot, tmp_path, memory_keyring, settings)
    _resize(qtbot, window, 1366, 768)
    column: CompareColumn = window.view.compare.column
    answers, panel = column.sizes()
    column.moveSplitter(answers + panel // 4, 1)  # as a drag of the handle does
    share = float(settings.value(SHARE_KEY))
    assert 0 < share < panel / (answers + panel)
    settings.setValue(SHARE_KEY, "not a number")  # a broken setting: the default split
    column.fit()
    assert column.sizes()[1] >= window.view.compare.adjudication.sizeHint().height()
    settings.setValue(SHARE_KEY, share)
    column.fit()  # as on another screen size: the same share of the column
    assert abs(column.sizes()[1] / sum(column.sizes()) - share) < 0.01
