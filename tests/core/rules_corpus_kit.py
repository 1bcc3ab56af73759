"""Loader for the rules corpus (tests/rules_corpus/): careful and flawed ratings of the
sample items, and the per-rule recall / noise table of docs/rules.md.

A careful rating is written compactly in JSON (see tests/rules_corpus/README.md) and
built into an ``ItemRating`` exactly as the window would build it: claims are verbatim
spans found in the response's plain text and are pre-marked as actions the way
``RatingService.add_claim`` marks them. A flawed rating is a careful one plus a list of
edits (``set`` / ``del`` on a path of the compact form) and names the rule it breaks.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from rater_desktop.batch.loader import open_batch
from rater_desktop.batch.model import Item, Verdict
from rater_desktop.rating.helpers import is_action_sentence
from rater_desktop.rating.model import (
    CaseFile,
    Claim,
    ClaimRating,
    EvidenceKind,
    ItemRating,
    ResponseRating,
    ShownEvidence,
    ShownEvidenceKind,
    SubRequest,
    SubRequestKind,
)
from rater_desktop.rating.rubric import Rubric, Severity
from rater_desktop.rating.rules import RULES, check_item
from rater_desktop.rating.rules.base import RuleResult
from rater_desktop.rating.text import plain_text

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "rules_corpus"
RATINGS = {"acc": ClaimRating.ACCURATE, "inacc": ClaimRating.INACCURATE, "cca": ClaimRating.CCA}


@cache
def sample_item(batch: str, item_id: str) -> Item:
    with open_batch(ROOT / "sample_batches" / batch) as opened:
        return opened.item(item_id)


def careful_specs() -> dict[str, dict[str, Any]]:
    """Every careful rating by id; a variant (``"base"`` + ``"edits"``, see README.md) is
    its base with the edits applied, still careful."""
    specs: dict[str, dict[str, Any]] = {}
    variants: list[dict[str, Any]] = []
    for path in sorted(CORPUS.glob("careful_*.json")):
        for spec in json.loads(path.read_text(encoding="utf-8")):
            if spec["id"] in specs or any(v["id"] == spec["id"] for v in variants):
                raise ValueError(f"duplicate rating id {spec['id']} in {path.name}")
            if "base" in spec:
                variants.append(spec)
            else:
                specs[spec["id"]] = spec
    for variant in variants:
        built = apply_edits(specs[variant["base"]], variant["edits"])
        specs[variant["id"]] = {**built, "id": variant["id"], "what": variant.get("what", "")}
    return specs


def flawed_specs() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for path in sorted(CORPUS.glob("flawed_*.json")):
        out.extend(json.loads(path.read_text(encoding="utf-8")))
    return out


def apply_edits(spec: dict[str, Any], edits: list[list[Any]]) -> dict[str, Any]:
    """``[op, path, value?]``: ``set``, ``del`` or ``add`` (append to the list at path)."""
    spec = copy.deepcopy(spec)
    for edit in edits:
        op, path = edit[0], edit[1]
        target = spec
        for key in path[:-1]:
            target = target[key]
        if op == "set":
            target[path[-1]] = edit[2]
        elif op == "del":
            del target[path[-1]]
        elif op == "add":
            target[path[-1]].append(edit[2])
        else:
            raise ValueError(f"unknown edit {op!r}")
    return spec


def _claim(rating: ItemRating, item: Item, side: int, plain: str, entry: Any, defaults: dict[str, Any]) -> Claim:
    entry = {"text": entry} if isinstance(entry, str) else entry
    settings = {**defaults, **entry}
    text, nth = settings["text"], int(settings.get("nth", 0))
    start = -1
    for _ in range(nth + 1):
        start = plain.find(text, start + 1)
    if start < 0:
        raise ValueError(f"claim text not in response {side}: {text!r}")
    # "as_text" stores an edited text at the located span (an FC-1 flaw)
    stored = settings.get("as_text", plain[start : start + len(text)])
    claim = Claim(id=rating.new_id("c"), start=start, end=start + len(text), text=stored)
    claim.action = bool(settings.get("action", is_action_sentence(claim.text)))
    claim.objective = not settings.get("subj", False)
    if "objective" in settings:
        claim.objective = settings["objective"]  # null: not labelled yet (an FC-2 flaw)
    if claim.objective or settings.get("keep_rating"):
        claim.rating = RATINGS[settings.get("rating", "acc")] if settings.get("rating", "acc") else None
        claim.sources = list(settings.get("src", []))
        claim.justification = settings.get("why", "")
    claim.critical = bool(settings.get("crit", False))
    claim.evidence = EvidenceKind(settings["ev"]) if settings.get("ev") else None
    response = item.responses[side]
    claim.shown_evidence = [ShownEvidence(ShownEvidenceKind.SCREENSHOT, path=p) for p in settings.get("shown", [])]
    for step in settings.get("steps", []):
        path = response.trajectory[step].screenshot or "" if step < len(response.trajectory) else ""
        claim.shown_evidence.append(ShownEvidence(ShownEvidenceKind.STEP, path=path, step=step))
    return claim


def build(spec: dict[str, Any]) -> tuple[ItemRating, Item, tuple[str, str]]:
    item = sample_item(spec["batch"], spec["item"])
    plains = (plain_text(item.responses[0].text), plain_text(item.responses[1].text))
    rating = ItemRating(item_id=item.id)
    subs = [SubRequest(rating.new_id("s"), SubRequestKind(k) if k else None, t) for k, t in spec["subs"]]
    rating.case_file = CaseFile(spec["main_goal"], subs, list(spec.get("checklist", [])))
    rating.responses = [ResponseRating(), ResponseRating()]
    for side, data in enumerate(spec["sides"]):
        r = rating.responses[side]
        met = data["met"]
        r.main_goal_met = met[0]
        r.sub_request_met = {s.id: bool(v) for s, v in zip(subs, met[1:], strict=False) if v is not None}
        r.tc, r.tc_justification = data.get("tc"), data.get("tc_why", "")
        r.fa, r.fa_justification = data.get("fa"), data.get("fa_why", "")
        r.aip, r.aip_justification = data.get("aip"), data.get("aip_why", "")
        defaults = data.get("defaults", {})
        r.claims = [_claim(rating, item, side, plains[side], e, defaults) for e in data.get("claims", [])]
    rating.verdict = Verdict(spec["verdict"]) if spec.get("verdict") else None
    rating.verdict_justification = spec.get("verdict_why", "")
    return rating, item, plains


def results_of(spec: dict[str, Any]) -> list[RuleResult]:
    rating, item, plains = build(spec)
    return check_item(rating, item=item, plain_texts=plains, rubric=Rubric.default())


def counted(result: RuleResult) -> bool:
    """A failure the rater is told about: block or warn (hints never count)."""
    return not result.passed and result.severity in (Severity.BLOCK, Severity.WARN)


@dataclass(frozen=True)
class RuleRow:
    rule_id: str
    caught: int
    flawed: int
    warned_careful: int
    careful: int
    misses: tuple[str, ...]


def noise_table() -> tuple[list[RuleRow], dict[str, Any]]:
    careful = careful_specs()
    careful_results = {cid: results_of(spec) for cid, spec in careful.items()}
    flawed_by_rule: dict[str, list[tuple[str, bool]]] = {rid: [] for rid in RULES}
    for flaw in flawed_specs():
        spec = apply_edits(careful[flaw["base"]], flaw["edits"])
        caught = any(counted(r) and r.rule_id == flaw["rule"] for r in results_of(spec))
        flawed_by_rule[flaw["rule"]].append((flaw["what"], caught))
    rows = []
    for rule_id in RULES:
        warned = sum(any(counted(r) and r.rule_id == rule_id for r in res) for res in careful_results.values())
        cases = flawed_by_rule[rule_id]
        misses = tuple(what for what, caught in cases if not caught)
        rows.append(RuleRow(rule_id, sum(c for _, c in cases), len(cases), warned, len(careful), misses))
    summary = {
        "careful": len(careful),
        "blocked": sorted(cid for cid, res in careful_results.items() if any(r.blocking for r in res)),
        "warned": sorted(cid for cid, res in careful_results.items() if any(r.warning for r in res)),
        "hinted": sum(any(r.hint for r in res) for res in careful_results.values()),
        "flawed": sum(r.flawed for r in rows),
        "caught": sum(r.caught for r in rows),
    }
    return rows, summary


def markdown_table(rows: list[RuleRow], summary: dict[str, Any]) -> str:
    lines = [
        f"Corpus: {summary['careful']} careful ratings of every sample item, "
        f"{summary['flawed']} flawed ratings (each breaks one rule). "
        f"Careful ratings blocked: {len(summary['blocked'])}; warned by any rule: "
        f"{len(summary['warned'])} of {summary['careful']}"
        + (f" ({', '.join(summary['warned'])})" if summary["warned"] else "")
        + f"; with a quiet hint (never counted): {summary['hinted']}.",
        "",
        "| rule | recall on flawed ratings | careful ratings warned or blocked | missed flaws |",
        "|---|---|---|---|",
    ]
    for row in rows:
        recall = f"{row.caught} of {row.flawed}" if row.flawed else "no flawed ratings"
        misses = "; ".join(row.misses) or "-"
        lines.append(f"| {row.rule_id} | {recall} | {row.warned_careful} of {row.careful} | {misses} |")
    return "\n".join(lines) + "\n"
