"""Test-retest figures: each rater's self-consistency and side bias from retest probes.

A probe (item kind ``retest``, ``retest_of`` naming the original) shows a rater the same
two responses again later, with A and B swapped on screen. Per rater, over the probes
judged (original and probe both complete and readable):

- same verdict: the same answer both times in true, file-order terms (the guideline's
  7-point verdict; the preference protocol's choice A/B/tie);
- same direction: the same side preferred, or a tie both times;
- side-following: the same *displayed* side (A or B, not tie) chosen both times although
  the content had swapped sides, i.e. the rater followed the screen position, not the content.

Probes are not independent judgments: agreement, the scoreboard and disagreements leave
them out. The protocol's verdict reader (``RatingProtocol.verdicts``) turns a results
document into (item id, score, label) with scores on the guideline's sign convention
(negative: file side A better), so these figures never branch on a protocol.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

RETEST_KIND = "retest"
# (results document) -> [(item id, score in true order, label)] of its complete judgments
VerdictReader = Callable[[dict[str, Any]], list[tuple[str, int, str]]]


@dataclass(frozen=True)
class RetestPair:
    """One probe judged: the original's and the probe's answer, and how each was shown."""

    rater_id: str
    original: str
    probe: str
    first: tuple[int, str]  # (score, label) of the original
    second: tuple[int, str]  # (score, label) of the probe
    swapped: tuple[bool, bool]  # display order of each: True when the file's B was shown as A

    @property
    def same_verdict(self) -> bool:
        return self.first[1] == self.second[1]

    @property
    def same_direction(self) -> bool:
        return _sign(self.first[0]) == _sign(self.second[0])

    @property
    def side_following(self) -> bool:
        shown = [-_sign(s) if flip else _sign(s)
                 for s, flip in zip((self.first[0], self.second[0]), self.swapped, strict=True)]  # fmt: skip
        return shown[0] == shown[1] != 0 and self.swapped[0] != self.swapped[1]


@dataclass(frozen=True)
class RetestFigure:
    """One rater's probes: how many were judged and how many of them kept to the answer."""

    rater_id: str
    judged: int
    same_verdict: int
    same_direction: int
    side_following: int

    def share(self, count: int) -> float | None:
        return count / self.judged if self.judged else None


def _sign(score: int) -> int:
    return (score > 0) - (score < 0)


def is_probe(entry: Any) -> bool:
    """Whether a results item entry is a retest probe (kind ``retest``)."""
    return isinstance(entry, Mapping) and entry.get("kind") == RETEST_KIND


def _swapped(entry: Mapping[str, Any]) -> bool:
    return list(entry.get("display_order") or []) == ["B", "A"]


def _as_original(entry: Mapping[str, Any], original: str) -> dict[str, Any]:
    """A probe's entry under its original's id (the rating's own item id too)."""
    rating = entry.get("rating")
    renamed = {**rating, "item_id": original} if isinstance(rating, Mapping) else rating
    view = {**entry, "item_id": original, "kind": "standard", "rating": renamed}
    view.pop("retest_of", None)
    return view


def retest_pairs(document: Mapping[str, Any], read: VerdictReader) -> list[RetestPair]:
    """The probes of one results document that were judged, with their originals.

    The probes are read as if they were their originals (same id, same responses), so the
    protocol's reader checks them the same way; entries it cannot read are left out."""
    entries = [e for e in document.get("items") or [] if isinstance(e, Mapping)]
    originals = {str(e.get("item_id")): e for e in entries if not is_probe(e)}
    probes = {str(e.get("retest_of")): e for e in entries
              if is_probe(e) and str(e.get("retest_of")) in originals}  # fmt: skip
    if not probes:
        return []
    first = {i: (s, lab) for i, s, lab in read({**document, "items": list(originals.values())})}
    as_originals = [_as_original(e, original) for original, e in probes.items()]
    second = {i: (s, lab) for i, s, lab in read({**document, "items": as_originals})}
    rater = str((document.get("rater") or {}).get("rater_id", ""))
    return [RetestPair(rater_id=rater, original=original, probe=str(entry.get("item_id")),
                       first=first[original], second=second[original],
                       swapped=(_swapped(originals[original]), _swapped(entry)))
            for original, entry in sorted(probes.items())
            if original in first and original in second]  # fmt: skip


def retest_figures(pairs: Iterable[RetestPair]) -> list[RetestFigure]:
    """Per rater (sorted by id): probes judged and the three counts."""
    by_rater: dict[str, list[RetestPair]] = {}
    for pair in pairs:
        by_rater.setdefault(pair.rater_id, []).append(pair)
    return [RetestFigure(rater_id=rater, judged=len(found),
                         same_verdict=sum(p.same_verdict for p in found),
                         same_direction=sum(p.same_direction for p in found),
                         side_following=sum(p.side_following for p in found))
            for rater, found in sorted(by_rater.items())]  # fmt: skip


def documents_retest(documents: Iterable[Mapping[str, Any]], read: VerdictReader) -> list[RetestFigure]:
    """The figures over verified results documents (one per rater, as QA uses them)."""
    return retest_figures(pair for document in documents for pair in retest_pairs(document, read))


RETEST_COLUMNS = ("retest_judged", "retest_same_verdict", "retest_same_direction",
                  "retest_side_following")  # fmt: skip


def retest_columns(figures: Iterable[RetestFigure]) -> Callable[[str], dict[str, int | None]]:
    """The CSV/JSONL columns of a rater's row: their retest counts (None: no probe judged)."""
    by_rater = {f.rater_id: f for f in figures}

    def columns(rater_id: str) -> dict[str, int | None]:
        figure = by_rater.get(rater_id)
        if figure is None:
            return dict.fromkeys(RETEST_COLUMNS)
        return dict(zip(RETEST_COLUMNS, (figure.judged, figure.same_verdict,
                                         figure.same_direction, figure.side_following), strict=True))  # fmt: skip

    return columns
