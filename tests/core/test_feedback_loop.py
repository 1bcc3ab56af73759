"""The loop back to the rater: signed QA decisions -> rework queue -> a re-export that links them."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from rater_desktop.cli import main
from rater_desktop.feedback.notes import parse_note
from rater_desktop.signing import keystore

REPO = Path(__file__).resolve().parents[2]
BATCH = REPO / "sample_batches" / "consumer-tasks"
RATINGS = REPO / "packaging" / "smoke" / "consumer-tasks.ratings.jsonl"


def _line(capsys: pytest.CaptureFixture[str], rater: str) -> str:
    capsys.readouterr()
    assert main(["--profile", rater, "key", "show", "--line"]) == 0
    return capsys.readouterr().out.strip()


@pytest.fixture
def team(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, memory_keyring,  # type: ignore[no-untyped-def]
         capsys: pytest.CaptureFixture[str]) -> dict[str, Path]:  # fmt: skip
    monkeypatch.setattr(keystore, "default_keyring", lambda: memory_keyring)
    for rater in ("ann", "quinn", "mallory"):
        assert main(["profile", "create", "--rater-id", rater, "--name", rater.title()]) == 0
    roster = tmp_path / "raters"
    roster.write_text(_line(capsys, "ann") + "\n")
    leads = tmp_path / "qa_leads"
    leads.write_text(_line(capsys, "quinn") + "\n")
    assert main(["--profile", "ann", "rate", "--batch", str(BATCH), "--ratings", str(RATINGS), "--complete"]) == 0
    assert main(["--profile", "ann", "export", "--batch", str(BATCH), "--out", str(tmp_path / "ann")]) == 0
    return {"roster": roster, "leads": leads, "results": tmp_path / "ann.results.json"}


def _decide(tmp_path: Path, team: dict[str, Path], reviewer: str, lines: list[dict[str, object]]) -> Path:
    decide = tmp_path / f"{reviewer}.jsonl"
    decide.write_text("".join(json.dumps(line) + "\n" for line in lines))
    out = tmp_path / f"{reviewer}-round"
    assert main(["--profile", reviewer, "qa", "decisions", str(team["results"]), "--batch", str(BATCH),
                 "--allowed-signers", str(team["roster"]), "--decide", str(decide), "--out", str(out)]) == 0  # fmt: skip
    return tmp_path / f"{reviewer}-round.qa-decisions.json"


def test_decisions_reach_the_rater_and_the_re_export_links_them(
        tmp_path: Path, team: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    decisions = _decide(tmp_path, team, "quinn", [
        {"item_id": "shop-running-shoes", "decision": "needs_fix",
         "note": "@ann [verdict_justification] Say which shoe breaks the budget."},
        {"item_id": "stay-porto-march", "decision": "needs_fix", "note": "@bob Not for ann."},
    ])  # fmt: skip
    document = json.loads(decisions.read_text())
    assert document["format_version"] == "1.1"
    assert document["decisions"][0]["field"] == "verdict_justification"
    capsys.readouterr()
    assert main(["--profile", "ann", "feedback", "import", str(decisions), "--batch", str(BATCH),
                 "--qa-leads", str(team["leads"])]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert "shop-running-shoes: needs_fix [verdict_justification] Say which shoe breaks the budget." in out
    assert "stay-porto-march" not in out and "1 item to rework." in out
    assert main(["--profile", "ann", "feedback", "queue", "--batch", str(BATCH)]) == 0
    assert "-> revision 2" in capsys.readouterr().out
    # The rater answers: rates again and re-exports.
    assert main(["--profile", "ann", "rate", "--batch", str(BATCH), "--ratings", str(RATINGS), "--complete"]) == 0
    assert main(["--profile", "ann", "export", "--batch", str(BATCH), "--out", str(tmp_path / "ann2")]) == 0
    again = json.loads((tmp_path / "ann2.results.json").read_text())
    assert again["format_version"] == "2.2" and again["summary"]["reworked"] == 1
    item = next(i for i in again["items"] if i["item_id"] == "shop-running-shoes")
    assert item["revision"] == 2
    assert item["answers_decision"]["decisions_sha256"] == hashlib.sha256(decisions.read_bytes()).hexdigest()
    assert item["answers_decision"]["reviewer_id"] == "quinn"
    assert main(["verify", str(tmp_path / "ann2.results.json"), "--allowed-signers", str(team["roster"])]) == 0


def test_feedback_from_a_key_that_is_not_a_qa_lead_is_refused(
        tmp_path: Path, team: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    forged = _decide(tmp_path, team, "mallory", [{"item_id": "shop-running-shoes", "decision": "reject"}])
    capsys.readouterr()
    assert main(["--profile", "ann", "feedback", "import", str(forged), "--batch", str(BATCH),
                 "--qa-leads", str(team["leads"])]) == 1  # fmt: skip
    err = capsys.readouterr().err.strip()
    assert "not a QA lead" in err and len(err.splitlines()) == 1
    tampered = tmp_path / "t.qa-decisions.json"
    tampered.write_bytes(forged.read_bytes().replace(b"reject", b"accept"))
    tampered.with_name(tampered.name + ".sig").write_bytes(forged.with_name(forged.name + ".sig").read_bytes())
    assert main(["--profile", "ann", "feedback", "import", str(tampered), "--batch", str(BATCH),
                 "--qa-leads", str(team["leads"])]) == 1  # fmt: skip
    assert "not validly signed" in capsys.readouterr().err


@pytest.mark.parametrize(("note", "raters", "field", "text"), [
    ("@ann [verdict] Too strong.", ("ann",), "verdict", "Too strong."),
    ("[responses.A.tc] @bob @ann x", ("bob", "ann"), "responses.A.tc", "x"),
    ("plain note [not a field] @nobody", (), None, "plain note [not a field] @nobody"),
])  # fmt: skip
def test_note_addressing(note: str, raters: tuple[str, ...], field: str | None, text: str) -> None:
    parsed = parse_note(note)
    assert (parsed.raters, parsed.field, parsed.text) == (raters, field, text)
