"""Rule results and the context every rule function reads."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rater_desktop.batch.model import Item
from rater_desktop.rating.display_order import DisplayOrder
from rater_desktop.rating.model import SIDES, Claim, ItemRating
from rater_desktop.rating.rubric import Rubric, Severity


@dataclass(frozen=True)
class RuleResult:
    """The outcome of one rule on one part of a rating.

    ``field`` names the part of the rating it concerns, by true response index, e.g.
    ``responses.0.tc``, ``responses.1.claims.c4.sources``, ``case_file.main_goal``,
    ``verdict_justification``; FC-4 uses ``responses.0.claims@<start>-<end>`` (the span
    of the uncovered action sentence). ``side`` is the true response index (or None).
    ``message`` is written for the rater and uses DISPLAY labels ("Response A").
    """

    rule_id: str
    severity: Severity
    passed: bool
    message: str
    field: str
    side: int | None = None

    @property
    def blocking(self) -> bool:
        return not self.passed and self.severity is Severity.BLOCK

    @property
    def warning(self) -> bool:
        return not self.passed and self.severity is Severity.WARN

    @property
    def hint(self) -> bool:
        """A quiet suggestion: shown next to the field, never counted as a warning."""
        return not self.passed and self.severity is Severity.HINT

    def to_dict(self) -> dict[str, Any]:
        return {
            "rule_id": self.rule_id,
            "severity": self.severity.value,
            "passed": self.passed,
            "message": self.message,
            "field": self.field,
            "side": self.side,
        }


@dataclass(frozen=True)
class RuleContext:
    """What a rule may look at. ``plain_texts`` are by true response index."""

    rating: ItemRating
    item: Item | None
    plain_texts: tuple[str, str]
    rubric: Rubric
    order: DisplayOrder

    def response_label(self, side: int) -> str:
        return f"Response {self.order.display_label(side)}"

    def claim_label(self, side: int, claim: Claim) -> str:
        claims = self.rating.responses[side].claims
        number = next((i + 1 for i, c in enumerate(claims) if c.id == claim.id), 0)
        excerpt = claim.text if len(claim.text) <= 40 else claim.text[:37].rstrip() + "..."
        return f'claim {number} of {self.response_label(side)} ("{excerpt}")'

    def param(self, rule_id: str, name: str) -> Any:
        return self.rubric.param(rule_id, name)

    def ok(self, rule_id: str, field: str, side: int | None = None) -> RuleResult:
        return RuleResult(rule_id, self.rubric.severity(rule_id), True, "", field, side)

    def fail(
        self,
        rule_id: str,
        message: str,
        field: str,
        side: int | None = None,
        severity: Severity | None = None,
    ) -> RuleResult:
        return RuleResult(
            rule_id, severity or self.rubric.severity(rule_id), False, message, field, side
        )

    def outcome(
        self, rule_id: str, failures: list[RuleResult], field: str, side: int | None = None
    ) -> list[RuleResult]:
        """The failures, or a single pass for ``field`` when there are none."""
        return failures or [self.ok(rule_id, field, side)]


def side_field(side: int, name: str) -> str:
    return f"responses.{side}.{name}"


def claim_field(side: int, claim: Claim, name: str = "") -> str:
    base = f"responses.{side}.claims.{claim.id}"
    return f"{base}.{name}" if name else base


def per_side(ctx: RuleContext, rule_id: str, field: str,
             check: Callable[[int], list[RuleResult]]) -> list[RuleResult]:
    """``check(side)``'s failures for each response; a response without any passes once,
    on its ``field``."""
    results: list[RuleResult] = []
    for side in SIDES:
        results += ctx.outcome(rule_id, check(side), side_field(side, field), side)
    return results


def per_claim(ctx: RuleContext, rule_id: str,
              check: Callable[[int, Claim], list[RuleResult]]) -> list[RuleResult]:
    """``check(side, claim)``'s failures for every claim of each response, in order; a
    response without any passes once, on its claims."""
    return per_side(ctx, rule_id, "claims", lambda side: [
        failure for claim in ctx.rating.responses[side].claims for failure in check(side, claim)])
