"""Test-retest figures: hand-computed cases, and probes kept out of the guideline's agreement."""

from __future__ import annotations

from typing import Any

from rater_desktop.preference.dataset import preference_verdicts
from rater_desktop.qa.retest import documents_retest, retest_columns, retest_pairs
from rater_desktop.qa_review.adapter import adapt_results
from rater_desktop.qa_review.report_retest import retest_section

IDENTITIES = {"A": "m1", "B": "m2"}


def _entry(item_id: str, choice: str, swapped: bool, **extra: Any) -> dict[str, Any]:
    return {"item_id": item_id, "identities": IDENTITIES, "display_order": ["B", "A"] if swapped else ["A", "B"],
            "rating": {"protocol": "preference", "item_id": item_id, "choice": choice, "status": "complete"},
            "status": "complete",
            "kind": "standard", **extra}  # fmt: skip


def _probe(probe: str, original: str, choice: str, swapped: bool) -> dict[str, Any]:
    return _entry(probe, choice, swapped, kind="retest", retest_of=original)


def _document(rater: str, entries: list[dict[str, Any]]) -> dict[str, Any]:
    return {"rater": {"rater_id": rater}, "protocol": "preference", "items": entries}


def _reader(items: tuple[str, ...] = ("s1", "s2", "s3", "s4")) -> Any:
    identities = {i: ("m1", "m2") for i in items}
    return lambda document: preference_verdicts(document, identities)


def test_hand_computed_figures_per_rater() -> None:
    # ann: s1 A then A (same verdict, direction); s2 A then B with the display swapped
    # between them: the same side of the screen both times (side-following); s3 tie, tie.
    ann = _document("ann", [
        _entry("s1", "A", False), _entry("s2", "A", False), _entry("s3", "tie", True),
        _probe("p1", "s1", "A", True), _probe("p2", "s2", "B", True), _probe("p3", "s3", "tie", False)])  # fmt: skip
    # bob: s1 B then A, the display the same way both times (not side-following: a plan
    # never does this, but the figure reads the recorded orders); s4 has no probe.
    bob = _document("bob", [_entry("s1", "B", True), _entry("s4", "A", False),
                            _probe("p9", "s1", "A", True)])  # fmt: skip
    figures = documents_retest([ann, bob], _reader())
    assert [(f.rater_id, f.judged, f.same_verdict, f.same_direction, f.side_following)
            for f in figures] == [("ann", 3, 2, 2, 1), ("bob", 1, 0, 0, 0)]  # fmt: skip
    assert figures[0].share(figures[0].same_verdict) == 2 / 3
    columns = retest_columns(figures)
    assert columns("ann") == {"retest_judged": 3, "retest_same_verdict": 2,
                              "retest_same_direction": 2, "retest_side_following": 1}  # fmt: skip
    assert set(columns("cid").values()) == {None}
    html = retest_section(figures)
    assert 'data-key="retest-side-following-ann">1 (33.3 %)' in html


def test_a_probe_without_its_original_or_incomplete_is_not_judged() -> None:
    incomplete = _probe("p2", "s2", "A", True)
    incomplete["incomplete"] = True
    incomplete["rating"]["status"] = "in_progress"
    document = _document("ann", [_entry("s2", "A", False), incomplete, _probe("p1", "s1", "A", True)])
    assert retest_pairs(document, _reader()) == []
    assert retest_section([]) == ""


def test_the_adapter_leaves_probes_out_quietly() -> None:
    """Probes are not independent judgments: never in agreement, and no 'left out' note."""
    from rater_desktop.batch.model import Item, ItemKind, Response
    from rater_desktop.qa_review.adapter import batch_item_info

    item = Item(id="s1", kind=ItemKind.STANDARD, prompt="p",
                responses=(Response(identity="m1", text="a"), Response(identity="m2", text="b")))  # fmt: skip
    probe = Item(id="p1", kind=ItemKind.RETEST, prompt="p", responses=item.responses, retest_of="s1")
    infos = {i.id: batch_item_info(i) for i in (item, probe)}
    document = {"rater": {"rater_id": "ann"}, "items": [
        {"item_id": "p1", "kind": "retest", "retest_of": "s1"},  # the pool has no such item
        {"item_id": "p1", "identities": IDENTITIES}]}  # a rater's batch: kind from the batch
    adapted = adapt_results(document=document, batch_items=infos)
    assert adapted.items == () and adapted.problems == ()
