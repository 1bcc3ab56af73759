"""CF-1..CF-3: the case file written before the responses are shown."""

from __future__ import annotations

import re

from rater_desktop.rating.helpers import is_placeholder, vague_words_in
from rater_desktop.rating.rubric import Severity
from rater_desktop.rating.rules.base import RuleContext, RuleResult

_SHOULD = re.compile(r"^\s*(?:[-*•]\s*|\d+[.)]\s*)?should(?:\s+not)?\b", re.IGNORECASE)


def cf1_main_goal_written(ctx: RuleContext) -> list[RuleResult]:
    """CF-1: a main goal is written (responses stay hidden until it is)."""
    goal = ctx.rating.case_file.main_goal
    if not is_placeholder(goal):
        return [ctx.ok("CF-1", "case_file.main_goal")]
    message = "Write the user's main goal before looking at the responses."
    if goal.strip():
        message = f'"{goal.strip()[:40]}" is a placeholder, not a goal. ' + message
    return [ctx.fail("CF-1", message, "case_file.main_goal")]


def cf2_sub_requests_listed(ctx: RuleContext) -> list[RuleResult]:
    """CF-2: at least one sub-request, each with text and a kind."""
    subs = ctx.rating.case_file.sub_requests
    if not subs:
        return [
            ctx.fail(
                "CF-2",
                "List at least one sub-request (a constraint such as place, date, number, "
                "format or action).",
                "case_file.sub_requests",
            )
        ]
    failures = []
    for number, sub in enumerate(subs, start=1):
        field = f"case_file.sub_requests.{sub.id}"
        if not sub.text.strip():
            failures.append(ctx.fail("CF-2", f"Sub-request {number} has no text.", field))
        elif sub.kind is None:
            failures.append(
                ctx.fail(
                    "CF-2",
                    f"Sub-request {number} needs a kind: location, time, quantity, format, "
                    "action or other.",
                    field,
                )
            )
    return ctx.outcome("CF-2", failures, "case_file.sub_requests")


def cf3_checklist_wording(ctx: RuleContext) -> list[RuleResult]:
    """CF-3: checklist lines avoid vague words (warn); a Should / Should NOT opening is
    recommended only (hint)."""
    failures = []
    for number, line in enumerate(ctx.rating.case_file.checklist, start=1):
        if not line.strip():
            continue
        field = f"case_file.checklist.{number - 1}"
        vague = vague_words_in(line, ctx.rubric)
        if vague:
            words = ", ".join(f'"{w}"' for w in dict.fromkeys(vague))
            message = f"Checklist line {number}: replace vague wording ({words}) with something checkable."
            failures.append(ctx.fail("CF-3", message, field))
        if not _SHOULD.match(line[:200]):
            message = (
                f'Checklist line {number}: starting with "Should" or "Should NOT" makes it '
                "easier to answer Yes or No (optional)."
            )
            failures.append(ctx.fail("CF-3", message, field, severity=Severity.HINT))
    return ctx.outcome("CF-3", failures, "case_file.checklist")
