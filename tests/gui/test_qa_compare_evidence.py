"""QA compare: every rater's evidence, canonical A/B with swapped raters' labels explained,
tabs that say why they are empty, and lists that follow roster changes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from qa_window_kit import (
    Setup,
    build_setup,
    make_qa_window,
    open_in_compare,
    result_files,
    wait_idle,
)

from rater_desktop.gui.qa.roster_dialog import RosterDialog


@pytest.fixture
def setup(tmp_path: Path, memory_keyring: Any) -> Setup:
    return build_setup(tmp_path, memory_keyring)


def _cells(compare: Any, row_label: str) -> dict[str, str]:
    table = compare.answers
    labels = [table.verticalHeaderItem(r).text() for r in range(table.rowCount())]
    row = labels.index(row_label)
    return {table.horizontalHeaderItem(c).text(): table.item(row, c).text()
            for c in range(table.columnCount())}


def test_compare_shows_evidence_and_explains_swapped_labels(
        qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any) -> None:
    window = make_qa_window(qtbot, setup, settings=temp_settings, keyring=memory_keyring,
                            errors=[])
    window.import_paths(result_files(setup, "alice", "bob", "carol"))
    wait_idle(qtbot, window)
    compare = window.view.compare
    open_in_compare(qtbot, window, "s1")
    evidence = _cells(compare, "A: fact-check evidence")
    assert "https://shop.example/red-umbrella" in evidence["alice"]
    assert "Screenshot screens/s1-cart.png; Step 3" in evidence["alice"]
    assert evidence["bob"].endswith("(Inaccurate): no evidence recorded")
    assert _cells(compare, "B: fact-check evidence")["alice"] == "no objective claims"
    verdict_text = _cells(compare, "Verdict justification")
    # bob saw s1 swapped: his "Response A" is the file's B, and the cell says so.
    assert verdict_text["bob"].startswith("This rater saw file A as Response B")
    assert verdict_text["bob"].endswith("Response A [file B] is better.")
    assert verdict_text["alice"].endswith("on s1: Response A is better.")
    saw = _cells(compare, "Saw file A as")
    assert saw["bob"] == "Response B (labels swapped in their text)"
    assert saw["alice"] == "Response A"
    assert "saw file A as Response B: bob" in compare.summary.text()
    assert not compare.answers_note.isVisible()


def test_empty_tabs_say_why_and_one_rater_claims_are_listed(
        qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any) -> None:
    window = make_qa_window(qtbot, setup, settings=temp_settings, keyring=memory_keyring,
                            errors=[])
    compare = window.view.compare
    assert "import results files" in compare.answers_note.text()
    assert "import results files" in compare.claims_note.text()
    window.import_paths(result_files(setup, "alice"))
    wait_idle(qtbot, window)
    open_in_compare(qtbot, window, "s1")
    assert compare.clusters.rowCount() == 1  # one rater: her claim is still shown
    assert compare.clusters.item(0, 3).text() == "one rater"
    assert compare.claims_note.text().startswith("Only alice judged this item")
    assert "verdict spread" not in compare.summary.text()  # nothing to spread with one rater
    open_in_compare(qtbot, window, "s2")
    assert compare.clusters.rowCount() == 0
    assert compare.claims_note.text() == "No claims: alice recorded no claim on this item."
    assert compare.answers_note.text() == ""


def test_adding_a_rater_to_the_roster_refreshes_every_list(
        qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any) -> None:
    window = make_qa_window(qtbot, setup, settings=temp_settings, keyring=memory_keyring,
                            errors=[])
    window.import_paths(result_files(setup, "alice", "dave"))
    wait_idle(qtbot, window, figures=True)
    panel = window.files_panel
    tree = panel.tree
    dave_row = next(tree.topLevelItem(i) for i in range(tree.topLevelItemCount())
                    if tree.topLevelItem(i).text(6) == "dave.results.json")
    dave_row.setSelected(True)
    assert "not in the allowed signers roster" in panel.details.text()
    open_in_compare(qtbot, window, "s1")
    assert list(window.view.compare.legend_boxes) == ["alice"]
    dialog = RosterDialog(window.roster, parent=window)
    qtbot.addWidget(dialog)
    dialog.line.setText(f"dave {setup.infos['dave'].public_key}")
    assert dialog.add_line()
    window.recheck_signers()
    wait_idle(qtbot, window, figures=True)
    # The detail line follows the selected file's new state instead of the old message.
    assert panel.details.text().startswith("Valid, known rater")
    assert "not in the allowed signers roster" not in panel.details.text()
    assert "dave.results.json: now Valid, known rater" in panel.messages.text()
    assert list(window.view.compare.legend_boxes) == ["alice", "dave"]
    assert [h for h in _cells(window.view.compare, "Verdict")] == ["alice", "dave"]
    assert window.view.dashboard.figures.raters == ("alice", "dave")


def test_dashboard_lists_a_rater_without_qualification_answers_as_zero_of_n(
        qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any) -> None:
    from dataclasses import replace

    from rater_desktop.gui.qa.dashboard_tables import fill_raters

    window = make_qa_window(qtbot, setup, settings=temp_settings, keyring=memory_keyring,
                            errors=[])
    window.import_paths(result_files(setup, "alice", "bob"))
    wait_idle(qtbot, window, figures=True)
    figures = window.view.dashboard.figures
    table = window.view.dashboard.raters_table
    without_bob = replace(figures, qualification=tuple(
        q for q in figures.qualification if q.rater_id != "bob"))
    fill_raters(table, without_bob)
    rows = {table.item(r, 0).text(): table.item(r, 1).text() for r in range(table.rowCount())}
    assert rows["bob"] == "0 of 2 NOT qualified"
    assert rows["alice"].startswith("2 of 2") or rows["alice"].startswith("1 of 2")
