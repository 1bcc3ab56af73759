"""The guideline protocol's window parts: the guide's Criteria page, the Tools dock's Notes
and Feedback, the step panel of RatingBinding, the QA window's own tabs."""

from __future__ import annotations

from typing import Any

from rater_desktop.batch.protocol import GUIDELINE
from rater_desktop.gui.protocols import WindowProtocol, register
from rater_desktop.guideline.tour import CARDS as TOUR


def criteria(manifest: Any) -> str:
    """The guideline's own criteria page (the same for every batch)."""
    del manifest
    from rater_desktop.gui.steps.help import help_text

    return help_text("criteria.md")


def qa_view(host: Any) -> Any:
    """The QA window's guideline tabs (``gui.qa.guideline_view``)."""
    from rater_desktop.gui.qa.guideline_view import GuidelineQaView

    return GuidelineQaView(host)


PROTOCOL = register(WindowProtocol(name=GUIDELINE, criteria=criteria, guideline_tabs=True,
                                   rating_binding=True, install=None, qa_view=qa_view, tour=TOUR))
