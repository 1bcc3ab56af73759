"""The test-retest figures of a QA session or of verified documents.

Read from the trusted files' signed documents with the batch's protocol's verdict reader
(``RatingProtocol.verdicts``), so the guideline and the preference report show the same
figure without naming a protocol here.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rater_desktop.qa.retest import RETEST_KIND, RetestFigure, documents_retest, is_probe

# ``session`` below is a QaSession: not imported, as the session's figures import this
# module (an import either way would close a circle; the test forbids even a typing one).
QaSession = Any


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


def session_retest(session: QaSession, *, planned: bool = False) -> list[RetestFigure]:
    """The session's figures. The signed documents are read only when the study has
    probes (``planned``: its plan has some; or the opened batch holds its own): other
    reports never parse a document."""
    if not (planned or any(e.kind == RETEST_KIND for e in session.batch.index)):
        return []
    return batch_retest(session_documents(session), session.batch)
