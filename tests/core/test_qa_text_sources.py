"""QA figures of where raters' text came from (issue 24): pasted share of justifications
and items completed under the protocol's minimum, per rater."""

from __future__ import annotations

from typing import Any

from rater_desktop.qa.text_sources import item_counts, rater_text_flags


def _entry(seconds: float, status: str = "complete", **fields: dict[str, Any]) -> dict[str, Any]:
    return {"status": status, "timing": {"active_seconds": seconds},
            "text_sources": fields}


def _counts(typed: int, pasted: int, template: int = 0, justification: bool = True) -> dict:
    return {"typed": typed, "pasted": pasted, "template": template, "deleted": 0,
            "typing_seconds": 1.0, "pastes": 1, "largest_paste_words": 3,
            "justification": justification}


def _document(rater: str, *items: dict[str, Any]) -> dict[str, Any]:
    return {"rater": {"rater_id": rater}, "items": list(items)}


def test_pasted_share_counts_justifications_only_and_not_the_app_template() -> None:
    entry = _entry(300, verdict_justification=_counts(60, 20, template=500),
                   **{"case_file.main_goal": _counts(0, 900, justification=False)})
    assert item_counts(entry) == (60, 20, 500)
    flags = rater_text_flags([_document("ann", entry)], minimum_seconds=120)
    assert flags[0].pasted_share == 0.25 and flags[0].share_text().startswith("25% pasted")


def test_fast_items_are_complete_items_under_the_minimum() -> None:
    documents = [
        _document("bob", _entry(30), _entry(119.9), _entry(120), _entry(5, status="in_progress")),
        _document("bob", _entry(10)),  # a second file of the same rater adds up
        _document("cy", {"status": "complete", "timing": {}}),  # no time: not fast
    ]
    bob, cy = rater_text_flags(documents, minimum_seconds=120)
    assert (bob.rater_id, bob.items, bob.fast_items) == ("bob", 4, 3)
    assert bob.fast_text() == "3 of 4 under 120 s"
    assert cy.fast_items == 0 and cy.pasted_share is None
    assert cy.share_text() == "no text counts"  # files before results 2.6


def test_malformed_counts_are_ignored_not_fatal() -> None:
    entry = {"status": "complete", "timing": {"active_seconds": float("nan")},
             "text_sources": {"x": {"typed": "9", "pasted": -4, "justification": True},
                              "y": "nonsense"}}
    nobody, flags = rater_text_flags([_document("d", entry), {"items": "x"}],
                                     minimum_seconds=60)
    assert (flags.typed, flags.pasted, flags.fast_items) == (0, 0, 0)
    assert nobody.rater_id == "" and nobody.items == 0
