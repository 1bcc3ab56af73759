"""The report's test-retest section: per rater, the probes judged and how consistent they were.

Read from the trusted files' signed documents with the batch's protocol's verdict reader
(``RatingProtocol.verdicts``), so the guideline and the preference report show the same
figure without naming a protocol here. Cells carry ``data-key`` attributes
(``retest-judged-RATER``, ``retest-same-verdict-RATER``, ``retest-same-direction-RATER``,
``retest-side-following-RATER``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rater_desktop.qa.retest import RETEST_KIND, RetestFigure, documents_retest, is_probe
from rater_desktop.qa_review.report_sections import Cell, pct, table

if TYPE_CHECKING:
    from rater_desktop.qa_review.session import QaSession


def has_probes(documents: Iterable[Mapping[str, Any]]) -> bool:
    return any(is_probe(e) for d in documents for e in d.get("items") or [])


def batch_retest(documents: Sequence[Mapping[str, Any]], batch: Any) -> list[RetestFigure]:
    """The figures of ``documents`` (verified, rated on ``batch`` or a study's per-rater
    batches of it); none when no document holds a probe or the protocol reads no verdicts."""
    from rater_desktop import protocols

    if not has_probes(documents):
        return []
    try:
        verdicts = protocols.of_batch(batch).verdicts
    except protocols.ProtocolError:
        return []
    if verdicts is None:
        return []
    # The originals are standard items: a pool holds them, and so does a rater's batch.
    items = [batch.item(e.item_id) for e in batch.index if e.kind == "standard"]
    return documents_retest(documents, verdicts(items))


def session_documents(session: QaSession) -> list[dict[str, Any]]:
    """The signed documents of the session's trusted files (latest export per rater)."""
    found = []
    for stored in session.used_files():
        signed = session.store.signed_bytes(stored.id) if stored.id is not None else None
        if signed is None:
            continue
        try:
            document = json.loads(signed[0].decode("utf-8"))
        except ValueError:  # changed behind our back: skipped, never guessed
            continue
        if isinstance(document, dict):
            found.append(document)
    return found


def session_retest(session: QaSession) -> list[RetestFigure]:
    """The session's figures. The signed documents are read only when the study has
    probes (its plan's, or the opened batch's own): other reports never parse a document."""
    if not (session.retest_probes or any(e.kind == RETEST_KIND for e in session.batch.index)):
        return []
    return batch_retest(session_documents(session), session.batch)


def _count(figure: RetestFigure, count: int, key: str) -> Cell:
    share = figure.share(count)
    return (f"{count} ({pct(share)})", f"{key}-{figure.rater_id}")


def retest_section(figures: Sequence[RetestFigure]) -> str:
    """The HTML section ("" when no probe was judged: a study without probes shows nothing)."""
    if not figures:
        return ""
    rows: list[list[Cell]] = [
        [f.rater_id, (str(f.judged), f"retest-judged-{f.rater_id}"),
         _count(f, f.same_verdict, "retest-same-verdict"),
         _count(f, f.same_direction, "retest-same-direction"),
         _count(f, f.side_following, "retest-side-following")]
        for f in figures
    ]  # fmt: skip
    return (
        "<h2>Test-retest probes</h2><p>A probe shows a rater an item they already judged, "
        "later in their batch, with A and B swapped on screen. Same verdict: the same answer "
        "both times, in the batch's (file) order. Same direction: the same response preferred, "
        "or a tie both times. Side-following: the same side of the screen chosen both times "
        "although the responses had swapped sides. Probes are not counted in agreement, the "
        "scoreboard or disagreements.</p>"
        + table(["Rater", "Probes judged", "Same verdict", "Same direction", "Side-following"],
                rows)  # fmt: skip
    )


def retest_json(figures: Sequence[RetestFigure]) -> dict[str, dict[str, int]]:
    """Rater id -> the counts (the preference report's JSONL ``retest``)."""
    return {f.rater_id: {"judged": f.judged, "same_verdict": f.same_verdict,
                         "same_direction": f.same_direction, "side_following": f.side_following}
            for f in figures}  # fmt: skip
