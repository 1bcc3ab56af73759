"""`rater-desktop rate`: ratings from a file go through the rules, then into the store."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rater_desktop.batch.loader import open_batch
from rater_desktop.cli import main
from rater_desktop.rating.display_order import DisplayOrder
from rater_desktop.rating.rubric import Rubric
from rater_desktop.rating.scripted import ScriptedRatingError, apply_scripted_rating
from rater_desktop.signing import keystore

REPO = Path(__file__).resolve().parents[2]
SMOKE_RATINGS = REPO / "packaging" / "smoke" / "consumer-tasks.ratings.jsonl"
BATCH = REPO / "sample_batches" / "consumer-tasks"


def _document() -> dict[str, object]:
    return json.loads(SMOKE_RATINGS.read_text().splitlines()[0])


def _apply(document: object, complete: bool = True):  # type: ignore[no-untyped-def]
    with open_batch(BATCH) as batch:
        item = batch.item("shop-running-shoes")
        rubric = Rubric.from_overrides(batch.manifest.rubric)
    return apply_scripted_rating(
        document, item=item, rubric=rubric, order=DisplayOrder(), complete=complete
    )


def test_the_smoke_rating_is_complete_with_claims_located_verbatim() -> None:
    outcome = _apply(_document())
    assert outcome.complete, outcome.blocking
    claim = outcome.rating.responses[0].claims[0]
    assert claim.text == "Tempo Rise 3 Wide at $98.00" and claim.end - claim.start == len(claim.text)


def test_a_blocking_rule_keeps_the_item_in_progress() -> None:
    document = _document()
    document["verdict_justification"] = "Too short."
    outcome = _apply(document)
    assert not outcome.complete
    assert any(reason.startswith("FV-2") for reason in outcome.blocking)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(item_id="other-item"), "is not 'shop-running-shoes'"),
        (lambda d: d["responses"][0]["claims"][0].update(text="Not in the response"), "not a verbatim span"),
        (lambda d: d.update(verdict="A_best"), "verdict"),
    ],
)
def test_bad_scripted_ratings_say_where(change, message: str) -> None:  # type: ignore[no-untyped-def]
    document = _document()
    change(document)
    with pytest.raises(ScriptedRatingError, match=message):
        _apply(document)


def test_rate_then_export_then_verify(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, memory_keyring, capsys: pytest.CaptureFixture[str]  # type: ignore[no-untyped-def]
) -> None:
    monkeypatch.setattr(keystore, "default_keyring", lambda: memory_keyring)
    assert main(["profile", "create", "--rater-id", "smoke", "--name", "Smoke"]) == 0
    assert main(["rate", "--batch", str(BATCH), "--ratings", str(SMOKE_RATINGS), "--complete"]) == 0
    assert "shop-running-shoes: saved (complete)" in capsys.readouterr().out
    out = tmp_path / "smoke"
    assert main(["export", "--batch", str(BATCH), "--out", str(out)]) == 0
    assert "Exported 1 of" in capsys.readouterr().out
    assert main(["verify", str(tmp_path / "smoke.results.json")]) in (0, 3)


def test_rate_reports_bad_lines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, memory_keyring, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(keystore, "default_keyring", lambda: memory_keyring)
    assert main(["profile", "create", "--rater-id", "smoke", "--name", "Smoke"]) == 0
    ratings = tmp_path / "r.jsonl"
    ratings.write_text('{"item_id": "nope"}\n{not json\n')
    assert main(["rate", "--batch", str(BATCH), "--ratings", str(ratings)]) == 1
    assert "line 2: not valid JSON" in capsys.readouterr().err
    ratings.write_text('{"item_id": "nope"}\n')
    assert main(["rate", "--batch", str(BATCH), "--ratings", str(ratings)]) == 1
    assert "line 1: no item 'nope'" in capsys.readouterr().err


def test_rate_refuses_other_protocols_and_odd_ids(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, memory_keyring, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(keystore, "default_keyring", lambda: memory_keyring)
    assert main(["profile", "create", "--rater-id", "smoke", "--name", "Smoke"]) == 0
    ratings = tmp_path / "r.jsonl"
    ratings.write_text('{"item_id": ["not", "text"]}\n')
    assert main(["rate", "--batch", str(BATCH), "--ratings", str(ratings)]) == 1
    assert "no item" in capsys.readouterr().err


def test_rate_applies_preference_judgments_through_the_pr_rules(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, memory_keyring,  # type: ignore[no-untyped-def]
        capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    monkeypatch.setattr(keystore, "default_keyring", lambda: memory_keyring)
    assert main(["profile", "create", "--rater-id", "smoke", "--name", "Smoke"]) == 0
    preference = REPO / "sample_batches" / "preference-quick"
    with open_batch(preference) as batch:
        ids = [e.item_id for e in batch.index if e.kind == "standard"][:3]
    ratings = tmp_path / "r.jsonl"
    ratings.write_text("".join(json.dumps(line) + "\n" for line in [
        {"item_id": ids[0], "choice": "A", "explanation": "A answers the question."},
        {"item_id": ids[1], "choice": "tie", "timing": {"active_seconds": 12}},
        {"item_id": ids[2], "choice": "best"}]))  # fmt: skip
    capsys.readouterr()
    # It used to refuse every preference batch ("rate applies guideline ratings only").
    assert main(["rate", "--batch", str(preference), "--ratings", str(ratings), "--complete"]) == 1
    out, err = capsys.readouterr()
    assert f"{ids[0]}: saved (complete)" in out and f"{ids[1]}: saved (complete)" in out
    assert "choice 'best' is not one of A, B, tie" in err
    out_file = tmp_path / "smoke"
    assert main(["export", "--batch", str(preference), "--out", str(out_file)]) == 0
    document = json.loads((tmp_path / "smoke.results.json").read_text())
    choices = {i["item_id"]: i["rating"]["choice"] for i in document["items"]}
    assert choices == {ids[0]: "A", ids[1]: "tie"}
