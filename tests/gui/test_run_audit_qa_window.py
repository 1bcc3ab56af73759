"""The QA window on a run audit batch: its own tab (the guideline's hidden) shows each
run's RA-6 score, a disputed completion listed as not scored, rater agreement and the
raters' agreement with the automated judge (kappa and the confusion table), the very
figures 'qa report' writes; its report export is the command line's."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QTableWidget

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))

from qa_window_kit import Errors, wait_idle  # noqa: E402
from test_run_audit_cli import ITEMS, _rate_and_export, all_marks, audit  # noqa: E402

from rater_desktop.batch.protocol import RUN_AUDIT  # noqa: E402
from rater_desktop.cli import main  # noqa: E402
from rater_desktop.gui.qa import exports, open_qa_window  # noqa: E402
from rater_desktop.signing import keystore  # noqa: E402
from tests.batchkit import batch_files, write_folder  # noqa: E402


def _cells(table: QTableWidget) -> list[list[str]]:
    return [[table.item(r, c).text() for c in range(table.columnCount())]
            for r in range(table.rowCount())]


def _two_raters(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                ) -> tuple[Path, Path, Path, Path]:  # fmt: skip
    """(batch, ann's results, bob's results, roster): both audit the three runs the same
    way; r-3 claims a completion both saw blocked (a disputed completion)."""
    batch = write_folder(tmp_path / "ra-batch", batch_files(ITEMS, format_version="1.1",
                                                            protocol=RUN_AUDIT))
    wall = dict(block_step=3, quote="Sign in to continue")
    lines = [audit("r-1", 4, "completed", marks=all_marks(ITEMS[0])),
             audit("r-2", 3, "login_wall", marks=all_marks(ITEMS[1]), **wall),
             audit("r-3", 1, "blocked", verdict="overstated", block_step=1,
                   quote="Verify you are human", marks=all_marks(ITEMS[2], "contradicted"))]
    ann, ann_key = _rate_and_export(tmp_path, batch, "ann", lines, capsys)
    bob, bob_key = _rate_and_export(tmp_path, batch, "bob", lines, capsys)
    roster = tmp_path / "allowed_signers"
    roster.write_text(f"ann {ann_key}\nbob {bob_key}\n")
    return batch, ann, bob, roster


def test_the_run_audit_tab_shows_the_figures_of_qa_report(
        qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, memory_keyring: Any,
        capsys: pytest.CaptureFixture[str], temp_settings: QSettings,
        small_batch: Path) -> None:
    monkeypatch.setattr(keystore, "default_keyring", lambda: memory_keyring)
    batch, ann, bob, roster = _two_raters(tmp_path, capsys)
    errors: Errors = []
    window = open_qa_window(
        parent=None, settings=temp_settings, data_dir=tmp_path / "profiles",
        batch_path=str(batch), keyring=None, roster_path=roster,
        report_error=lambda _p, title, text, _d: errors.append((title, text)))
    qtbot.addWidget(window)
    window.resize(1366, 768)
    wait_idle(qtbot, window)
    panel = window.view.panel  # the run audit protocol's QA view (gui.protocols.QaView)
    audit_tab = window.tabs.indexOf(panel)
    guideline = [window.tabs.indexOf(t.widget) for t in window.views["guideline"].tabs]
    assert window.tabs.isTabVisible(audit_tab)
    assert not any(window.tabs.isTabVisible(i) for i in guideline)  # the guideline's
    window.actions_.tabs[1].trigger()  # View > Disagreements (Ctrl+2): this protocol's tab
    assert window.tabs.currentWidget() is panel
    window.actions_.tabs[0].trigger()
    window.actions_.tabs[3].trigger()  # View > Dashboard (Ctrl+4): the same tab
    assert window.tabs.currentWidget() is panel and not window.actions_.tabs[2].isEnabled()
    window.import_paths([ann, bob])
    qtbot.waitUntil(lambda: panel.runs.rowCount() == 3 and not window.runner.busy,
                    timeout=30_000)
    assert errors == []
    out = tmp_path / "cli.jsonl"
    assert main(["qa", "report", str(ann), str(bob), "--batch", str(batch),
                 "--allowed-signers", str(roster), "--out", str(out), "--format",
                 "jsonl"]) == 0
    records = [json.loads(line) for line in out.read_text().splitlines()]
    summary, runs = records[0], {r["item_id"]: r for r in records[1:]}
    rows = {row[0]: row for row in _cells(panel.runs)}
    assert rows["r-1"][4] == "50" == str(runs["r-1"]["score"])
    assert rows["r-3"][4] == "" and rows["r-3"][5] == "not scored: disputed completion"
    assert rows["r-3"][6] == runs["r-3"]["judge_verdict"]
    judge = summary["judge_agreement"]
    confusion = {row[0]: row[1:] for row in _cells(panel.confusion)}
    assert confusion["overstated"][0] == str(judge["confusion"]["overstated"]["accurate"])
    assert "1 disputed completion, not scored" in panel.summary.text()
    kappa = "n/a" if judge["kappa"] is None else f"{judge['kappa']:.2f}"
    assert f"Cohen's \u03ba {kappa} over {judge['pairs']} verdict pairs" in panel.summary.text()
    # The window's report is the one the command line writes.
    assert main(["qa", "report", str(ann), str(bob), "--batch", str(batch),
                 "--allowed-signers", str(roster), "--out", str(tmp_path / "cli.html")]) == 0
    assert exports.export_report_to(window, tmp_path / "window.html", "html")
    qtbot.waitUntil(lambda: window.last_report == tmp_path / "window.html", timeout=30_000)
    assert (tmp_path / "window.html").read_text() == (tmp_path / "cli.html").read_text()
    # A guideline batch next: its tabs back, this one hidden, the View keys as before.
    assert window.open_batch_path(str(small_batch))
    wait_idle(qtbot, window)
    assert not window.tabs.isTabVisible(audit_tab)
    assert all(window.tabs.isTabVisible(i) for i in guideline)
    window.actions_.tabs[1].trigger()
    assert window.tabs.currentIndex() == guideline[0] and window.actions_.tabs[2].isEnabled()


def test_the_run_audit_qa_view_is_not_built_until_its_tab_is_shown(
        qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, memory_keyring: Any,
        capsys: pytest.CaptureFixture[str], temp_settings: QSettings,
        small_batch: Path) -> None:
    monkeypatch.setattr(keystore, "default_keyring", lambda: memory_keyring)
    batch, ann, bob, roster = _two_raters(tmp_path, capsys)
    errors: Errors = []
    window = open_qa_window(
        parent=None, settings=temp_settings, data_dir=tmp_path / "profiles",
        batch_path=str(batch), keyring=None, roster_path=roster,
        report_error=lambda _p, title, text, _d: errors.append((title, text)))
    qtbot.addWidget(window)
    wait_idle(qtbot, window)
    view = window.view
    window.import_paths([ann, bob])
    qtbot.waitUntil(lambda: view._figures is not None and not window.runner.busy,
                    timeout=30_000)
    assert not view.built  # the batch opened and its figures came: still a placeholder
    window.show_role("disagreements")
    assert view.built and window.tabs.currentWidget() is view.panel
    assert window.tabs.tabText(window.tabs.currentIndex()) == "Run audit"
    assert view.panel.runs.rowCount() == 3  # the figures computed before it was built
    assert errors == []
