"""The QA report: one self-contained offline HTML file, or CSV / JSONL rows.

The HTML has inline CSS and inline SVG only: no scripts, no external resources (a strict
Content-Security-Policy says so too), and every text from a results file is escaped.
Figure cells carry ``data-key`` attributes (documented in docs/qa-report.md) so tools and
tests can read the numbers back.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import rater_desktop
from rater_desktop.qa.retest import RETEST_COLUMNS, retest_columns
from rater_desktop.qa_review.by_answer import (
    ANSWER_COLUMN,
    agreement_by_answer,
    agreement_by_metadata,
    answer_text,
    by_answer_section,
    by_metadata_section,
    metadata_text,
)
from rater_desktop.qa_review.report_items import ItemBlock, items_parts
from rater_desktop.qa_review.report_retest import retest_section
from rater_desktop.qa_review.report_sections import (
    Cell,
    agreement_section,
    files_section,
    models_section,
    people_section,
    table,
    time_cost_section,
)
from rater_desktop.qa_review.report_study import study_columns, study_section
from rater_desktop.qa_review.report_unsure import UNSURE_COLUMN, mark_rows, unsure_section
from rater_desktop.qa_review.retest_inputs import session_retest
from rater_desktop.qa_review.rows import COLUMNS, full_row, rows_to_csv, rows_to_jsonl
from rater_desktop.qa_review.summary import QaFigures, collect_figures
from rater_desktop.qa_review.text_flags import TEXT_COLUMNS, mark_text_rows, text_section

if TYPE_CHECKING:
    from rater_desktop.qa_review.session import QaSession

ReportFormat = Literal["html", "csv", "jsonl"]
METADATA_COLUMN = "item_metadata"  # the CSV/JSONL column --by FIELD (item metadata) adds

CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:2em;color:#1d232b;
max-width:1100px}h1{font-size:1.6em}h2{margin-top:2em;border-bottom:1px solid #ccd;padding-bottom:.2em}
table{border-collapse:collapse;margin:.6em 0 1em}th,td{border:1px solid #ccd;padding:.25em .5em;
vertical-align:top;text-align:left;white-space:pre-line}th{background:#eef1f6}td.num{text-align:right;
font-variant-numeric:tabular-nums}.muted{color:#6b7480;fill:#6b7480}.bad{color:#a32020}
.good{color:#1f6f2f}.warn{color:#8a5a00}svg.chart{display:block;margin:.5em 0 1em;font-size:12px}
svg .axis{stroke:#555}svg .whisker{stroke:#1d232b;stroke-width:1.5}svg .median{stroke:#1d232b;
stroke-width:2.5}details{margin:.4em 0}.small{font-size:.85em}
"""
CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"


def _summary(figures: QaFigures) -> str:
    rows: list[list[Cell]] = [
        ["Batch", figures.batch_id],
        ["Title", figures.batch_title],
        ["Batch SHA-256", figures.batch_sha256],
        ["Raters used", ", ".join(figures.raters) or "none"],
        ["Items in the batch", (str(figures.items_in_batch), "items-in-batch")],
        ["Items judged", (str(figures.items_judged), "items-judged")],
        ["Judgments used", (str(figures.judgments), "judgments")],
    ]
    problems = "".join(f"<li>{escape(p)}</li>" for p in figures.problems)
    note = f"<p>Left out of the statistics:</p><ul>{problems}</ul>" if problems else ""
    return "<h2>Summary</h2>" + table(["", ""], rows) + note


def render_html(figures: QaFigures, items: Iterable[ItemBlock], *,
                by_answer: str = "") -> str:
    """The whole report as one HTML document (``by_answer``: the --by section, if any)."""
    return "".join(html_parts(figures, items, by_answer=by_answer))


def html_parts(figures: QaFigures, items: Iterable[ItemBlock], *,
               by_answer: str = "") -> Iterator[str]:
    """The report piece by piece, the Items section item by item (``items`` may be lazy)."""
    generated = figures.generated_at.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")
    yield (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">'
        '<meta name="referrer" content="no-referrer">'
        f"<title>QA report {escape(figures.batch_id)}</title><style>{CSS}</style></head><body>"
    )
    yield "".join([
        f"<h1>QA report: {escape(figures.batch_title or figures.batch_id)}</h1>",
        f'<p class="muted">Generated {escape(generated)} by Rater Desktop '
        f"{escape(rater_desktop.__version__)}. Only results with a valid signature by a "
        "rater in the reviewer's roster are counted.</p>",
        files_section(figures),
        _summary(figures),
        agreement_section(figures),
        by_answer,
        study_section(figures.study),
        people_section(figures),
        unsure_section(figures.unsure, figures.unsure_items),
        retest_section(figures.retest),
        text_section(figures.text_flags),
        models_section(figures),
        time_cost_section(figures),
    ])  # fmt: skip
    yield from items_parts(items, {a.item_id: a for a in figures.adjudications})
    yield "</body></html>\n"


def render_report(
    session: QaSession,
    *,
    report_format: ReportFormat = "html",
    hourly_wage: float = 15.0,
    platform_fee: float = 0.2,
    buffer: float = 0.0,
    raters_per_item: int = 3,
    resamples: int = 1000,
    seed: int = 0,
    now: datetime | None = None,
    question: str | None = None,
    metadata_field: str | None = None,
    unsure_only: bool = False,
    planned_probes: bool = False,
) -> str:
    """The report text in the chosen format; ``question`` (--by) breaks agreement down by
    the raters' answers to that survey question (HTML) or adds their answer to each row;
    ``metadata_field`` (--by FIELD of the items' metadata) does the same by item;
    ``planned_probes``: the study plan has test-retest probes (their figure is read)."""
    answers = session.survey_answers(question) if question else {}
    values = session.item_metadata(metadata_field) if metadata_field else {}
    if report_format in ("csv", "jsonl"):
        return _rows_text(session, report_format, answers, values, question=question,
                          metadata_field=metadata_field, unsure_only=unsure_only,
                          planned_probes=planned_probes)
    if report_format != "html":
        raise ValueError(f"unknown report format {report_format!r}: use html, csv or jsonl")
    figure_options = {"hourly_wage": hourly_wage, "platform_fee": platform_fee,
                      "buffer": buffer, "raters_per_item": raters_per_item,
                      "resamples": resamples, "seed": seed,
                      "planned_probes": planned_probes}  # fmt: skip
    figures, section = _html_figures(session, question=question, metadata_field=metadata_field,
                                     answers=answers, values=values, now=now,
                                     figure_options=figure_options)  # fmt: skip
    blocks = _shown_blocks(figures, session.item_blocks(), unsure_only)
    return render_html(figures, blocks, by_answer=section)


def _html_figures(session: QaSession, *, question: str | None, metadata_field: str | None,
                  answers: dict[str, Any], values: dict[str, Any], now: datetime | None,
                  figure_options: dict[str, Any]) -> tuple[QaFigures, str]:  # fmt: skip
    """Every figure of the HTML report, and its --by section (empty without --by)."""
    figures = collect_figures(session, now=now or datetime.now(UTC), **figure_options)
    section = (by_answer_section(question, agreement_by_answer(session.judgments(), answers),
                                 raters=len(figures.raters)) if question else "")
    if metadata_field:
        section += by_metadata_section(metadata_field, agreement_by_metadata(
            session.judgments(), values), items=len(values))  # fmt: skip
    return figures, section


def _shown_blocks(figures: QaFigures, blocks: Iterable[ItemBlock],
                  unsure_only: bool) -> Iterable[ItemBlock]:  # fmt: skip
    """``blocks``, or (``unsure_only``) only those of items a rater marked unsure."""
    if not unsure_only:
        return blocks
    unsure = {item_id for item_id, _rater, _reason in figures.unsure_items}
    return (b for b in blocks if b.item_id in unsure)


def write_html_report(
    session: QaSession,
    out_path: Path,
    *,
    now: datetime | None = None,
    question: str | None = None,
    metadata_field: str | None = None,
    unsure_only: bool = False,
    release: bool = False,
    **figure_options: Any,
) -> Path:
    """The HTML report written to ``out_path`` as it is made (atomically): the same text as
    ``render_report``, but the Items section goes from the store to the file a few hundred
    items at a time, so neither the document nor its Items blocks are held in memory.
    ``release``: the session lets go of its judgments once the figures are made (a report
    written once, as the CLI's: they are not held while the HTML is written).
    ``figure_options``: render_report's wage, fee, buffer, raters, resamples and seed."""
    from rater_desktop.signing.atomic_files import write_chunks_atomically

    answers = session.survey_answers(question) if question else {}
    values = session.item_metadata(metadata_field) if metadata_field else {}
    figures, section = _html_figures(session, question=question, metadata_field=metadata_field,
                                     answers=answers, values=values, now=now,
                                     figure_options={**figure_options, "release": release})
    if release:
        session.release_judgments()
    blocks = _shown_blocks(figures, session.iter_item_blocks(), unsure_only)
    parts = html_parts(figures, blocks, by_answer=section)
    write_chunks_atomically(out_path, (part.encode("utf-8") for part in parts))
    return out_path


def _rows_text(session: QaSession, report_format: str, answers: dict[str, Any],
               values: dict[str, Any], *, question: str | None,
               metadata_field: str | None, unsure_only: bool = False,
               planned_probes: bool = False) -> str:  # fmt: skip
    """The CSV or JSONL rows: stored fields, the item's, the decision's, the study's."""
    decisions = {a.item_id: a for a in session.adjudications()}
    infos = session.item_infos()
    batch = (session.batch_id, session.batch_sha256)
    study = study_columns(session.study_figures())
    rows = [
        {**full_row(own, batch=batch, decision=decisions.get(item_id), item=(
            item_id, infos[item_id].facts.kind, infos[item_id].expected_verdict)),
         **study(own["rater_id"], item_id)}
        for item_id, fields in session.item_export_fields()
        for own in fields
    ]  # fmt: skip
    columns: tuple[str, ...] = COLUMNS
    marks = session.unsure_marks()
    if unsure_only or any(marks.values()):  # files before results 2.3 keep their columns
        columns = (*columns, UNSURE_COLUMN)
        rows = mark_rows(rows, marks, unsure_only=unsure_only)
    retest = session_retest(session, planned=planned_probes)
    if retest:  # each row carries its rater's test-retest counts; studies without probes keep their columns
        columns = (*columns, *RETEST_COLUMNS)
        counts = retest_columns(retest)
        rows = [{**row, **counts(row["rater_id"])} for row in rows]
    if mark_text_rows(rows, session):  # files before results 2.6 keep their columns
        columns = (*columns, *TEXT_COLUMNS)
    if metadata_field:
        columns = (*columns, METADATA_COLUMN)
        for row in rows:
            given = values.get(row["item_id"])
            row[METADATA_COLUMN] = None if given is None else metadata_text(given)
    if question:
        columns = (*columns, ANSWER_COLUMN)
        for row in rows:
            given = answers.get(row["rater_id"])
            row[ANSWER_COLUMN] = None if given is None else answer_text(given)
    return (rows_to_csv(rows, columns) if report_format == "csv"
            else rows_to_jsonl(rows, columns))


def write_report(out_path: Path, text: str) -> Path:
    """Write atomically (a temp file in the same folder, then rename)."""
    from rater_desktop.signing.atomic_files import write_files_atomically

    write_files_atomically([(out_path, text.encode("utf-8"))])
    return out_path
