"""The preference and run audit QA tabs hold nothing a reviewer writes (no adjudication,
note or decision): they say so once, through ``gui.protocols.ReadOnlyQaView``, instead of
each keeping an empty ``save_now``; the guideline's view saves its adjudication."""

from __future__ import annotations

import pytest

from rater_desktop.gui.preference.qa_view import PreferenceQaView
from rater_desktop.gui.protocols import ReadOnlyQaView
from rater_desktop.gui.qa.guideline_view import GuidelineQaView
from rater_desktop.gui.run_audit.qa_view import RunAuditQaView


@pytest.mark.parametrize("view", [PreferenceQaView, RunAuditQaView])
def test_a_view_with_nothing_to_save_takes_the_shared_default(view: type) -> None:
    assert issubclass(view, ReadOnlyQaView)
    assert {"save_now", "decisions_changed", "adjudicates"}.isdisjoint(vars(view))
    assert view.adjudicates is False


def test_the_guideline_view_saves_its_own() -> None:
    assert not issubclass(GuidelineQaView, ReadOnlyQaView)
    assert "save_now" in vars(GuidelineQaView) and GuidelineQaView.adjudicates
