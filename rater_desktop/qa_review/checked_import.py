"""An import that first refuses a set of results mixing protocols, or of another protocol
than the opened batch's (the QA window's import, whatever the protocol)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rater_desktop.protocols.mixed import DEFAULT, MixedProtocolError, protocol_problem

if TYPE_CHECKING:
    from rater_desktop.qa_review.session import ImportOutcome, QaSession


def import_checked(session: QaSession, paths: Sequence[Path], **steps: Any
                   ) -> list[ImportOutcome]:
    """Import after refusing a mixed set (MixedProtocolError says which file is which);
    ``steps``: the ``cancelled`` / ``progress`` callbacks of ``import_results``."""
    protocol = str(getattr(session.batch.manifest, "protocol", None) or DEFAULT)
    problem = protocol_problem(paths, batch_protocol=protocol)
    if problem is not None:
        raise MixedProtocolError(problem)
    return session.import_results(paths, **steps)
