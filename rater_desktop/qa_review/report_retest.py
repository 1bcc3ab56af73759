"""The report's test-retest section: per rater, the probes judged and how consistent they were
(the figures: ``retest_inputs``). Cells carry ``data-key`` attributes
(``retest-judged-RATER``, ``retest-same-verdict-RATER``, ``retest-same-direction-RATER``,
``retest-side-following-RATER``).
"""

from __future__ import annotations

from collections.abc import Sequence

from rater_desktop.qa.retest import RetestFigure
from rater_desktop.qa_review.report_sections import Cell, pct, table


def _count(figure: RetestFigure, count: int, key: str) -> Cell:
    share = figure.share(count)
    return (f"{count} ({pct(share)})", f"{key}-{figure.rater_id}")


def retest_section(figures: Sequence[RetestFigure]) -> str:
    """The HTML section ("" when no probe was judged: a study without probes shows nothing)."""
    if not figures:
        return ""
    rows: list[list[Cell]] = [
        [f.rater_id, (str(f.judged), f"retest-judged-{f.rater_id}"),
         _count(f, f.same_verdict, "retest-same-verdict"),
         _count(f, f.same_direction, "retest-same-direction"),
         _count(f, f.side_following, "retest-side-following")]
        for f in figures
    ]  # fmt: skip
    return (
        "<h2>Test-retest probes</h2><p>A probe shows a rater an item they already judged, "
        "later in their batch, with A and B swapped on screen. Same verdict: the same answer "
        "both times, in the batch's (file) order. Same direction: the same response preferred, "
        "or a tie both times. Side-following: the same side of the screen chosen both times "
        "although the responses had swapped sides. Probes are not counted in agreement, the "
        "scoreboard or disagreements.</p>"
        + table(["Rater", "Probes judged", "Same verdict", "Same direction", "Side-following"],
                rows)  # fmt: skip
    )


def retest_json(figures: Sequence[RetestFigure]) -> dict[str, dict[str, int]]:
    """Rater id -> the counts (the preference report's JSONL ``retest``)."""
    return {f.rater_id: {"judged": f.judged, "same_verdict": f.same_verdict,
                         "same_direction": f.same_direction, "side_following": f.side_following}
            for f in figures}  # fmt: skip
