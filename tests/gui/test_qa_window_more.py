"""QA window: roster changes, drag and drop, batch mismatch, report export, dashboard
figures and the names of every interactive widget."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QHeaderView,
    QLineEdit,
    QPlainTextEdit,
    QTabWidget,
    QWidget,
)
from qa_window_kit import (
    Errors,
    Setup,
    build_setup,
    make_qa_window,
    open_in_compare,
    result_files,
    wait_idle,
)

from rater_desktop.gui.qa.roster_dialog import RosterDialog

TRUSTED = ("alice", "bob", "carol")


@pytest.fixture
def setup(tmp_path: Path, memory_keyring: Any) -> Setup:
    return build_setup(tmp_path, memory_keyring)


def test_trusting_the_unknown_key_brings_its_file_in(
        qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any) -> None:
    window = make_qa_window(qtbot, setup, settings=temp_settings, keyring=memory_keyring,
                            errors=[])
    window.import_paths(result_files(setup, *TRUSTED, "dave"))
    wait_idle(qtbot, window, figures=True)
    assert "dave" not in window.state.raters
    dialog = RosterDialog(window.roster, parent=window)
    qtbot.addWidget(dialog)
    assert dialog.table.rowCount() == 4  # alice, bob, carol, quinn
    dialog.line.setText("dave not-a-key")
    assert not dialog.add_line() and "ssh-ed25519" in dialog.message.text()
    dialog.line.setText(f"dave {setup.infos['dave'].public_key}")
    assert dialog.add_line() and dialog.changed and dialog.table.rowCount() == 5
    window.recheck_signers()
    wait_idle(qtbot, window)
    assert window.state.raters == ("alice", "bob", "carol", "dave")
    assert window.files_panel.row_states()[str(setup.files["dave"])] == "Valid, known rater"
    dialog.table.selectRow(4)
    assert dialog.remove_selected() == 1
    window.recheck_signers()
    wait_idle(qtbot, window)
    assert window.state.raters == TRUSTED


def test_roster_import_file_and_bad_file(
        qtbot: Any, setup: Setup, tmp_path: Path) -> None:
    from rater_desktop.qa_review.roster import Roster

    roster = Roster(tmp_path / "fresh" / "allowed_signers")
    dialog = RosterDialog(roster, choose_file=lambda _p: str(setup.roster))
    qtbot.addWidget(dialog)
    dialog.import_chosen()
    assert dialog.table.rowCount() == 4 and "Added 4" in dialog.message.text()
    bad = tmp_path / "bad_signers"
    bad.write_text("alice ssh-ed25519 not-base64!!\n", encoding="utf-8")
    assert not dialog.import_path(bad)
    assert dialog.table.rowCount() == 4 and dialog.message.text()


def test_drop_batch_and_results_folder_together(
        qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any,
        batch_factory: Any) -> None:
    errors: Errors = []
    other = batch_factory("other-batch")
    window = make_qa_window(qtbot, setup, settings=temp_settings, keyring=memory_keyring,
                            errors=errors, batch_path=other)
    assert window.session is not None and window.session.batch_id == "test-batch"
    # Results of another batch are refused with a clear message, and not recorded.
    window.import_paths(result_files(setup, "alice"))
    wait_idle(qtbot, window)
    assert errors and errors[-1][0] == "Results for another batch"
    assert "qa-e2e" in errors[-1][1] and "Open that batch" in errors[-1][1]
    assert window.files_panel.tree.topLevelItemCount() == 0
    # Dropping the right batch with the results folder: batch first, then the import.
    window.open_dropped([setup.files["alice"].parent, setup.batch_path / "batch.json"])
    wait_idle(qtbot, window, figures=True)
    assert window.session.batch_id == "qa-e2e"
    assert window.files_panel.tree.topLevelItemCount() == 5
    assert window.state.raters == TRUSTED


def test_dashboard_figures_and_report_export(
        qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any,
        tmp_path: Path) -> None:
    from rater_desktop.gui.qa import exports

    window = make_qa_window(qtbot, setup, settings=temp_settings, keyring=memory_keyring,
                            errors=[])
    window.import_paths(result_files(setup, *TRUSTED, "tampered"))
    wait_idle(qtbot, window, figures=True)
    board = window.view.dashboard
    assert [b.label for b in board.agreement.bars][:3] == [
        "Task completion (TC)", "Factual accuracy (FA)", "AI performance (AIP)"]
    # Standard items s1..s5, three raters: 15 verdicts (true order) in the distribution.
    assert sum(b.value or 0 for b in board.verdicts.bars) == 15
    strengths = {b.label: b for b in board.strengths.bars}
    assert set(strengths) == {"alpha", "beta", "gamma"}
    for bar in strengths.values():  # 5 standard items: under the caveat's 30, no interval
        assert bar.low is None and bar.high is None and bar.value is not None
        assert "no interval: under 30 items" in bar.text
    assert "carol" in board.times.accessibleDescription()
    rows = {board.raters_table.item(r, 0).text(): r for r in range(board.raters_table.rowCount())}
    coaching = board.raters_table.columnCount() - 1  # the last column, after Unsure
    assert "not qualified" in board.raters_table.item(rows["carol"], coaching).text()
    assert board.raters_table.item(rows["alice"], coaching).text() == "ok"
    before = board.cost.result.text()
    board.cost.wage.setValue(30.0)
    assert board.cost.result.text() != before and "Total: 14.40" in board.cost.result.text()
    assert temp_settings.value("qa/wage") in (30.0, "30.0", "30")
    out = tmp_path / "report.html"
    assert exports.export_report_to(window, out, "html")
    qtbot.waitUntil(lambda: window.last_report == out, timeout=30_000)
    html = out.read_text("utf-8")
    assert "<svg" in html and "bob-edited.results.json" in html
    assert exports.export_report_to(window, tmp_path / "rows.csv", "csv")
    qtbot.waitUntil(lambda: window.last_report == tmp_path / "rows.csv", timeout=30_000)
    assert (tmp_path / "rows.csv").read_text("utf-8").startswith("batch_id,")


INTERACTIVE = (QAbstractButton, QComboBox, QAbstractSpinBox, QLineEdit, QPlainTextEdit,
               QAbstractItemView, QTabWidget)


def _unnamed(root: QWidget) -> list[str]:
    missing = []
    popups = [combo.view() for combo in root.findChildren(QComboBox)]
    for widget in root.findChildren(QWidget):
        if not isinstance(widget, INTERACTIVE) or isinstance(widget, QHeaderView):
            continue
        if widget.objectName().startswith("qt_") or type(widget).__name__ in (
                "QTableCornerButton", "QToolBarExtension"):
            continue  # Qt's own parts of a composite widget
        if isinstance(widget.parent(), (QAbstractSpinBox, QComboBox)) or widget in popups:
            continue
        if not widget.objectName() or not widget.accessibleName():
            missing.append(f"{type(widget).__name__} {widget.objectName()!r} "
                           f"{widget.accessibleName()!r}")
    return missing


def test_every_interactive_widget_is_named(
        qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any) -> None:
    window = make_qa_window(qtbot, setup, settings=temp_settings, keyring=memory_keyring,
                            errors=[])
    window.import_paths(result_files(setup, *TRUSTED))
    wait_idle(qtbot, window, figures=True)
    open_in_compare(qtbot, window, "s1")
    missing = _unnamed(window)
    assert missing == [], "\n".join(missing)
    dialog = RosterDialog(window.roster, parent=window)
    qtbot.addWidget(dialog)
    assert _unnamed(dialog) == []


def test_results_before_any_batch_name_their_batch(
        qtbot: Any, setup: Setup, temp_settings: QSettings) -> None:
    from rater_desktop.gui.qa import open_qa_window

    errors: Errors = []
    window = open_qa_window(parent=None, settings=temp_settings,
                            data_dir=setup.batch_path.parent / "profiles",
                            report_error=lambda _p, title, text, _d: errors.append((title, text)))
    qtbot.addWidget(window)
    assert window.session is None and window.batch is None
    assert not window.actions_.export_decisions.isEnabled()
    assert not window.import_paths(result_files(setup, "alice"))
    assert errors == [("Open the batch first", errors[0][1])]
    assert "QA test (qa-e2e)" in errors[0][1]
