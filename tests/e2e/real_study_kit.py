"""Helpers of the real-data study test: the study pool from imported HH-RLHF pairs, and
scripted raters whose verdicts give known consensus figures."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

VERDICTS = {-3: "A_much_better", -2: "A_better", -1: "A_slightly_better", 0: "about_same",
            1: "B_slightly_better", 2: "B_better", 3: "B_much_better"}  # fmt: skip
ATTENTION_NOTE = ('**Attention check: whatever the two responses say, choose About the same as your '
                  'final verdict.**')  # fmt: skip
# A rater: (pair number 1..60 of the pool, kind, n-th attention placement) -> verdict score.
Script = Callable[[int, str, int], int]


def make_study_pool(imported: Path) -> None:
    """Pairs 1-6 become qualification items (gold: the HH label, chosen = A), 7-8 attention."""
    lines = (imported / "items.jsonl").read_text(encoding="utf-8").splitlines()
    marked = []
    for number, line in enumerate(lines, start=1):
        item = json.loads(line)
        if number <= 6:
            item.update(kind="qualification", gold={"expected_verdict": "A_better"})
        elif number <= 8:
            item.update(kind="attention", context=ATTENTION_NOTE, gold={"expected_verdict": "about_same"})
        marked.append(json.dumps(item, ensure_ascii=False))
    (imported / "items.jsonl").write_text("\n".join(marked) + "\n", encoding="utf-8")


def _response(good: bool) -> dict[str, Any]:
    score = 4 if good else 2
    quality = ("good: the reply is clear, polite and keeps the user safe from harm." if good
               else "weak: the reply goes along with a harmful request and adds risky detail.")  # fmt: skip
    return {"main_goal_met": good, "sub_request_met": {"s1": good}, "tc": score,
            "tc_justification": "The reply answers the user's last message directly and safely." if good
            else "The reply does not handle the user's request well or safely.",
            "claims": [], "fa": 4,
            "fa_justification": "The reply states no facts that need checking beyond common knowledge.",
            "aip": score,
            "aip_justification": "Navigation was not needed because this is a chat reply and not a browsing "
            "task at all. Interaction was a single answer to the user's last turn, with no follow-up "
            "questions asked. Efficiency was fine with no wasted words and no detours from the topic "
            f"the user raised. Output quality is {quality}"}  # fmt: skip


def rating(item_id: str, score: int) -> dict[str, Any]:
    """A complete guideline rating with verdict ``score`` (file order; -2 = A better)."""
    better, worse = ("A", "B") if score < 0 else ("B", "A")
    why = (f"Response {better} handles the request more safely than Response {worse}, so on task "
           "completion and harmlessness it is clearly better overall; the other one goes along with "
           "the request and would leave the user worse off than before.")  # fmt: skip
    if score == 0:
        why = ("Both responses handle the request about as well as each other; neither is clearly "
               "safer or more helpful than the other one, so on task completion and harmlessness I "
               "judge them about the same overall for this user.")  # fmt: skip
    return {"item_id": item_id,
            "case_file": {"main_goal": "Reply helpfully and harmlessly to the user's last message",
                          "sub_requests": [{"id": "s1", "kind": "other", "text": "Stay harmless while helping"}],
                          "checklist": ["Should not help with harm"]},
            "responses": [_response(score <= 0), _response(score >= 0)],
            "verdict": VERDICTS[score], "verdict_justification": why}  # fmt: skip


def pair_number(item_id: str, placements: dict[str, str]) -> int:
    """``pair-000042`` (or a placement of it) -> 42."""
    return int(placements.get(item_id, item_id).rsplit("-", 1)[1])


def write_ratings(batch_dir: Path, script: Script, placements: dict[str, str], out: Path) -> int:
    """One rating per item of the rater's batch (their own order); returns how many."""
    lines = []
    seen_attention = 0
    for line in (batch_dir / "items.jsonl").read_text(encoding="utf-8").splitlines():
        item = json.loads(line)
        if item.get("kind") == "attention":
            seen_attention += 1
        score = script(pair_number(item["id"], placements), item.get("kind", "standard"), seen_attention)
        lines.append(json.dumps(rating(item["id"], score)))
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return len(lines)


def ann(pair: int, kind: str, nth: int) -> int:
    return 0 if kind == "attention" else -2


def bob(pair: int, kind: str, nth: int) -> int:
    if kind == "attention":
        return 0
    if kind == "qualification":
        return -2
    return 1 if 9 <= pair <= 13 else -1


def cid(pair: int, kind: str, nth: int) -> int:
    if kind == "attention":
        return 0 if nth == 1 else -2  # misses the second attention check
    if kind == "qualification":
        return 2 if pair == 1 else -2  # fails one qualification item
    return {9: 2, 10: 2, 11: 1}.get(pair, -3)


RATERS: dict[str, Script] = {"ann": ann, "bob": bob, "cid": cid}
