"""The QA store: imported results files, their signed bytes, and adjudications, in SQLite.

Default file ``<data_dir>/qa/qa.sqlite3`` (WAL, foreign keys on, full fsync), so a reviewer
can close the app and continue. ``sqlmodel`` is imported only when a store is opened.
Rows come back as frozen dataclasses, never as live ORM objects.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sqlalchemy import Engine

STORE_FOLDER = "qa"
STORE_FILE = "qa.sqlite3"


class QaStoreError(Exception):
    """The QA store cannot be opened, read or written; the message says what to do."""


@dataclass(frozen=True)
class StoredFile:
    """One imported results file. ``status``: valid, unknown_signer or invalid."""

    file_sha256: str
    path: str
    status: str
    detail: str
    message: str
    imported_at: str
    signer: str | None = None
    claimed_rater_id: str | None = None
    fingerprint: str | None = None
    batch_id: str | None = None
    batch_sha256: str | None = None
    opened_batch_sha256: str | None = None
    exported_at: str | None = None
    id: int | None = None


@dataclass(frozen=True)
class StoredAdjudication:
    """A reviewer's decision on one item (``decision``: accept, needs_fix, reject)."""

    batch_sha256: str
    item_id: str
    decision: str
    note: str
    corrected_verdict: str | None
    reviewer_id: str
    decided_at: str


_FILE_FIELDS = (
    "file_sha256", "path", "status", "detail", "message", "imported_at", "signer",
    "claimed_rater_id", "fingerprint", "batch_id", "batch_sha256", "opened_batch_sha256",
    "exported_at",
)  # fmt: skip


def default_store_path() -> Path:
    from rater_desktop.appdirs import data_dir

    return data_dir() / STORE_FOLDER / STORE_FILE


def _engine(path: Path | None) -> Engine:
    from sqlalchemy import create_engine, event
    from sqlalchemy.engine import URL
    from sqlalchemy.pool import StaticPool

    from rater_desktop.storage.engine import configure_connection

    if path is None:
        engine = create_engine(
            "sqlite://", poolclass=StaticPool, connect_args={"check_same_thread": False}
        )
    else:
        engine = create_engine(
            URL.create("sqlite", database=str(path)),
            connect_args={"check_same_thread": False, "timeout": 5},
        )

    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        configure_connection(dbapi_connection)

    event.listen(engine, "connect", on_connect)
    return engine


class QaStore:
    """Persistence of QA reviewer mode. Open with ``QaStore.open()`` or ``in_memory()``."""

    def __init__(self, engine: Engine, path: Path | None) -> None:
        self.engine = engine
        self.path = path

    @classmethod
    def open(cls, path: Path | None = None) -> QaStore:
        """Open (creating if needed) the store at ``path`` (default: the app data folder)."""
        target = path or default_store_path()
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise QaStoreError(f"Cannot create {target.parent}: {exc.strerror}.") from exc
        return cls._prepared(_engine(target), target)

    @classmethod
    def in_memory(cls) -> QaStore:
        """A throw-away store (the command line report uses one)."""
        return cls._prepared(_engine(None), None)

    @classmethod
    def _prepared(cls, engine: Engine, path: Path | None) -> QaStore:
        from sqlalchemy.exc import SQLAlchemyError
        from sqlmodel import Session

        from rater_desktop.qa_review.tables import QA_REGISTRY, QA_SCHEMA_VERSION, QaMetaRow

        try:
            QA_REGISTRY.metadata.create_all(engine)
            with Session(engine) as session:
                row = session.get(QaMetaRow, "schema_version")
                if row is None:
                    session.add(QaMetaRow(key="schema_version", value=str(QA_SCHEMA_VERSION)))
                    session.commit()
                elif row.value != str(QA_SCHEMA_VERSION):
                    raise QaStoreError(
                        f"The QA store {path} has schema version {row.value}; this Rater "
                        f"Desktop reads version {QA_SCHEMA_VERSION}. Update Rater Desktop."
                    )
        except SQLAlchemyError as exc:
            engine.dispose()
            raise QaStoreError(
                f"The QA store {path} cannot be read ({exc.__class__.__name__}). Move the file "
                "away to start with an empty store; your results files are not affected."
            ) from exc
        return cls(engine, path)

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> QaStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ files

    def _session(self) -> Any:
        from sqlmodel import Session

        return Session(self.engine)

    @staticmethod
    def _file(row: Any) -> StoredFile:
        return StoredFile(id=row.id, **{name: getattr(row, name) for name in _FILE_FIELDS})

    def find_file(self, file_sha256: str) -> StoredFile | None:
        from sqlmodel import select

        from rater_desktop.qa_review.tables import ResultFileRow

        with self._session() as session:
            row = session.exec(
                select(ResultFileRow).where(ResultFileRow.file_sha256 == file_sha256)
            ).first()
            return None if row is None else self._file(row)

    def save_file(
        self, record: StoredFile, *, results_text: str | None, signature_text: str | None
    ) -> StoredFile:
        """Insert or replace (by file hash) a file record, and its signed bytes if given."""
        from sqlmodel import select

        from rater_desktop.qa_review.tables import ResultDocumentRow, ResultFileRow

        with self._session() as session:
            row = session.exec(
                select(ResultFileRow).where(ResultFileRow.file_sha256 == record.file_sha256)
            ).first()
            if row is None:
                row = ResultFileRow(**{n: getattr(record, n) for n in _FILE_FIELDS})
            else:
                for name in _FILE_FIELDS:
                    setattr(row, name, getattr(record, name))
            session.add(row)
            session.flush()
            existing = session.get(ResultDocumentRow, row.id)
            if existing is not None:
                session.delete(existing)
                session.flush()
            if results_text is not None and signature_text is not None:
                session.add(
                    ResultDocumentRow(
                        file_id=row.id, results_text=results_text, signature_text=signature_text
                    )
                )
            session.commit()
            return self._file(row)

    def update_file(self, record: StoredFile) -> StoredFile:
        """Change a stored file's verification fields (keeps its signed bytes)."""
        from rater_desktop.qa_review.tables import ResultFileRow

        with self._session() as session:
            row = session.get(ResultFileRow, record.id)
            if row is None:
                raise QaStoreError(f"No imported file with id {record.id}.")
            for name in _FILE_FIELDS:
                setattr(row, name, getattr(record, name))
            session.add(row)
            session.commit()
            return self._file(row)

    def files(self, *, opened_batch_sha256: str | None = None) -> list[StoredFile]:
        """Imported files in import order (only those imported with that batch open)."""
        from sqlmodel import select

        from rater_desktop.qa_review.tables import ResultFileRow

        query = select(ResultFileRow).order_by(ResultFileRow.id)  # type: ignore[arg-type]
        if opened_batch_sha256 is not None:
            query = query.where(ResultFileRow.opened_batch_sha256 == opened_batch_sha256)
        with self._session() as session:
            return [self._file(row) for row in session.exec(query).all()]

    def signed_bytes(self, file_id: int) -> tuple[bytes, bytes] | None:
        """The results bytes and signature of a file with a valid signature."""
        from rater_desktop.qa_review.tables import ResultDocumentRow

        with self._session() as session:
            row = session.get(ResultDocumentRow, file_id)
            if row is None:
                return None
            return row.results_text.encode("utf-8"), row.signature_text.encode("ascii")

    def remove_file(self, file_id: int) -> None:
        """Forget an imported file (its signed bytes go with it: foreign key cascade)."""
        from rater_desktop.qa_review.tables import ResultFileRow

        with self._session() as session:
            row = session.get(ResultFileRow, file_id)
            if row is not None:
                session.delete(row)
                session.commit()

    # ------------------------------------------------------------------ adjudications

    def set_adjudication(self, record: StoredAdjudication) -> StoredAdjudication:
        from rater_desktop.qa_review.tables import AdjudicationRow

        with self._session() as session:
            row = session.get(AdjudicationRow, (record.batch_sha256, record.item_id))
            values: dict[str, Any] = {
                "decision": record.decision,
                "note": record.note,
                "corrected_verdict": record.corrected_verdict,
                "reviewer_id": record.reviewer_id,
                "decided_at": record.decided_at,
            }
            if row is None:
                row = AdjudicationRow(
                    batch_sha256=record.batch_sha256, item_id=record.item_id, **values
                )
            else:
                for name, value in values.items():
                    setattr(row, name, value)
            session.add(row)
            session.commit()
        return replace(record)

    def remove_adjudication(self, *, batch_sha256: str, item_id: str) -> None:
        from rater_desktop.qa_review.tables import AdjudicationRow

        with self._session() as session:
            row = session.get(AdjudicationRow, (batch_sha256, item_id))
            if row is not None:
                session.delete(row)
                session.commit()

    @staticmethod
    def _adjudication(row: Any) -> StoredAdjudication:
        return StoredAdjudication(
            batch_sha256=row.batch_sha256,
            item_id=row.item_id,
            decision=row.decision,
            note=row.note,
            corrected_verdict=row.corrected_verdict,
            reviewer_id=row.reviewer_id,
            decided_at=row.decided_at,
        )

    def adjudication(self, *, batch_sha256: str, item_id: str) -> StoredAdjudication | None:
        from rater_desktop.qa_review.tables import AdjudicationRow

        with self._session() as session:
            row = session.get(AdjudicationRow, (batch_sha256, item_id))
            return None if row is None else self._adjudication(row)

    def adjudications(self, *, batch_sha256: str) -> list[StoredAdjudication]:
        from sqlmodel import select

        from rater_desktop.qa_review.tables import AdjudicationRow

        query = (
            select(AdjudicationRow)
            .where(AdjudicationRow.batch_sha256 == batch_sha256)
            .order_by(AdjudicationRow.item_id)  # type: ignore[arg-type]
        )
        with self._session() as session:
            return [self._adjudication(row) for row in session.exec(query).all()]
