"""Rubric: guideline defaults, validated batch overrides with clear messages."""

from __future__ import annotations

from typing import Any

import pytest

from rater_desktop.rating.rubric import RULE_IDS, Rubric, RubricError, Severity
from rater_desktop.rating.rules import RULES


def test_defaults_follow_the_guideline() -> None:
    rubric = Rubric.default()
    assert rubric.param("AP-1", "min_words") == 50
    assert rubric.param("FV-2", "min_words") == 30
    assert rubric.param("FC-6", "recommended_sources") == 2
    assert rubric.param("SD-4", "pass_threshold") == 8 and rubric.param("SD-4", "out_of") == 10
    vague = set(rubric.param("CF-3", "vague_words"))
    assert {"helpful", "good", "nice", "appropriate", "unhelpful"} <= vague
    assert "relevant" not in vague  # v2: the guideline's own model checklist line uses it
    assert rubric.severity("CF-1") is Severity.BLOCK and rubric.severity("FV-3") is Severity.WARN
    assert set(RULES) <= set(RULE_IDS)


def test_overrides_merge_with_defaults() -> None:
    rubric = Rubric.from_overrides({"AP-1": {"min_words": 80, "severity": "warn"}})
    assert rubric.param("AP-1", "min_words") == 80
    assert rubric.severity("AP-1") is Severity.WARN
    assert rubric.param("FV-2", "min_words") == 30
    assert rubric.to_dict()["AP-1"] == {"severity": "warn", "min_words": 80}


def test_a_rule_can_be_made_a_quiet_hint() -> None:
    rubric = Rubric.from_overrides({"FC-3": {"severity": "hint"}})
    assert rubric.severity("FC-3") is Severity.HINT and rubric.enabled("FC-3")
    assert rubric.to_dict()["FC-3"] == {"severity": "hint"}


@pytest.mark.parametrize(
    ("overrides", "needles"),
    [
        ({"XX-9": {}}, ["unknown rule", "XX-9"]),
        ({"AP-1": {"min_words": "fifty"}}, ["AP-1", "min_words", "whole number"]),
        ({"AP-1": {"min_words": True}}, ["AP-1", "min_words"]),
        ({"AP-1": {"min_words": -3}}, ["AP-1", "min_words"]),
        ({"FC-6": {"severity": "fatal"}}, ["FC-6", "severity", "block, warn, hint or off"]),
        ({"CF-3": {"vague_words": "nice"}}, ["CF-3", "vague_words", "list"]),
        ({"CF-3": {"vague_words": ["ok", 3]}}, ["CF-3", "vague_words"]),
        ({"FV-2": {"max_words": 3}}, ["FV-2", "max_words", "no parameter"]),
        ({"FV-2": 30}, ["FV-2", "object"]),
        (["AP-1"], ["rubric must be an object"]),
    ],
)
def test_bad_overrides_name_rule_and_parameter(overrides: Any, needles: list[str]) -> None:
    with pytest.raises(RubricError) as info:
        Rubric.from_overrides(overrides)
    for needle in needles:
        assert needle in str(info.value)
    assert isinstance(info.value, ValueError)
