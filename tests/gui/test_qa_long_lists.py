"""Long QA lists never hold the window in one go (issue 22): the disagreements list is a
lazy model (rows handed to Qt a part per ``fetchMore``, cells made when asked for), and a
newer filter replaces the rows of an older one."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex

from rater_desktop.gui.qa.disagreement_panel import DisagreementPanel
from rater_desktop.gui.qa.disagreement_rows import ROWS_PER_FETCH
from rater_desktop.qa.disagreement import ItemDisagreement
from rater_desktop.qa_review.review_state import JudgedItem


def _items(count: int) -> list[ItemDisagreement]:
    return [ItemDisagreement(item_id=f"s{n:04d}", raters=("alice", "bob"),
                             verdict_spread=float(n % 7), score_spreads={0: {"tc": 1.0}},
                             claim_clusters=()) for n in range(count)]


def test_the_disagreements_view_is_a_model_whose_row_count_grows_by_fetch_more(
        qtbot: Any) -> None:
    panel = DisagreementPanel()
    qtbot.addWidget(panel)
    items = _items(4 * ROWS_PER_FETCH + 7)
    judged = {d.item_id: JudgedItem("standard", (0, 3)) for d in items}
    panel.set_data(items, judged, {"s0001": "Accept"})
    model = panel.table.model()
    assert isinstance(model, QAbstractTableModel) and model is panel.rows
    assert model.rowCount() == ROWS_PER_FETCH and panel.rows.total == len(items)
    root = QModelIndex()
    fetched = 1
    while model.canFetchMore(root):
        model.fetchMore(root)
        fetched += 1
        assert model.rowCount() == min(fetched * ROWS_PER_FETCH, len(items))
    assert fetched == 5 and model.rowCount() == len(items)
    shown = [panel.text(r, 0) for r in range(model.rowCount())]
    assert shown == [d.item_id for d in panel.visible_items()]
    row = shown.index("s0001")
    assert model.data(model.index(row, 8)) == "Accept"
    assert model.data(model.index(row, 7)) == "verdicts 0 to +3; A TC differ by 1"


def test_a_newer_filter_replaces_the_rows(qtbot: Any) -> None:
    panel = DisagreementPanel()
    qtbot.addWidget(panel)
    items = _items(4 * ROWS_PER_FETCH)
    panel.set_data(items, {d.item_id: JudgedItem("standard") for d in items}, {})
    panel.minimum.setValue(7)  # verdict spread 6 only: a short list
    only = sorted(d.item_id for d in items if d.score >= 7)
    rows = panel.table.model().rowCount()
    assert [panel.text(r, 0) for r in range(rows)] == only
    assert not panel.rows.canFetchMore(QModelIndex())


def test_a_decision_changes_one_cell_of_a_loaded_row(qtbot: Any) -> None:
    panel = DisagreementPanel()
    qtbot.addWidget(panel)
    items = _items(2 * ROWS_PER_FETCH + 3)
    panel.set_data(items, {d.item_id: JudgedItem("standard") for d in items}, {})
    changes: list[tuple[int, int, int, int]] = []
    panel.rows.dataChanged.connect(lambda first, last, *_roles: changes.append(
        (first.row(), first.column(), last.row(), last.column())))
    first = panel.text(0, 0)
    panel.set_decision(first, "Reject")
    assert changes == [(0, 8, 0, 8)] and panel.text(0, 8) == "Reject"
    last = panel.visible_items()[-1].item_id
    panel.set_decision(last, "Accept")  # not handed to Qt yet: no signal, kept for later
    assert len(changes) == 1 and panel.text(len(items) - 1, 8) == "Accept"


def test_the_disagreements_sort_orders_by_the_measure_then_the_score(qtbot: Any) -> None:
    # Each item's figures are plain attributes made with it (tests/core/
    # test_qa_disagreement_cells.py): the sort of 2,000 items walks no spreads (issue 22).
    panel = DisagreementPanel()
    qtbot.addWidget(panel)
    items = _items(50)
    judged = {d.item_id: JudgedItem("standard" if n % 3 else "attention", (0, 3))
              for n, d in enumerate(items)}
    panel.set_data(items, judged, {})
    expected = sorted(items, key=lambda d: (-d.score, -d.score, d.item_id))
    assert panel.visible_items() == expected
    panel.kind_combo.setCurrentIndex(panel.kind_combo.findData("attention"))
    panel.measure_combo.setCurrentIndex(panel.measure_combo.findData("verdict_spread"))
    kept = [d for d in items if judged[d.item_id].kind == "attention"]
    assert panel.visible_items() == sorted(
        kept, key=lambda d: (-(d.verdict_spread or 0.0), -d.score, d.item_id))
