"""What the QA window shows, computed off the UI thread in one go (no Qt here).

The window never asks the session for figures on the UI thread: a job builds a
``ReviewState`` (files, the judged items, disagreements) after every import or roster
change, and a second job the slower ``QaFigures`` (bootstrap intervals). Everything comes
from the store's judgment rows: no signed document is parsed, and the state holds one
small record per judged item, not every rater's whole answers (Compare reads one item's
answers when it shows it: ``QaSession.comparison``).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rater_desktop.qa.disagreement import ItemDisagreement
from rater_desktop.qa_review.store import StoredFile
from rater_desktop.results.verify import MAX_RESULTS_BYTES
from rater_desktop.wording import counted

if TYPE_CHECKING:
    from rater_desktop.qa_review.session import ImportOutcome, QaSession
    from rater_desktop.qa_review.summary import QaFigures

ALL_KINDS = ("standard", "qualification", "attention")
RESULTS_SUFFIX = ".results.json"


@dataclass(frozen=True)
class JudgedItem:
    """A batch item some trusted rater judged: its kind and the raters' verdict scores
    (true order; raters without a verdict left out)."""

    kind: str
    verdicts: tuple[int, ...] = ()


@dataclass(frozen=True)
class ReviewState:
    """Files, judged items and disagreements of the opened batch, as of one computation."""

    batch_sha256: str = ""
    files: tuple[StoredFile, ...] = ()
    used: frozenset[str] = frozenset()
    raters: tuple[str, ...] = ()
    judged: dict[str, JudgedItem] = field(default_factory=dict)  # batch order
    disagreements: tuple[ItemDisagreement, ...] = ()
    problems: tuple[str, ...] = ()
    unsure: dict[str, dict[str, str]] = field(default_factory=dict)  # item -> rater -> reason

    def is_used(self, stored: StoredFile) -> bool:
        return stored.file_sha256 in self.used


def review_state(session: QaSession) -> ReviewState:
    """Everything but the slow figures (runs in a job)."""
    return ReviewState(
        batch_sha256=session.batch_sha256,
        files=tuple(session.files()),
        used=frozenset(f.file_sha256 for f in session.used_files()),
        raters=tuple(session.raters()),
        judged=judged_items(session),
        disagreements=tuple(session.disagreements(kinds=ALL_KINDS)),
        problems=tuple(session.problems()),
        unsure=unsure_by_item(session.unsure_marks()),
    )


def judged_items(session: QaSession) -> dict[str, JudgedItem]:
    """Every batch item with a judgment of a used file (complete or not), batch order."""
    verdicts: dict[str, list[int]] = defaultdict(list)
    for columns in session.stored_columns():
        for judgment in columns.judgments:
            found = verdicts[judgment.item_id]
            if judgment.verdict_true is not None:
                found.append(judgment.verdict_true)
    return {item_id: JudgedItem(info.facts.kind, tuple(verdicts[item_id]))
            for item_id, info in session.item_infos().items() if item_id in verdicts}


def where_text(d: ItemDisagreement, judged: JudgedItem | None,
               unsure: Mapping[str, str] | None = None) -> str:
    """A short account of where the raters differ: verdict range, scores, claims, and
    who marked the item unsure (rater -> reason)."""
    parts = []
    verdicts = judged.verdicts if judged is not None else ()
    if verdicts and max(verdicts) != min(verdicts):
        low, high = (f"{v:+d}" if v else "0" for v in (min(verdicts), max(verdicts)))
        parts.append(f"verdicts {low} to {high}")
    top = d.max_score_spread
    if top:
        worst = [f"{'AB'[side]} {name.upper()}" for side, spreads in sorted(d.score_spreads.items())
                 for name, value in spreads.items() if value == top]
        parts.append(f"{', '.join(worst)} differ by {top:.0f}")
    if d.claim_conflicts:
        parts.append(f"{counted(d.claim_conflicts, 'claim')} rated differently")
    text = "; ".join(parts) or "agree"
    marks = "; ".join(f"{rater} unsure: {why}" for rater, why in sorted((unsure or {}).items()))
    return f"{text}; {marks}" if marks else text


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


def claimed_batches(paths: Sequence[Path]) -> str:
    """' They name batch ...' from the files' own (not yet verified) batch fields."""
    names = set()
    for path in expand_result_paths(list(paths))[:20]:
        try:
            with path.open("rb") as handle:
                document = json.loads(handle.read(MAX_RESULTS_BYTES))
            batch = document.get("batch", {})
            names.add(f"{batch.get('title') or ''} ({batch.get('batch_id')})".strip())
        except (OSError, ValueError, AttributeError):
            continue
    return f" They name the batch {', '.join(sorted(names))}." if names else ""
