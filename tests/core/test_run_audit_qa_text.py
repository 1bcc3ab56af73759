"""The run audit QA tab's texts, without Qt (``run_audit.qa_text``)."""

from __future__ import annotations

from rater_desktop.protocols.single_export import Agreement
from rater_desktop.run_audit.qa_text import (
    RUN_COLUMNS,
    confusion_rows,
    num,
    run_rows,
    summary_lines,
)
from rater_desktop.run_audit.stats import JudgeAgreement, RunAuditFigures, RunFigures


def _run(item_id: str, *, score: int | None, disputed: bool = False,
         consensus: str | None = "completed", judge: str | None = "accurate") -> RunFigures:
    return RunFigures(item_id=item_id, agent="agent-x", claimed="login_after_item",
                      outcomes={}, verdicts={}, consensus=consensus, score=score,
                      status="scored" if score is not None else "not scored: incomplete",
                      disputed=disputed, judge=judge)


FIGURES = RunAuditFigures(
    runs=[_run("r1", score=1), _run("r2", score=None, disputed=True, consensus=None,
                                    judge=None),
          _run("r3", score=0)],
    outcome_agreement=Agreement(percent=0.75, alpha=0.5, items=3, raters=2),
    verdict_agreement=Agreement(percent=None, alpha=None, items=0, raters=0),
    judge=JudgeAgreement(kappa=0.4, pairs=6, percent=0.6666,
                         confusion={"accurate": {"accurate": 3, "overstated": 1}}),
    breaches={}, agents=[], median_seconds=None)


def test_numbers_as_the_report_prints_them() -> None:
    assert num(None) == "n/a" and num(0.5) == "0.50" and num(0.5, 1) == "0.5"


def test_the_headline_in_words() -> None:
    lines = summary_lines(FIGURES)
    assert lines[0] == "3 runs, 2 scored; 1 disputed completion, not scored."
    assert lines[1] == ("Raters agree on the outcome: 0.75 (Krippendorff's \u03b1 0.50, 3 runs, "
                        "2 raters); on the verdict: n/a (\u03b1 n/a).")
    assert lines[2] == ("Raters and the automated judge: Cohen's \u03ba 0.40 over 6 verdict "
                        "pairs (0.67 agree).")


def test_a_row_per_run_in_the_columns_order() -> None:
    rows = run_rows(FIGURES)
    assert all(len(row) == len(RUN_COLUMNS) for row in rows)
    assert rows[0] == ["r1", "agent-x", "login after item", "completed", "1", "scored",
                       "accurate"]
    assert rows[1][3] == "\u2014" and rows[1][4] == "" and rows[1][6] == "\u2014"
    assert rows[2][4] == "0"


def test_the_confusion_rows_are_every_verdict_against_every_verdict() -> None:
    assert confusion_rows(FIGURES) == [["accurate", "3", "1", "0"],
                                       ["overstated", "0", "0", "0"],
                                       ["understated", "0", "0", "0"]]
