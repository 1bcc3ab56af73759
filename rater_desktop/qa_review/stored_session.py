"""QaSession's figures from the store, incrementally (``QaSession`` mixes it in).

The import keeps every judgment's facts, Items rows and export fields (``judgment_rows``),
so nothing here parses a document, except once for a file imported before the store kept
them. A session reads each used file's rows once (keyed by file id and hash: a rater's new
export is a new file), and keeps what it built from the used files (judgments, figures,
Items blocks) keyed by which files those are: a report after a QA decision reuses them all
and draws only the decisions again; a new or distrusted file rebuilds them from the rows.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

from rater_desktop.learning.unsure import UnsureShare
from rater_desktop.qa_review.judgment_columns import FileJudgments, StoredJudgment
from rater_desktop.qa_review.judgment_rows import (
    files_to_fill,
    item_html,
    item_rows,
    judgment_rows,
    read_judgments,
)

if TYPE_CHECKING:
    from rater_desktop.qa.inputs import RaterJudgment
    from rater_desktop.qa_review.adapter import BatchItemInfo, RatedItem
    from rater_desktop.qa_review.figures import Tables
    from rater_desktop.qa_review.report_items import ItemBlock
    from rater_desktop.qa_review.sql_figures import StoreFigures
    from rater_desktop.qa_review.store import QaStore, StoredFile
    from rater_desktop.qa_review.study_figures import StudyFigures

T = TypeVar("T")
FileKey = tuple[tuple[int | None, str], ...]
# Items rows a streamed report reads per query (about 0.6 KB of HTML each): about a MB,
# however many raters share an item.
ROWS_PER_READ = 1000


class StoredJudgmentsMixin:
    """Store-based judgments, grouped figures and report parts of QaSession."""

    store: QaStore
    # Per used file, its judgments (None: its rows are stored, the judgments let go).
    _file_rows: dict[tuple[int, str], FileJudgments | None]
    _built: dict[str, tuple[Any, Any]]

    if TYPE_CHECKING:

        def item_infos(self) -> dict[str, BatchItemInfo]: ...
        def _latest_trusted(self) -> list[StoredFile]: ...

    def used_key(self) -> tuple[list[StoredFile], FileKey]:
        """The used files and their (id, hash): what every built part is keyed by."""
        chosen = self._latest_trusted()
        return chosen, tuple((s.id, s.file_sha256) for s in chosen)

    def built(self, name: str, key: Any, build: Callable[[], T]) -> T:
        """``build()`` once per ``key`` (what a part was built from); the last one is kept."""
        found = self._built.get(name)
        if found is not None and found[0] == key:
            value: T = found[1]
            return value
        value = build()
        self._built[name] = (key, value)
        return value

    def stored_rows(self, stored: StoredFile) -> FileJudgments:
        """A kept file's judgments as stored (read once per session and file)."""
        return self._rows_of(stored)

    def _rows_of(self, stored: StoredFile) -> FileJudgments:
        """A used file's judgments as stored (read once per session and file)."""
        assert stored.id is not None
        key = (stored.id, stored.file_sha256)
        found = self._file_rows.get(key)
        if found is not None:
            return found
        expected = {i: info.expected_verdict for i, info in self.item_infos().items()}
        found = read_judgments(self.store.engine, file_id=stored.id, expected=expected)
        # Not seen yet (a None entry: stored before, let go by release_judgments): rows of
        # an earlier version's import are made from its document once.
        if key not in self._file_rows and (not found or stored.problems is None):
            self._fill_rows(stored)
            found = read_judgments(self.store.engine, file_id=stored.id, expected=expected)
        self._file_rows[key] = kept = found or FileJudgments(stored.id)
        return kept

    def release_judgments(self) -> None:
        """Let go of the used files' judgments and the parts built from them (the
        statistics' input and the agreement tables, ~20 MiB at 100,000 judgments): a
        report written once calls it when its figures are made, before its HTML; the
        next figure asked for reads them from the store again."""
        self._file_rows = dict.fromkeys(self._file_rows)
        self._built.pop("judgments", None)
        self.release_tables()

    def release_tables(self) -> None:
        """Let go of the agreement tables (~6 MiB at 100,000 judgments; built again when
        next asked for): a report made once calls it after their last reader."""
        self._built.pop("tables", None)

    def _fill_rows(self, stored: StoredFile) -> None:
        """Rows of a file imported by an earlier version, from its document (once)."""
        from dataclasses import replace

        from rater_desktop.qa_review.adapter import adapt_results

        signed = self.store.signed_bytes(stored.id) if stored.id is not None else None
        if signed is None:
            return
        try:
            document = json.loads(signed[0].decode("utf-8"))
        except ValueError:  # the store was changed behind our back: skip, never guess
            return
        adapted = adapt_results(document=document, batch_items=self.item_infos())
        rows = judgment_rows(adapted, stored.file_sha256)
        problems = json.dumps(list(adapted.problems), ensure_ascii=False)
        self.store.replace_judgments(replace(stored, problems=problems), rows)

    def stored_columns(self) -> list[FileJudgments]:
        """Every used file's judgments (complete or not) as columns, files by signer."""
        chosen, _ = self.used_key()
        return [self._rows_of(s) for s in chosen]

    def stored_judgments(self) -> Iterator[StoredJudgment]:
        """Every judgment of the used files (complete or not), files by signer, file order,
        each built on the way (the figures read ``stored_columns``)."""
        return (j for f in self.stored_columns() for j in f.stored())

    def judgments(self) -> list[RaterJudgment]:
        """The statistics' input: complete items of trusted files, true file order."""
        _, key = self.used_key()
        return self.built("judgments", key, lambda: [
            j for f in self.stored_columns() for j in f.complete_judgments()])  # fmt: skip

    def unsure_marks(self) -> dict[str, dict[str, str]]:
        """Rater id -> {item id: reason} of the items each trusted rater marked unsure
        (from the rows the import kept: no document is parsed)."""
        return unsure_figures(self.stored_columns())[0]

    def unsure_shares(self) -> list[UnsureShare]:
        """Per rater: unsure items among the items they judged (the per-rater figure)."""
        return unsure_figures(self.stored_columns())[1]

    def each_used_file(self) -> Iterator[FileJudgments]:
        """The used files' judgments one file at a time (files by signer), none kept: a
        report written once reads them so (``streamed_figures``), ~2,000 judgments alive
        at once instead of every file's (100,000 at 50 raters x 2,000 items)."""
        self.release_judgments()
        chosen, _ = self.used_key()
        for stored in chosen:
            assert stored.id is not None  # a used file is a stored one
            found = self._rows_of(stored)
            self._file_rows[(stored.id, stored.file_sha256)] = None  # stored, let go
            yield found
            del found

    def filled(self, chosen: list[StoredFile]) -> list[int]:
        """The ids of ``chosen``, the rows of an earlier version's import filled first."""
        ids = [s.id for s in chosen if s.id is not None]
        missing = files_to_fill(self.store.engine, file_ids=ids)
        for stored in chosen:
            if stored.id in missing:
                self._rows_of(stored)
        return ids

    def dimension_tables(self) -> Tables:
        """Every dimension's unit value counts (alpha, kappa, AC), once per used files."""
        from rater_desktop.qa_review.figures import dimension_tables

        _, key = self.used_key()
        return self.built("tables", key, lambda: dimension_tables(self.judgments()))

    def file_problems(self) -> list[str]:
        """Items the used files' imports left out, and why (one line each)."""
        chosen, _ = self.used_key()
        # fills the problems of an earlier version's import (a file read once is filled)
        self.filled([s for s in chosen if (s.id, s.file_sha256) not in self._file_rows])
        fresh = {s.id: s for s in self.store.files()} if any(
            s.problems is None for s in chosen) else {}  # fmt: skip
        return [
            f"{stored.signer}: {problem}"
            for stored in chosen
            for problem in json.loads(fresh.get(stored.id, stored).problems or "[]")
        ]

    def store_figures(self, *, agreement: bool = True) -> StoreFigures:
        """Counts, verdicts, wins and times grouped by the database (no document parsed);
        ``agreement`` adds alpha per dimension from value counts grouped in SQL."""
        from rater_desktop.qa_review.sql_figures import store_figures

        chosen, key = self.used_key()
        ids = self.filled(chosen)  # rows of an earlier version's import are filled first
        return self.built(f"grouped-{agreement}", key, lambda: store_figures(
            self.store.engine, file_ids=ids, agreement=agreement))  # fmt: skip

    def study_figures(self) -> StudyFigures:
        """Kappa, AC1/AC2, tendencies, ability, fragility and drift (once per used files)."""
        from rater_desktop.qa_review.study_figures import study_figures

        _, key = self.used_key()
        return self.built("study", key, lambda: study_figures(self))  # type: ignore[arg-type]

    def item_blocks(self) -> list[ItemBlock]:
        """The report's Items blocks (batch order), joined from the stored rater rows."""
        _, key = self.used_key()
        return self.built("items", key, lambda: list(self.iter_item_blocks(chunk=None)))

    def iter_item_blocks(self, *, chunk: int | None = 0) -> Iterator[ItemBlock]:
        """The same blocks one by one, read ``chunk`` batch items at a time (0: as many
        as make about ROWS_PER_READ rater rows, None: all at once), kept nowhere: what a
        report written straight to a file reads."""
        from rater_desktop.qa_review.report_items import item_block

        chosen, key = self.used_key()
        found = self._built.get("items")
        if found is not None and found[0] == key:
            yield from found[1]
            return
        for stored in chosen:  # rows of an earlier version's import are made once
            if (stored.id, stored.file_sha256) not in self._file_rows:
                self._rows_of(stored)
        files = [s.id for s in chosen if s.id]
        infos = list(self.item_infos().items())
        per_read = chunk or max(1, ROWS_PER_READ // max(1, len(files)))
        step = per_read if chunk is not None else max(1, len(infos))
        for start in range(0, len(infos), step):
            part = infos[start:start + step]
            html = item_html(self.store.engine, file_ids=files,
                             item_ids=None if chunk is None else [i for i, _ in part])
            for item_id, info in part:
                if item_id in html:
                    yield item_block(item_id=item_id, kind=info.facts.kind,
                                     identities=info.facts.identities, prompt=info.prompt,
                                     rater_html=(h for _, h in html[item_id]))  # fmt: skip

    def stored_rated(self, item_id: str) -> list[tuple[RatedItem, str]]:
        """One item's rated entries in the used files (signer order), with each file's
        SHA-256, read from the store: the Compare tab's input."""
        from rater_desktop.qa_review.adapter import RatedItem, rated_item
        from rater_desktop.qa_review.judgment_rows import read_entries

        chosen, _ = self.used_key()
        for stored in chosen:
            self._rows_of(stored)  # fills the entries of an earlier version's import
        place = {s.id: n for n, s in enumerate(chosen)}
        found = read_entries(self.store.engine, item_id=item_id,
                             file_ids=[s.id for s in chosen if s.id is not None])
        infos = self.item_infos()
        rated = []
        for file_id, rater_id, entry in sorted(found, key=lambda f: place[f[0]]):
            item = rated_item(entry, rater_id=rater_id, batch_items=infos)
            if isinstance(item, RatedItem):
                rated.append((item, chosen[place[file_id]].file_sha256))
        return rated

    def item_export_fields(self) -> list[tuple[str, list[dict[str, Any]]]]:
        """Per judged item (batch order), the rater fields of its CSV/JSONL rows."""
        chosen, _ = self.used_key()
        for stored in chosen:
            self._rows_of(stored)
        found = item_rows(self.store.engine, file_ids=[s.id for s in chosen if s.id])
        return [(item_id, found[item_id]) for item_id in self.item_infos() if item_id in found]


class UnsureSums:
    """The unsure marks and per-rater shares, added up a file's columns at a time."""

    def __init__(self) -> None:
        self.marks: dict[str, dict[str, str]] = {}
        self.judged: dict[str, int] = {}

    def add(self, found: FileJudgments) -> None:
        marks, judged = self.marks, self.judged
        for judgment in found.judgments:
            marks.setdefault(judgment.rater_id, {})
            judged[judgment.rater_id] = judged.get(judgment.rater_id, 0) + 1
        for row, reason in found.unsure.items():
            judgment = found.judgments[row]
            marks[judgment.rater_id][judgment.item_id] = reason

    def result(self) -> tuple[dict[str, dict[str, str]], list[UnsureShare]]:
        """(rater id -> {item id: reason} of the items marked unsure, per rater the
        unsure share of the items they judged)."""
        return self.marks, [UnsureShare(rater, len(self.marks.get(rater, {})), count)
                            for rater, count in sorted(self.judged.items())]


def unsure_figures(columns: Iterable[FileJudgments]
                   ) -> tuple[dict[str, dict[str, str]], list[UnsureShare]]:  # fmt: skip
    """``UnsureSums`` of every given file's columns."""
    sums = UnsureSums()
    for found in columns:
        sums.add(found)
    return sums.result()
