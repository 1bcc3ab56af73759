"""AP-1, AP-2: the AI performance score and its justification."""

from __future__ import annotations

from rater_desktop.rating.helpers import DIMENSIONS, dimensions_covered, written_word_count
from rater_desktop.rating.rules.base import RuleContext, RuleResult, per_side, side_field

DIMENSION_LABELS = {
    "navigation": "navigation",
    "interaction": "interaction",
    "efficiency": "efficiency",
    "output_quality": "output quality",
}


def ap1_justification_length(ctx: RuleContext) -> list[RuleResult]:
    """AP-1: an AIP score and a justification of at least ``min_words`` words."""
    minimum = int(ctx.param("AP-1", "min_words"))

    def check(side: int) -> list[RuleResult]:
        rating = ctx.rating.responses[side]
        label = ctx.response_label(side)
        failures = []
        if rating.aip is None:
            failures.append(ctx.fail("AP-1", f"{label}: choose an AI Performance score (1-5).",
                                     side_field(side, "aip"), side))
        words = written_word_count(rating.aip_justification)
        if words < minimum:
            failures.append(ctx.fail(
                "AP-1", f"{label}: the AI Performance justification has {words} words; "
                f"write at least {minimum}.", side_field(side, "aip_justification"), side))
        return failures

    return per_side(ctx, "AP-1", "aip_justification", check)


def ap2_dimensions_covered(ctx: RuleContext) -> list[RuleResult]:
    """AP-2: the justification covers navigation, interaction, efficiency, output quality."""
    def check(side: int) -> list[RuleResult]:
        covered = dimensions_covered(ctx.rating.responses[side].aip_justification)
        missing = [DIMENSION_LABELS[d] for d in DIMENSIONS if d not in covered]
        if not missing:
            return []
        message = (
            f"{ctx.response_label(side)}: the AI Performance justification does not yet "
            f"cover {', '.join(missing)}."
        )
        return [ctx.fail("AP-2", message, side_field(side, "aip_justification"), side)]

    return per_side(ctx, "AP-2", "aip_justification", check)
