"""study export-dataset: the consensus as chosen/rejected pairs, every row traceable to a signed file."""

from __future__ import annotations

import csv
import hashlib
import json
from pathlib import Path

import pytest

from rater_desktop.cli import main
from rater_desktop.signing import keystore
from rater_desktop.study.dataset import Adjudication, Judgment, PairSource, build_dataset

REPO = Path(__file__).resolve().parents[2]
BATCH = REPO / "sample_batches" / "consumer-tasks"
RATINGS = REPO / "packaging" / "smoke" / "consumer-tasks.ratings.jsonl"
SOURCE = PairSource(prompt="p", texts=("text A", "text B"), identities=("m1", "m2"))


def _j(item: str, rater: str, score: int) -> Judgment:
    return Judgment(item_id=item, rater_id=rater, score=score, verdict="v", file_sha256=f"sha-{rater}",
                    batch_sha256="b", exported_at="2026-12-01T00:00:00Z")  # fmt: skip


def test_margin_is_the_verdict_strength_and_the_side_follows_the_sign() -> None:
    data = build_dataset(sources={"x": SOURCE, "y": SOURCE, "t": SOURCE, "r": SOURCE, "n": SOURCE},
                         judgments=[_j("x", "a", -3), _j("x", "b", -1), _j("y", "a", 2), _j("t", "a", 1),
                                    _j("t", "b", -1), _j("r", "a", 3)],
                         decisions={"r": Adjudication("reject", None, "d", "q")}, keep_ties=False)  # fmt: skip
    pairs = {p["item_id"]: p for p in data.pairs}
    assert pairs["x"]["chosen"] == "text A" and pairs["x"]["margin"] == 2.0
    assert pairs["y"]["chosen"] == "text B" and pairs["y"]["rejected"] == "text A" and pairs["y"]["margin"] == 2
    assert [j["file_sha256"] for j in pairs["x"]["judgments"]] == ["sha-a", "sha-b"]
    assert data.left_out == {"t": "tie", "r": "rejected by QA", "n": "no complete judgment"}
    kept = build_dataset(sources={"t": SOURCE}, judgments=[_j("t", "a", 1), _j("t", "b", -1)],
                         decisions={}, keep_ties=True)  # fmt: skip
    assert kept.pairs[0]["tie"] is True and kept.pairs[0]["margin"] == 0


def test_a_corrected_verdict_replaces_the_raters_mean() -> None:
    data = build_dataset(sources={"x": SOURCE}, judgments=[_j("x", "a", -3)],
                         decisions={"x": Adjudication("needs_fix", 1, "dsha", "quinn")}, keep_ties=False)  # fmt: skip
    pair = data.pairs[0]
    assert pair["basis"] == "adjudicated" and pair["chosen"] == "text B" and pair["margin"] == 1
    assert pair["decision"] == {"decision": "needs_fix", "decisions_sha256": "dsha", "reviewer_id": "quinn"}


def test_export_dataset_from_signed_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, memory_keyring,  # type: ignore[no-untyped-def]
                                          capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    monkeypatch.setattr(keystore, "default_keyring", lambda: memory_keyring)
    lines = []
    for rater in ("ann", "bob"):
        assert main(["profile", "create", "--rater-id", rater, "--name", rater.title()]) == 0
        assert main(["--profile", rater, "rate", "--batch", str(BATCH), "--ratings", str(RATINGS), "--complete"]) == 0
        assert main(["--profile", rater, "export", "--batch", str(BATCH), "--out", str(tmp_path / rater)]) == 0
        capsys.readouterr()
        assert main(["--profile", rater, "key", "show", "--line"]) == 0
        lines.append(capsys.readouterr().out.strip())
    roster = tmp_path / "roster"
    roster.write_text(lines[0] + "\n")  # bob is not trusted
    files = [str(tmp_path / f"{r}.results.json") for r in ("ann", "bob")]
    out = tmp_path / "dataset"
    assert main(["study", "export-dataset", *files, "--batch", str(BATCH), "--allowed-signers", str(roster),
                 "--out", str(out)]) == 1  # fmt: skip
    assert "left out" in capsys.readouterr().err and not out.exists()
    roster.write_text("\n".join(lines) + "\n")
    assert main(["study", "export-dataset", *files, "--batch", str(BATCH), "--allowed-signers", str(roster),
                 "--out", str(out)]) == 0  # fmt: skip
    pairs = [json.loads(line) for line in (out / "pairs.jsonl").read_text().splitlines()]
    assert [p["item_id"] for p in pairs] == ["shop-running-shoes"]
    assert pairs[0]["margin"] == 3 and pairs[0]["chosen_side"] == "A"
    shas = {hashlib.sha256(Path(f).read_bytes()).hexdigest() for f in files}
    assert {j["file_sha256"] for j in pairs[0]["judgments"]} == shas
    with (out / "judgments.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert {(r["rater_id"], r["item_id"], r["in_dataset"]) for r in rows} == {
        ("ann", "shop-running-shoes", "yes"), ("bob", "shop-running-shoes", "yes")}
    assert {r["file_sha256"] for r in rows} == shas


def test_export_dataset_reads_preference_choices(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 memory_keyring, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]  # fmt: skip
    from rater_desktop.batch.loader import open_batch

    monkeypatch.setattr(keystore, "default_keyring", lambda: memory_keyring)
    batch = REPO / "sample_batches" / "preference-quick"
    with open_batch(batch) as opened:
        ids = [e.item_id for e in opened.index if e.kind == "standard"][:2]
    lines, files = [], []
    for rater, choices in (("ann", ("A", "tie")), ("bob", ("A", "B"))):
        assert main(["profile", "create", "--rater-id", rater, "--name", rater.title()]) == 0
        ratings = tmp_path / f"{rater}.jsonl"
        ratings.write_text("".join(json.dumps({"item_id": i, "choice": c}) + "\n" for i, c in zip(ids, choices, strict=True)))
        assert main(["--profile", rater, "rate", "--batch", str(batch), "--ratings", str(ratings), "--complete"]) == 0
        assert main(["--profile", rater, "export", "--batch", str(batch), "--out", str(tmp_path / rater)]) == 0
        capsys.readouterr()
        assert main(["--profile", rater, "key", "show", "--line"]) == 0
        lines.append(capsys.readouterr().out.strip())
        files.append(str(tmp_path / f"{rater}.results.json"))
    roster = tmp_path / "roster"
    roster.write_text("\n".join(lines) + "\n")
    out = tmp_path / "dataset"
    assert main(["study", "export-dataset", *files, "--batch", str(batch), "--allowed-signers", str(roster),
                 "--out", str(out)]) == 0  # fmt: skip
    pairs = {p["item_id"]: p for p in map(json.loads, (out / "pairs.jsonl").read_text().splitlines())}
    assert pairs[ids[0]]["chosen_side"] == "A" and pairs[ids[0]]["margin"] == 1
    assert pairs[ids[1]]["chosen_side"] == "B" and pairs[ids[1]]["margin"] == 0.5
    assert [j["verdict"] for j in pairs[ids[1]]["judgments"]] == ["tie", "B"]
