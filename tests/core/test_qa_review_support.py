"""Builders for the QA review tests: a small batch, three raters' signed exports (plus an
unknown signer and a tampered copy), made through the real profile, rating-store,
collect and export code. Imported by the test_qa_review_* modules (no tests here)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from batchkit import batch_files, item, response, write_folder

from rater_desktop.batch.hashing import batch_sha256
from rater_desktop.batch.loader import open_batch
from rater_desktop.batch.model import verdict_from_score
from rater_desktop.profiles import create_profile, load_private_key
from rater_desktop.rating.display_order import display_order
from rater_desktop.rating.model import (
    Claim,
    ClaimRating,
    ItemRating,
    ItemStatus,
    ShownEvidence,
    ShownEvidenceKind,
)
from rater_desktop.rating.rubric import Rubric
from rater_desktop.rating.store import MemoryRatingStore
from rater_desktop.results.collect import collect_item_records
from rater_desktop.results.document import BatchMeta, RaterInfo, build_results_document
from rater_desktop.results.export import export_results

BATCH_ID = "qa-e2e"
SEED = "qa-e2e-seed"
RATERS = ("alice", "bob", "carol")
STANDARD = ("s1", "s2", "s3", "s4", "s5")
IDENTITIES = {
    "s1": ("alpha", "beta"),
    "s2": ("beta", "gamma"),
    "s3": ("gamma", "alpha"),
    "s4": ("alpha", "beta"),
    "s5": ("beta", "alpha"),
    "q1": ("alpha", "gamma"),
    "q2": ("beta", "gamma"),
    "att1": ("gamma", "beta"),
}
EXPECTED = {"q1": -2, "q2": 2, "att1": 3}  # true order, -3..+3
# True-order verdicts (-3 = the file's first response much better).
VERDICTS = {
    "alice": {"s1": -2, "s2": 1, "s3": 0, "s4": -1, "s5": 2, "q1": -2, "q2": 1, "att1": 3},
    "bob": {"s1": -2, "s2": 2, "s3": 1, "s4": -1, "s5": 2, "q1": -1, "q2": 2, "att1": 3},
    "carol": {"s1": -1, "s2": -3, "s3": 0, "s4": 3, "s5": 2, "q1": 2, "q2": -3, "att1": 0},
    "dave": {i: 3 for i in IDENTITIES},  # unknown signer: must never count
}
# (tc, fa, aip) per true side.
SCORES = {
    "alice": {"s1": ((5, 4, 4), (2, 3, 2)), "s2": ((3, 3, 3), (4, 4, 3)),
              "s3": ((3, 3, 3), (3, 3, 3)), "s4": ((4, 4, 4), (3, 3, 3)),
              "s5": ((2, 2, 2), (5, 5, 5))},
    "bob": {"s1": ((5, 4, 3), (2, 3, 2)), "s2": ((3, 2, 3), (5, 4, 4)),
            "s3": ((3, 3, 3), (4, 3, 3)), "s4": ((4, 4, 4), (3, 2, 3)),
            "s5": ((2, 2, 2), (5, 5, 5))},
    "carol": {"s1": ((4, 4, 4), (2, 3, 2)), "s2": ((5, 5, 5), (1, 1, 1)),
              "s3": ((3, 3, 3), (3, 3, 3)), "s4": ((1, 2, 1), (5, 5, 5)),
              "s5": ((2, 3, 2), (5, 5, 4))},
}  # fmt: skip
SECONDS = {"alice": 60.0, "bob": 90.0, "carol": 30.0, "dave": 10.0}
RUN_REPORTS = (
    {"host": "shop.example", "outcome": "completed", "checkpoints": ["C1", "C2", "C3", "C4"]},
    {"host": "shop.example", "outcome": "login_wall", "checkpoints": ["C1", "C2", "C3"]},
)
NOW = datetime(2026, 11, 30, 12, 0, 0, tzinfo=UTC)


def _text(item_id: str, side: int) -> str:
    return f"Response {side} for {item_id}: the store sells the red umbrella for $18."


def batch_items() -> list[dict[str, Any]]:
    items = []
    for item_id, (first, second) in IDENTITIES.items():
        kind = "qualification" if item_id.startswith("q") else "standard"
        kind = "attention" if item_id.startswith("att") else kind
        extra: dict[str, Any] = {}
        a, b = response(first, _text(item_id, 0)), response(second, _text(item_id, 1))
        if item_id == "s1":
            a["run_report"], b["run_report"] = RUN_REPORTS
        if item_id == "s2":
            a["final_answer"], b["final_answer"] = "42", "40"
            extra["gold"] = {"expected_answer": "42"}
        if item_id in EXPECTED:
            gold: dict[str, Any] = {"expected_verdict": verdict_from_score(EXPECTED[item_id]).value}
            if kind == "attention":
                gold["attention_instruction"] = "Choose B much better."
            extra["gold"] = gold
        data = item(item_id, kind=kind, shots=False, **extra)
        data["responses"] = [a, b]
        items.append(data)
    return items


def make_batch(root: Path) -> Path:
    files = batch_files(
        batch_items(),
        batch_id=BATCH_ID,
        display_seed=SEED,
        rubric={"SD-4": {"pass_threshold": 1, "out_of": 2}},
    )
    return write_folder(root / "batch", files)


def claims_for(rater: str, item_id: str, side: int) -> list[Claim]:
    """Deliberate claim disagreements on s1 side 0 (rating) and s3 side 1 (subjective)."""
    text = _text(item_id, side)
    if (item_id, side) == ("s1", 0):
        rating = {"alice": ClaimRating.ACCURATE, "bob": ClaimRating.INACCURATE}.get(
            rater, ClaimRating.ACCURATE
        )
        start = 1 if rater == "carol" else 0
        # alice backs hers with a page and the response's own screenshot and step.
        sources = ["https://shop.example/red-umbrella"] if rater == "alice" else []
        shown = [ShownEvidence(ShownEvidenceKind.SCREENSHOT, "screens/s1-cart.png"),
                 ShownEvidence(ShownEvidenceKind.STEP, "", 2)] if rater == "alice" else []
        return [Claim(id="c1", start=start, end=10, text=text[start:10], objective=True,
                      rating=rating, sources=sources, shown_evidence=shown)]  # fmt: skip
    if (item_id, side) == ("s3", 1) and rater in ("alice", "bob"):
        subjective = rater == "alice"
        return [Claim(id="c1", start=5, end=15, text=text[5:15], objective=not subjective,
                      rating=None if subjective else ClaimRating.ACCURATE)]  # fmt: skip
    return []


def rating_for(rater: str, item_id: str) -> ItemRating:
    rating = ItemRating(item_id=item_id)
    rating.case_file.main_goal = f"{rater} goal for {item_id}"
    scores = SCORES.get(rater, {}).get(item_id, ((3, 3, 3), (3, 3, 3)))
    for side in (0, 1):
        r = rating.responses[side]
        r.tc, r.fa, r.aip = scores[side]
        r.tc_justification = f"{rater} tc {item_id} side {side} <b>&"
        r.claims = claims_for(rater, item_id, side)
    # The rater chooses on the display labels; the rating stores the true orientation.
    order = display_order(batch_seed=SEED, rater_id=rater, item_id=item_id)
    shown = order.verdict_to_display(verdict_from_score(VERDICTS[rater][item_id]))
    rating.verdict = order.verdict_to_true(shown)
    # Written with the labels the rater saw (bob saw s1 swapped).
    rating.verdict_justification = (
        f"{rater} says <script>alert(1)</script> on {item_id}: Response A is better."
    )
    rating.status = ItemStatus.COMPLETE
    rating.timing.active_seconds = SECONDS[rater] + (10.0 if item_id == "s1" else 0.0)
    rating.timing.step_seconds = {"case_file": 10.0, "verdict": rating.timing.active_seconds - 10}
    return rating


@dataclass
class Setup:
    batch_path: Path
    batch_sha: str
    roster: Path
    files: dict[str, Path]  # rater (or "tampered") -> results file
    infos: dict[str, RaterInfo]
    keys: dict[str, Any]


def export_for(rater: str, *, batch_path: Path, info: RaterInfo, key: Any, out_dir: Path,
               exported_at: datetime | None = None) -> Path:
    store = MemoryRatingStore()
    for item_id in IDENTITIES:
        store.save_item(BATCH_ID, item_id, rating_for(rater, item_id).to_dict())
    with open_batch(batch_path) as batch:
        items = [batch.item(e.item_id) for e in batch.index]
        rubric = Rubric.from_overrides(batch.manifest.rubric)
        records, left_out = collect_item_records(
            items=items, store=store, batch_key=BATCH_ID, rater_id=rater,
            display_seed=SEED, rubric=rubric, include_incomplete=False,
        )  # fmt: skip
    assert not left_out
    meta = BatchMeta(batch_id=BATCH_ID, sha256=batch_sha256(batch_path), title="QA test",
                     rubric=rubric.to_dict())  # fmt: skip
    document = build_results_document(batch=meta, rater=info, items=records,
                                      exported_at=exported_at or NOW)  # fmt: skip
    return export_results(out_path=out_dir / rater, document=document, private_key=key).results_path


def build_setup(tmp_path: Path, keyring: Any) -> Setup:
    batch_path = make_batch(tmp_path)
    data_dir = tmp_path / "profiles"
    out_dir = tmp_path / "results"
    out_dir.mkdir()
    files: dict[str, Path] = {}
    infos: dict[str, RaterInfo] = {}
    keys: dict[str, Any] = {}
    for rater in (*RATERS, "dave", "quinn"):
        profile = create_profile(rater_id=rater, display_name=rater.title(), keyring=keyring,
                                 data_dir=data_dir)  # fmt: skip
        keys[rater] = load_private_key(profile, keyring=keyring, data_dir=data_dir)
        infos[rater] = RaterInfo(
            rater, profile.display_name, profile.public_key, profile.fingerprint
        )
        if rater != "quinn":  # quinn is the QA reviewer
            files[rater] = export_for(rater, batch_path=batch_path, info=infos[rater],
                                      key=keys[rater], out_dir=out_dir)  # fmt: skip
    tampered = out_dir / "bob-edited.results.json"
    raw = files["bob"].read_bytes()
    tampered.write_bytes(raw.replace(b'"verdict":"A_better"', b'"verdict":"B_much_better"', 1))
    assert tampered.read_bytes() != raw
    (out_dir / "bob-edited.results.json.sig").write_bytes(
        files["bob"].with_name(files["bob"].name + ".sig").read_bytes()
    )
    files["tampered"] = tampered
    roster = tmp_path / "allowed_signers"
    roster.write_text(
        "".join(f"{r} {infos[r].public_key}\n" for r in (*RATERS, "quinn")), encoding="utf-8"
    )
    return Setup(batch_path, batch_sha256(batch_path), roster, files, infos, keys)
