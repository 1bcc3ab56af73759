"""The study's output: the adjudicated consensus as training data, every row traceable.

``pairs.jsonl``: one line per standard item with a consensus, the chosen and rejected
responses and the verdict strength as the margin (|mean verdict score|, 0..3; a QA
reviewer's corrected verdict replaces the raters' mean; an item QA rejected is left out;
ties are left out unless asked for). ``judgments.csv``: one row per rater judgment that fed
it. Every row names the signed export it came from (SHA-256 of the file), the item and the
rater, so any training example can be traced back to a signature.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PAIRS_FILE = "pairs.jsonl"
JUDGMENTS_FILE = "judgments.csv"
CSV_COLUMNS = ("item_id", "rater_id", "file_sha256", "batch_sha256", "exported_at", "revision",
               "answers_decision_sha256", "verdict", "score", "in_dataset")  # fmt: skip


class DatasetError(ValueError):
    """The dataset cannot be written; the message says why in one line."""


@dataclass(frozen=True)
class Judgment:
    """One rater's complete verdict on one item, and the signed export it came from."""

    item_id: str
    rater_id: str
    score: int  # true file order: -3 = the batch's first response much better
    verdict: str
    file_sha256: str
    batch_sha256: str
    exported_at: str
    revision: int = 1
    answers_decision_sha256: str = ""


@dataclass(frozen=True)
class Adjudication:
    """A QA decision on an item, from a verified decisions file."""

    decision: str
    corrected_score: int | None
    decisions_sha256: str
    reviewer_id: str


@dataclass(frozen=True)
class PairSource:
    """What the pool says about an item: prompt and the two responses (file order)."""

    prompt: str
    texts: tuple[str, str]
    identities: tuple[str, str]
    conversation: tuple[dict[str, str], ...] = ()  # the turns before the prompt (batch 1.2)


@dataclass
class Dataset:
    """The rows to write and what was left out (item id -> why)."""

    pairs: list[dict[str, Any]] = field(default_factory=list)
    judgments: list[Judgment] = field(default_factory=list)
    left_out: dict[str, str] = field(default_factory=dict)
    used_items: set[str] = field(default_factory=set)


def _pair(item_id: str, source: PairSource, score: float, basis: str,
          judgments: Sequence[Judgment], decision: Adjudication | None) -> dict[str, Any]:  # fmt: skip
    chosen = 1 if score > 0 else 0  # a negative score favours file side 0 ("A")
    return {
        "item_id": item_id, "prompt": source.prompt, "conversation": list(source.conversation),
        "chosen": source.texts[chosen], "rejected": source.texts[1 - chosen],
        "chosen_side": "AB"[chosen], "chosen_identity": source.identities[chosen],
        "rejected_identity": source.identities[1 - chosen],
        "margin": round(abs(score), 4), "score": round(score, 4), "tie": score == 0, "basis": basis,
        "judgments": [{"rater_id": j.rater_id, "file_sha256": j.file_sha256, "verdict": j.verdict,
                       "score": j.score, "revision": j.revision} for j in judgments],
        "decision": None if decision is None else {
            "decision": decision.decision, "decisions_sha256": decision.decisions_sha256,
            "reviewer_id": decision.reviewer_id},
    }  # fmt: skip


def build_dataset(*, sources: Mapping[str, PairSource], judgments: Sequence[Judgment],
                  decisions: Mapping[str, Adjudication], keep_ties: bool) -> Dataset:  # fmt: skip
    """The consensus per item (pool order of ``sources``) from judgments and decisions."""
    by_item: dict[str, list[Judgment]] = {}
    for judgment in judgments:
        by_item.setdefault(judgment.item_id, []).append(judgment)
    dataset = Dataset(judgments=sorted(judgments, key=lambda j: (j.item_id, j.rater_id)))
    for item_id, source in sources.items():
        rated = sorted(by_item.get(item_id, []), key=lambda j: j.rater_id)
        decision = decisions.get(item_id)
        if decision is not None and decision.decision == "reject":
            dataset.left_out[item_id] = "rejected by QA"
            continue
        if decision is not None and decision.corrected_score is not None:
            score, basis = float(decision.corrected_score), "adjudicated"
        elif rated:
            score, basis = sum(j.score for j in rated) / len(rated), "consensus"
        else:
            dataset.left_out[item_id] = "no complete judgment"
            continue
        if score == 0 and not keep_ties:
            dataset.left_out[item_id] = "tie"
            continue
        dataset.pairs.append(_pair(item_id, source, score, basis, rated, decision))
        dataset.used_items.add(item_id)
    return dataset


def judgments_csv(dataset: Dataset) -> str:
    """The per-judgment table (one row per rater judgment, traceable to its file)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for j in dataset.judgments:
        writer.writerow([j.item_id, j.rater_id, j.file_sha256, j.batch_sha256, j.exported_at,
                         j.revision, j.answers_decision_sha256, j.verdict, j.score,
                         "yes" if j.item_id in dataset.used_items else "no"])  # fmt: skip
    return out.getvalue()


def write_dataset(dataset: Dataset, out_dir: Path) -> tuple[Path, Path]:
    """``pairs.jsonl`` and ``judgments.csv`` in ``out_dir`` (written atomically)."""
    from rater_desktop.signing.atomic_files import write_files_atomically

    out_dir.mkdir(parents=True, exist_ok=True)
    pairs = "".join(json.dumps(p, ensure_ascii=False, sort_keys=True) + "\n" for p in dataset.pairs)
    paths = (out_dir / PAIRS_FILE, out_dir / JUDGMENTS_FILE)
    write_files_atomically([(paths[0], pairs.encode("utf-8")),
                            (paths[1], judgments_csv(dataset).encode("utf-8"))])  # fmt: skip
    return paths


def guideline_verdicts(document: Mapping[str, Any],
                       standard: Mapping[str, Any]) -> list[tuple[str, int, str]]:  # fmt: skip
    """(item id, verdict score, verdict) of each complete guideline rating; ``standard``
    maps item id -> ``adapter.BatchItemInfo`` (an item whose identities differ from the
    pool's is left out: the adapter's check)."""
    from rater_desktop.qa_review.adapter import adapt_results

    adapted = adapt_results(document=document, batch_items=standard)
    return [(r.item_id, int(r.rating.verdict.score), r.rating.verdict.value) for r in adapted.items
            if r.complete and r.rating.verdict is not None]  # fmt: skip


def judgments_of(document: Mapping[str, Any], *, file_sha256: str,
                 verdicts: list[tuple[str, int, str]]) -> list[Judgment]:  # fmt: skip
    """``verdicts`` (item id, score, label) of one verified results document as Judgments,
    with the rater, the file and any revision that answers a QA decision."""
    raw = {e.get("item_id"): e for e in document.get("items") or [] if isinstance(e, dict)}
    batch = document.get("batch") or {}
    rater = str((document.get("rater") or {}).get("rater_id", ""))
    found = []
    for item_id, score, label in verdicts:
        entry = raw.get(item_id) or {}
        linked = entry.get("answers_decision")
        answers: dict[str, Any] = linked if isinstance(linked, dict) else {}
        revision = entry.get("revision")
        found.append(Judgment(
            item_id=item_id, rater_id=rater, score=score, verdict=label, file_sha256=file_sha256,
            batch_sha256=str(batch.get("sha256", "")), exported_at=str(document.get("exported_at", "")),
            revision=revision if isinstance(revision, int) and not isinstance(revision, bool) else 1,
            answers_decision_sha256=str(answers.get("decisions_sha256", ""))))  # fmt: skip
    return found


def latest_per_rater(verified: Sequence[tuple[bytes, dict[str, Any]]]) -> list[tuple[str, dict[str, Any]]]:
    """(file SHA-256, document) of each rater's latest export (a re-export supersedes)."""
    latest: dict[str, tuple[str, dict[str, Any]]] = {}
    for data, document in verified:
        rater = str((document.get("rater") or {}).get("rater_id", ""))
        when = str(document.get("exported_at", ""))
        if rater not in latest or when >= str(latest[rater][1].get("exported_at", "")):
            latest[rater] = (hashlib.sha256(data).hexdigest(), document)
    return [latest[r] for r in sorted(latest)]
