"""Round trip: study plan --retest -> batches validate -> scripted rate / export -> qa report."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest

from rater_desktop.cli import main
from rater_desktop.signing import keystore
from tests.retest_kit import PREFERENCE, SMOKE, one_item_pool, plan_study, rate_and_export


@pytest.fixture
def keyring(monkeypatch: pytest.MonkeyPatch, memory_keyring: Any) -> None:
    monkeypatch.setattr(keystore, "default_keyring", lambda: memory_keyring)
    assert main(["profile", "create", "--rater-id", "owner", "--name", "Owner"]) == 0


def test_preference_round_trip_reports_consistency_and_side_following(
        tmp_path: Path, keyring: None, capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    plan = plan_study(tmp_path, PREFERENCE, ["ann", "bob"], "-k", "2", "--retest", "2", "--retest-gap", "3")
    probes = plan["retest_probes"]
    assert len(probes) == 4 and plan["settings"]["judgments"]["retest"] == 4
    for entry in plan["raters"]:
        rater = entry["rater_id"]
        mine = {p: o for p, o in probes.items() if p in entry["items"]}
        # ann answers the same both times; bob picks the other response the second time,
        # which (sides swapped) is the same side of his screen: side-following.
        second = "A" if rater == "ann" else "B"
        lines = [*({"item_id": o, "choice": "A"} for o in mine.values()),
                 *({"item_id": p, "choice": second} for p in mine)]  # fmt: skip
        roster_line = rate_and_export(tmp_path, rater, tmp_path / "study" / entry["batch_path"],
                                       lines, capsys)  # fmt: skip
        exported = json.loads((tmp_path / f"{rater}.results.json").read_text())
        assert exported["format_version"] == "2.5"
        kinds = {e["item_id"]: (e["kind"], e.get("retest_of")) for e in exported["items"]}
        assert all(kinds[p] == ("retest", o) for p, o in mine.items())
        (tmp_path / "roster").write_text(roster_line + "\n")
        out = tmp_path / f"{rater}.jsonl.report"
        assert main(["qa", "report", str(tmp_path / f"{rater}.results.json"), "--batch",
                     str(tmp_path / "study" / entry["batch_path"]), "--allowed-signers",
                     str(tmp_path / "roster"), "--out", str(out), "--format", "jsonl"]) == 0  # fmt: skip
        figure = json.loads(out.read_text())["retest"][rater]
        expected = (2, 0, 0, 2) if rater == "bob" else (2, 2, 2, 0)
        assert (figure["judged"], figure["same_verdict"], figure["same_direction"],
                figure["side_following"]) == expected  # fmt: skip
        html = tmp_path / f"{rater}.html"
        assert main(["qa", "report", str(tmp_path / f"{rater}.results.json"), "--batch",
                     str(tmp_path / "study" / entry["batch_path"]), "--allowed-signers",
                     str(tmp_path / "roster"), "--out", str(html)]) == 0  # fmt: skip
        assert f'data-key="retest-judged-{rater}">2<' in html.read_text()


def test_guideline_round_trip_with_a_plan_shows_the_figure_and_keeps_agreement_clean(
        tmp_path: Path, keyring: None, capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    pool = one_item_pool(tmp_path)
    plan = plan_study(tmp_path, pool, ["ann"], "-k", "1", "--retest", "1")
    (probe, original), = plan["retest_probes"].items()
    assert original == "shop-running-shoes"
    smoke = json.loads(SMOKE.read_text().splitlines()[0])
    batch = tmp_path / "study" / "batches" / "ann"
    roster_line = rate_and_export(tmp_path, "ann", batch, [smoke, {**smoke, "item_id": probe}], capsys)
    (tmp_path / "roster").write_text(roster_line + "\n")
    owners = tmp_path / "owners"
    capsys.readouterr()
    assert main(["--profile", "owner", "key", "show", "--line"]) == 0
    owners.write_text(capsys.readouterr().out.strip() + "\n")
    for form in ("html", "csv"):
        out = tmp_path / f"report.{form}"
        assert main(["qa", "report", str(tmp_path / "ann.results.json"), "--batch", str(pool),
                     "--plan", str(tmp_path / "study" / "study.json"), "--owners", str(owners),
                     "--allowed-signers", str(tmp_path / "roster"), "--out", str(out)]) == 0  # fmt: skip
        text = out.read_text()
        if form == "html":
            assert 'data-key="retest-same-verdict-ann">1 (100.0 %)' in text
            assert 'data-key="judgments">1<' in text  # the probe is no second judgment
        else:
            rows = list(csv.DictReader(io.StringIO(text)))
            assert {r["item_id"] for r in rows} == {original}  # the probe is no row of its own
            assert {(r["retest_judged"], r["retest_same_verdict"], r["retest_side_following"])
                    for r in rows} == {("1", "1", "0")}  # fmt: skip
    assert "not in the opened batch" not in capsys.readouterr().out


@pytest.mark.parametrize(("pool", "extra", "message"), [
    ("run-audit-sample", ("--retest", "1"), "no A/B sides to swap"),
    ("preference-quick", ("--retest", "-1"), "must not be negative"),
    ("preference-quick", ("--retest", "99"), "more probes than the"),
])  # fmt: skip
def test_probes_that_cannot_be_planned_are_one_line(
        tmp_path: Path, keyring: None, capsys: pytest.CaptureFixture[str], pool: str,
        extra: tuple[str, ...], message: str) -> None:  # fmt: skip
    (tmp_path / "raters.txt").write_text("ann\nbob\n")
    capsys.readouterr()
    code = main(["--profile", "owner", "study", "plan", "--pool", str(PREFERENCE.parent / pool),
                 "--raters", str(tmp_path / "raters.txt"), "--out", str(tmp_path / "study"),
                 "-k", "1", *extra])  # fmt: skip
    err = capsys.readouterr().err.strip()
    assert code != 0 and message in err and len(err.splitlines()) == 1, err
    assert not (tmp_path / "study").exists()
