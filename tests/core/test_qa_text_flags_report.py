"""`qa report` shows where raters' text came from (results 2.6): per rater the pasted
share of justifications and the items completed faster than the protocol's minimum, in
HTML, CSV and JSONL, for both protocols; files without text counts keep their columns."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

from test_preference_qa import _batch as preference_batch
from test_preference_qa import _document as preference_document
from test_qa_review_support import BATCH_ID, IDENTITIES, NOW, RATERS, make_batch, rating_for

from rater_desktop import protocols
from rater_desktop.batch.hashing import batch_sha256
from rater_desktop.batch.loader import open_batch
from rater_desktop.cli import main
from rater_desktop.rating.rubric import Rubric
from rater_desktop.rating.store import MemoryRatingStore
from rater_desktop.results.collect import collect_records
from rater_desktop.results.document import BatchMeta, RaterInfo, build_results_document
from rater_desktop.results.export import export_results
from rater_desktop.signing import keys
from rater_desktop.text_sources import FieldSources

MINIMUM = protocols.info("guideline").fast_item_seconds


def _guideline_export(rater: str, key: Any, batch_path: Path, out: Path) -> Path:
    store = MemoryRatingStore()
    for item_id in IDENTITIES:
        rating = rating_for(rater, item_id)
        if rater == "bob":  # bob pastes most of his verdict justifications, and is slow
            rating.text_sources = {"verdict_justification": FieldSources(typed=25, pasted=75),
                                   "case_file.main_goal": FieldSources(pasted=500)}
            rating.timing.active_seconds = MINIMUM + 60
        elif rater == "alice":
            rating.text_sources = {"responses.0.tc_justification": FieldSources(typed=40)}
        store.save_item(BATCH_ID, item_id, rating.to_dict())
    with open_batch(batch_path) as batch:
        items = [batch.item(e.item_id) for e in batch.index]
        rubric = Rubric.from_overrides(batch.manifest.rubric)
        records, _left, extra = collect_records(
            manifest=batch.manifest, items=items, store=store, rater_id=rater, rubric=rubric,
            include_incomplete=False, collect=protocols.get("guideline").collect_export)
    public = keys.openssh_public_key(key.public_key())
    info = RaterInfo(rater, rater.title(), public, keys.fingerprint(key.public_key()))
    document = build_results_document(
        batch=BatchMeta(BATCH_ID, batch_sha256(batch_path), "QA test", rubric.to_dict()),
        rater=info, items=records, exported_at=NOW, **extra)
    return export_results(out_path=out / rater, document=document, private_key=key).results_path


def _roster(tmp_path: Path, keyset: dict[str, Any]) -> Path:
    roster = tmp_path / "allowed_signers"
    roster.write_text("".join(f"{r} {keys.openssh_public_key(k.public_key())}\n"
                              for r, k in keyset.items()))
    return roster


def _report(setup: dict[str, Any], out: Path, *extra: str) -> str:
    code = main(["qa", "report", *map(str, setup["files"]), "--batch", str(setup["batch"]),
                 "--allowed-signers", str(setup["roster"]), "--out", str(out),
                 "--resamples", "50", *extra])
    assert code == 0
    return out.read_text(encoding="utf-8")


def test_guideline_report_flags_pasted_justifications_and_fast_items(tmp_path: Path) -> None:
    batch_path = make_batch(tmp_path)
    (tmp_path / "out").mkdir()
    keyset = {r: keys.generate_private_key() for r in RATERS}
    files = [_guideline_export(r, k, batch_path, tmp_path / "out") for r, k in keyset.items()]
    setup = {"batch": batch_path, "files": files, "roster": _roster(tmp_path, keyset)}
    page = _report(setup, tmp_path / "r.html")
    cells = dict(re.findall(r'data-key="([^"]+)">([^<]*)<', page))
    items = len(IDENTITIES)
    assert cells["pasted-bob"].startswith("75% pasted")  # the main goal is no justification
    assert cells["pasted-alice"].startswith("0% pasted")
    assert cells["pasted-carol"] == "no text counts"
    assert cells["fast-bob"] == f"0 of {items} under {MINIMUM:g} s"
    assert cells["fast-carol"] == f"{items} of {items} under {MINIMUM:g} s"  # 30-40 s each
    assert "Flags for review, not verdicts" in page
    rows = list(csv.DictReader(io.StringIO(_report(setup, tmp_path / "r.csv"))))
    bob = [r for r in rows if r["rater_id"] == "bob"]
    assert bob and all((r["justification_typed"], r["justification_pasted"], r["fast_item"])
                       == ("25", "75", "false") for r in bob)
    lines = [json.loads(line) for line in
             _report(setup, tmp_path / "r.jsonl", "--format", "jsonl").splitlines()]
    carol = [r for r in lines if r["rater_id"] == "carol"]
    assert carol and all(r["fast_item"] is True and r["justification_pasted"] is None
                         for r in carol)


def test_guideline_rows_without_text_counts_keep_their_columns(tmp_path: Path) -> None:
    batch_path = make_batch(tmp_path)
    (tmp_path / "out").mkdir()
    keyset = {"carol": keys.generate_private_key()}
    files = [_guideline_export("carol", keyset["carol"], batch_path, tmp_path / "out")]
    setup = {"batch": batch_path, "files": files, "roster": _roster(tmp_path, keyset)}
    header = _report(setup, tmp_path / "r.csv").splitlines()[0]
    assert "justification_pasted" not in header


def test_preference_report_flags_pasted_explanations_and_fast_judgments(
        tmp_path: Path) -> None:
    batch_path = preference_batch(tmp_path)
    keyset = {r: keys.generate_private_key() for r in ("alice", "bob", "carol")}
    docs = {r: preference_document(batch_path, r, k) for r, k in keyset.items()}
    bob = docs["bob"]
    bob["items"][0]["text_sources"] = {"explanation": {
        "typed": 10, "pasted": 30, "template": 0, "deleted": 0, "typing_seconds": 2.0,
        "pastes": 1, "largest_paste_words": 6, "justification": True}}
    bob["format_version"] = "2.6"
    (tmp_path / "out").mkdir()
    files = [export_results(out_path=tmp_path / "out" / r, document=d,
                            private_key=keyset[r]).results_path for r, d in docs.items()]
    setup = {"batch": batch_path, "files": files, "roster": _roster(tmp_path, keyset)}
    report = json.loads(_report(setup, tmp_path / "r.jsonl", "--format", "jsonl"))
    flags = {f["rater_id"]: f for f in report["text_sources"]}
    assert flags["bob"]["pasted_share"] == 0.75 and flags["alice"]["pasted_share"] is None
    minimum = protocols.info("preference").fast_item_seconds
    assert minimum == 20.0 and flags["bob"]["minimum_seconds"] == minimum
    assert flags["bob"]["fast_items"] == 1  # the first judgment took 10 s, the rest 20 s+
    page = _report(setup, tmp_path / "r.html")
    assert 'data-key="pasted-bob">75% pasted' in page
    assert f'data-key="fast-alice">1 of 5 under {minimum:g} s' in page
