"""The common shape of a stored rating, read without a reader per field (issue 22: a QA
import reads ~100,000 ratings, and the careful reader's method per field was most of it).

``common_rating`` takes only what :func:`rating_from_dict` accepts, built the same way:
exact JSON types (``str``, ``int``, ``float``, ``bool``, ``list``, ``dict``), known enum
values, no sub-requests, step marks or roadblocks (claims are read by the careful claim
reader). Anything else, and anything wrong, gives None: ``rating_from_dict`` then reads it
the careful way, with the message that names the bad field.
"""

from __future__ import annotations

import math
from typing import Any

from rater_desktop.batch.model import Verdict
from rater_desktop.rating.model import (
    SCHEMA_VERSION,
    CaseFile,
    ItemRating,
    ItemStatus,
    ResponseRating,
    Step,
    TimeSpent,
)
from rater_desktop.rating.serialize import _highest_id_number, _read_claim, _Reader
from rater_desktop.text_sources import sources_from_dict

_STEPS = Step._value2member_map_
_VERDICTS = Verdict._value2member_map_
_STATUSES = ItemStatus._value2member_map_
_NUMBERS = (int, float)


def _score(value: Any) -> bool:
    return value is None or (type(value) is int and 1 <= value <= 5)


def _response(data: Any, index: int) -> ResponseRating | None:
    if type(data) is not dict:
        return None
    get = data.get
    met, claims = get("sub_request_met", {}), get("claims", [])
    tc, fa, aip = get("tc"), get("fa"), get("aip")
    texts = (get("tc_justification", ""), get("fa_justification", ""),
             get("aip_justification", ""), get("run_report_mismatch", ""))  # fmt: skip
    flags = (get("main_goal_met"), get("run_report_matches"))
    if (type(met) is not dict or type(claims) is not list
            or get("roadblocks", []) != [] or get("step_marks", {}) != {}
            or not (_score(tc) and _score(fa) and _score(aip))
            or any(type(t) is not str for t in texts)
            or any(f is not None and type(f) is not bool for f in flags)
            or any(type(v) is not bool for v in met.values())):  # fmt: skip
        return None
    path = f"responses[{index}]"
    read = [_read_claim(_Reader(c, f"{path}.claims[{i}]")) for i, c in enumerate(claims)]
    return ResponseRating(
        main_goal_met=flags[0], sub_request_met=dict(met), tc=tc, tc_justification=texts[0],
        claims=read, fa=fa, fa_justification=texts[1], aip=aip, aip_justification=texts[2],
        step_marks={}, roadblocks=[], run_report_matches=flags[1], run_report_mismatch=texts[3],
    )  # fmt: skip


def _timing(data: Any) -> TimeSpent | None:
    if type(data) is not dict:
        return None
    active, steps, sessions = (data.get("active_seconds", 0.0), data.get("step_seconds", {}),
                               data.get("sessions", 0))  # fmt: skip
    if (type(active) not in _NUMBERS or not math.isfinite(active) or type(steps) is not dict
            or type(sessions) is not int
            or any(type(v) not in _NUMBERS or not math.isfinite(v) for v in steps.values())):
        return None  # fmt: skip
    return TimeSpent(active_seconds=float(active),
                     step_seconds={str(k): float(v) for k, v in steps.items()},
                     sessions=sessions)  # fmt: skip


def _case_file(data: Any) -> CaseFile | None:
    if type(data) is not dict:
        return None
    goal, checklist = data.get("main_goal", ""), data.get("checklist", [])
    if (type(goal) is not str or data.get("sub_requests", []) != [] or type(checklist) is not list
            or any(type(c) is not str for c in checklist)):  # fmt: skip
        return None
    return CaseFile(main_goal=goal, sub_requests=[], checklist=list(checklist))


def _enum(table: dict[str, Any], value: Any, default: Any) -> Any:
    """The member, the default for null/absent, or None (not a known value)."""
    if value is None:
        return default
    return table.get(value) if type(value) is str else None


def common_rating(data: Any) -> ItemRating | None:
    """The rating when it has the common shape (what ``rating_from_dict`` gives), else None."""
    try:
        return _common(data)
    except (ValueError, TypeError, AttributeError, OverflowError):  # the careful one says why
        return None


def _common(data: Any) -> ItemRating | None:
    if type(data) is not dict or data.get("schema", SCHEMA_VERSION) != SCHEMA_VERSION:
        return None
    get = data.get
    item_id, acknowledged, reached = get("item_id", ""), get("acknowledged", {}), \
        get("reached_steps", [])  # fmt: skip
    texts = (get("verdict_justification", ""), get("notes", ""))
    revealed, counter = get("revealed", False), get("id_counter", 0)
    if (type(item_id) is not str or not item_id or type(acknowledged) is not dict
            or any(type(v) is not str for v in acknowledged.values())
            or type(reached) is not list or any(type(v) is not str for v in reached)
            or any(type(t) is not str for t in texts) or type(revealed) is not bool
            or type(counter) is not int):  # fmt: skip
        return None
    steps = [_STEPS.get(v) for v in reached]
    raw = get("responses", [])
    if type(raw) is not list or len(raw) not in (0, 2) or None in steps:
        return None
    responses = [_response(raw[0], 0), _response(raw[1], 1)] if raw else [
        ResponseRating(), ResponseRating()]  # fmt: skip
    verdict, current, status = (_enum(_VERDICTS, get("verdict"), None),
                                _enum(_STEPS, get("current_step"), Step.CASE_FILE),
                                _enum(_STATUSES, get("status"), ItemStatus.NOT_STARTED))  # fmt: skip
    case_file, timing = _case_file(get("case_file", {})), _timing(get("timing", {}))
    if (None in responses or case_file is None or timing is None or current is None
            or status is None or (verdict is None and get("verdict") is not None)):  # fmt: skip
        return None
    rating = ItemRating(
        item_id=item_id, case_file=case_file, responses=responses,  # type: ignore[arg-type]
        verdict=verdict, verdict_justification=texts[0], notes=texts[1],
        acknowledged=dict(acknowledged), current_step=current,
        reached_steps=steps or [Step.CASE_FILE],  # type: ignore[arg-type]
        revealed=revealed, status=status, timing=timing, id_counter=counter,
        text_sources=sources_from_dict(get("text_sources")),
    )  # fmt: skip
    rating.id_counter = max(rating.id_counter, _highest_id_number(rating))
    return rating
