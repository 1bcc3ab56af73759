"""The QA store: imported results files, their signed bytes, and adjudications.

Default file ``<data_dir>/qa/qa.sqlite3`` (WAL, foreign keys on, full fsync), so a reviewer
can close the app and continue; a team shares one PostgreSQL database instead (the same
tables and code, see docs/qa-team-store.md). ``sqlmodel`` is imported only when a store is
opened. Rows come back as frozen dataclasses, never as live ORM objects. Writes that
reviewers may race on are safe: a file is stored once (unique hash), a decision carries a
version checked on every change.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rater_desktop.qa_review.decision_record import StoredAdjudication, require_reviewer

if TYPE_CHECKING:
    from sqlalchemy import Engine

    from rater_desktop.qa_review.location import StoreLocation

STORE_FOLDER = "qa"
STORE_FILE = "qa.sqlite3"


class QaStoreError(Exception):
    """The QA store cannot be opened, read or written; the message says what to do."""


class DecisionConflictError(QaStoreError):
    """Another reviewer changed the decision since it was read; ``current`` is theirs."""

    def __init__(self, message: str, current: StoredAdjudication | None) -> None:
        super().__init__(message)
        self.current = current


def _unreadable_message(where: str, exc: Exception) -> str:
    return (
        f"The QA store {where} cannot be read ({exc.__class__.__name__}). Move the file "
        "away to start with an empty store; your results files are not affected."
    )


def _connect_message(where: str, exc: Exception) -> str:
    # The driver's first line says what failed (refused, no such role, bad password...);
    # the URL shown never holds a password.
    reason = str(getattr(exc, "orig", exc)).strip().splitlines()[0:1] or ["no reason given"]
    return (
        f"Cannot reach the shared QA store {where}: {reason[0]}. Check the URL, that the "
        "server runs, and the password in RATER_DESKTOP_QA_PASSWORD (or the keyring)."
    )


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
    problems: str | None = None  # JSON list of the items left out of the file (v4)
    id: int | None = None


_FILE_FIELDS = (
    "file_sha256", "path", "status", "detail", "message", "imported_at", "signer",
    "claimed_rater_id", "fingerprint", "batch_id", "batch_sha256", "opened_batch_sha256",
    "exported_at", "problems",
)  # fmt: skip


def default_store_path() -> Path:
    from rater_desktop.appdirs import data_dir

    return data_dir() / STORE_FOLDER / STORE_FILE


class QaStore:
    """Persistence of QA reviewer mode: ``open()`` (a file), ``connect()`` (a file or a
    shared PostgreSQL database) or ``in_memory()``."""

    def __init__(self, engine: Engine, path: Path | None, location: str | None = None) -> None:
        self.engine = engine
        self.path = path
        self.location = location or (str(path) if path is not None else ":memory:")
        self.reopen: tuple[StoreLocation, str | None] | None = None  # another process's way in

    @property
    def is_shared(self) -> bool:
        """True on PostgreSQL: other reviewers may change decisions at any moment."""
        return self.engine.dialect.name == "postgresql"

    @classmethod
    def open(cls, path: Path | None = None) -> QaStore:
        """Open (creating if needed) the store at ``path`` (default: the app data folder)."""
        target = path or default_store_path()
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise QaStoreError(f"Cannot create {target.parent}: {exc.strerror}.") from exc
        from rater_desktop.qa_review.location import StoreLocation
        from rater_desktop.qa_review.migrations import create_engine_for

        location = StoreLocation("sqlite", path=target)
        store = cls._prepared(create_engine_for(location), target, str(target))
        store.reopen = (location, None)
        return store

    @classmethod
    def connect(cls, location: StoreLocation, *, password: str | None = None) -> QaStore:
        """Open the store a setting names: a SQLite file or a PostgreSQL database."""
        if not location.is_postgres:
            return cls.open(location.path)
        from rater_desktop.qa_review.migrations import NoPostgresDriverError, create_engine_for

        try:
            engine = create_engine_for(location, password=password)
        except NoPostgresDriverError as exc:
            raise QaStoreError(str(exc)) from exc
        store = cls._prepared(engine, None, location.display())
        store.reopen = (location, password)
        return store

    @classmethod
    def in_memory(cls) -> QaStore:
        """A throw-away store (the command line report uses one)."""
        from rater_desktop.qa_review.migrations import create_engine_for

        return cls._prepared(create_engine_for(None), None, ":memory:")

    @classmethod
    def _prepared(cls, engine: Engine, path: Path | None, where: str) -> QaStore:
        from sqlalchemy.exc import OperationalError, SQLAlchemyError

        from rater_desktop.qa_review.migrations import (
            QA_SCHEMA_VERSION,
            NewerStoreError,
            prepare_schema,
        )

        try:
            prepare_schema(engine)
        except NewerStoreError as exc:
            engine.dispose()
            raise QaStoreError(
                f"The QA store {where} has schema version {exc.found}; this Rater "
                f"Desktop reads version {QA_SCHEMA_VERSION}. Update Rater Desktop."
            ) from exc
        except OperationalError as exc:
            engine.dispose()
            if engine.dialect.name == "postgresql":
                raise QaStoreError(_connect_message(where, exc)) from exc
            raise QaStoreError(_unreadable_message(where, exc)) from exc
        except SQLAlchemyError as exc:
            engine.dispose()
            raise QaStoreError(_unreadable_message(where, exc)) from exc
        return cls(engine, path, where)

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
        self,
        record: StoredFile,
        *,
        results_text: str | None,
        signature_text: str | None,
        judgments: Sequence[dict[str, Any]] = (),
    ) -> tuple[StoredFile, bool]:
        """Store a file record and its signed bytes in one transaction: ``(stored, True)``.

        The file hash is unique, so when two reviewers import the same file at once, one
        insert wins and the other gets ``(the stored copy, False)``; an earlier record
        of a file that failed verification is replaced instead. ``judgments`` (rows of
        ``judgment_rows.judgment_rows``) are written in the same transaction."""
        from sqlalchemy.exc import IntegrityError

        try:
            return self._insert_file(record, results_text, signature_text, judgments), True
        except IntegrityError:
            pass  # the same bytes are stored already (by us earlier, or just now by another)
        return self._replace_invalid(record, results_text, signature_text, judgments)

    @staticmethod
    def _add_judgments(session: Any, file_id: int | None, rows: Sequence[dict[str, Any]]) -> None:
        from sqlalchemy import delete

        from rater_desktop.qa_review.tables import JudgmentRow

        table = JudgmentRow.__table__  # type: ignore[attr-defined]
        session.execute(delete(table).where(table.c.file_id == file_id))
        if rows and file_id is not None:
            from rater_desktop.qa_review.bulk_insert import insert_judgments

            insert_judgments(session.connection(), table, file_id, rows)

    def _insert_file(
        self,
        record: StoredFile,
        results_text: str | None,
        signature_text: str | None,
        judgments: Sequence[dict[str, Any]],
    ) -> StoredFile:
        from rater_desktop.qa_review.tables import ResultDocumentRow, ResultFileRow

        with self._session() as session:
            row = ResultFileRow(**{n: getattr(record, n) for n in _FILE_FIELDS})
            session.add(row)
            session.flush()
            if results_text is not None and signature_text is not None and row.id is not None:
                if self.is_shared:  # a binary COPY: a tenth of the CPU of an INSERT parameter
                    from rater_desktop.qa_review.bulk_insert import copy_rows

                    copy_rows(session.connection(), ResultDocumentRow.__tablename__,
                              ["file_id", "results_text", "signature_text"],
                              [(row.id, results_text, signature_text)])  # fmt: skip
                else:
                    session.add(ResultDocumentRow(file_id=row.id, results_text=results_text,
                                                  signature_text=signature_text))  # fmt: skip
            self._add_judgments(session, row.id, judgments)
            stored = self._file(row)
            session.commit()
            return stored

    def _replace_invalid(
        self,
        record: StoredFile,
        results_text: str | None,
        signature_text: str | None,
        judgments: Sequence[dict[str, Any]],
    ) -> tuple[StoredFile, bool]:
        from sqlmodel import select

        from rater_desktop.qa_review.tables import ResultDocumentRow, ResultFileRow

        with self._session() as session:
            query = select(ResultFileRow).where(ResultFileRow.file_sha256 == record.file_sha256)
            row = session.exec(query.with_for_update()).one()
            if row.status != "invalid":
                return self._file(row), False
            for name in _FILE_FIELDS:
                setattr(row, name, getattr(record, name))
            session.add(row)
            existing = session.get(ResultDocumentRow, row.id)
            if existing is not None:
                session.delete(existing)
                session.flush()
            if results_text is not None and signature_text is not None and row.id is not None:
                session.add(
                    ResultDocumentRow(
                        file_id=row.id, results_text=results_text, signature_text=signature_text
                    )
                )
            self._add_judgments(session, row.id, judgments)
            stored = self._file(row)
            session.commit()
            return stored, True

    def replace_judgments(
        self, record: StoredFile, judgments: Sequence[dict[str, Any]]
    ) -> StoredFile:
        """A file's judgment rows and left-out items, filled again (one transaction): for
        files imported before the store kept everything a report needs."""
        from rater_desktop.qa_review.tables import ResultFileRow

        with self._session() as session:
            row = session.get(ResultFileRow, record.id)
            if row is None:
                raise QaStoreError(f"No imported file with id {record.id}.")
            row.problems = record.problems
            session.add(row)
            self._add_judgments(session, row.id, judgments)
            stored = self._file(row)
            session.commit()
            return stored

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

    def set_adjudication(
        self, record: StoredAdjudication, *, expected_version: int | None
    ) -> StoredAdjudication:
        """Insert (``expected_version`` None) or change the decision whose version is
        ``expected_version``; anything else raises DecisionConflictError with the current
        decision, so a reviewer never overwrites a decision they have not seen. A record
        without a reviewer id raises MissingReviewerError and nothing is written."""
        from sqlalchemy import insert, update
        from sqlalchemy.exc import IntegrityError

        from rater_desktop.qa_review.tables import AdjudicationRow

        require_reviewer(record.reviewer_id)  # the last stop: no path writes one without
        table = AdjudicationRow.__table__  # type: ignore[attr-defined]
        values: dict[str, Any] = {
            "decision": record.decision,
            "note": record.note,
            "corrected_verdict": record.corrected_verdict,
            "reviewer_id": record.reviewer_id,
            "decided_at": record.decided_at,
        }
        key = {"batch_sha256": record.batch_sha256, "item_id": record.item_id}
        try:
            with self.engine.begin() as conn:
                if expected_version is None:
                    conn.execute(insert(table).values(**key, **values, version=1))
                    return replace(record, version=1)
                changed = conn.execute(
                    update(table)
                    .where(*(table.c[k] == v for k, v in key.items()))
                    .where(table.c.version == expected_version)
                    .values(**values, version=expected_version + 1)
                )
                if changed.rowcount == 1:
                    return replace(record, version=expected_version + 1)
        except IntegrityError:
            pass  # another reviewer inserted the first decision a moment ago
        raise self._conflict(record.batch_sha256, record.item_id)

    def _conflict(self, batch_sha256: str, item_id: str) -> DecisionConflictError:
        current = self.adjudication(batch_sha256=batch_sha256, item_id=item_id)
        if current is None:
            message = (
                f"Item {item_id}: another reviewer cleared the decision since you opened it; "
                "nothing was saved. Decide again if you still want to."
            )
        else:
            message = (
                f"Item {item_id}: {current.reviewer_id or 'another reviewer'} decided "
                f"{current.decision!r} at {current.decided_at} since you opened it; your "
                "decision was not saved. Their decision is shown now: decide again to replace it."
            )
        return DecisionConflictError(message, current)

    def remove_adjudication(
        self, *, batch_sha256: str, item_id: str, expected_version: int | None = None
    ) -> None:
        """Delete the decision if it is still at ``expected_version`` (None: whatever it is)."""
        from sqlalchemy import delete

        from rater_desktop.qa_review.tables import AdjudicationRow

        table = AdjudicationRow.__table__  # type: ignore[attr-defined]
        query = delete(table).where(table.c.batch_sha256 == batch_sha256, table.c.item_id == item_id)
        if expected_version is not None:
            query = query.where(table.c.version == expected_version)
        with self.engine.begin() as conn:
            removed = conn.execute(query).rowcount
        if not removed and expected_version is not None:
            if self.adjudication(batch_sha256=batch_sha256, item_id=item_id) is not None:
                raise self._conflict(batch_sha256, item_id)

    def decisions_stamp(self, *, batch_sha256: str) -> tuple[tuple[str, int], ...]:
        """(item, version) of a batch's decisions: changes whenever any reviewer decides,
        changes or clears one; the window polls it to refresh only when needed."""
        from sqlalchemy import select

        from rater_desktop.qa_review.tables import AdjudicationRow

        table = AdjudicationRow.__table__  # type: ignore[attr-defined]
        query = (
            select(table.c.item_id, table.c.version)
            .where(table.c.batch_sha256 == batch_sha256)
            .order_by(table.c.item_id)
        )
        with self.engine.connect() as conn:
            return tuple((str(item), int(version)) for item, version in conn.execute(query))

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
            version=row.version,
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
