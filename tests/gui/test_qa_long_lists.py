"""Long QA lists never hold the window in one go (issue 22): thousands of disagreements
fill a part per event-loop turn, and a newer filter stops an older fill."""

from __future__ import annotations

from typing import Any

from rater_desktop.gui.qa.disagreement_panel import ROWS_PER_TURN, DisagreementPanel
from rater_desktop.qa.disagreement import ItemDisagreement
from rater_desktop.qa_review.review_state import JudgedItem


def _items(count: int) -> list[ItemDisagreement]:
    return [ItemDisagreement(item_id=f"s{n:04d}", raters=("alice", "bob"),
                             verdict_spread=float(n % 7), score_spreads={0: {"tc": 1.0}},
                             claim_clusters=()) for n in range(count)]


def test_a_long_list_fills_over_several_turns(qtbot: Any) -> None:
    panel = DisagreementPanel()
    qtbot.addWidget(panel)
    items = _items(4 * ROWS_PER_TURN + 7)
    judged = {d.item_id: JudgedItem("standard", (0, 3)) for d in items}
    panel.set_data(items, judged, {"s0001": "Accept"})
    table = panel.table
    assert table.rowCount() == len(items)
    assert table.item(ROWS_PER_TURN - 1, 0) is not None  # the first part at once
    assert table.item(len(items) - 1, 0) is None  # the rest on later turns
    qtbot.waitUntil(lambda: table.item(len(items) - 1, 0) is not None, timeout=10_000)
    shown = [table.item(r, 0).text() for r in range(table.rowCount())]
    assert shown == [d.item_id for d in panel.visible_items()]
    row = shown.index("s0001")
    assert table.item(row, 8).text() == "Accept"
    assert table.item(row, 7).text() == "verdicts 0 to +3; A TC differ by 1"


def test_a_newer_filter_stops_the_older_fill(qtbot: Any) -> None:
    panel = DisagreementPanel()
    qtbot.addWidget(panel)
    items = _items(4 * ROWS_PER_TURN)
    panel.set_data(items, {d.item_id: JudgedItem("standard") for d in items}, {})
    panel.minimum.setValue(7)  # verdict spread 6 only: a short list, filled at once
    only = sorted(d.item_id for d in items if d.score >= 7)
    assert [panel.table.item(r, 0).text() for r in range(panel.table.rowCount())] == only
    qtbot.wait(50)  # the older fill's next turn finds it was replaced
    assert panel.table.rowCount() == len(only)
    assert all(panel.table.item(r, 0) is not None for r in range(len(only)))


def test_a_part_on_screen_is_one_change_not_one_per_cell(qtbot: Any) -> None:
    # Per cell, a table on screen re-measured its resize-to-contents columns each time:
    # 2,000 items of 50 raters held the window for seconds per part.
    panel = DisagreementPanel()
    qtbot.addWidget(panel)
    panel.show()
    qtbot.waitExposed(panel)
    changes: list[tuple[int, int]] = []
    panel.table.model().dataChanged.connect(
        lambda first, last, *_roles: changes.append((first.row(), last.row())))
    items = _items(2 * ROWS_PER_TURN + 3)
    panel.set_data(items, {d.item_id: JudgedItem("standard") for d in items}, {})
    assert changes == [(0, ROWS_PER_TURN - 1)]  # the first part, in one signal
    qtbot.waitUntil(lambda: len(changes) == 3, timeout=10_000)
    assert changes[1:] == [(ROWS_PER_TURN, 2 * ROWS_PER_TURN - 1),
                           (2 * ROWS_PER_TURN, 2 * ROWS_PER_TURN + 2)]
    assert panel.table.item(len(items) - 1, 0) is not None
