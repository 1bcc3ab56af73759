"""The Dashboard's tables section comes a turn after its page, and its raters' rows are
measured a turn after they are filled (issue 22: the page with its tables and cost box was
22-43 ms of one turn at 50 raters, the raters' fill with its measure 19-25 ms). A figures
update that arrives before the tables' turn (it replaces the parts still waiting) still
ends with one set of tables showing the newest figures, as an eager build would."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QTableWidget
from qa_window_kit import Errors, Setup, build_setup, make_qa_window, result_files, wait_idle

from rater_desktop.gui.qa.dashboard import Dashboard
from rater_desktop.gui.qa.dashboard_tables import fill_models, fill_raters, tables_section


@pytest.fixture
def figures(tmp_path: Path, memory_keyring: Any, qtbot: Any,
            temp_settings: QSettings) -> tuple[Any, Any]:
    """Two raters' figures, then three raters' (the newer)."""
    setup: Setup = build_setup(tmp_path, memory_keyring)
    errors: Errors = []
    window: Any = make_qa_window(qtbot, setup, settings=temp_settings,
                                 keyring=memory_keyring, errors=errors)
    found = []
    for names in (("alice", "bob"), ("carol",)):
        before = window.view.figures
        assert window.import_paths(result_files(setup, *names))
        qtbot.waitUntil(lambda b=before: window.view.figures is not b
                        and not window.runner.busy, timeout=30_000)
        found.append(window.view.figures)
    assert errors == [] and len(found[0].raters) == 2 and len(found[1].raters) == 3
    return found[0], found[1]


def _tables(dashboard: Dashboard) -> list[QTableWidget]:
    return dashboard.findChildren(QTableWidget)


def _cells(table: QTableWidget) -> list[list[str]]:
    def text(row: int, column: int) -> str:
        item = table.item(row, column)
        return item.text() if item is not None else ""

    return [[text(r, c) for c in range(table.columnCount())] for r in range(table.rowCount())]


def _dashboard(qtbot: Any, settings: QSettings) -> Dashboard:
    dashboard = Dashboard(settings)
    qtbot.addWidget(dashboard)
    dashboard.resize(1200, 700)
    dashboard.show()
    return dashboard


def _assert_as_eager(qtbot: Any, dashboard: Dashboard, figures: Any,
                     settings: QSettings) -> None:
    """One set of tables, showing ``figures`` as tables filled in one go do."""
    qtbot.waitUntil(lambda: not dashboard.drawing, timeout=10_000)
    names = sorted(t.objectName() for t in _tables(dashboard))
    assert names == ["qaModelsTable", "qaRatersTable"]  # built once
    host, raters, models, cost = tables_section(settings)
    qtbot.addWidget(host)
    fill_raters(raters, figures)
    fill_models(models, figures)
    cost.set_figures(figures)
    assert _cells(dashboard.raters_table) == _cells(raters)
    assert _cells(dashboard.models_table) == _cells(models)
    assert dashboard.raters_table.rowCount() == len(figures.raters)
    assert dashboard.cost.result.text() == cost.result.text()
    assert f"{len(figures.raters)} raters used" in dashboard.headline.text()
    table = dashboard.raters_table  # measured: as tall as its rows, no inner scrolling
    rows = sum(table.rowHeight(r) for r in range(table.rowCount()))
    assert table.maximumHeight() >= rows
    assert all(table.rowHeight(r) >= table.sizeHintForRow(r) for r in range(table.rowCount()))


def test_the_tables_come_a_turn_after_the_headline(
        qtbot: Any, figures: tuple[Any, Any], temp_settings: QSettings) -> None:
    _old, new = figures
    dashboard = _dashboard(qtbot, temp_settings)
    assert _tables(dashboard) == []  # the page's turn: no tables, no cost box yet
    seen: list[tuple[int, int, int]] = []

    def look() -> None:
        tables = {t.objectName(): t for t in _tables(dashboard)}
        raters = tables.get("qaRatersTable")
        seen.append((len(tables), raters.rowCount() if raters else -1,
                     raters.maximumHeight() if raters else -1))

    timer = QTimer()
    timer.setInterval(0)
    timer.timeout.connect(look)
    timer.start()
    dashboard.set_figures(new)
    assert "3 raters used" in dashboard.headline.text() and _tables(dashboard) == []
    _assert_as_eager(qtbot, dashboard, new, temp_settings)
    timer.stop()
    empty = [height for count, rows, height in seen if count == 2 and rows == 0]
    assert empty  # the tables shown before the raters' rows were filled
    # Filled in one turn, measured in the next: the filled rows at the empty table's height.
    assert (2, 3, empty[0]) in seen and seen[-1][2] > empty[0]


@pytest.mark.parametrize("turns", [0, 1, 3])
def test_a_figures_update_before_the_parts_end_shows_the_newest(
        qtbot: Any, figures: tuple[Any, Any], temp_settings: QSettings, turns: int) -> None:
    old, new = figures
    dashboard = _dashboard(qtbot, temp_settings)
    dashboard.set_figures(old)  # the page's own turn (the window asking for it at once)
    assert _tables(dashboard) == []
    at_update: list[tuple[bool, int]] = []

    def update() -> None:  # replaces the parts still waiting
        at_update.append((dashboard.drawing, len(_tables(dashboard))))
        dashboard.set_figures(new)

    if turns == 0:
        update()
    else:  # at the first turn after the dashboard's ``turns``-th part
        timer = QTimer()
        timer.setInterval(0)
        timer.timeout.connect(lambda: None if dashboard.later.turns < turns or at_update
                              else update())
        timer.start()
        qtbot.waitUntil(lambda: bool(at_update), timeout=10_000)
        timer.stop()
    assert at_update == [(True, 0 if turns == 0 else 2)]
    _assert_as_eager(qtbot, dashboard, new, temp_settings)


def test_figures_after_the_tables_turn_and_the_cost_asked_for_early(
        qtbot: Any, figures: tuple[Any, Any], temp_settings: QSettings) -> None:
    old, new = figures
    dashboard = _dashboard(qtbot, temp_settings)
    assert _tables(dashboard) == [] and dashboard.drawing
    qtbot.waitUntil(lambda: not dashboard.drawing, timeout=10_000)
    assert len(_tables(dashboard)) == 2  # built by its own part, no figures needed
    dashboard.set_figures(old)
    dashboard.set_figures(new)
    _assert_as_eager(qtbot, dashboard, new, temp_settings)
    early = _dashboard(qtbot, temp_settings)
    cost = early.cost  # e.g. the report's inputs: built at once, then not again
    assert len(_tables(early)) == 2 and cost is early.cost
    early.set_figures(new)
    _assert_as_eager(qtbot, early, new, temp_settings)


def test_the_windows_dashboard_tab_gets_its_tables_in_a_later_turn(
        qtbot: Any, tmp_path: Path, memory_keyring: Any, temp_settings: QSettings) -> None:
    setup = build_setup(tmp_path, memory_keyring)
    errors: Errors = []
    window: Any = make_qa_window(qtbot, setup, settings=temp_settings,
                                 keyring=memory_keyring, errors=errors)
    assert window.import_paths(result_files(setup, "alice", "bob", "carol"))
    qtbot.waitUntil(lambda: window.view.figures is not None and not window.runner.busy,
                    timeout=30_000)
    window.show_role("dashboard")
    dashboard = window.tabs.currentWidget()
    assert isinstance(dashboard, Dashboard) and _tables(dashboard) == []
    wait_idle(qtbot, window, figures=True)
    assert dashboard.raters_table.rowCount() == 3 and len(_tables(dashboard)) == 2
    assert errors == []
