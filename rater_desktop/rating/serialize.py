"""ItemRating <-> plain JSON-able dicts (``"schema": 1``).

Reading tolerates missing keys (defaults) but rejects wrong types or unknown enum
values with a ``ValueError`` that names the offending path.
"""

from __future__ import annotations

import math
import re
from enum import StrEnum
from typing import Any, TypeVar

from rater_desktop.batch.model import Verdict
from rater_desktop.rating.model import (
    SCHEMA_VERSION,
    CaseFile,
    Claim,
    ClaimRating,
    EvidenceKind,
    ItemRating,
    ItemStatus,
    ResponseRating,
    Roadblock,
    RoadblockKind,
    ShownEvidence,
    ShownEvidenceKind,
    Step,
    StepMark,
    StepMarkKind,
    SubRequest,
    SubRequestKind,
    TimeSpent,
)
from rater_desktop.text_sources import sources_from_dict, sources_to_dict

E = TypeVar("E", bound=StrEnum)


def _enum_or_none(value: E | None) -> str | None:
    return None if value is None else value.value


def _claim_to_dict(claim: Claim) -> dict[str, Any]:
    return {
        "id": claim.id,
        "start": claim.start,
        "end": claim.end,
        "text": claim.text,
        "objective": claim.objective,
        "critical": claim.critical,
        "action": claim.action,
        "rating": _enum_or_none(claim.rating),
        "sources": list(claim.sources),
        "justification": claim.justification,
        "evidence": _enum_or_none(claim.evidence),
        "shown_evidence": [_shown_evidence_to_dict(e) for e in claim.shown_evidence],
    }


def _shown_evidence_to_dict(ref: ShownEvidence) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": ref.kind.value, "path": ref.path}
    if ref.step is not None:
        data["step"] = ref.step
    if ref.suggested:
        data["suggested"] = True
    return data


def _response_to_dict(side: ResponseRating) -> dict[str, Any]:
    return {
        "main_goal_met": side.main_goal_met,
        "sub_request_met": dict(side.sub_request_met),
        "tc": side.tc,
        "tc_justification": side.tc_justification,
        "claims": [_claim_to_dict(c) for c in side.claims],
        "fa": side.fa,
        "fa_justification": side.fa_justification,
        "aip": side.aip,
        "aip_justification": side.aip_justification,
        "step_marks": {
            str(i): {"mark": m.mark.value, "note": m.note} for i, m in sorted(side.step_marks.items())
        },
        "roadblocks": [{"kind": r.kind.value, "text": r.text} for r in side.roadblocks],
        "run_report_matches": side.run_report_matches,
        "run_report_mismatch": side.run_report_mismatch,
    }


def case_file_to_dict(case: CaseFile) -> dict[str, Any]:
    return {
        "main_goal": case.main_goal,
        "sub_requests": [
            {"id": s.id, "kind": _enum_or_none(s.kind), "text": s.text} for s in case.sub_requests
        ],
        "checklist": list(case.checklist),
    }


def response_to_dict(side: ResponseRating) -> dict[str, Any]:
    return _response_to_dict(side)


def rating_to_dict(rating: ItemRating) -> dict[str, Any]:
    """The rating as a JSON-able dict. Sides are listed by true response index."""
    document: dict[str, Any] = {
        "schema": SCHEMA_VERSION,
        "item_id": rating.item_id,
        "case_file": case_file_to_dict(rating.case_file),
        "responses": [_response_to_dict(r) for r in rating.responses],
        "verdict": _enum_or_none(rating.verdict),
        "verdict_justification": rating.verdict_justification,
        "notes": rating.notes,
        "acknowledged": dict(rating.acknowledged),
        "current_step": rating.current_step.value,
        "reached_steps": [s.value for s in rating.reached_steps],
        "revealed": rating.revealed,
        "status": rating.status.value,
        "timing": {
            "active_seconds": rating.timing.active_seconds,
            "step_seconds": dict(rating.timing.step_seconds),
            "sessions": rating.timing.sessions,
        },
        "id_counter": rating.id_counter,
    }
    if rating.text_sources:  # absent until a field is edited (and in older profiles)
        document["text_sources"] = sources_to_dict(rating.text_sources)
    return document


# --------------------------------------------------------------------------- reading


class _Reader:
    """Typed access to one dict, with error messages that carry the path."""

    def __init__(self, data: Any, path: str) -> None:
        if not isinstance(data, dict):
            raise ValueError(f"rating {path or 'document'}: expected an object, got {_kind(data)}")
        self.data = data
        self.path = path

    def _where(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def _fail(self, key: str, expected: str, value: Any) -> ValueError:
        return ValueError(f"rating field {self._where(key)}: expected {expected}, got {_kind(value)}")

    # Each reader starts with the exact JSON type (a QA import reads ~100,000 ratings).
    def text(self, key: str, default: str = "") -> str:
        value = self.data.get(key, default)
        if type(value) is str:
            return value
        if not isinstance(value, str):
            raise self._fail(key, "a string", value)
        return value

    def flag(self, key: str, default: bool = False) -> bool:
        value = self.data.get(key, default)
        if not isinstance(value, bool):
            raise self._fail(key, "true or false", value)
        return value

    def opt_flag(self, key: str) -> bool | None:
        value = self.data.get(key)
        if value is not None and not isinstance(value, bool):
            raise self._fail(key, "true, false or null", value)
        return value

    def integer(self, key: str, default: int = 0) -> int:
        value = self.data.get(key, default)
        if type(value) is int:
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            raise self._fail(key, "an integer", value)
        return value

    def score(self, key: str) -> int | None:
        value = self.data.get(key)
        if value is None or (type(value) is int and 1 <= value <= 5):
            return value
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 5:
            raise self._fail(key, "a score 1-5 or null", value)
        return value

    def number(self, key: str) -> float:
        value = self.data.get(key, 0.0)
        if type(value) is float and value - value == 0.0:  # finite (inf - inf is nan)
            return value
        if type(value) is int and -_EXACT < value < _EXACT:
            return float(value)
        if isinstance(value, bool) or not isinstance(value, int | float) or not _finite(value):
            raise self._fail(key, "a number", value)
        return float(value)

    def items(self, key: str) -> list[Any]:
        value = self.data.get(key, [])
        if type(value) is list:
            return value
        if not isinstance(value, list):
            raise self._fail(key, "a list", value)
        return value

    def mapping(self, key: str) -> dict[str, Any]:
        value = self.data.get(key, {})
        if type(value) is dict:
            return value
        if not isinstance(value, dict):
            raise self._fail(key, "an object", value)
        return value

    def text_list(self, key: str) -> list[str]:
        values = self.items(key)
        if not values:
            return []
        for i, v in enumerate(values):
            if not isinstance(v, str):
                raise self._fail(f"{key}[{i}]", "a string", v)
        return list(values)

    def enum(self, key: str, enum: type[E], default: E | None = None) -> E | None:
        value = self.data.get(key)
        if value is None:
            return default
        if type(value) is str:  # what Enum(value) looks up first, without its call overhead
            member = enum._value2member_map_.get(value)
            if member is not None:
                return member  # type: ignore[return-value]
        try:
            return enum(value)
        except ValueError:
            choices = ", ".join(e.value for e in enum)
            raise ValueError(
                f"rating field {self._where(key)}: {value!r} is not one of {choices}"
            ) from None

    def child(self, key: str) -> _Reader:
        return _Reader(self.data.get(key, {}), self._where(key))


# Integers read as their float without a range check (math.isfinite of an int past a
# float's range raises); the limit is far below that range.
_EXACT = 1 << 1000


def _finite(value: int | float) -> bool:
    try:
        return math.isfinite(value)
    except OverflowError:  # an int past a float's range (JSON has no limit)
        return False


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    return f"{type(value).__name__} {value!r}"[:80]


def _read_claim(r: _Reader) -> Claim:
    start, end = r.integer("start"), r.integer("end")
    if start < 0 or end < start:
        raise ValueError(f"rating field {r.path}: span [{start}, {end}) is not a valid range")
    return Claim(
        id=r.text("id"),
        start=start,
        end=end,
        text=r.text("text"),
        objective=r.opt_flag("objective"),
        critical=r.flag("critical"),
        action=r.flag("action"),
        rating=r.enum("rating", ClaimRating),
        sources=r.text_list("sources"),
        justification=r.text("justification"),
        evidence=r.enum("evidence", EvidenceKind),
        shown_evidence=_read_shown_evidence(r),
    )


def _read_shown_evidence(r: _Reader) -> list[ShownEvidence]:
    refs: list[ShownEvidence] = []
    for index, raw in enumerate(r.items("shown_evidence")):
        ref = _Reader(raw, f"{r.path}.shown_evidence[{index}]")
        if not isinstance(raw, dict):
            raise ValueError(f"rating field {ref.path}: expected an object, got {_kind(raw)}")
        kind = ref.enum("kind", ShownEvidenceKind)
        if kind is None:
            raise ValueError(f"rating field {ref.path}.kind: missing")
        step = raw.get("step")
        if step is not None and (isinstance(step, bool) or not isinstance(step, int) or step < 0):
            raise ValueError(f"rating field {ref.path}.step: expected a step number, got {_kind(step)}")
        if kind is ShownEvidenceKind.STEP and step is None:
            raise ValueError(f"rating field {ref.path}.step: a step reference needs a step number")
        refs.append(ShownEvidence(kind=kind, path=ref.text("path"), step=step,
                                  suggested=ref.flag("suggested")))
    return refs


def _read_step_marks(r: _Reader) -> dict[int, StepMark]:
    marks: dict[int, StepMark] = {}
    for key in r.mapping("step_marks"):
        if not isinstance(key, str) or not key.isdigit():
            raise ValueError(f"rating field {r.path}.step_marks: {key!r} is not a step number")
        m = r.child("step_marks").child(key)
        mark = m.enum("mark", StepMarkKind)
        if mark is None:
            raise ValueError(f"rating field {m.path}.mark: missing")
        marks[int(key)] = StepMark(mark=mark, note=m.text("note"))
    return marks


def _read_response(r: _Reader) -> ResponseRating:
    met = r.mapping("sub_request_met")
    for key, value in met.items():
        if not isinstance(value, bool):
            raise ValueError(f"rating field {r.path}.sub_request_met.{key}: expected true or false")
    roadblocks = []
    for i, raw in enumerate(r.items("roadblocks")):
        rb = _Reader(raw, f"{r.path}.roadblocks[{i}]")
        kind = rb.enum("kind", RoadblockKind, RoadblockKind.OTHER)
        roadblocks.append(Roadblock(kind=kind or RoadblockKind.OTHER, text=rb.text("text")))
    return ResponseRating(
        main_goal_met=r.opt_flag("main_goal_met"),
        sub_request_met=dict(met),
        tc=r.score("tc"),
        tc_justification=r.text("tc_justification"),
        claims=[
            _read_claim(_Reader(c, f"{r.path}.claims[{i}]")) for i, c in enumerate(r.items("claims"))
        ],
        fa=r.score("fa"),
        fa_justification=r.text("fa_justification"),
        aip=r.score("aip"),
        aip_justification=r.text("aip_justification"),
        step_marks=_read_step_marks(r),
        roadblocks=roadblocks,
        run_report_matches=r.opt_flag("run_report_matches"),
        run_report_mismatch=r.text("run_report_mismatch"),
    )


def case_file_from_dict(data: Any, path: str = "case_file") -> CaseFile:
    r = _Reader(data, path)
    subs = []
    for i, raw in enumerate(r.items("sub_requests")):
        s = _Reader(raw, f"{path}.sub_requests[{i}]")
        subs.append(SubRequest(id=s.text("id"), kind=s.enum("kind", SubRequestKind), text=s.text("text")))
    return CaseFile(main_goal=r.text("main_goal"), sub_requests=subs, checklist=r.text_list("checklist"))


def response_from_dict(data: Any, path: str = "responses[?]") -> ResponseRating:
    return _read_response(_Reader(data, path))


def _read_timing(r: _Reader) -> TimeSpent:
    steps = r.mapping("step_seconds")
    step_seconds = {}
    reader = r.child("step_seconds")  # one reader for every step, not one per step
    for key in steps:
        step_seconds[str(key)] = reader.number(key)
    return TimeSpent(
        active_seconds=r.number("active_seconds"), step_seconds=step_seconds, sessions=r.integer("sessions")
    )


def _read_responses(r: _Reader) -> list[ResponseRating]:
    raw = r.items("responses")
    if len(raw) not in (0, 2):
        raise ValueError(f"rating field responses: expected 2 entries, got {len(raw)}")
    if not raw:
        return [ResponseRating(), ResponseRating()]
    return [response_from_dict(x, f"responses[{i}]") for i, x in enumerate(raw)]


def rating_from_dict(data: Any) -> ItemRating:
    """Parse a stored rating; raises ``ValueError`` naming the bad field."""
    r = _Reader(data, "")
    schema = data.get("schema", SCHEMA_VERSION)
    if schema != SCHEMA_VERSION:
        raise ValueError(f"rating document has schema {schema!r}; this version reads schema 1")
    item_id = r.text("item_id")
    if not item_id:
        raise ValueError("rating document has no item_id")
    acknowledged = r.mapping("acknowledged")
    for key, value in acknowledged.items():
        if not isinstance(value, str):
            raise ValueError(f"rating field acknowledged.{key}: expected a reason (string)")
    reached = [
        Step(v) if v in Step._value2member_map_ else _bad_step(v) for v in r.text_list("reached_steps")
    ]
    rating = ItemRating(
        item_id=item_id,
        case_file=case_file_from_dict(data.get("case_file", {})),
        responses=_read_responses(r),
        verdict=r.enum("verdict", Verdict),
        verdict_justification=r.text("verdict_justification"),
        notes=r.text("notes"),
        acknowledged=dict(acknowledged),
        current_step=r.enum("current_step", Step, Step.CASE_FILE) or Step.CASE_FILE,
        reached_steps=reached or [Step.CASE_FILE],
        revealed=r.flag("revealed"),
        status=r.enum("status", ItemStatus, ItemStatus.NOT_STARTED) or ItemStatus.NOT_STARTED,
        timing=_read_timing(r.child("timing")),
        id_counter=r.integer("id_counter"),
        text_sources=sources_from_dict(data.get("text_sources")),
    )
    rating.id_counter = max(rating.id_counter, _highest_id_number(rating))
    return rating


def _highest_id_number(rating: ItemRating) -> int:
    """Guards against id reuse when a document lost its counter."""
    if not rating.case_file.sub_requests and not any(side.claims for side in rating.responses):
        return 0
    ids = [s.id for s in rating.case_file.sub_requests]
    ids += [c.id for side in rating.responses for c in side.claims]
    numbers = [int(m.group()) for i in ids if (m := re.search(r"\d+$", i))]
    return max(numbers, default=0)


def _bad_step(value: str) -> Step:
    raise ValueError(f"rating field reached_steps: {value!r} is not a step")
