"""Every software-checkable guideline rule, and the registry that runs them.

One function per rule ID (see docs/rules.md). ``check_item`` runs all enabled rules on
one rating; ``can_complete`` decides whether the item may be marked complete.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from rater_desktop.batch.model import Item
from rater_desktop.rating.display_order import DisplayOrder
from rater_desktop.rating.model import ItemRating
from rater_desktop.rating.rubric import Rubric
from rater_desktop.rating.rules.base import RuleContext, RuleResult
from rater_desktop.rating.rules.case_file import (
    cf1_main_goal_written,
    cf2_sub_requests_listed,
    cf3_checklist_wording,
)
from rater_desktop.rating.rules.claims import (
    fc1_claims_verbatim,
    fc2_objective_labelled,
    fc3_claims_atomic,
    fc4_actions_listed,
)
from rater_desktop.rating.rules.fact_checks import (
    fc5_objective_claims_rated,
    fc6_sources_cited,
    fc7_sources_direct,
    fc8_no_private_data,
    fc9_fa_matches_claims,
)
from rater_desktop.rating.rules.performance import ap1_justification_length, ap2_dimensions_covered
from rater_desktop.rating.rules.task_completion import (
    tc1_checklist_answered,
    tc2_score_matches_checklist,
    tc3_critical_cca_caps_tc,
    tc4_action_evidence,
    tc5_tc_justified,
)
from rater_desktop.rating.rules.verdict import (
    fv1_verdict_chosen,
    fv2_justification_length,
    fv3_correctness_is_king,
    fv4_one_point_is_slight,
    fv5_about_same_only_when_equal,
    fv6_strength_follows_lead,
)

RuleFunction = Callable[[RuleContext], list[RuleResult]]

RULES: dict[str, RuleFunction] = {
    "CF-1": cf1_main_goal_written,
    "CF-2": cf2_sub_requests_listed,
    "CF-3": cf3_checklist_wording,
    "TC-1": tc1_checklist_answered,
    "TC-2": tc2_score_matches_checklist,
    "TC-3": tc3_critical_cca_caps_tc,
    "TC-4": tc4_action_evidence,
    "TC-5": tc5_tc_justified,
    "FC-1": fc1_claims_verbatim,
    "FC-2": fc2_objective_labelled,
    "FC-3": fc3_claims_atomic,
    "FC-4": fc4_actions_listed,
    "FC-5": fc5_objective_claims_rated,
    "FC-6": fc6_sources_cited,
    "FC-7": fc7_sources_direct,
    "FC-8": fc8_no_private_data,
    "FC-9": fc9_fa_matches_claims,
    "AP-1": ap1_justification_length,
    "AP-2": ap2_dimensions_covered,
    "FV-1": fv1_verdict_chosen,
    "FV-2": fv2_justification_length,
    "FV-3": fv3_correctness_is_king,
    "FV-4": fv4_one_point_is_slight,
    "FV-5": fv5_about_same_only_when_equal,
    "FV-6": fv6_strength_follows_lead,
}


def check_item(
    rating: ItemRating,
    *,
    item: Item | None,
    plain_texts: Sequence[str],
    rubric: Rubric,
    order: DisplayOrder | None = None,
    only: Iterable[str] | None = None,
) -> list[RuleResult]:
    """Run every enabled rule (or just ``only``); passes and failures, in rule order.

    ``plain_texts`` are the plain renderings of the two responses by true index;
    ``order`` only affects the labels used in messages (default: file order).
    """
    if len(plain_texts) != 2:
        raise ValueError("plain_texts must hold the two responses' plain text")
    ctx = RuleContext(
        rating=rating,
        item=item,
        plain_texts=(plain_texts[0], plain_texts[1]),
        rubric=rubric,
        order=order or DisplayOrder(),
    )
    wanted = set(only) if only is not None else None
    results: list[RuleResult] = []
    for rule_id, rule in RULES.items():
        if (wanted is None or rule_id in wanted) and rubric.enabled(rule_id):
            results.extend(rule(ctx))
    return results


def can_complete(results: Iterable[RuleResult]) -> tuple[bool, list[str]]:
    """Only failing block rules prevent completion; their messages are the reasons."""
    reasons = [f"{r.rule_id}: {r.message}" for r in results if r.blocking]
    return (not reasons, reasons)


def unacknowledged_warnings(
    results: Iterable[RuleResult], acknowledged: Mapping[str, str]
) -> list[RuleResult]:
    """Failing warnings whose rule has no acknowledgement reason yet."""
    return [r for r in results if r.warning and not acknowledged.get(r.rule_id, "").strip()]


__all__ = [
    "RULES",
    "RuleContext",
    "RuleResult",
    "can_complete",
    "check_item",
    "unacknowledged_warnings",
]
