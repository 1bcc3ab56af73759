"""Report building blocks: CSV formula guard, JSONL fidelity, escaping in charts and tables."""

from __future__ import annotations

import csv
import io
import json

from rater_desktop.qa_review import svg
from rater_desktop.qa_review.report_sections import table
from rater_desktop.qa_review.rows import COLUMNS, rows_to_csv, rows_to_jsonl

HOSTILE = '=HYPERLINK("http://evil.example","click")'


def test_csv_guards_formula_cells_and_jsonl_keeps_the_text() -> None:
    row = {name: None for name in COLUMNS}
    row.update(
        item_id="s1", rater_id="alice", tc_justification=HOSTILE, fa_justification="-1 point",
        aip_justification="@once", verdict_score=-2, preference=2, seconds=61.5,
        main_goal_met=False, verdict_justification='He said "fine", then\nleft',
    )  # fmt: skip
    parsed = next(csv.DictReader(io.StringIO(rows_to_csv([row]))))
    assert parsed["tc_justification"] == "'" + HOSTILE
    assert parsed["fa_justification"] == "'-1 point" and parsed["aip_justification"] == "'@once"
    assert parsed["verdict_score"] == "-2" and parsed["seconds"] == "61.5"  # numbers stay numbers
    assert parsed["main_goal_met"] == "false" and parsed["tc"] == ""
    assert parsed["verdict_justification"] == 'He said "fine", then\nleft'
    record = json.loads(rows_to_jsonl([row]))
    assert record["tc_justification"] == HOSTILE and record["tc"] is None
    assert list(record) == list(COLUMNS)


def test_chart_and_table_text_is_escaped() -> None:
    chart = svg.bar_chart(title="<t>", bars=[("<b>&x", 0.5), ("none", None)], low=0, high=1)
    assert "<b>" not in chart and "&lt;b&gt;&amp;x" in chart and "n/a" in chart
    whiskers = svg.whisker_chart(title="w", rows=[("m</text><script>", 1.0, (0.5, 2.0))],
                                 low=0, high=3)  # fmt: skip
    assert "<script>" not in whiskers
    html = table(['<th>"'], [[("<v>", 'key"><x'), "<td>"]])
    assert "<v>" not in html and "&lt;td&gt;" in html and 'data-key="key&quot;&gt;&lt;x"' in html
