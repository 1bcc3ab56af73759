"""Unsure items in the QA window (results 2.3): their own filter (the disagreement table's
"Marked unsure", the preference tab's "Only items marked unsure") and the per-rater
figure in the raters tables, in both protocols."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QTableWidget

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))

from qa_window_kit import wait_idle  # noqa: E402
from test_preference_qa import _batch, _document  # noqa: E402
from test_qa_review_support import IDENTITIES, RATERS, make_batch  # noqa: E402
from test_qa_unsure import _guideline_export  # noqa: E402

from rater_desktop.gui.qa import open_qa_window  # noqa: E402
from rater_desktop.gui.qa.window import QaWindow  # noqa: E402
from rater_desktop.results.export import export_results  # noqa: E402
from rater_desktop.signing import keys  # noqa: E402


def _window(qtbot: Any, batch: Path, roster: Path, settings: QSettings) -> QaWindow:
    errors: list[Any] = []
    window = open_qa_window(
        parent=None, settings=settings, data_dir=batch.parent / "profiles",
        batch_path=str(batch), keyring=None, roster_path=roster, resamples=40,
        report_error=lambda _p, title, text, _d: errors.append((title, text)))
    qtbot.addWidget(window)
    window.resize(1366, 768)
    wait_idle(qtbot, window)
    assert errors == []
    return window


def _roster(tmp_path: Path, keyset: dict[str, Any]) -> Path:
    roster = tmp_path / "allowed_signers"
    roster.write_text("".join(f"{r} {keys.openssh_public_key(k.public_key())}\n"
                              for r, k in keyset.items()))
    return roster


def _column(table: QTableWidget, title: str) -> dict[str, str]:
    headers = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    column = headers.index(title)
    return {table.item(r, 0).text(): table.item(r, column).text()
            for r in range(table.rowCount())}


def test_guideline_qa_window_filters_unsure_items(qtbot: Any, tmp_path: Path,
                                                  temp_settings: QSettings) -> None:
    batch = make_batch(tmp_path)
    (tmp_path / "out").mkdir()
    keyset = {r: keys.generate_private_key() for r in RATERS}
    files = [_guideline_export(r, k, batch, tmp_path / "out") for r, k in keyset.items()]
    window = _window(qtbot, batch, _roster(tmp_path, keyset), temp_settings)
    window.import_paths(files)
    wait_idle(qtbot, window, figures=True)
    panel = window.view.disagreements
    panel.kind_combo.setCurrentIndex(panel.kind_combo.findData("unsure"))
    first = next(iter(IDENTITIES))
    assert [d.item_id for d in panel.visible_items()] == [first]
    where = panel.text(0, 7)
    assert "bob unsure: I cannot judge the medical claim" in where
    unsure = _column(window.view.dashboard.raters_table, "Unsure")
    assert unsure["bob"].startswith("1 of ") and unsure["alice"].startswith("0 of ")


def test_preference_qa_window_filters_unsure_items(qtbot: Any, tmp_path: Path,
                                                   temp_settings: QSettings) -> None:
    batch = _batch(tmp_path)
    keyset = {r: keys.generate_private_key() for r in ("alice", "bob", "carol")}
    docs = {r: _document(batch, r, k) for r, k in keyset.items()}
    # s-1: every rater chose alike, so only the unsure mark brings it into the table.
    marked = next(i for i in docs["bob"]["items"] if i["item_id"] == "s-1")
    marked["unsure"] = {"reason": "Both equally wrong", "note": ""}
    (tmp_path / "out").mkdir()
    files = [export_results(out_path=tmp_path / "out" / r, document=d,
                            private_key=keyset[r]).results_path for r, d in docs.items()]
    window = _window(qtbot, batch, _roster(tmp_path, keyset), temp_settings)
    window.import_paths(files)
    qtbot.waitUntil(lambda: window.view.dashboard.review is not None
                    and not window.runner.busy, timeout=30_000)
    listing = window.view.disagreements
    everything = listing.table.rowCount()
    listing.unsure_only.setChecked(True)
    assert listing.table.rowCount() == 1 < everything
    assert listing.table.item(0, 0).text() == "s-1"
    assert listing.table.item(0, 1).text().endswith("unsure")
    listing.table.selectRow(0)
    assert "bob marked it unsure: Both equally wrong" in listing.detail.toPlainText()
    unsure = _column(window.view.dashboard.raters, "Unsure")
    assert unsure["bob"].startswith("1 of ") and unsure["carol"].startswith("0 of ")
