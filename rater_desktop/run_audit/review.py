"""What QA reads of run audit results, shared by ``qa report`` and the QA window: the
figures of verified documents over the batch's runs."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rater_desktop.qa_review.figures import sd4_threshold
from rater_desktop.run_audit.stats import RunAuditFigures, audits_of, figures


def batch_figures(documents: Iterable[Mapping[str, Any]], *, batch: Any) -> RunAuditFigures:
    """Every run audit figure of ``documents`` (verified results of ``batch``); a
    ``BatchError`` when an item of the batch cannot be read, a ``ThresholdError`` when its
    rubric's SD-4 cannot score qualification."""
    items = [batch.item(entry.item_id) for entry in batch.index]
    audits = [audit for document in documents for audit in audits_of(document)]
    return figures(items, audits, threshold=sd4_threshold(batch.manifest.rubric))
