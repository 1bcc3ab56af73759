"""What an import keeps of each judgment, so that a report never parses a document again.

At import every item of a kept file becomes one ``qa_judgments`` row: the flat columns the
SQL figures group (verdict, scores, seconds, models), ``facts`` (claims, step times, the
display order: the rest of a ``RaterJudgment``, as compact JSON) and ``texts`` (v7: what
the rater's rows of the report's Items table and the rater-dependent fields of the two
CSV/JSONL rows are made from; ``row_texts`` renders them when a report or an export asks).
A report reads these back; a file's rows change only when the file does, so a session
keeps them per file (see ``QaSession``).
"""
from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from rater_desktop.qa.inputs import Claim, RaterJudgment, SideScores
from rater_desktop.qa_review.judgment_columns import FileJudgments

if TYPE_CHECKING:
    from sqlalchemy import Engine

    from rater_desktop.qa_review.adapter import AdaptedResults, RatedItem

T = TypeVar("T")
# What json.dumps(..., ensure_ascii=False[, separators]) makes, without building an encoder
# for each of the two texts of every judgment.
_COMPACT = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
SCORE_COLUMNS = tuple(f"{d}{side}" for side in (0, 1) for d in ("tc", "fa", "aip"))
# The rater-dependent columns of rows.COLUMNS (the rest come from the batch and decisions).
RATER_FIELDS = (
    "rater_id", "results_sha256", "response", "identity", "other_identity", "shown_as", "tc",
    "fa", "aip", "main_goal_met", "tc_justification", "fa_justification", "aip_justification",
    "claims", "claims_accurate", "claims_inaccurate", "claims_cca", "claims_subjective",
    "claim_evidence", "labels_swapped", "verdict", "verdict_score", "preference",
    "verdict_justification", "seconds", "status",
)  # fmt: skip


def _facts(item: RatedItem) -> str:
    judgment = item.judgment
    claims = {str(side): [[c.start, c.end, c.text, c.rating] for c in found]
              for side, found in judgment.claims.items() if found}  # fmt: skip
    facts: dict[str, Any] = {"c": claims, "s": dict(judgment.step_seconds),
                             "t": judgment.total_seconds, "o": "".join(item.display_order),
                             "d": list(item.disputed_runs), "u": item.unsure}
    if item.text_counts is not None:  # results 2.6: where the justifications came from
        facts["x"] = list(item.text_counts)
    return _COMPACT.encode(facts)


def judgment_rows(adapted: AdaptedResults, file_sha256: str = "") -> list[dict[str, Any]]:
    """The ``qa_judgments`` rows of one adapted file (without its file id; its hash goes
    into the export fields when they are rendered)."""
    from rater_desktop.qa_review.rater_text import claims_evidence
    from rater_desktop.qa_review.row_texts import texts_values

    rows = []
    for position, item in enumerate(adapted.items):
        rating = item.rating
        evidence = (claims_evidence(rating.responses[0].claims),
                    claims_evidence(rating.responses[1].claims))  # fmt: skip
        texts = texts_values(item.status, rating.verdict_justification,
                             rating.case_file.main_goal, rating.responses, evidence)  # fmt: skip
        first, second = (item.judgment.scores.get(side) for side in (0, 1))
        rows.append({
            "item_order": position,
            "item_id": item.item_id,
            "rater_id": adapted.rater_id,
            "kind": item.judgment.kind,
            "complete": item.complete,
            "verdict_true": item.judgment.verdict_true,
            "model_first": item.identities[0],
            "model_second": item.identities[1],
            "seconds": item.judgment.seconds(),
            # SCORE_COLUMNS' order, spelled out: f-string keys cost as much as the values
            "tc0": getattr(first, "tc", None), "fa0": getattr(first, "fa", None),
            "aip0": getattr(first, "aip", None), "tc1": getattr(second, "tc", None),
            "fa1": getattr(second, "fa", None), "aip1": getattr(second, "aip", None),
            "facts": _facts(item),
            "texts": _COMPACT.encode(texts),
            # A filled row keeps the entry's text (as v5 did): this document was parsed
            # by json.loads, which notes no places in it.
            "entry": json.dumps(adapted.entries.get(item.item_id), ensure_ascii=False,
                                separators=(",", ":")), "entry_start": None, "entry_end": None,
        })  # fmt: skip
    return rows




def _shared(shared: dict[Any, Any], key: Any, make: Callable[[], T]) -> T:
    """One object for every equal value a file's judgments carry (ids, scores, empty
    claims, step times, orders): a report holds every judgment, so repeats cost memory."""
    found = shared.get(key)
    if found is None:
        found = shared[key] = make()
    return found  # type: ignore[no-any-return]


def _judgment(row: Any, expected: dict[str, int | None], shared: dict[Any, Any],
              into: FileJudgments) -> None:  # fmt: skip
    facts = json.loads(row.facts)
    scores = _shared(shared, ("scores", *row[5:11]), lambda: {
        side: SideScores(tc=row[3 * side + 5], fa=row[3 * side + 6], aip=row[3 * side + 7])
        for side in (0, 1)})  # fmt: skip
    claims = _shared(shared, "no claims", lambda: {0: (), 1: ()}) if not facts["c"] else {
        side: tuple(Claim(start=c[0], end=c[1], text=c[2], rating=c[3])
                    for c in facts["c"].get(str(side), ())) for side in (0, 1)}  # fmt: skip
    steps = facts["s"]
    # Typed key: 10 and 10.0 are equal but must stay what the file said.
    steps = _shared(shared, ("steps", *((k, type(v), v) for k, v in steps.items())),
                    lambda: steps)  # fmt: skip
    item_id = sys.intern(str(row.item_id))  # the same item's id in every rater's file
    judgment = RaterJudgment(
        rater_id=sys.intern(str(row.rater_id)), item_id=item_id,
        verdict_true=row.verdict_true, kind=sys.intern(str(row.kind)),
        scores=scores, claims=claims, step_seconds=steps, total_seconds=_shared(
            shared, ("total", type(facts["t"]), facts["t"]), lambda: facts["t"]),
        expected_verdict=expected.get(item_id),
    )  # fmt: skip
    unsure = facts.get("u")
    counts = facts.get("x")
    text = _shared(shared, ("text", *map(int, counts)), lambda: (
        int(counts[0]), int(counts[1]), int(counts[2]))) if isinstance(counts, list) \
        and len(counts) == 3 else None  # fmt: skip
    into.append(judgment, complete=bool(row.complete), order=facts["o"],
                disputed=facts["d"], unsure=unsure if isinstance(unsure, str) else "",
                text=text)  # fmt: skip


READ = ("SELECT file_id, item_id, rater_id, kind, verdict_true, tc0, fa0, aip0, tc1, fa1, aip1, "
        "complete, facts, (entry IS NULL AND entry_end IS NULL) OR texts IS NULL AS no_entry "
        "FROM qa_judgments WHERE file_id = :file "
        "ORDER BY item_order")


def read_judgments(
    engine: Engine, *, file_id: int, expected: dict[str, int | None]
) -> FileJudgments | None:
    """A file's judgments as the import stored them, as columns; None when they predate
    ``facts`` (v4) or their entry (v5: its text, v6: its place), or lack ``texts`` (a v6
    row the v7 migration could not carry over), and must be filled from the document once."""
    from sqlalchemy import text

    shared: dict[Any, Any] = {}
    found = FileJudgments(file_id)
    with engine.connect() as conn:  # row by row: no list of the file's rows beside them
        for row in conn.execute(text(READ), {"file": file_id}):
            if row.facts is None or row.no_entry:
                return None
            _judgment(row, expected, shared, found)
    return found.done()


def files_to_fill(engine: Engine, *, file_ids: Sequence[int]) -> set[int]:
    """Kept files whose rows predate what a report needs (none, or without ``facts``)."""
    from sqlalchemy import text

    if not file_ids:
        return set()
    ids = ",".join(str(int(i)) for i in file_ids)
    query = (
        f"SELECT f.id FROM qa_result_files f JOIN qa_result_documents d ON d.file_id = f.id "
        f"WHERE f.id IN ({ids}) AND (f.problems IS NULL OR NOT EXISTS (SELECT 1 FROM "
        "qa_judgments j WHERE j.file_id = f.id) OR EXISTS (SELECT 1 FROM qa_judgments j "
        "WHERE j.file_id = f.id AND (j.facts IS NULL OR j.texts IS NULL "
        "OR (j.entry IS NULL AND j.entry_end IS NULL))))"
    )
    with engine.connect() as conn:
        return {int(row[0]) for row in conn.execute(text(query))}


def item_html(
    engine: Engine, *, file_ids: Sequence[int], item_ids: Sequence[str] | None = None
) -> dict[str, list[tuple[str, str]]]:
    """Per item (all, or those of ``item_ids``), each rater's (rater id, rows HTML) of the
    Items table, raters by id, rendered from the stored rows (``row_texts.rater_html``)."""
    from sqlalchemy import bindparam, text

    from rater_desktop.qa_review.row_texts import RENDER_COLUMNS, rater_html

    ids = ",".join(str(int(i)) for i in file_ids) or "NULL"  # ints only: safe to inline
    only = "" if item_ids is None else "AND item_id IN :items "
    query = text(f"SELECT item_id, {RENDER_COLUMNS} FROM qa_judgments WHERE file_id IN "
                 f"({ids}) {only}ORDER BY item_id, rater_id")  # fmt: skip
    params: dict[str, Any] = {}
    if item_ids is not None:
        query = query.bindparams(bindparam("items", expanding=True))
        params["items"] = list(item_ids)
    found: dict[str, list[tuple[str, str]]] = {}
    with engine.connect() as conn:
        for row in conn.execute(query, params):
            found.setdefault(str(row[0]), []).append((str(row[1]), rater_html(row[1:])))
    return found


def item_rows(engine: Engine, *, file_ids: Sequence[int]) -> dict[str, list[dict[str, Any]]]:
    """Per item, the rater-dependent fields of every CSV/JSONL row (raters by id, A then B),
    rendered from the stored rows (``row_texts.rater_export_fields``)."""
    from sqlalchemy import text

    from rater_desktop.qa_review.row_texts import RENDER_COLUMNS, rater_export_fields

    ids = ",".join(str(int(i)) for i in file_ids) or "NULL"
    columns = ", ".join(f"j.{c.strip()}" for c in RENDER_COLUMNS.split(","))
    query = (f"SELECT j.item_id, f.file_sha256, {columns} FROM qa_judgments j JOIN "
             f"qa_result_files f ON f.id = j.file_id WHERE j.file_id IN ({ids}) "
             "ORDER BY j.item_id, j.rater_id")  # fmt: skip
    found: dict[str, list[dict[str, Any]]] = {}
    with engine.connect() as conn:
        for row in conn.execute(text(query)):
            found.setdefault(str(row[0]), []).extend(rater_export_fields(row[2:], str(row[1])))
    return found


def read_entries(
    engine: Engine, *, item_id: str, file_ids: Sequence[int]
) -> list[tuple[int, str, Any]]:
    """One item's (file id, rater id, entry of the signed file) in the given files."""
    return [(f, r, json.loads(e)) for f, r, e in entry_texts(engine, item_id=item_id,
                                                              file_ids=file_ids)]  # fmt: skip


def entry_texts(
    engine: Engine, *, item_id: str, file_ids: Sequence[int]
) -> list[tuple[int, str, str]]:
    """One item's (file id, rater id, JSON text of its entry): the text the row kept (v5,
    and PostgreSQL), else (SQLite, v6) the bytes at its UTF-8 offsets in the stored
    document, read with incremental blob I/O (the store is memory-mapped: see
    ``migrations.SQLITE_MMAP_BYTES``)."""
    from sqlalchemy import text

    ids = ",".join(str(int(i)) for i in file_ids) or "NULL"  # ints only: safe to inline
    found = []
    with engine.connect() as conn:
        rows = list(conn.execute(text(
            "SELECT file_id, rater_id, entry, entry_start, entry_end FROM qa_judgments "
            f"WHERE file_id IN ({ids}) AND item_id = :item"), {"item": item_id}))  # fmt: skip
        places = [(int(f), int(s), int(e)) for f, _, t, s, e in rows
                  if t is None and s is not None and e is not None]  # fmt: skip
        cut = _blob_slices(conn.connection.dbapi_connection, places) if places and \
            conn.dialect.name == "sqlite" else {}  # fmt: skip
        for file_id, rater_id, entry, *_ in rows:
            entry = cut.get(int(file_id)) if entry is None else entry
            if entry is not None:
                found.append((int(file_id), str(rater_id), str(entry)))
    return found


def _blob_slices(raw: Any, places: list[tuple[int, int, int]]) -> dict[int, str]:
    """Per file id, bytes ``start:end`` of its stored SQLite document as text (a document
    gone or changed behind our back is left out: never guessed). The connection maps the
    file from here on (``migrations.SQLITE_MMAP_BYTES``): only the connections Compare
    reads through are mapped, and the next item's walk finds its pages mapped already
    (unmapping after each read made it 4 -> 57 ms for the last item of 50 files)."""
    import sqlite3

    from rater_desktop.qa_review.migrations import SQLITE_MMAP_BYTES

    raw.execute(f"PRAGMA mmap_size={SQLITE_MMAP_BYTES}")  # a no-op once mapped
    found: dict[int, str] = {}
    for file_id, start, end in places:
        try:
            with raw.blobopen("qa_result_documents", "results_text", file_id,
                              readonly=True) as blob:  # fmt: skip
                blob.seek(start)
                found[file_id] = blob.read(end - start).decode("utf-8")
        except (sqlite3.Error, ValueError):  # ValueError: UnicodeDecodeError, a bad seek
            continue
    return found
