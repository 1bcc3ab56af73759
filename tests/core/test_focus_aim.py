"""Where the keyboard goes after a move (rating/focus.py, no Qt)."""

from __future__ import annotations

from rater_desktop.rating.focus import (
    FocusAim,
    blocked_fields,
    created_to_focus,
    focus_aim,
    sources_optional,
)
from rater_desktop.rating.model import (
    Claim,
    ClaimRating,
    ShownEvidence,
    ShownEvidenceKind,
    Step,
)
from rater_desktop.rating.rubric import Severity
from rater_desktop.rating.rules.base import RuleResult


def test_opening_an_item_aims_at_the_first_field_unless_the_list_keeps_it() -> None:
    assert focus_aim(kind="open", accepted=True, focus_kept=False) is FocusAim.FIRST_FIELD
    assert focus_aim(kind="open", accepted=True, focus_kept=True) is None


def test_a_step_change_aims_at_its_first_unanswered_question() -> None:
    assert focus_aim(kind="step", accepted=True, focus_kept=False) is FocusAim.FIRST_UNANSWERED


def test_edits_and_refused_changes_leave_the_focus_alone() -> None:
    assert focus_aim(kind="edit", accepted=True, focus_kept=False) is None
    assert focus_aim(kind="open", accepted=False, focus_kept=False) is None


def test_a_created_claim_takes_the_focus_only_when_accepted() -> None:
    from rater_desktop.rating.change import Change

    assert created_to_focus(Change(item_id="i", kind="edit", created_id="c3")) == "c3"
    assert created_to_focus(Change(item_id="i", kind="edit", accepted=False,
                                   created_id="c3")) is None


def test_arrows_step_within_a_group_and_stop_at_its_ends() -> None:
    from rater_desktop.rating.focus import step_in_group

    assert step_in_group(0, 3, forward=True) == 1
    assert step_in_group(2, 3, forward=True) == 2
    assert step_in_group(0, 3, forward=False) == 0
    assert step_in_group(2, 3, forward=False) == 1


def test_a_source_box_is_optional_once_a_screenshot_proves_the_claim_or_it_is_cca() -> None:
    claim = Claim("c1", 0, 5, "Price", objective=True, rating=ClaimRating.ACCURATE)
    assert not sources_optional(claim)  # web addresses or a screenshot: still to give
    shot = ShownEvidence(ShownEvidenceKind.SCREENSHOT, "screens/a1.png")
    assert sources_optional(Claim("c1", 0, 5, "Price", objective=True,
                                  rating=ClaimRating.ACCURATE, shown_evidence=[shot]))
    assert sources_optional(Claim("c1", 0, 5, "Price", objective=True, rating=ClaimRating.CCA))


def test_blocked_fields_are_the_steps_fields_a_blocking_rule_holds_up() -> None:
    short = RuleResult("AP-1", Severity.BLOCK, False, "too short", "responses.1.aip_justification", 1)
    kept = RuleResult("AP-1", Severity.BLOCK, True, "", "responses.0.aip_justification", 0)
    warned = RuleResult("AP-2", Severity.WARN, False, "warn", "responses.0.aip_justification", 0)
    elsewhere = RuleResult("TC-1", Severity.BLOCK, False, "to do", "responses.0.tc", 0)
    results = [elsewhere, kept, warned, short]
    assert blocked_fields(results, Step.AI_PERFORMANCE) == ["responses.1.aip_justification"]
    assert blocked_fields(results, Step.TASK_COMPLETION) == ["responses.0.tc"]
