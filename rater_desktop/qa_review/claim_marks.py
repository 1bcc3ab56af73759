"""Where Compare marks the raters' claims in a response: the text cut at every boundary
of any rater's claim span, each piece with the raters whose claims cover it (overlaps are
drawn in the mix of their colours, so no rater's mark hides another's)."""

from __future__ import annotations

Segment = tuple[int, int, tuple[str, ...]]


def claim_segments(spans: dict[str, list[tuple[int, int]]]) -> list[Segment]:
    """Cut the raters' spans at every boundary: (start, end, raters covering it)."""
    cuts = sorted({p for ranges in spans.values() for span in ranges for p in span})
    segments: list[Segment] = []
    for start, end in zip(cuts, cuts[1:], strict=False):
        raters = tuple(sorted(r for r, ranges in spans.items()
                              if any(a <= start and end <= b for a, b in ranges)))
        if raters:
            segments.append((start, end, raters))
    return segments
