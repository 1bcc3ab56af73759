"""Rule parameters and severities: the guideline's defaults, overridable per batch.

``Rubric.from_overrides(manifest.rubric)`` validates the batch's ``rubric`` object: an
unknown rule id, an unknown parameter or a value of the wrong type raises ``RubricError``
naming the rule and the parameter.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Severity(StrEnum):
    BLOCK = "block"  # the item cannot be completed while the rule fails
    WARN = "warn"  # shown and recorded; completion allowed
    HINT = "hint"  # shown quietly; never counted as a warning, recorded in the export
    OFF = "off"  # not checked


class RubricError(ValueError):
    """A batch's rubric override is not valid."""


DEFAULT_VAGUE_WORDS = (
    "helpful",
    "good",
    "nice",
    "appropriate",
    "useful",
    "great",
    "proper",
    "properly",
    "reasonable",
    "suitable",
    "adequate",
    "sufficient",
    "interesting",
    "high-quality",
    "correctly",
    "accurately",
    "etc",
    # negated and near forms raters reach for
    "unhelpful",
    "inappropriate",
    "improper",
    "unreasonable",
    "unsuitable",
    "inadequate",
    "insufficient",
    "satisfactory",
    "acceptable",
    "decent",
    "excellent",
    "nicely",
    "comprehensive",
    "thorough",
    "user-friendly",
    "engaging",
)

DEFAULT_ACTION_VERBS = (
    "added", "checked", "drafted", "scheduled", "booked", "sent", "created", "placed",
    "reserved", "ordered", "purchased", "bought", "submitted", "saved", "updated", "removed",
    "deleted", "cancelled", "canceled", "emailed", "replied", "forwarded", "uploaded",
    "downloaded", "filled", "entered", "applied", "visited", "navigated", "searched",
    "clicked", "opened", "verified", "confirmed", "composed", "wrote", "written", "shared",
    "moved", "archived", "registered", "subscribed", "requested", "accepted", "declined",
    "invited", "selected", "set up", "looked up", "signed up", "logged in", "found",
)  # fmt: skip

# rule id -> (default severity, {parameter: default value})
_DEFAULTS: dict[str, tuple[Severity, dict[str, Any]]] = {
    "CF-1": (Severity.BLOCK, {}),
    "CF-2": (Severity.BLOCK, {}),
    "CF-3": (Severity.WARN, {"vague_words": list(DEFAULT_VAGUE_WORDS)}),
    "TC-1": (Severity.BLOCK, {}),
    "TC-2": (Severity.WARN, {}),
    "TC-3": (Severity.BLOCK, {}),
    "TC-4": (Severity.WARN, {}),
    "TC-5": (Severity.BLOCK, {"min_words": 1}),
    "FC-1": (Severity.BLOCK, {}),
    "FC-2": (Severity.BLOCK, {}),
    "FC-3": (Severity.WARN, {}),
    "FC-4": (Severity.WARN, {"action_verbs": list(DEFAULT_ACTION_VERBS)}),
    "FC-5": (Severity.BLOCK, {}),
    "FC-6": (Severity.BLOCK, {"recommended_sources": 2, "min_sources": 1}),
    "FC-7": (Severity.BLOCK, {"extra_search_hosts": []}),
    "FC-8": (Severity.WARN, {}),
    "FC-9": (Severity.WARN, {}),
    "AP-1": (Severity.BLOCK, {"min_words": 50}),
    "AP-2": (Severity.BLOCK, {}),
    "FV-1": (Severity.BLOCK, {}),
    "FV-2": (Severity.BLOCK, {"min_words": 30}),
    "FV-3": (Severity.WARN, {}),
    "FV-4": (Severity.WARN, {}),
    "FV-5": (Severity.WARN, {}),
    "FV-6": (Severity.WARN, {}),
    # Study-design rules are behaviours, not per-item checks; listed so a batch may set
    # their parameters (SD-4 is used by QA scoring).
    "SD-1": (Severity.OFF, {}),
    "SD-2": (Severity.OFF, {}),
    "SD-3": (Severity.OFF, {}),
    "SD-4": (Severity.OFF, {"pass_threshold": 8, "out_of": 10}),
}

RULE_IDS: tuple[str, ...] = tuple(_DEFAULTS)


def default_severity(rule_id: str) -> Severity:
    return _DEFAULTS[rule_id][0]


def default_parameters(rule_id: str) -> dict[str, Any]:
    return dict(_DEFAULTS[rule_id][1])


def _check_value(rule_id: str, name: str, default: Any, value: Any) -> Any:
    where = f"rubric rule {rule_id} parameter '{name}'"
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise RubricError(f"{where} must be true or false, got {value!r}")
        return value
    if isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RubricError(f"{where} must be a whole number >= 0, got {value!r}")
        return value
    if isinstance(default, list):
        if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
            raise RubricError(f"{where} must be a list of non-empty strings, got {value!r}")
        return [v.strip() for v in value]
    raise RubricError(f"{where} cannot be overridden")  # pragma: no cover - defaults are typed


@dataclass(frozen=True)
class RuleSettings:
    severity: Severity
    parameters: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Rubric:
    """Effective severity and parameters of every rule."""

    rules: dict[str, RuleSettings]

    @classmethod
    def default(cls) -> Rubric:
        return cls.from_overrides(None)

    @classmethod
    def from_overrides(cls, overrides: dict[str, Any] | None) -> Rubric:
        """Defaults merged with a batch's ``rubric`` object (validated)."""
        if overrides is None:
            overrides = {}
        if not isinstance(overrides, dict):
            raise RubricError(f"rubric must be an object keyed by rule id, got {overrides!r}")
        rules = {rid: RuleSettings(sev, dict(params)) for rid, (sev, params) in _DEFAULTS.items()}
        for rule_id, override in overrides.items():
            rules[rule_id] = _merge(rule_id, rules.get(rule_id), override)
        return cls(rules=rules)

    @classmethod
    def problems(cls, overrides: Any) -> list[tuple[str, str]]:
        """Every override ``from_overrides`` would refuse, as (rule id, message) pairs.

        ``validate`` uses this so a batch it calls valid is one the window accepts.
        """
        if overrides is None:
            return []
        if not isinstance(overrides, dict):
            return [("", f"rubric must be an object keyed by rule id, got {overrides!r}")]
        found: list[tuple[str, str]] = []
        for rule_id, override in overrides.items():
            current = _DEFAULTS.get(rule_id)
            settings = None if current is None else RuleSettings(current[0], dict(current[1]))
            try:
                _merge(rule_id, settings, override)
            except RubricError as exc:
                found.append((str(rule_id), str(exc)))
        return found

    def severity(self, rule_id: str) -> Severity:
        return self.rules[rule_id].severity

    def param(self, rule_id: str, name: str) -> Any:
        return self.rules[rule_id].parameters[name]

    def enabled(self, rule_id: str) -> bool:
        return self.rules[rule_id].severity is not Severity.OFF

    def to_dict(self) -> dict[str, dict[str, Any]]:
        """The effective rubric, for recording next to exported results."""
        return {
            rid: {"severity": s.severity.value, **s.parameters} for rid, s in self.rules.items()
        }


def _merge(rule_id: str, current: RuleSettings | None, override: Any) -> RuleSettings:
    if current is None:
        known = ", ".join(RULE_IDS)
        raise RubricError(f"rubric names unknown rule '{rule_id}'; known rules: {known}")
    if not isinstance(override, dict):
        raise RubricError(f"rubric rule {rule_id} must be an object of parameters, got {override!r}")
    severity = current.severity
    params = dict(current.parameters)
    for name, value in override.items():
        if name == "severity":
            try:
                severity = Severity(value)
            except ValueError:
                raise RubricError(
                    f"rubric rule {rule_id} parameter 'severity' must be block, warn, hint or off, "
                    f"got {value!r}"
                ) from None
        elif name in params:
            params[name] = _check_value(rule_id, name, params[name], value)
        else:
            allowed = ", ".join(["severity", *params]) or "severity"
            raise RubricError(
                f"rubric rule {rule_id} has no parameter '{name}' (allowed: {allowed})"
            )
    _check_together(rule_id, params)
    return RuleSettings(severity=severity, parameters=params)


def _check_together(rule_id: str, params: dict[str, Any]) -> None:
    """Parameters that only make sense together: SD-4's threshold is a count of items
    out of ``out_of`` (11 of 10 could never pass; 0 of 0 scores nothing)."""
    if rule_id != "SD-4":
        return
    required, out_of = params["pass_threshold"], params["out_of"]
    if out_of < 1:
        raise RubricError(f"rubric rule SD-4 parameter 'out_of' must be at least 1, got {out_of}")
    if not 1 <= required <= out_of:
        raise RubricError(
            f"rubric rule SD-4 parameter 'pass_threshold' must be from 1 to out_of ({out_of}), "
            f"got {required}"
        )
