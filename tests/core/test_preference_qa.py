"""QA of preference results: agreement and alpha on the three-way choice, win/tie/loss,
Bradley-Terry, qualification on gold choices, survey breakdown, cost projection, and the
CLI report that refuses mixed protocols. Expected values are computed here by hand."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from batchkit import batch_files, item, write_folder
from test_results_support import EXPORTED_AT, rater_for

from rater_desktop.batch.hashing import batch_sha256
from rater_desktop.batch.loader import open_batch
from rater_desktop.cli import main
from rater_desktop.preference.collect import collect_protocol_export
from rater_desktop.preference.service import PreferenceService
from rater_desktop.preference.stats import gold_choices, preference_figures
from rater_desktop.protocols.mixed import MixedProtocolError, check_one_protocol
from rater_desktop.rating.store import MemoryRatingStore
from rater_desktop.results.document import BatchMeta, build_results_document
from rater_desktop.results.export import export_results
from rater_desktop.signing import keys

# Choices in FILE order per rater; q-1/q-2 are qualification items with gold "B" / "tie".
CHOICES = {
    "alice": {"q-1": "B", "q-2": "tie", "s-1": "A", "s-2": "B", "s-3": "tie"},
    "bob": {"q-1": "B", "q-2": "A", "s-1": "A", "s-2": "B", "s-3": "A"},
    "carol": {"q-1": "A", "q-2": "tie", "s-1": "A", "s-2": "A", "s-3": "tie"},
}
BACKGROUND = {"alice": "technical", "bob": "technical", "carol": "non-technical"}


def _batch(tmp_path: Path) -> Path:
    items = [item("q-1", kind="qualification", shots=False, gold={"expected_choice": "B"}),
             item("q-2", kind="qualification", shots=False,
                  gold={"expected_verdict": "about_same"})]
    items += [item(f"s-{n}", shots=False) for n in (1, 2, 3)]
    return write_folder(tmp_path / "batch", batch_files(
        items, format_version="1.1", protocol="preference",
        survey={"questions": [{"id": "background", "kind": "single", "text": "Work?",
                               "options": ["technical", "non-technical"]}]}))


def _document(batch_path: Path, rater: str, key: Any,
              choices: dict[str, str] | None = None) -> dict[str, Any]:
    store = MemoryRatingStore()
    seconds = iter(range(10, 1000, 10))
    clock = [0.0]
    with open_batch(batch_path) as batch:
        manifest = batch.manifest
        service = PreferenceService(store=store, clock=lambda: clock[0],
                                    settings=manifest.preference, batch_key=manifest.batch_id,
                                    display_seed=manifest.display_seed, rater_id=rater)
        for item_id, choice in (choices or CHOICES[rater]).items():
            service.open_item(item_id)
            clock[0] += next(seconds)
            order = service.order_for(item_id)
            shown = choice if choice == "tie" else order.display_label("AB".index(choice))
            service.choose(shown)
            assert service.complete().accepted
        service.save_survey({"background": BACKGROUND.get(rater, "technical")})
        service.flush()
        records, _, extra = collect_protocol_export(
            manifest=manifest, items=[batch.item(e.item_id) for e in batch.index],
            store=store, rater_id=rater, include_incomplete=False)
    return build_results_document(batch=BatchMeta(manifest.batch_id, batch_sha256(batch_path)),
                                  rater=rater_for(key, rater), items=records,
                                  exported_at=EXPORTED_AT, **extra)


@pytest.fixture
def exported(tmp_path: Path) -> dict[str, Any]:
    batch_path = _batch(tmp_path)
    keyset = {r: keys.generate_private_key() for r in CHOICES}
    docs = {r: _document(batch_path, r, k) for r, k in keyset.items()}
    (tmp_path / "out").mkdir()
    files = {r: export_results(out_path=tmp_path / "out" / r, document=d,
                               private_key=keyset[r]).results_path for r, d in docs.items()}
    roster = tmp_path / "allowed_signers"
    roster.write_text("".join(f"{r} {keys.openssh_public_key(k.public_key())}\n"
                              for r, k in keyset.items()))
    return {"batch": batch_path, "docs": docs, "files": files, "roster": roster}


def test_figures_match_hand_computed_values(exported: dict[str, Any]) -> None:
    with open_batch(exported["batch"]) as batch:
        gold = gold_choices([batch.item(e.item_id) for e in batch.index])
    assert gold == {"q-1": "B", "q-2": "tie"}
    figures = preference_figures(list(exported["docs"].values()), gold=gold,
                                 threshold=(2, 2), question="background", hourly_wage=20.0,
                                 platform_fee=0.2)
    # s-1: all agree (3/3 pairs); s-2: B,B,A (1/3); s-3: tie,A,tie (1/3) -> mean 5/9.
    assert figures.agreement.percent == pytest.approx(5 / 9)
    assert figures.agreement.items == 3 and figures.agreement.raters == 3
    # Nominal alpha by hand (Krippendorff's coincidences, m = 3 values per unit, so each
    # ordered pair weighs 1/2): values A x5, B x2, tie x2, n = 9; the off-diagonal
    # coincidences are A-B and B-A from s-2 and A-tie and tie-A from s-3, 1 each: 4.
    alpha_by_hand = 1 - (9 - 1) * 4 / (9 * 9 - (5 * 5 + 2 * 2 + 2 * 2))
    assert alpha_by_hand == pytest.approx(1 / 3)
    assert figures.agreement.alpha == pytest.approx(alpha_by_hand)
    # identities: A = model-alpha, B = model-beta on every item of the test kit.
    alpha, beta = figures.records["model-alpha"], figures.records["model-beta"]
    assert (alpha.wins, alpha.ties, alpha.losses) == (5, 2, 2)
    assert (beta.wins, beta.ties, beta.losses) == (2, 2, 5)
    assert alpha.win_rate == pytest.approx(6 / 9)
    assert figures.strengths["model-alpha"] > figures.strengths["model-beta"]
    checks = {r.rater_id: r for r in figures.raters}
    assert (checks["alice"].qualification_passed, checks["alice"].qualified) == (2, True)
    assert (checks["bob"].qualification_passed, checks["bob"].qualified) == (1, False)
    assert (checks["carol"].qualification_passed, checks["carol"].qualified) == (1, False)
    # Times per judgment 10, 20, ..., 50 s for each rater: median 30 s.
    assert figures.median_seconds == pytest.approx(30.0)
    assert figures.cost is not None
    assert figures.cost.total == pytest.approx(3 * 3 * 30 / 3600 * 20 * 1.2)
    technical = figures.by_answer["technical"]
    assert technical.raters == 2 and technical.percent == pytest.approx((1 + 1 + 0) / 3)
    assert figures.by_answer["non-technical"].percent is None  # one rater: nothing to pair


def test_mixed_protocols_are_refused_with_the_file_names() -> None:
    with pytest.raises(MixedProtocolError) as info:
        check_one_protocol([("a.results.json", {"protocol": "preference"}),
                            ("b.results.json", {})])
    assert "a.results.json (preference)" in str(info.value)
    assert "b.results.json (guideline)" in str(info.value)


def test_cli_report_on_a_preference_batch(exported: dict[str, Any], tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "report.json"
    code = main(["qa", "report", *map(str, exported["files"].values()), "--batch",
                 str(exported["batch"]), "--allowed-signers", str(exported["roster"]),
                 "--out", str(out), "--format", "jsonl", "--by", "background"])
    assert code == 0, capsys.readouterr().out
    report = json.loads(out.read_text())
    assert report["agreement"]["percent"] == pytest.approx(5 / 9)
    assert report["models"]["model-alpha"]["wins"] == 5
    assert set(report["agreement_by_answer"]) == {"technical", "non-technical"}
    html_out = tmp_path / "report.html"
    assert main(["qa", "report", *map(str, exported["files"].values()), "--batch",
                 str(exported["batch"]), "--allowed-signers", str(exported["roster"]),
                 "--out", str(html_out)]) == 0
    assert "Krippendorff" in html_out.read_text()
    csv_out = tmp_path / "models.csv"
    assert main(["qa", "report", *map(str, exported["files"].values()), "--batch",
                 str(exported["batch"]), "--allowed-signers", str(exported["roster"]),
                 "--out", str(csv_out)]) == 0
    assert csv_out.read_text().splitlines()[1].startswith("model-alpha,5,2,2,0.6667,")


def test_cli_refuses_a_mixed_set(exported: dict[str, Any], tmp_path: Path,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    guideline = tmp_path / "old.results.json"
    document = dict(exported["docs"]["alice"])
    document.pop("protocol")
    guideline.write_text(json.dumps(document))
    out = tmp_path / "r.html"
    code = main(["qa", "report", str(exported["files"]["bob"]), str(guideline), "--batch",
                 str(exported["batch"]), "--allowed-signers", str(exported["roster"]),
                 "--out", str(out)])
    printed = capsys.readouterr().err  # errors go to stderr, as everywhere in the CLI
    assert code == 2 and not out.exists()
    assert "different rating protocols" in printed and "old.results.json (guideline)" in printed


def test_cli_says_store_is_not_for_preference_batches(
        exported: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r.html"
    code = main(["qa", "report", str(exported["files"]["bob"]), "--batch",
                 str(exported["batch"]), "--allowed-signers", str(exported["roster"]),
                 "--store", str(tmp_path / "qa.sqlite3"), "--out", str(out)])
    assert code == 2 and not out.exists()
    assert "--store works on guideline batches only" in capsys.readouterr().err


def test_the_guideline_qa_session_leaves_preference_results_out(
        exported: dict[str, Any]) -> None:
    from rater_desktop.qa_review.adapter import adapt_results

    adapted = adapt_results(document=exported["docs"]["alice"], batch_items={})
    assert adapted.items == ()
    assert "'preference' judgments" in adapted.problems[0]


@pytest.mark.parametrize("document", [
    {"items": 7}, {"items": [1, "x", None]}, {"items": [{"rating": [], "identities": {}}]},
    {"items": [{"rating": {"choice": "C"}, "identities": {"A": "x", "B": "y"}}]},
    {"survey": {"answers": {"background": {"x": 1}}}, "items": []},
])
def test_hostile_documents_give_no_judgments_and_no_crash(document: dict[str, Any]) -> None:
    figures = preference_figures([document], gold={}, question="background")
    assert figures.agreement.items == 0 and figures.median_seconds is None


def test_odd_but_valid_shapes_are_read_safely() -> None:
    document = {"rater": "nobody", "survey": {"answers": {"background": ["a", 3]}},
                "items": [{"rating": {"choice": "A", "timing": "soon"},
                           "identities": {"A": 1, "B": 2}}]}
    figures = preference_figures([document], gold={}, question="background")
    assert figures.records["1"].wins == 1 and figures.median_seconds is None
    assert set(figures.by_answer) == {"a", "3"}  # list answers: one group per entry


def _qual_batch(tmp_path: Path, **manifest: Any) -> Path:
    items = [item(f"q-{n}", kind="qualification", shots=False, gold={"expected_choice": "A"})
             for n in range(1, 11)]
    return write_folder(tmp_path / "qual", batch_files(
        items, format_version="1.1", protocol="preference", **manifest))


def test_unjudged_qualification_items_count_as_wrong(tmp_path: Path) -> None:
    """7 right and 3 never judged is 7 of 10 (not 7 of 7), as in the guideline protocol;
    SD-4: "a rater passes at the batch's threshold (default 8 of 10)"."""
    from rater_desktop.preference.review import CostInputs, batch_figures

    entries = [{"item_id": f"q-{n}", "kind": "qualification", "rating": {"choice": "A"},
                "identities": {"A": "model-alpha", "B": "model-beta"}} for n in range(1, 8)]
    document = {"protocol": "preference", "rater": {"rater_id": "dana"}, "items": entries}
    idle = {"protocol": "preference", "rater": {"rater_id": "erin"}, "items": []}
    with open_batch(_qual_batch(tmp_path)) as batch:
        figures = batch_figures([document, idle], batch=batch, question=None,
                                cost=CostInputs(hourly_wage=20.0, platform_fee=0.2,
                                                raters_per_item=3))
    checks = {r.rater_id: r for r in figures.raters}
    dana = checks["dana"]
    assert (dana.qualification_passed, dana.qualification_total, dana.qualified) == (7, 10, False)
    assert (checks["erin"].qualification_total, checks["erin"].qualified) == (10, False)


@pytest.mark.parametrize("threshold", [{"pass_threshold": 11, "out_of": 10},
                                       {"pass_threshold": 0, "out_of": 0}])
def test_cli_report_refuses_an_sd4_override_that_cannot_score(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], threshold: dict[str, int]) -> None:
    """The preference report crashed with a ValueError traceback on 11 of 10."""
    batch_path = _qual_batch(tmp_path, rubric={"SD-4": threshold})
    key = keys.generate_private_key()
    document = _document(batch_path, "dana", key, {"q-1": "A"})
    files = export_results(out_path=tmp_path / "dana", document=document, private_key=key)
    roster = tmp_path / "allowed_signers"
    roster.write_text(f"dana {keys.openssh_public_key(key.public_key())}\n")
    out = tmp_path / "r.html"
    code = main(["qa", "report", str(files.results_path), "--batch", str(batch_path),
                 "--allowed-signers", str(roster), "--out", str(out)])
    captured = capsys.readouterr()
    assert code == 2 and not out.exists()
    (line,) = captured.err.strip().splitlines()
    assert "SD-4" in line and "Traceback" not in captured.err


def test_the_shared_report_loop_keeps_its_protocols_files_and_names_a_foreign_one(
        exported: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import argparse

    from rater_desktop.batch.protocol import RUN_AUDIT
    from rater_desktop.protocols.single_report import refused_flags, verified_documents
    from rater_desktop.qa_review.roster import Roster

    roster, files = Roster(exported["roster"]), [exported["files"]["bob"], tmp_path / "no.json"]
    kept = verified_documents(files, batch_path=exported["batch"], roster=roster,
                              protocol="preference", foreign="unused {path}")
    printed = capsys.readouterr().out
    assert kept is not None and [d["rater"]["rater_id"] for d in kept] == ["bob"]
    assert f"OK {files[0]}:" in printed and f"SKIPPED {files[1]}:" in printed
    assert verified_documents(files, batch_path=exported["batch"], roster=roster,
                              protocol=RUN_AUDIT, foreign="{path} is not ours.") is None
    assert capsys.readouterr().err == f"error: {files[0]} is not ours.\n"
    args = argparse.Namespace(plan="p.json", store="qa.sqlite3", by=None)
    assert refused_flags(args, ("--plan", "--store", "--by"), report="x")
    assert refused_flags(argparse.Namespace(plan=None, store=None), ("--plan",), report="x") \
        is False
    assert capsys.readouterr().err == ("error: --plan and --store work on guideline batches "
                                       "only; the x report reads the given files directly.\n")


def test_the_shared_report_writer_says_where_it_wrote_or_why_not(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from rater_desktop.protocols.single_report import write_protocol_report

    out = tmp_path / "r.csv"
    assert write_protocol_report(out, "a,b\n", report_format="csv", protocol="x", files=2) == 0
    assert out.read_text() == "a,b\n"
    assert capsys.readouterr().out == f"Report written to {out} (csv; x protocol; 2 files).\n"
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    assert write_protocol_report(blocked / "r.csv", "", report_format="csv", protocol="x",
                                 files=1) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: ") and len(err.splitlines()) == 1
