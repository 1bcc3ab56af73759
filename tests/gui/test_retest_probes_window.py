"""Retest probes in the windows: the QA rater table's Retest probes column; the rater never told."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QTableWidget

from tests.retest_kit import PREFERENCE, SMOKE, one_item_pool, plan_study, rate_and_export


@pytest.fixture
def keyring(monkeypatch: pytest.MonkeyPatch, memory_keyring: Any) -> None:
    from rater_desktop.cli import main
    from rater_desktop.signing import keystore

    monkeypatch.setattr(keystore, "default_keyring", lambda: memory_keyring)
    assert main(["profile", "create", "--rater-id", "owner", "--name", "Owner"]) == 0


def test_the_rater_table_shows_each_raters_retest_figure(
        qtbot: Any, tmp_path: Path, keyring: None, capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    import json

    from rater_desktop.batch.loader import open_batch
    from rater_desktop.gui.qa.dashboard_tables import RATER_COLUMNS, fill_raters
    from rater_desktop.qa_review.roster import Roster
    from rater_desktop.qa_review.session import QaSession
    from rater_desktop.qa_review.store import QaStore
    from rater_desktop.qa_review.summary import collect_figures

    plan = plan_study(tmp_path, one_item_pool(tmp_path), ["ann"], "-k", "1", "--retest", "1")
    (probe, _original), = plan["retest_probes"].items()
    smoke = json.loads(SMOKE.read_text().splitlines()[0])
    batch_path = tmp_path / "study" / "batches" / "ann"
    line = rate_and_export(tmp_path, "ann", batch_path, [smoke, {**smoke, "item_id": probe}], capsys)
    (tmp_path / "roster").write_text(line + "\n")
    with open_batch(batch_path) as batch, QaStore.in_memory() as store:
        session = QaSession(store=store, roster=Roster(tmp_path / "roster"), batch=batch)
        session.import_results([tmp_path / "ann.results.json"])
        figures = collect_figures(session, now=datetime.now(UTC), resamples=0)
    # The probe is no second judgment of the item, nor an item of its own.
    assert (figures.judgments, figures.items_in_batch, figures.items_judged) == (1, 1, 1)
    table = QTableWidget(0, len(RATER_COLUMNS))
    qtbot.addWidget(table)
    fill_raters(table, figures)
    column = RATER_COLUMNS.index("Retest probes")
    assert _text(table, column) == "1 of 1 same verdict, 0 side-following"
    assert _text(table, RATER_COLUMNS.index("Coaching")) == "ok"


def _text(table: QTableWidget, column: int) -> str:
    cell = table.item(0, column)
    assert cell is not None
    return cell.text()


def test_the_rater_window_shows_a_probe_as_a_standard_item(qtbot: Any) -> None:
    """Nothing on screen tells the rater an item repeats: the prompt is shown as a standard
    item's (an attention check's note is shown whole, which would stand out)."""
    from rater_desktop.batch.model import Item, ItemKind, Response
    from rater_desktop.gui.prompt_header import PromptHeader
    from rater_desktop.gui.safe_browser import LinkHandler

    responses = (Response(identity="m1", text="a"), Response(identity="m2", text="b"))
    header = PromptHeader(link_handler=LinkHandler())
    qtbot.addWidget(header)
    shown = []
    for item in (Item(id="s1", kind=ItemKind.STANDARD, prompt="p", responses=responses),
                 Item(id="r0a1", kind=ItemKind.RETEST, prompt="p", responses=responses,
                      retest_of="s1")):  # fmt: skip
        header.show_item(item)
        shown.append((header.whole, header.item_label.text().replace(item.id, "ID")))
    assert shown[0] == shown[1] == (False, "ID")


def test_the_preference_rater_table_shows_side_following(
        qtbot: Any, tmp_path: Path, keyring: None, capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    from rater_desktop.batch.loader import open_batch
    from rater_desktop.gui.preference.qa_panel import RATER_COLUMNS, PreferenceDashboard
    from rater_desktop.preference.review import CostInputs, preference_review
    from rater_desktop.qa_review.roster import Roster
    from rater_desktop.qa_review.session import QaSession
    from rater_desktop.qa_review.store import QaStore

    plan = plan_study(tmp_path, PREFERENCE, ["bob"], "-k", "1", "--retest", "2")
    probes = plan["retest_probes"]
    batch_path = tmp_path / "study" / "batches" / "bob"
    # The other response the second time: the same side of bob's screen both times.
    lines = [*({"item_id": o, "choice": "A"} for o in probes.values()),
             *({"item_id": p, "choice": "B"} for p in probes)]  # fmt: skip
    (tmp_path / "roster").write_text(rate_and_export(tmp_path, "bob", batch_path, lines, capsys) + "\n")
    with open_batch(batch_path) as batch, QaStore.in_memory() as store:
        session = QaSession(store=store, roster=Roster(tmp_path / "roster"), batch=batch)
        session.import_results([tmp_path / "bob.results.json"])
        review = preference_review(session, question=None, cost=CostInputs())
    dashboard = PreferenceDashboard()
    qtbot.addWidget(dashboard)
    dashboard.set_review(review)
    cell = dashboard.raters.item(0, RATER_COLUMNS.index("Retest probes"))
    assert cell is not None and cell.text() == "0 of 2 same verdict, 2 side-following"
