"""Names of edits for Edit > Undo <what> / Redo <what>, from a Change's field paths."""

from __future__ import annotations

from collections.abc import Callable

CASE_FILE_NAMES = {"main_goal": "Main goal", "sub_requests": "sub-requests",
                   "checklist": "checklist"}
SIDE_NAMES = {
    "main_goal_met": "main goal met", "sub_request_met": "sub-request met",
    "tc": "TC score", "tc_justification": "TC justification", "fa": "FA score",
    "fa_justification": "FA justification", "aip": "AIP score",
    "aip_justification": "AIP justification", "step_marks": "step mark",
    "run_report_matches": "run report check", "roadblocks": "roadblocks", "claims": "claims",
}
CLAIM_NAMES = {
    "objective": "claim kind", "critical": "critical claim", "action": "action claim",
    "rating": "fact check", "evidence": "action evidence", "sources": "claim sources",
    "shown_evidence": "cited screenshot", "justification": "fact check justification",
}
TOP_NAMES = {"verdict": "verdict", "verdict_justification": "verdict justification",
             "notes": "notes"}


def edit_name(field: str, label_of: Callable[[int], str]) -> str:
    """What an edit of ``field`` changed, in the rater's words ("TC score of Response B").

    ``label_of`` maps a true response index to the display label the rater sees.
    """
    head, _, rest = field.partition(".")
    parts = rest.split(".") if rest else []
    if head == "case_file":
        return CASE_FILE_NAMES.get(parts[0] if parts else "", "case file")
    if head == "acknowledged":
        return f"reason for {rest}" if rest else "warning reason"
    if head == "responses" and parts and parts[0] in ("0", "1"):
        side = f"Response {label_of(int(parts[0]))}"
        name = parts[1] if len(parts) > 1 else ""
        if name == "claims" and len(parts) > 3:
            what = CLAIM_NAMES.get(parts[3], "claim")
        else:
            what = SIDE_NAMES.get(name, "rating")
        return f"{what} of {side}"
    return TOP_NAMES.get(head, "change")


def menu_text(verb: str, fields: tuple[str, ...], label_of: Callable[[int], str]) -> str:
    """ "&Undo TC score of Response B", or just "&Undo" when there is nothing to name."""
    if not fields:
        return f"&{verb}"
    return f"&{verb} {edit_name(fields[0], label_of)}"
