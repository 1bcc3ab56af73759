"""A study from plan to QA: plan -> per-rater batches -> ratings -> signed exports -> coverage, agreement."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rater_desktop.batch.loader import open_batch
from rater_desktop.cli import main
from rater_desktop.signing import keystore

REPO = Path(__file__).resolve().parents[2]
POOL = REPO / "sample_batches" / "consumer-tasks"
RATING = REPO / "packaging" / "smoke" / "consumer-tasks.ratings.jsonl"
RATERS = ("alice", "bob", "carol")


def _run(*argv: str) -> int:
    return main(list(argv))


def test_plan_rate_export_coverage_and_agreement(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, memory_keyring, capsys: pytest.CaptureFixture[str]  # type: ignore[no-untyped-def]
) -> None:
    monkeypatch.setattr(keystore, "default_keyring", lambda: memory_keyring)
    for rater in ("owner", *RATERS):
        assert _run("profile", "create", "--rater-id", rater, "--name", rater.title()) == 0
    raters_file = tmp_path / "raters.txt"
    raters_file.write_text("\n".join(RATERS) + "\n")
    study = tmp_path / "study"
    capsys.readouterr()
    assert _run("--profile", "owner", "study", "plan", "--pool", str(POOL), "--raters", str(raters_file),
                "--out", str(study), "-k", "2", "--attention-every", "3") == 0  # fmt: skip
    printed = capsys.readouterr().out
    assert "Projected cost" in printed and "judgments over 3 raters" in printed
    plan = json.loads((study / "study.json").read_text())
    assert (study / "study.json.sig").is_file() and plan["owner"]["rater_id"] == "owner"
    owners = _owners_file(tmp_path, capsys)

    roster_lines = []
    exports = []
    raters_with_item = []
    for entry in plan["raters"]:
        rater, batch_dir = entry["rater_id"], study / entry["batch_path"]
        assert _run("validate", str(batch_dir)) == 0
        with open_batch(batch_dir) as batch:
            ids = [e.item_id for e in batch.index]
        assert ids == entry["items"] and any(i.startswith("attention") for i in ids)
        if "shop-running-shoes" in ids:
            raters_with_item.append(rater)
            assert _run("--profile", rater, "rate", "--batch", str(batch_dir), "--ratings", str(RATING),
                        "--complete") == 0  # fmt: skip
            out = tmp_path / f"{rater}.results.json"
            assert _run("--profile", rater, "export", "--batch", str(batch_dir), "--out", str(out)) == 0
            exports.append(out)
        capsys.readouterr()
        assert _run("--profile", rater, "key", "show", "--line") == 0
        roster_lines.append(capsys.readouterr().out.strip())
    assert len(raters_with_item) == 2  # k = 2
    roster = tmp_path / "allowed_signers"
    roster.write_text("\n".join(roster_lines) + "\n")

    capsys.readouterr()
    code = _run("study", "coverage", str(study / "study.json"), *map(str, exports),
                "--allowed-signers", str(roster), "--owners", str(owners))  # fmt: skip
    report = capsys.readouterr().out
    assert code == 0, report
    assert f"2 of {sum(len(e['items']) for e in plan['raters'])} assignments done" in report

    report_file = tmp_path / "report.html"
    assert _run("qa", "report", *map(str, exports), "--batch", str(POOL), "--allowed-signers", str(roster),
                "--plan", str(study / "study.json"), "--owners", str(owners), "--out", str(report_file),
                "--resamples", "20") == 0  # fmt: skip
    assert "raters: " + ", ".join(sorted(raters_with_item)) in capsys.readouterr().out
    assert _run("qa", "report", *map(str, exports), "--batch", str(POOL), "--allowed-signers", str(roster),
                "--out", str(tmp_path / "r2.html")) != 0  # fmt: skip
    assert "another batch" in capsys.readouterr().out

    _left_out_file_fails(tmp_path, capsys, study, exports, roster, owners)


def _owners_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    capsys.readouterr()
    assert _run("--profile", "owner", "key", "show", "--line") == 0
    owners = tmp_path / "owners"
    owners.write_text(capsys.readouterr().out.strip() + "\n")
    return owners


def _left_out_file_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str], study: Path,
                         exports: list[Path], roster: Path, owners: Path) -> None:  # fmt: skip
    """A file left out (tampered) fails coverage and the study's QA report."""
    tampered = tmp_path / "tampered.results.json"
    tampered.write_bytes(exports[0].read_bytes().replace(b'"rater"', b'"rater" ', 1))
    tampered.with_name(tampered.name + ".sig").write_bytes(
        exports[0].with_name(exports[0].name + ".sig").read_bytes())
    capsys.readouterr()
    assert _run("study", "coverage", str(study / "study.json"), *map(str, exports), str(tampered),
                "--allowed-signers", str(roster), "--owners", str(owners)) == 1  # fmt: skip
    assert "1 results file left out" in capsys.readouterr().out
    assert _run("qa", "report", *map(str, exports), str(tampered), "--batch", str(POOL),
                "--allowed-signers", str(roster), "--plan", str(study / "study.json"), "--owners", str(owners),
                "--out", str(tmp_path / "r3.html"), "--resamples", "0") == 1  # fmt: skip
    assert "left out" in capsys.readouterr().out


def test_tampered_plan_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, memory_keyring,  # type: ignore[no-untyped-def]
                                  capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    monkeypatch.setattr(keystore, "default_keyring", lambda: memory_keyring)
    assert _run("profile", "create", "--rater-id", "owner", "--name", "Owner") == 0
    raters_file = tmp_path / "raters.txt"
    raters_file.write_text("a\nb\n")
    study = tmp_path / "study"
    assert _run("study", "plan", "--pool", str(POOL), "--raters", str(raters_file), "--out", str(study),
                "-k", "1") == 0  # fmt: skip
    plan_file = study / "study.json"
    plan_file.write_bytes(plan_file.read_bytes().replace(b'"a"', b'"z"', 1))
    capsys.readouterr()
    assert _run("--profile", "owner", "key", "show", "--line") == 0
    owners = tmp_path / "owners"
    owners.write_text(capsys.readouterr().out.strip() + "\n")
    assert _run("study", "coverage", str(plan_file), "--owners", str(owners)) == 1
    assert "not a valid signed study plan" in capsys.readouterr().err
    assert _run("study", "plan", "--pool", str(POOL), "--raters", str(raters_file), "--out", str(study),
                "-k", "3") == 1  # fmt: skip
    assert "needs at least 3 raters" in capsys.readouterr().err


def test_an_unwritable_study_folder_is_a_message_and_leaves_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, memory_keyring,  # type: ignore[no-untyped-def]
        capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    monkeypatch.setattr(keystore, "default_keyring", lambda: memory_keyring)
    assert _run("profile", "create", "--rater-id", "owner", "--name", "Owner") == 0
    raters_file = tmp_path / "raters.txt"
    raters_file.write_text("a\nb\n")
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    capsys.readouterr()
    assert _run("study", "plan", "--pool", str(POOL), "--raters", str(raters_file),
                "--out", str(blocker / "study"), "-k", "1") == 1  # fmt: skip
    assert "Cannot write the study" in capsys.readouterr().err


def test_a_plan_signed_by_a_key_not_in_the_owners_roster_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, memory_keyring,  # type: ignore[no-untyped-def]
        capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    monkeypatch.setattr(keystore, "default_keyring", lambda: memory_keyring)
    for rater in ("owner", "mallory"):
        assert _run("profile", "create", "--rater-id", rater, "--name", rater.title()) == 0
    raters_file = tmp_path / "raters.txt"
    raters_file.write_text("a\nb\n")
    capsys.readouterr()
    assert _run("--profile", "owner", "key", "show", "--line") == 0
    owners = tmp_path / "owners"
    owners.write_text(capsys.readouterr().out.strip() + "\n")
    # A forged plan: a valid signature, but by a key the study team never made an owner.
    forged = tmp_path / "forged"
    assert _run("--profile", "mallory", "study", "plan", "--pool", str(POOL), "--raters",
                str(raters_file), "--out", str(forged), "-k", "1") == 0  # fmt: skip
    capsys.readouterr()
    assert _run("study", "coverage", str(forged / "study.json"), "--owners", str(owners)) == 1
    err = capsys.readouterr().err.strip()
    assert "not a study owner's key" in err and len(err.splitlines()) == 1
    assert _run("qa", "report", str(raters_file), "--batch", str(POOL), "--plan",
                str(forged / "study.json"), "--owners", str(owners), "--out",
                str(tmp_path / "r.html")) == 2  # fmt: skip
    assert "not a study owner's key" in capsys.readouterr().err
    # No owners roster at all: refused too, with the way to give one.
    assert _run("study", "coverage", str(forged / "study.json")) == 1
    assert "--owners FILE" in capsys.readouterr().err
