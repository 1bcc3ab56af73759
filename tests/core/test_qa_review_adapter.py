"""The adapter: verified results documents -> qa.inputs, true file order, hostile entries."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from test_qa_review_support import IDENTITIES, RUN_REPORTS, VERDICTS, Setup, build_setup

from rater_desktop.batch.loader import open_batch
from rater_desktop.qa.standardweb import summarize_runs
from rater_desktop.qa_review.adapter import (
    BatchItemInfo,
    adapt_results,
    batch_item_info,
    run_inputs,
)


@pytest.fixture
def setup(tmp_path: Path, memory_keyring: Any) -> Setup:
    return build_setup(tmp_path, memory_keyring)


def _infos(setup: Setup) -> dict[str, BatchItemInfo]:
    with open_batch(setup.batch_path) as batch:
        return {e.item_id: batch_item_info(batch.item(e.item_id)) for e in batch.index}


def _document(setup: Setup, rater: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(setup.files[rater].read_bytes())
    return data


def test_batch_facts_and_expected_verdicts_in_file_order(setup: Setup) -> None:
    infos = _infos(setup)
    assert list(infos) == list(IDENTITIES)
    assert infos["s1"].facts.identities == ("alpha", "beta")
    assert infos["q1"].expected_verdict == -2 and infos["att1"].facts.kind == "attention"
    assert infos["s2"].facts.gold_answer == "42"
    assert infos["s2"].facts.final_answers == ("42", "40")
    assert infos["s1"].run_reports[1] is not None
    assert infos["s1"].run_reports[1]["outcome"] == RUN_REPORTS[1]["outcome"]


def test_judgments_follow_the_file_not_the_display(setup: Setup) -> None:
    infos = _infos(setup)
    for rater in ("alice", "bob", "carol"):
        document = _document(setup, rater)
        adapted = adapt_results(document=document, batch_items=infos)
        assert adapted.problems == () and adapted.rater_id == rater
        for rated in adapted.items:
            entry = next(e for e in document["items"] if e["item_id"] == rated.item_id)
            # What the rater saw as "A" is the file side named first in display_order.
            assert entry["shown"]["A"]["file_side"] == entry["display_order"][0]
            assert rated.judgment.verdict_true == VERDICTS[rater][rated.item_id]
            assert rated.judgment.expected_verdict == infos[rated.item_id].expected_verdict
    s3 = next(i for i in adapt_results(document=_document(setup, "alice"), batch_items=infos).items
              if i.item_id == "s3")  # fmt: skip
    assert [c.rating for c in s3.judgment.claims[1]] == [None]  # marked subjective


def test_entries_that_disagree_with_the_batch_are_left_out(setup: Setup) -> None:
    infos = _infos(setup)
    document = _document(setup, "alice")
    items = document["items"]
    swapped = copy.deepcopy(items[0])
    swapped["identities"] = {"A": swapped["identities"]["B"], "B": swapped["identities"]["A"]}
    unknown = copy.deepcopy(items[1])
    unknown["item_id"] = "not-in-batch"
    broken = copy.deepcopy(items[2])
    broken["rating"]["responses"][0]["tc"] = "five"
    bad_order = copy.deepcopy(items[3])
    bad_order["display_order"] = ["A", "A"]
    document["items"] = [swapped, unknown, broken, bad_order, items[4], items[4], "junk"]
    adapted = adapt_results(document=document, batch_items=infos)
    assert [i.item_id for i in adapted.items] == [items[4]["item_id"]]
    text = "\n".join(adapted.problems)
    assert "differ from the batch" in text and "not in the opened batch" in text
    assert "rating cannot be read" in text and "responses[0].tc" in text
    assert "permutation" in text and "appears twice" in text and "not an object" in text
    assert adapt_results(document={"items": 5}, batch_items=infos).problems


def test_a_disputed_run_is_not_scored(setup: Setup) -> None:
    infos = _infos(setup)
    document = _document(setup, "bob")
    rated = list(adapt_results(document=document, batch_items=infos).items)
    plain = summarize_runs(runs=run_inputs(batch_items=infos.values(), rated=rated))
    assert [(r.model, r.scored, r.mean_score) for r in plain] == [
        ("alpha", 1, 50.0),
        ("beta", 1, 30.0),
    ]
    s1 = next(e for e in document["items"] if e["item_id"] == "s1")
    s1["rating"]["responses"][1]["run_report_disputed"] = True
    rated = list(adapt_results(document=document, batch_items=infos).items)
    disputed = summarize_runs(runs=run_inputs(batch_items=infos.values(), rated=rated))
    assert [(r.model, r.scored, r.disputed) for r in disputed] == [("alpha", 1, 0), ("beta", 0, 1)]
