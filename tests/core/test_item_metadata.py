"""The batch format's optional per-item ``metadata`` (issue 22): parsed, checked, in the
schema, and ``qa report --by FIELD`` groups agreement by it."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
import test_qa_review_support as support
from batchkit import batch_files, item, write_folder
from jsonschema import Draft202012Validator

from rater_desktop.batch.loader import open_batch
from rater_desktop.batch.validate import validate_batch
from rater_desktop.qa_review.figures import agreement_by_dimension

SCHEMA = Draft202012Validator(json.loads(
    (Path(__file__).resolve().parents[2] / "rater_desktop" / "batch" / "schema"
     / "item.schema.json").read_text()))  # fmt: skip
SITES = {"s1": "amazon.com", "s2": "amazon.com", "s3": "ebay.com", "s4": "ebay.com",
         "s5": "etsy.com"}  # fmt: skip


def _open_one(tmp_path: Path, metadata: Any) -> tuple[Any, list[str]]:
    path = write_folder(tmp_path / "b", batch_files([item("a-1", metadata=metadata)]))
    report = validate_batch(path)
    problems = [f"{p.field}: {p.message}" for p in report.errors]
    if problems:
        return None, problems
    with open_batch(path) as batch:
        return batch.item("a-1").metadata, problems


def test_metadata_is_read_and_kept(tmp_path: Path) -> None:
    found, problems = _open_one(tmp_path, {"site": "amazon.com", "steps": 12, "live": True})
    assert problems == [] and found == {"site": "amazon.com", "steps": 12, "live": True}
    assert list(SCHEMA.iter_errors(item("a-1", metadata={"site": "x"}))) == []


@pytest.mark.parametrize("bad", [{"site": {"nested": 1}}, {"1site": "x"}, {"site": "x" * 201},
                                 {"site": ["a"]}, {f"k{n}": n for n in range(33)}, "shop"])
def test_bad_metadata_is_refused_by_the_loader_and_the_schema(tmp_path: Path, bad: Any) -> None:
    found, problems = _open_one(tmp_path, bad)
    assert found is None and problems and all("metadata" in p for p in problems), problems
    assert list(SCHEMA.iter_errors(item("a-1", metadata=bad)))


def test_qa_report_by_item_metadata(tmp_path: Path, memory_keyring: Any,
                                    monkeypatch: pytest.MonkeyPatch, capsys: Any) -> None:
    from rater_desktop.cli import main

    plain = support.batch_items

    def with_sites() -> list[dict[str, Any]]:
        items = plain()
        for entry in items:
            if entry["id"] in SITES:
                entry["metadata"] = {"site": SITES[entry["id"]]}
        return items

    monkeypatch.setattr(support, "batch_items", with_sites)
    setup = support.build_setup(tmp_path, memory_keyring)
    files = [str(setup.files[k]) for k in support.RATERS]
    common = ["--batch", str(setup.batch_path), "--allowed-signers", str(setup.roster),
              "--resamples", "20", "--by", "site"]  # fmt: skip
    out = tmp_path / "r.html"
    assert main(["qa", "report", *files, *common, "--out", str(out)]) == 0
    html = out.read_text(encoding="utf-8")
    assert "Agreement by item metadata: site" in html
    cells = dict(re.findall(r'data-key="([^"]+)">([^<]*)<', html))
    from rater_desktop.qa_review.roster import Roster
    from rater_desktop.qa_review.session import QaSession
    from rater_desktop.qa_review.store import QaStore

    with open_batch(setup.batch_path) as batch, QaStore.in_memory() as store:
        session = QaSession(store=store, roster=Roster(setup.roster), batch=batch)
        session.import_results([setup.files[k] for k in support.RATERS])
        assert session.metadata_fields() == ["site"]
        for site in sorted(set(SITES.values())):
            chosen = [j for j in session.judgments() if SITES.get(j.item_id) == site]
            verdict = {a.dimension: a for a in agreement_by_dimension(chosen)}["verdict"]
            alpha = "n/a" if verdict.alpha is None else f"{verdict.alpha:.3f}"
            assert cells[f"by-verdict-{site}"].startswith(alpha + " / ")
    rows_path = tmp_path / "r.csv"
    assert main(["qa", "report", *files, *common, "--out", str(rows_path)]) == 0
    rows = list(csv.DictReader(io.StringIO(rows_path.read_text(encoding="utf-8"))))
    assert {r["item_id"]: r["item_metadata"] for r in rows if r["item_id"] in SITES} == SITES
    assert main(["qa", "report", *files, *common[:-1], "colour", "--out", str(out)]) == 2
    assert "give one of: site" in capsys.readouterr().err
