"""SQLModel tables of the QA store (``qa/qa.sqlite3`` or a shared PostgreSQL database).

They use their own registry, so they never join ``SQLModel.metadata`` (the ratings
database creates its tables from that). Times are ISO-8601 UTC strings. The schema
version and its migrations are in ``migrations.py``: change a table here only together
with a new migration there.
"""

from __future__ import annotations

from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel

QA_REGISTRY = registry()


class QaTable(SQLModel, registry=QA_REGISTRY):
    """Base of the QA tables (separate metadata)."""


class QaMetaRow(QaTable, table=True):
    __tablename__ = "qa_meta"

    key: str = Field(primary_key=True)
    value: str


class ResultFileRow(QaTable, table=True):
    """One imported results file and what verification said about it."""

    __tablename__ = "qa_result_files"

    id: int | None = Field(default=None, primary_key=True)
    file_sha256: str = Field(index=True, unique=True)
    path: str
    status: str  # valid / unknown_signer / invalid
    detail: str  # the VerifyStatus value
    signer: str | None = None
    claimed_rater_id: str | None = None
    fingerprint: str | None = None
    message: str = ""
    batch_id: str | None = None
    batch_sha256: str | None = None
    opened_batch_sha256: str | None = Field(default=None, index=True)
    exported_at: str | None = None
    imported_at: str
    problems: str | None = None  # JSON list: the file's items left out, and why (v4)


class ResultDocumentRow(QaTable, table=True):
    """The exact signed bytes (UTF-8 text) and signature of a file with a valid signature."""

    __tablename__ = "qa_result_documents"

    file_id: int = Field(primary_key=True, foreign_key="qa_result_files.id", ondelete="CASCADE")
    results_text: str
    signature_text: str


class AdjudicationRow(QaTable, table=True):
    """The reviewer's decision on one item of one batch."""

    __tablename__ = "qa_adjudications"

    batch_sha256: str = Field(primary_key=True)
    item_id: str = Field(primary_key=True)
    decision: str
    note: str = ""
    corrected_verdict: str | None = None
    reviewer_id: str = ""
    decided_at: str
    version: int = 1  # +1 on every change: the optimistic check between reviewers (v2)


class JudgmentRow(QaTable, table=True):
    """One rater's judgment of one item, flattened at import (v3) so that the figures that
    group many judgments (counts, verdicts, wins, times) are GROUP BY queries."""

    __tablename__ = "qa_judgments"

    file_id: int = Field(primary_key=True, foreign_key="qa_result_files.id", ondelete="CASCADE")
    item_id: str = Field(primary_key=True)
    rater_id: str
    kind: str
    complete: bool
    verdict_true: int | None = None  # -3..+3, true file order
    model_first: str
    model_second: str
    seconds: float | None = None
    tc0: int | None = None  # scores per true side (0 = the batch's response A)
    fa0: int | None = None
    aip0: int | None = None
    tc1: int | None = None
    fa1: int | None = None
    aip1: int | None = None
    # v4 (``judgment_rows``): place in the file, claims/steps/display order as JSON. v4-v6
    # also kept the Items table rows (``html``) and the CSV/JSONL fields (``export_fields``);
    # v7 keeps what they are made from (``texts``, JSON) and renders them when asked for
    # (``row_texts``).
    item_order: int | None = None
    facts: str | None = None
    texts: str | None = None
    # The item entry of the signed file, for Compare: v5 kept its JSON text (rows imported
    # or filled that way keep it, and so does PostgreSQL); v6 on SQLite keeps where it lies
    # in the stored document instead: (start, end) in bytes of its UTF-8, read with blob
    # I/O (``judgment_rows.entry_texts``).
    entry: str | None = None
    entry_start: int | None = None
    entry_end: int | None = None
