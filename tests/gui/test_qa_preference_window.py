"""The QA window on a preference batch: signed exports verified and shown with the very
figures of ``rater-desktop qa report`` (and its HTML report), each rater's choice and
explanation in file terms, and a mixed set of protocols refused naming each file."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QTableWidget

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))

from qa_window_kit import Errors, build_setup, wait_idle  # noqa: E402
from test_preference_qa import CHOICES, _batch, _document  # noqa: E402
from test_qa_window_more import _unnamed  # noqa: E402

from rater_desktop.cli import main  # noqa: E402
from rater_desktop.gui.qa import exports, open_qa_window  # noqa: E402
from rater_desktop.gui.qa.window import QaWindow  # noqa: E402
from rater_desktop.results.export import export_results  # noqa: E402
from rater_desktop.signing import keys  # noqa: E402

EXPLANATION = "Response A <b>books</b> the right flight"


@pytest.fixture
def exported(tmp_path: Path) -> dict[str, Any]:
    """Three raters' signed preference exports (alice explains her choice on s-1)."""
    batch_path = _batch(tmp_path)
    keyset = {r: keys.generate_private_key() for r in CHOICES}
    docs = {r: _document(batch_path, r, k) for r, k in keyset.items()}
    for entry in docs["alice"]["items"]:
        if entry["item_id"] == "s-2":
            entry["rating"]["explanation"] = EXPLANATION
    (tmp_path / "out").mkdir()
    files = {r: export_results(out_path=tmp_path / "out" / r, document=d,
                               private_key=keyset[r]).results_path for r, d in docs.items()}
    roster = tmp_path / "allowed_signers"
    roster.write_text("".join(f"{r} {keys.openssh_public_key(k.public_key())}\n"
                              for r, k in keyset.items()))
    return {"batch": batch_path, "docs": docs, "files": files, "roster": roster}


def _window(qtbot: Any, exported: dict[str, Any], settings: QSettings,
            errors: Errors) -> QaWindow:
    window = open_qa_window(
        parent=None, settings=settings, data_dir=exported["batch"].parent / "profiles",
        batch_path=str(exported["batch"]), keyring=None, roster_path=exported["roster"],
        report_error=lambda _p, title, text, _d: errors.append((title, text)))
    qtbot.addWidget(window)
    window.resize(1366, 768)
    wait_idle(qtbot, window)
    return window


def _reviewed(qtbot: Any, window: QaWindow, question: str | None = None) -> None:
    qtbot.waitUntil(lambda: window.view.dashboard.review is not None
                    and window.view.dashboard.review.question == question
                    and not window.runner.busy, timeout=30_000)


def _cells(table: QTableWidget) -> list[list[str]]:
    return [[table.item(r, c).text() for c in range(table.columnCount())]
            for r in range(table.rowCount())]


def _cli(exported: dict[str, Any], out: Path, *extra: str) -> None:
    assert main(["qa", "report", *map(str, exported["files"].values()), "--batch",
                 str(exported["batch"]), "--allowed-signers", str(exported["roster"]),
                 "--out", str(out), *extra]) == 0


def test_the_window_shows_the_figures_of_qa_report(
        qtbot: Any, exported: dict[str, Any], temp_settings: QSettings,
        tmp_path: Path) -> None:
    errors: Errors = []
    window = _window(qtbot, exported, temp_settings, errors)
    assert window.tabs.isTabVisible(window.tabs.indexOf(window.view.dashboard))
    compare = window.views["guideline"].compare  # adjudication is for guideline items
    assert not window.tabs.isTabVisible(window.tabs.indexOf(compare))
    assert not window.actions_.tabs[2].isEnabled()  # Ctrl+3, Compare
    assert not window.actions_.export_decisions.isEnabled()
    window.import_paths(list(exported["files"].values()))
    _reviewed(qtbot, window)
    assert errors == []
    assert set(window.files_panel.row_states().values()) == {"Valid, known rater"}
    dashboard = window.view.dashboard
    dashboard.question.setCurrentIndex(dashboard.question.findData("background"))
    _reviewed(qtbot, window, "background")
    _cli(exported, tmp_path / "cli.jsonl", "--format", "jsonl", "--by", "background")
    cli = json.loads((tmp_path / "cli.jsonl").read_text())
    agreement = _cells(dashboard.agreement)
    assert agreement[0] == ["all raters", f"{cli['agreement']['percent']:.2f}",
                            f"{cli['agreement']['alpha']:.2f}", "3", "3"]
    by_answer = {row[0]: row[1:] for row in agreement[1:]}
    for answer, figures in cli["agreement_by_answer"].items():
        percent = "n/a" if figures["percent"] is None else f"{figures['percent']:.2f}"
        assert by_answer[f"answered: {answer}"][0] == percent
    models = {row[0]: row[1:] for row in _cells(dashboard.models)}
    for model, figures in cli["models"].items():
        assert models[model] == [str(figures["wins"]), str(figures["ties"]),
                                 str(figures["losses"]), f"{figures['win_rate']:.2f}",
                                 f"{figures['bradley_terry']:.2f}"]
    raters = {row[0]: row[1:] for row in _cells(dashboard.raters)}
    for rater in cli["raters"]:
        assert raters[rater["rater_id"]][0] == (f"{rater['qualification_passed']} of "
                                                f"{rater['qualification_total']}")
    assert f"Median {cli['seconds_per_judgment']['median']:.1f} s" in dashboard.time_cost.text()
    assert f"total {cli['cost']['total']:.2f}" in dashboard.time_cost.text()
    # The HTML report of the window is the one the command line writes.
    _cli(exported, tmp_path / "cli.html", "--by", "background")
    assert exports.export_report_to(window, tmp_path / "window.html", "html")
    qtbot.waitUntil(lambda: window.last_report == tmp_path / "window.html", timeout=30_000)
    assert (tmp_path / "window.html").read_text() == (tmp_path / "cli.html").read_text()
    assert _unnamed(window) == []


def test_cost_inputs_change_the_projection(
        qtbot: Any, exported: dict[str, Any], temp_settings: QSettings,
        tmp_path: Path) -> None:
    window = _window(qtbot, exported, temp_settings, [])
    window.import_paths(list(exported["files"].values()))
    _reviewed(qtbot, window)
    before = window.view.dashboard.review
    window.view.dashboard.wage.setValue(30.0)
    qtbot.waitUntil(lambda: window.view.dashboard.review is not before
                    and not window.runner.busy, timeout=30_000)
    _cli(exported, tmp_path / "cli.jsonl", "--format", "jsonl", "--wage", "30")
    total = json.loads((tmp_path / "cli.jsonl").read_text())["cost"]["total"]
    assert f"total {total:.2f}" in window.view.dashboard.time_cost.text()


def test_disagreements_give_each_choice_in_file_terms(
        qtbot: Any, exported: dict[str, Any], temp_settings: QSettings) -> None:
    window = _window(qtbot, exported, temp_settings, [])
    window.import_paths(list(exported["files"].values()))
    _reviewed(qtbot, window)
    panel = window.view.disagreements
    shown = {row[0]: row for row in _cells(panel.table)}
    assert set(shown) == {"s-2", "s-3", "q-1", "q-2"}  # s-1: all chose A
    assert shown["s-2"][3] == "alice B, bob B, carol A"
    assert shown["q-1"][2] == "B"  # the gold choice carol missed
    row = list(shown).index("s-2")
    panel.table.selectRow(row)
    text = panel.detail.toPlainText()
    assert "File A = model-alpha, file B = model-beta" in text
    assert "Response A <b>books</b> the right flight" in text  # escaped, shown as written
    entry = next(e for e in exported["docs"]["alice"]["items"] if e["item_id"] == "s-2")
    swapped = entry["display_order"] == ["B", "A"]
    clicked = "A" if swapped else "B"  # she chose file B
    assert f"alice: B (model-beta) \u2014 clicked \u201c{clicked}\u201d" in text
    assert ("shown swapped" if swapped else "shown in file order") in text


def test_a_mixed_set_is_refused_naming_the_files_of_each_protocol(
        qtbot: Any, exported: dict[str, Any], temp_settings: QSettings,
        tmp_path: Path) -> None:
    errors: Errors = []
    window = _window(qtbot, exported, temp_settings, errors)
    guideline = tmp_path / "old.results.json"
    document = dict(exported["docs"]["alice"])
    document.pop("protocol")
    guideline.write_text(json.dumps(document))
    window.import_paths([exported["files"]["bob"], guideline])
    qtbot.waitUntil(lambda: bool(errors), timeout=30_000)
    title, text = errors[0]
    assert title == "Results of different protocols"
    assert "guideline: old.results.json" in text
    assert f"preference: {exported['files']['bob'].name}" in text
    wait_idle(qtbot, window)
    assert window.files_panel.row_states() == {}  # nothing imported


def test_preference_results_on_a_guideline_batch_are_refused(
        qtbot: Any, exported: dict[str, Any], temp_settings: QSettings,
        memory_keyring: Any, tmp_path: Path) -> None:
    setup = build_setup(tmp_path / "guideline", memory_keyring)
    errors: Errors = []
    window = open_qa_window(
        parent=None, settings=temp_settings, data_dir=setup.batch_path.parent / "profiles",
        batch_path=str(setup.batch_path), keyring=memory_keyring, roster_path=setup.roster,
        report_error=lambda _p, title, text, _d: errors.append((title, text)))
    qtbot.addWidget(window)
    wait_idle(qtbot, window)
    assert window.view is window.views["guideline"] and "preference" not in window.views
    window.import_paths([exported["files"]["bob"]])
    qtbot.waitUntil(lambda: bool(errors), timeout=30_000)
    assert "preference judgments, but the opened batch uses the guideline protocol" in errors[0][1]


def test_opening_another_batch_empties_the_preference_views(
        qtbot: Any, exported: dict[str, Any], temp_settings: QSettings) -> None:
    window = _window(qtbot, exported, temp_settings, [])
    window.import_paths(list(exported["files"].values()))
    _reviewed(qtbot, window)
    assert window.view.disagreements.table.rowCount() == 4
    assert window.open_batch_path(str(exported["batch"]))
    qtbot.waitUntil(lambda: window.opening_batch is None, timeout=30_000)  # read on a worker
    assert window.view.dashboard.review is None  # never the figures of the batch before
    assert window.view.dashboard.models.rowCount() == 0
    assert window.view.disagreements.table.rowCount() == 0
    _reviewed(qtbot, window)  # the stored files come back with the batch
    assert window.view.disagreements.table.rowCount() == 4


def test_a_long_survey_question_never_widens_the_dashboard(qtbot: Any) -> None:
    from rater_desktop.gui.preference.qa_panel import PreferenceDashboard
    from rater_desktop.preference.review import PreferenceReview
    from rater_desktop.preference.stats import preference_figures

    long_text = "What do you use chat assistants for? " * 6
    review = PreferenceReview(batch_sha256="x", figures=preference_figures([], gold={}),
                              disagreements=(), questions=(("use", long_text),),
                              question="use", raters=(), title="t")
    dashboard = PreferenceDashboard()
    qtbot.addWidget(dashboard)
    dashboard.set_review(review)
    assert dashboard.chosen_question() == "use"
    assert dashboard.question.sizeHint().width() < 400
    assert dashboard.question.itemData(1, Qt.ItemDataRole.ToolTipRole) == long_text


def test_the_preference_qa_tabs_are_not_built_until_shown(
        qtbot: Any, exported: dict[str, Any], temp_settings: QSettings) -> None:
    errors: Errors = []
    window = _window(qtbot, exported, temp_settings, errors)
    view = window.view
    window.import_paths(list(exported["files"].values()))
    qtbot.waitUntil(lambda: view._review is not None and not window.runner.busy,
                    timeout=30_000)
    # The batch opened and its figures came: both tabs are still placeholders.
    assert not view.built("disagreements") and not view.built("dashboard")
    window.show_role("dashboard")
    assert view.built("dashboard") and not view.built("disagreements")
    assert window.tabs.currentWidget() is view.dashboard
    assert view.dashboard.review is view._review  # the figures computed meanwhile
    window.show_role("disagreements")
    assert window.tabs.currentWidget() is view.disagreements
    assert view.disagreements.table.rowCount() == 4
    assert errors == []


def test_model_names_are_whole_in_a_compact_window(
        qtbot: Any, exported: dict[str, Any], temp_settings: QSettings) -> None:
    """At 853x480 the models table shared half the page with the raters' eight columns:
    its stretched name column was squeezed until every name read "mode..."."""
    errors: Errors = []
    window = _window(qtbot, exported, temp_settings, errors)
    window.resize(853, 480)
    window.show()
    window.import_paths(list(exported["files"].values()))
    _reviewed(qtbot, window)
    window.show_role("dashboard")
    models = window.view.dashboard.models
    qtbot.waitUntil(lambda: models.rowCount() == 2 and models.isVisible(), timeout=10_000)
    metrics = models.fontMetrics()
    for row in range(models.rowCount()):
        name = models.item(row, 0).text()
        assert models.columnWidth(0) > metrics.horizontalAdvance(name), name
    raters = window.view.dashboard.raters
    last = raters.columnCount() - 1
    # Every rater column is on screen (the table has no horizontal scroll bar).
    assert raters.columnViewportPosition(last) + raters.columnWidth(last) \
        <= raters.viewport().width()
    assert errors == []


def test_the_dashboard_needs_no_sideways_scrolling_in_a_compact_window(qtbot: Any) -> None:
    """The survey question and the three cost inputs on one line were wider than an
    853x480 window: the page scrolled sideways and cut the headline and every table."""
    from rater_desktop.gui.preference.qa_panel import PreferenceDashboard

    dashboard = PreferenceDashboard()
    qtbot.addWidget(dashboard)
    dashboard.resize(853, 480)
    dashboard.show()
    qtbot.waitExposed(dashboard)
    assert dashboard.widget().minimumSizeHint().width() <= dashboard.viewport().width()
    assert dashboard.horizontalScrollBar().maximum() == 0
