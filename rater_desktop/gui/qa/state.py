"""What the QA window shows, computed off the UI thread in one go (no Qt here).

The window never asks the session for figures on the UI thread: a job builds a
``ReviewState`` (files, comparisons, disagreements) after every import or roster change,
and a second job the slower ``QaFigures`` (bootstrap intervals).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rater_desktop.qa.disagreement import ItemDisagreement
from rater_desktop.qa_review.store import StoredFile
from rater_desktop.qa_review.views import ItemComparison

if TYPE_CHECKING:
    from rater_desktop.qa_review.session import ImportOutcome, QaSession
    from rater_desktop.qa_review.summary import QaFigures

ALL_KINDS = ("standard", "qualification", "attention")
RESULTS_SUFFIX = ".results.json"


@dataclass(frozen=True)
class ReviewState:
    """Files and per-item comparisons of the opened batch, as of one computation."""

    batch_sha256: str = ""
    files: tuple[StoredFile, ...] = ()
    used: frozenset[str] = frozenset()
    raters: tuple[str, ...] = ()
    comparisons: dict[str, ItemComparison] = field(default_factory=dict)
    disagreements: tuple[ItemDisagreement, ...] = ()
    problems: tuple[str, ...] = ()
    unsure: dict[str, dict[str, str]] = field(default_factory=dict)  # item -> rater -> reason

    def is_used(self, stored: StoredFile) -> bool:
        return stored.file_sha256 in self.used


def review_state(session: QaSession) -> ReviewState:
    """Everything but the slow figures (runs in a job)."""
    comparisons = {c.item_id: c for c in session.comparisons()}
    return ReviewState(
        batch_sha256=session.batch_sha256,
        files=tuple(session.files()),
        used=frozenset(f.file_sha256 for f in session.used_files()),
        raters=tuple(session.raters()),
        comparisons=comparisons,
        disagreements=tuple(session.disagreements(kinds=ALL_KINDS)),
        problems=tuple(session.problems()),
        unsure=unsure_by_item(session.unsure_marks()),
    )


def unsure_by_item(marks: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    """Rater -> item -> reason, turned into item -> rater -> reason."""
    found: dict[str, dict[str, str]] = {}
    for rater, items in marks.items():
        for item_id, reason in items.items():
            found.setdefault(item_id, {})[rater] = reason
    return found


def import_and_review(
    session: QaSession, paths: Sequence[Path],
    importer: Callable[..., list[ImportOutcome]] | None = None, **steps: Any,
) -> tuple[list[ImportOutcome], ReviewState]:
    """Import (with ``importer``, e.g. one refusing a mixed set) and review; ``steps``:
    ``cancelled`` and ``progress`` callbacks (see ``QaSession.import_results``)."""
    outcomes = (importer(session, paths, **steps) if importer
                else session.import_results(paths, **steps))
    return outcomes, review_state(session)


def recheck_and_review(session: QaSession) -> tuple[list[StoredFile], ReviewState]:
    changed = session.recheck_signers()
    return changed, review_state(session)


def figures_of(session: QaSession, *, resamples: int, seed: int = 0) -> QaFigures:
    from rater_desktop.qa_review.summary import collect_figures

    return collect_figures(session, now=datetime.now(UTC), resamples=resamples, seed=seed)


def expand_result_paths(paths: Sequence[Path]) -> list[Path]:
    """Files as given; a folder gives its ``*.results.json`` files (not recursive)."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found += sorted(p for p in path.iterdir()
                            if p.name.endswith(RESULTS_SUFFIX) and p.is_file())
        else:
            found.append(path)
    return found


def is_batch_path(path: Path) -> bool:
    """A batch folder (with batch.json), a batch.json, or a .zip file."""
    if path.is_dir():
        return (path / "batch.json").is_file()
    return path.name == "batch.json" or path.suffix.lower() == ".zip"
