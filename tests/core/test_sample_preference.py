"""The preference-quick sample: protocol, qualification with gold choices, attention
checks and a survey, and the generator reproduces the committed bytes."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

from rater_desktop.batch.loader import open_batch

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "sample_batches" / "preference-quick"


def test_sample_is_a_preference_batch_with_qualification_attention_and_survey() -> None:
    with open_batch(SAMPLE) as batch:
        manifest = batch.manifest
        items = [batch.item(e.item_id) for e in batch.index]
    assert manifest.protocol == "preference" and manifest.preference.criteria
    assert {q.kind for q in manifest.preference.survey} == {"single", "multiple", "text"}
    kinds = Counter(i.kind.value for i in items)
    assert kinds == {"qualification": 10, "attention": 2, "standard": 12}
    assert [i.kind.value for i in items[:10]] == ["qualification"] * 10  # qualification first
    gold = [i.gold.expected_choice for i in items if i.gold is not None]
    assert len(gold) == 12 and set(gold) == {"A", "B", "tie"}
    identities = {r.identity for i in items for r in i.responses}
    assert identities == {"assistant-baseline-v3", "assistant-candidate-v4"}
    # The candidate sits first in some items and second in others (file order varies).
    firsts = Counter(i.responses[0].identity for i in items if i.kind.value == "standard")
    assert len(firsts) == 2


def test_generator_reproduces_the_committed_bytes(tmp_path: Path) -> None:
    script = REPO / "tools" / "make_sample_batches.py"
    subprocess.run([sys.executable, str(script), "--only", "preference", "--out",
                    str(tmp_path)], check=True, capture_output=True)
    for name in ("batch.json", "items.jsonl", "instructions.md"):
        assert (tmp_path / "preference-quick" / name).read_bytes() == \
            (SAMPLE / name).read_bytes(), name
    assert json.loads((SAMPLE / "batch.json").read_text())["format_version"] == "1.1"
