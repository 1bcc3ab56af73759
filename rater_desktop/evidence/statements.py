"""The finder's advice for a list of statements about one run or response: the run audit
protocol's report statements (checkpoints, block, item, evidence lines) or any other
protocol's, given as (id, text) pairs, so the finder never needs to know a protocol."""

from __future__ import annotations

from collections.abc import Iterable

from rater_desktop.batch.model import Response
from rater_desktop.evidence.advice import Advice, advise
from rater_desktop.evidence.sources import OcrLookup, response_sources


def advise_statements(statements: Iterable[tuple[str, str]], response: Response | None,
                      ocr: OcrLookup) -> dict[str, Advice]:
    """Advice per statement id: the run's screenshots and steps that show each statement,
    and for a statement of an action, the step that did it (or none, or a contradiction)."""
    sources = response_sources(response, ocr)
    return {key: advise(text, sources) for key, text in statements}
