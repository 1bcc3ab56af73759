"""docs/rules.md names every rule and the function that checks it."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from rater_desktop.rating.rubric import RULE_IDS
from rater_desktop.rating.rules import RULES

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def test_every_rule_is_documented_with_its_function() -> None:
    text = DOC.read_text(encoding="utf-8")
    rows = {m.group(1): m.group(2) for m in re.finditer(r"^\| (\w\w-\d) \| `([^`]+)`", text, re.M)}
    for rule_id in RULE_IDS:
        assert f"| {rule_id} |" in text, rule_id
    for rule_id, function in RULES.items():
        module, name = rows[rule_id].split(":")
        target = getattr(importlib.import_module(f"rater_desktop.rating.{module}"), name)
        assert target is function, rule_id


def test_every_rule_is_stated_with_its_severity_in_the_docs_own_words() -> None:
    """docs/rules.md stands alone: each rule ID, what it asks and its severity."""
    text = DOC.read_text(encoding="utf-8").split("## The rules", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| ((?:CF|TC|FC|AP|FV|SD|PR|RA)-\d) \| ([^`|][^|]+) \| ([^|]+) \|$", text, re.M)
    assert {r[0] for r in rows} == set(RULE_IDS) | {"PR-1", "PR-2", "PR-3", "PR-4"} | {
        f"RA-{n}" for n in range(1, 7)}
    severity = re.compile(r"^(?:block|warn|hint|-)(?:\W|$)")
    for rule_id, rule, level in rows:
        assert len(rule.split()) >= 6, rule_id
        assert severity.match(level.strip()), (rule_id, level)


def test_project_docs_point_to_no_file_outside_the_repository() -> None:
    root = DOC.parents[1]
    for path in [root / "README.md", *sorted((root / "docs").glob("*.md"))]:
        text = path.read_text(encoding="utf-8")
        assert "shared/" not in text and "guideline-rules.md" not in text, path.name


def test_relevant_is_not_a_vague_word_in_the_batch_format() -> None:
    text = (DOC.parent / "batch-format.md").read_text(encoding="utf-8")
    (row,) = [line for line in text.splitlines() if line.startswith("| CF-3 | `vague_words`")]
    assert "relevant" not in row


def test_every_run_audit_rule_names_functions_that_exist() -> None:
    text = DOC.read_text(encoding="utf-8").split("## Run audit protocol (RA-1", 1)[1]
    rows = re.findall(r"^\| (RA-\d) \| (.+?) \|", text, re.M)
    assert [r[0] for r in rows] == [f"RA-{n}" for n in range(1, 7)]
    for rule_id, where in rows:
        for module, name in re.findall(r"`run_audit/(\w+)\.py:(\w+)`", where):
            target = importlib.import_module(f"rater_desktop.run_audit.{module}")
            assert callable(getattr(target, name)), (rule_id, module, name)
