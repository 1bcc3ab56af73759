"""Unsure items in QA (results 2.3): their own filter in `qa report` (--unsure-only), the
reason in the rows, and a per-rater figure, for both protocols."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
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

BOB_UNSURE = {"reason": "Other", "note": "I cannot judge the medical claim"}


def _guideline_export(rater: str, key: Any, batch_path: Path, out: Path) -> Path:
    store = MemoryRatingStore()
    for item_id in IDENTITIES:
        store.save_item(BATCH_ID, item_id, rating_for(rater, item_id).to_dict())
    if rater == "bob":
        store.save_batch_state(BATCH_ID, {"unsure": {next(iter(IDENTITIES)): BOB_UNSURE}})
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


@pytest.fixture
def guideline(tmp_path: Path) -> dict[str, Any]:
    batch_path = make_batch(tmp_path)
    (tmp_path / "out").mkdir()
    keyset = {r: keys.generate_private_key() for r in RATERS}
    files = [_guideline_export(r, k, batch_path, tmp_path / "out") for r, k in keyset.items()]
    roster = tmp_path / "allowed_signers"
    roster.write_text("".join(f"{r} {keys.openssh_public_key(k.public_key())}\n"
                              for r, k in keyset.items()))
    return {"batch": batch_path, "files": files, "roster": roster}


def _report(setup: dict[str, Any], out: Path, *extra: str) -> str:
    code = main(["qa", "report", *map(str, setup["files"]), "--batch", str(setup["batch"]),
                 "--allowed-signers", str(setup["roster"]), "--out", str(out),
                 "--resamples", "50", *extra])
    assert code == 0
    return out.read_text(encoding="utf-8")


def test_guideline_report_shows_unsure_items_and_the_per_rater_figure(
        guideline: dict[str, Any], tmp_path: Path) -> None:
    first = next(iter(IDENTITIES))
    page = _report(guideline, tmp_path / "r.html")
    cells = dict(re.findall(r'data-key="([^"]+)">([^<]*)<', page))
    items = len(IDENTITIES)
    assert cells["unsure-bob"] == f"1 of {items} ({1 / items:.0%})"
    assert cells["unsure-alice"] == f"0 of {items} (0%)"
    assert "I cannot judge the medical claim" in page
    rows = list(csv.DictReader(io.StringIO(_report(guideline, tmp_path / "r.csv"))))
    marked = {(r["rater_id"], r["item_id"]) for r in rows if r["unsure"]}
    assert marked == {("bob", first)}
    # Unsure items export and count with the rest: every rater's rows of every item.
    assert {(r["rater_id"], r["item_id"]) for r in rows} == {
        (rater, item_id) for rater in RATERS for item_id in IDENTITIES}
    only = list(csv.DictReader(io.StringIO(_report(guideline, tmp_path / "u.csv",
                                                   "--unsure-only"))))
    assert only and {(r["rater_id"], r["item_id"], r["unsure"]) for r in only} == {
        ("bob", first, "I cannot judge the medical claim")}
    only_page = _report(guideline, tmp_path / "u.html", "--unsure-only")
    listed = re.findall(r"<summary>([^ <]+) \(", only_page)
    assert listed == [first]


def test_preference_report_unsure_filter_and_figure(tmp_path: Path) -> None:
    batch_path = preference_batch(tmp_path)
    keyset = {r: keys.generate_private_key() for r in ("alice", "bob", "carol")}
    docs = {r: preference_document(batch_path, r, k) for r, k in keyset.items()}
    marked = docs["bob"]["items"][2]
    marked["unsure"] = {"reason": "Both equally wrong", "note": ""}
    docs["bob"]["format_version"] = "2.3"
    (tmp_path / "out").mkdir()
    files = [export_results(out_path=tmp_path / "out" / r, document=d,
                            private_key=keyset[r]).results_path for r, d in docs.items()]
    roster = tmp_path / "allowed_signers"
    roster.write_text("".join(f"{r} {keys.openssh_public_key(k.public_key())}\n"
                              for r, k in keyset.items()))
    setup = {"batch": batch_path, "files": files, "roster": roster}
    report = json.loads(_report(setup, tmp_path / "r.jsonl", "--format", "jsonl"))
    bob = report["unsure"]["raters"]["bob"]
    assert (bob["unsure"], bob["items"]) == (1, len(docs["bob"]["items"]))
    assert report["unsure"]["items"] == [{"item_id": marked["item_id"], "rater_id": "bob",
                                          "reason": "Both equally wrong"}]
    page = _report(setup, tmp_path / "r.html")
    assert 'data-key="unsure-bob">1 of' in page and "Both equally wrong" in page
    only = json.loads(_report(setup, tmp_path / "u.jsonl", "--format", "jsonl",
                              "--unsure-only"))
    # Only bob's unsure judgment is left: one model pair judged once, no agreement.
    assert only["agreement"]["percent"] is None
    assert sum(m["wins"] + m["ties"] + m["losses"] for m in only["models"].values()) == 2
    assert only["unsure"]["raters"]["bob"]["unsure"] == 1  # the figure counts every item
