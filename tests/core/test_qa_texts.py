"""The QA window's texts, computed without Qt (issue 21: decisions and formatting live in
plain functions; the window only draws them): Compare's rows and summary, where raters
differ, the dashboard's rater and model rows, and a preference rater's choice."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from test_qa_review_support import RATERS, Setup, build_setup

from rater_desktop.batch.loader import open_batch
from rater_desktop.batch.model import Verdict
from rater_desktop.preference.qa_text import agreement_row, choices_text, detail_html, num
from rater_desktop.preference.review import ChoiceDisagreement, RaterChoice
from rater_desktop.preference.stats import Agreement
from rater_desktop.qa_review.answer_rows import (
    answer_rows,
    duration_tick_text,
    seconds_text,
    summary_text,
    time_axis_top,
    verdict_text,
)
from rater_desktop.qa_review.dashboard_rows import model_rows, rater_rows
from rater_desktop.qa_review.review_state import judged_items, where_text
from rater_desktop.qa_review.roster import Roster
from rater_desktop.qa_review.session import QaSession
from rater_desktop.qa_review.store import QaStore
from rater_desktop.qa_review.summary import collect_figures

NOW = datetime(2026, 5, 1, tzinfo=UTC)


@pytest.fixture
def setup(tmp_path: Path, memory_keyring: Any) -> Setup:
    return build_setup(tmp_path, memory_keyring)


def test_verdicts_and_times_read_in_file_terms() -> None:
    assert verdict_text(Verdict.A_MUCH_BETTER, ("alpha", "beta")).startswith("A (alpha) ")
    assert seconds_text(None) == "\u2013"
    assert seconds_text(42.4) == "42 s" and seconds_text(125) == "2 min 05 s"
    assert summary_text(None) == ""


@pytest.mark.parametrize(("longest", "top", "label"), [
    (0.0, 10.0, "10 s"), (11.2, 20.0, "20 s"), (60.0, 60.0, "1 min"),
    (61.0, 120.0, "2 min"), (489.4, 540.0, "9 min"), (3600.0, 3600.0, "1 h"),
    (3601.0, 4200.0, "1 h 10 min"),
])
def test_the_time_chart_ends_on_a_round_duration_its_label_says(
        longest: float, top: float, label: str) -> None:
    """The time chart's scale ended at the longest quartile x 1.12 and said so in raw
    seconds ("489"); it now ends on a round duration and says it as one."""
    assert time_axis_top(longest) == top >= longest
    assert duration_tick_text(top) == label
    assert duration_tick_text(0.0) == "0" and duration_tick_text(75) == "1 min 15 s"


def test_compare_rows_dashboard_rows_and_where_from_one_session(setup: Setup) -> None:
    with QaStore.in_memory() as store, open_batch(setup.batch_path) as batch:
        session = QaSession(store=store, roster=Roster(setup.roster), batch=batch,
                            clock=lambda: NOW)
        session.import_results([setup.files[r] for r in RATERS])
        comparison = session.comparison("s1")
        rows = dict(answer_rows())
        assert set(rows) >= {"Verdict", "Time spent", "Case file", "Notes", "Status"}
        texts = [rows["Verdict"](c, comparison.identities) for c in comparison.raters]
        assert len(texts) == len(RATERS) and all(t.endswith(")") for t in texts)
        summary = summary_text(comparison)
        assert summary.startswith(f"{comparison.kind}  \u00b7  3 raters")
        judged = judged_items(session)
        assert list(judged) == [i for i in session.item_infos() if i in judged]
        spread = {d.item_id: d for d in session.disagreements()}
        for item_id, found in spread.items():
            verdicts = judged[item_id].verdicts
            said = where_text(found, judged[item_id])
            assert ("verdicts" in said) == (len(set(verdicts)) > 1)
        figures = collect_figures(session, now=NOW, resamples=10)
        raters = rater_rows(figures)
        assert [texts[0] for texts, _ in raters] == list(figures.raters)
        assert all(texts[-1] == "ok" or alert for texts, alert in raters)
        models = model_rows(figures)
        assert [row[0] for row in models] == [s.model for s in figures.scoreboard]
        assert all(" / " in row[1] for row in models)


def test_a_preference_choice_in_file_terms() -> None:
    choice = RaterChoice("bob", "B", "A", True, "B <b>books</b> it", 12.4)
    item = ChoiceDisagreement("s-2", "standard", ("alpha", "beta"), "A", (choice,))
    assert choices_text(item) == "bob B"
    html = detail_html(item)
    assert "File A = alpha, file B = beta" in html and "Gold choice: <b>A</b>" in html
    assert "shown swapped" in html and "&lt;b&gt;books&lt;/b&gt;" in html and "12 s" in html
    assert num(None) == "n/a" and num(0.5) == "0.50"
    assert agreement_row("all raters", Agreement(0.5, None, 4, 3)) == [
        "all raters", "0.50", "n/a", "4", "3"]


def test_many_raters_who_saw_file_a_as_b_are_counted_not_named() -> None:
    from rater_desktop.qa_review.answer_rows import _swapped_text

    assert _swapped_text(["ann", "bob"], 3) == "saw file A as Response B: ann, bob"
    many = [f"rater{n:03d}" for n in range(23)]
    assert _swapped_text(many, 50) == "23 of 50 saw file A as Response B"
