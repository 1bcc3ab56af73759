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
