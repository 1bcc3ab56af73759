"""The noise budget, measured on the rules corpus (tests/rules_corpus/).

Careful ratings of every sample item must never be blocked and at most 1 in 10 may get
any warning; docs/rules.md must show the table these tests compute.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from rules_corpus_kit import (
    apply_edits,
    build,
    careful_specs,
    counted,
    flawed_specs,
    noise_table,
    results_of,
    sample_item,
)

from rater_desktop.rating.rubric import Rubric
from rater_desktop.rating.rules import RULES, can_complete, check_item, unacknowledged_warnings

ROOT = Path(__file__).resolve().parents[2]


def test_corpus_covers_every_sample_item_with_at_least_30_ratings() -> None:
    specs = careful_specs()
    assert len(specs) >= 30
    rated = {(s["batch"], s["item"]) for s in specs.values()}
    for batch in ("consumer-tasks", "standardweb-runs", "assistantbench-qualification"):
        for line in (ROOT / "sample_batches" / batch / "items.jsonl").read_text().splitlines():
            item_id = line.split('"id":"', 1)[1].split('"', 1)[0]
            assert (batch, item_id) in rated, item_id


@pytest.mark.parametrize("rating_id", sorted(careful_specs()))
def test_no_careful_rating_is_blocked(rating_id: str) -> None:
    results = results_of(careful_specs()[rating_id])
    ok, reasons = can_complete(results)
    assert ok, reasons


def test_at_most_one_in_ten_careful_ratings_is_warned() -> None:
    specs = careful_specs()
    warned = [cid for cid, spec in specs.items() if any(r.warning for r in results_of(spec))]
    assert len(warned) * 10 <= len(specs), warned


def test_every_rule_has_flawed_ratings_and_each_names_a_real_rule() -> None:
    flaws = flawed_specs()
    assert {f["rule"] for f in flaws} == set(RULES)
    careful = careful_specs()
    for flaw in flaws:
        build(apply_edits(careful[flaw["base"]], flaw["edits"]))  # every flaw builds


def test_flaws_are_caught_by_their_own_rule_at_the_documented_rate() -> None:
    rows, summary = noise_table()
    assert summary["blocked"] == []
    # every structural rule catches all of its flawed ratings
    for row in rows:
        if row.rule_id not in ("CF-3", "FC-3", "FC-4", "FC-8"):
            assert row.caught == row.flawed, (row.rule_id, row.misses)
    assert summary["caught"] >= 0.9 * summary["flawed"]


def test_flawed_ratings_differ_from_their_careful_base() -> None:
    careful = careful_specs()
    for flaw in flawed_specs():
        base = results_of(careful[flaw["base"]])
        assert not any(counted(r) and r.rule_id == flaw["rule"] for r in base), flaw["what"]


def test_email_item_completes_with_screenshot_evidence_only() -> None:
    """Guideline Case 1: the response's own screenshots prove the draft; no URL needed."""
    for rating_id in ("careful-mail-1", "careful-mail-2"):
        rating, item, plains = build(careful_specs()[rating_id])
        assert sample_item("consumer-tasks", "mail-reply-priya") is item
        winner = rating.responses[1]
        assert all(not c.sources for c in winner.claims)
        assert any(c.action and c.shown_evidence for c in winner.claims)
        results = check_item(rating, item=item, plain_texts=plains, rubric=Rubric.default())
        assert can_complete(results)[0]
        assert unacknowledged_warnings(results, {}) == []
        assert [r for r in results if r.rule_id in ("FC-6", "FC-7") and not r.passed] == []


def test_docs_table_is_current() -> None:
    spec = importlib.util.spec_from_file_location("rules_noise_table", ROOT / "tools" / "rules_noise_table.py")
    assert spec and spec.loader
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    documented = tool.documented_section(tool.DOC.read_text(encoding="utf-8"))
    assert documented == tool.current_section(), "run: .venv/bin/python tools/rules_noise_table.py --write"
