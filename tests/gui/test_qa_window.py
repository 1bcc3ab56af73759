"""QA reviewer window: three raters' signed exports, a tampered copy and an unknown
signer; disagreement table, compare view, adjudication (persisted), signed export."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from qa_window_kit import (
    Errors,
    Setup,
    build_setup,
    make_qa_window,
    open_in_compare,
    result_files,
    wait_idle,
)

from rater_desktop.qa_review.adjudication import Decision, verify_decisions_bytes
from rater_desktop.qa_review.roster import Roster
from rater_desktop.results.verify import VerifyStatus

ALL = ("alice", "bob", "carol", "dave", "tampered")


@pytest.fixture
def setup(tmp_path: Path, memory_keyring: Any) -> Setup:
    return build_setup(tmp_path, memory_keyring)


def _opened(qtbot: Any, setup: Setup, temp_settings: QSettings, keyring: Any,
            errors: Errors) -> Any:
    window = make_qa_window(qtbot, setup, settings=temp_settings, keyring=keyring,
                            errors=errors)
    assert window.import_paths(result_files(setup, *ALL))
    wait_idle(qtbot, window, figures=True)
    return window


def test_files_panel_shows_each_verification_state(
        qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any) -> None:
    errors: Errors = []
    window = _opened(qtbot, setup, temp_settings, memory_keyring, errors)
    states = window.files_panel.row_states()
    for rater in ("alice", "bob", "carol"):
        assert states[str(setup.files[rater])] == "Valid, known rater"
    assert states[str(setup.files["dave"])] == "Valid, UNKNOWN key"
    assert states[str(setup.files["tampered"])] == "INVALID"
    tree = window.files_panel.tree
    rows = {tree.topLevelItem(i).text(6): tree.topLevelItem(i) for i in range(tree.topLevelItemCount())}
    dave = rows["dave.results.json"]
    assert dave.text(4) == setup.infos["dave"].fingerprint
    assert dave.text(2) == "no" and rows["bob-edited.results.json"].text(2) == "no"
    assert "changed" in rows["bob-edited.results.json"].text(3)
    assert rows["bob-edited.results.json"].font(6).strikeOut()
    # Only the three trusted files feed the statistics: dave's +3 everywhere is not counted.
    assert window.state.raters == ("alice", "bob", "carol")
    assert window.view.dashboard.figures.raters == ("alice", "bob", "carol")
    assert "3 used in the statistics" in window.files_panel.summary.text()
    assert not errors


def test_disagreement_table_sorted_filtered_and_opens_compare(
        qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any) -> None:
    window = _opened(qtbot, setup, temp_settings, memory_keyring, [])
    panel = window.view.disagreements
    table = panel.table
    column = 6  # total disagreement
    values = [float(panel.text(r, column)) for r in range(panel.rows.total)]
    assert values == sorted(values, reverse=True) and panel.rows.total == 8
    # s2: verdicts 1, 2, -3 (spread 5) + TC spread 4 on B (4, 5, 1) = 9, the largest.
    assert panel.text(0, 0) == "s2" and values[0] == 9.0
    panel.kind_combo.setCurrentIndex(panel.kind_combo.findData("qualification"))
    assert [panel.text(r, 0) for r in range(panel.rows.total)] == ["q2", "q1"]
    panel.kind_combo.setCurrentIndex(0)
    panel.measure_combo.setCurrentIndex(panel.measure_combo.findData("verdict_spread"))
    panel.minimum.setValue(5)
    assert sorted(panel.text(r, 0) for r in range(panel.rows.total)) == ["q2", "s2"]
    table.selectRow(0)  # selected: still the list (its keys walk it)
    assert window.tabs.currentWidget() is not window.view.compare
    qtbot.keyClick(table, Qt.Key.Key_Return)  # Enter opens it
    assert window.tabs.currentWidget() is window.view.compare
    assert window.view.compare.item_id == panel.text(0, 0)


def test_compare_view_true_ab_with_every_rater_and_claims(
        qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any) -> None:
    window = _opened(qtbot, setup, temp_settings, memory_keyring, [])
    compare = window.view.compare
    open_in_compare(qtbot, window, "s1")
    panes = compare.item_view.panes
    assert panes["A"].title.text() == "Response A (alpha)"
    assert panes["B"].title.text() == "Response B (beta)"
    answers = compare.answers
    headers = [answers.horizontalHeaderItem(c).text() for c in range(answers.columnCount())]
    assert headers == ["alice", "bob", "carol"]
    labels = [answers.verticalHeaderItem(r).text() for r in range(answers.rowCount())]
    verdict_row = labels.index("Verdict")
    # True order: alice and bob -2 (A better), carol -1, whatever order each of them saw.
    assert answers.item(verdict_row, 0).text() == "A (alpha) better (-2)"
    assert answers.item(verdict_row, 2).text() == "A (alpha) slightly better (-1)"
    assert answers.item(labels.index("Guideline warnings"), 0).text()
    scores = labels.index("A: TC / FA / AIP")
    assert answers.item(scores, 1).text() == "5 / 4 / 3"
    assert compare.highlight_claims() == 3  # alice, bob and carol each marked a claim in A
    clusters = compare.clusters
    texts = [clusters.item(r, 3).text() for r in range(clusters.rowCount())]
    assert "CONFLICT" in texts
    conflict = texts.index("CONFLICT")
    assert "alice: accurate" in clusters.item(conflict, 2).text()
    assert "bob: inaccurate" in clusters.item(conflict, 2).text()
    compare.legend_boxes["bob"].setChecked(False)
    assert compare.highlight_claims() == 2


def test_adjudication_persists_across_reopening(
        qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any) -> None:
    window = _opened(qtbot, setup, temp_settings, memory_keyring, [])
    open_in_compare(qtbot, window, "s2")
    panel = window.view.compare.adjudication
    panel.verdict_combo.setCurrentIndex(panel.verdict_combo.findData("B_better"))
    panel.buttons[Decision.REJECT].click()
    panel.note.setPlainText("carol reversed the verdict; re-check the price claim")
    qtbot.waitUntil(lambda: not panel._timer.isActive(), timeout=3000)
    listing = window.view.disagreements
    assert "Reject" in [listing.text(r, 8) for r in range(listing.rows.total)]
    window.close()
    again = make_qa_window(qtbot, setup, settings=temp_settings, keyring=memory_keyring,
                           errors=[])
    assert again.files_panel.tree.topLevelItemCount() == 5  # earlier imports kept
    open_in_compare(qtbot, again, "s2")
    panel = again.view.compare.adjudication
    assert panel.chosen() is not None and panel.chosen().value == "reject"
    assert panel.note.toPlainText() == "carol reversed the verdict; re-check the price claim"
    assert panel.verdict_combo.currentData() == "B_better"
    assert panel.verdict_combo.currentText() == "B (gamma) better"


def test_export_signed_decisions_verifies(
        qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any,
        tmp_path: Path) -> None:
    from rater_desktop.gui.qa import exports

    errors: Errors = []
    window = _opened(qtbot, setup, temp_settings, memory_keyring, errors)
    open_in_compare(qtbot, window, "q2")
    window.view.compare.adjudication.buttons[Decision.NEEDS_FIX].click()
    assert exports.export_decisions_to(window, tmp_path / "missing" / "review") is None
    assert "does not exist" in errors.pop()[1]
    (tmp_path / "out").mkdir()
    exported = exports.export_decisions_to(window, tmp_path / "out" / "review")
    assert exported is not None, errors
    assert exported.results_path.name == "review.qa-decisions.json"
    outcome = verify_decisions_bytes(
        data=exported.results_path.read_bytes(),
        signature=exported.signature_path.read_bytes(),
        allowed_signers=Roster(setup.roster).signers())
    assert outcome.status is VerifyStatus.VALID and outcome.signer_principal == "quinn"
    document = json.loads(exported.results_path.read_text("utf-8"))
    assert [(d["item_id"], d["decision"]) for d in document["decisions"]] == [("q2", "needs_fix")]
    assert sorted(s["rater_id"] for s in document["sources"]) == ["alice", "bob", "carol"]
    tampered = exported.results_path.read_bytes().replace(b"needs_fix", b"accept")
    bad = verify_decisions_bytes(data=tampered, signature=exported.signature_path.read_bytes(),
                                 allowed_signers=Roster(setup.roster).signers())
    assert bad.status is VerifyStatus.TAMPERED


def test_many_import_notes_leave_the_table_on_screen(
        qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any) -> None:
    # 50 exports with unknown keys made 100 wrapped lines above the table at 1366x768.
    window = make_qa_window(qtbot, setup, settings=temp_settings, keyring=memory_keyring,
                            errors=[])
    window.files_panel.show_messages([f"rater{n:03d}.results.json: key not in the roster"
                                      for n in range(50)])
    text = window.files_panel.messages.text()
    assert text.count("\n") == 3
    assert text.startswith("rater000.results.json") and "47 more" in text


def test_a_long_compare_summary_never_widens_the_window(
        qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any) -> None:
    # Seen at 1366x768: after Compare's first item the window grew to 1396 px, its right
    # edge (the decision's Clear, the close button) off screen.
    window = make_qa_window(qtbot, setup, settings=temp_settings, keyring=memory_keyring,
                            errors=[])
    compare = window.view.compare
    compare.summary.setText("short")
    least = compare.minimumSizeHint().width()
    compare.summary.setText("  \u00b7  ".join(f"rater{n:03d} saw file A as B" for n in range(50)))
    assert compare.minimumSizeHint().width() == least
    assert compare.summary.wordWrap()
