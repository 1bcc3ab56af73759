"""Claims can cite screenshots and trajectory steps shown with the response (spec v2 FC-6)."""

from __future__ import annotations

import pytest

from rater_desktop.rating.model import (
    Claim,
    ItemRating,
    ResponseRating,
    ShownEvidence,
    ShownEvidenceKind,
)
from rater_desktop.rating.serialize import rating_from_dict, rating_to_dict


def _rating_with(refs: list[ShownEvidence]) -> ItemRating:
    rating = ItemRating(item_id="i1")
    claim = Claim(id="c1", start=0, end=4, text="Done", shown_evidence=refs)
    rating.responses = [ResponseRating(claims=[claim]), ResponseRating()]
    return rating


def test_shown_evidence_round_trips() -> None:
    refs = [
        ShownEvidence(ShownEvidenceKind.SCREENSHOT, "screens/a1.png"),
        ShownEvidence(ShownEvidenceKind.STEP, "screens/a2.png", step=3),
    ]
    back = rating_from_dict(rating_to_dict(_rating_with(refs)))
    assert back.responses[0].claims[0].shown_evidence == refs


def test_old_documents_without_shown_evidence_read_as_empty() -> None:
    data = rating_to_dict(_rating_with([]))
    del data["responses"][0]["claims"][0]["shown_evidence"]
    assert rating_from_dict(data).responses[0].claims[0].shown_evidence == []


@pytest.mark.parametrize(
    "bad",
    [
        {"kind": "video", "path": "x.png"},
        {"kind": "step", "path": "x.png"},
        {"kind": "step", "path": "x.png", "step": -1},
        {"kind": "screenshot", "path": 5},
        "screens/a1.png",
    ],
)
def test_bad_shown_evidence_is_refused_with_its_path(bad: object) -> None:
    data = rating_to_dict(_rating_with([]))
    data["responses"][0]["claims"][0]["shown_evidence"] = [bad]
    with pytest.raises(ValueError, match="shown_evidence"):
        rating_from_dict(data)
