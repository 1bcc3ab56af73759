"""Raters who learn as they go (issue 24), without Qt: training feedback in both
protocols, local qualification scoring, unsure marks, and what the export carries."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from batchkit import batch_files, item, write_folder
from test_results_support import BATCH_SHA, EXPORTED_AT, rater_for

from rater_desktop import protocols
from rater_desktop.batch.learning import QualificationSettings
from rater_desktop.batch.loader import open_batch
from rater_desktop.learning.after_item import after_complete, training_entry
from rater_desktop.learning.qualification import (
    QualificationProgress,
    needed_to_pass,
    notice_after,
    qualification_progress,
    record_after,
)
from rater_desktop.learning.unsure import (
    UnsureError,
    entry_with,
    make_mark,
    marks_in,
    unsure_item_ids,
    unsure_shares,
)
from rater_desktop.rating.rubric import Rubric
from rater_desktop.rating.store import MemoryRatingStore
from rater_desktop.results.collect import collect_records
from rater_desktop.results.document import BatchMeta, build_results_document
from rater_desktop.results.export import export_results
from rater_desktop.results.verify import verify_results_bytes
from rater_desktop.signing import keys
from rater_desktop.signing.allowed_signers import parse_allowed_signers

SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "rater_desktop" / "results" /
                     "schema" / "results.schema.json").read_text())
GUIDELINE_KEY = {"expected": {"verdict": "B_better", "responses.A.tc": 2},
                 "explanations": {"verdict": "B reached the checkout; A stopped.",
                                  "TC-2": "A login wall ends the task."},
                 "note": "Read both runs to the end."}


def _guideline_doc(verdict: str | None, tc_a: int | None = None,
                   status: str = "complete") -> dict[str, Any]:
    return {"schema": 1, "item_id": "x", "verdict": verdict, "status": status,
            "responses": [{"tc": tc_a, "fa": None, "aip": None}, {"tc": 4}]}


def test_guideline_feedback_shows_differences_in_the_raters_labels() -> None:
    from rater_desktop.batch.learning import TrainingKey
    from rater_desktop.learning.training import training_feedback

    guideline = protocols.get("guideline")
    assert guideline.answers is not None and guideline.describe is not None
    key = TrainingKey(expected=GUIDELINE_KEY["expected"],
                      explanations=GUIDELINE_KEY["explanations"], note="Read both runs.")
    given = guideline.answers(_guideline_doc("A_slightly_better", tc_a=2))
    plain = training_feedback("t-1", key, given, describe=guideline.describe, swapped=False)
    assert [(c.label, c.expected_text, c.given_text, c.matches) for c in plain.checks] == [
        ("Verdict", "B better", "A slightly better", False),
        ("Response A: Task Completion", "2 of 5", "2 of 5", True)]
    assert plain.checks[0].explanation == "B reached the checkout; A stopped."
    assert plain.notes == (("TC-2", "A login wall ends the task."),)
    assert plain.headline().startswith("1 of 2 checked answers differ")
    # The rater saw the file's B on the left: the feedback speaks their labels.
    swapped = training_feedback("t-1", key, given, describe=guideline.describe, swapped=True)
    assert [(c.label, c.expected_text, c.given_text) for c in swapped.checks] == [
        ("Verdict", "A better", "B slightly better"),
        ("Response B: Task Completion", "2 of 5", "2 of 5")]
    both = TrainingKey(expected={"responses.A.fa": 3, "verdict": "about_same",
                                 "responses.B.tc": 1})
    ordered = training_feedback("t-1", both, given, describe=guideline.describe, swapped=True)
    assert [c.label for c in ordered.checks] == [  # verdict first, then A before B as shown
        "Verdict", "Response A: Task Completion", "Response B: Factual Accuracy"]
    record = swapped.to_record()
    assert record["checks"][0]["expected"] == "B_better"  # file order in the export
    assert record["differences"] == 1


def test_preference_feedback_and_a_missing_answer() -> None:
    from rater_desktop.batch.learning import TrainingKey
    from rater_desktop.learning.training import training_feedback

    preference = protocols.get("preference")
    assert preference.answers is not None and preference.describe is not None
    key = TrainingKey(expected={"choice": "A"}, explanations={"choice": "A answers it."})
    feedback = training_feedback("p-1", key, preference.answers({"choice": "tie"}),
                                 describe=preference.describe, swapped=True)
    check = feedback.checks[0]
    assert (check.label, check.expected_text, check.given_text) == (
        "Your choice", "B is better", "Tie")
    none = training_feedback("p-1", key, preference.answers({}),
                             describe=preference.describe, swapped=False)
    assert none.checks[0].given_text == "(not answered)" and not none.checks[0].matches


def test_the_threshold_scales_like_qa() -> None:
    assert needed_to_pass(total=10, threshold=(8, 10)) == 8
    assert needed_to_pass(total=5, threshold=(8, 10)) == 4
    assert needed_to_pass(total=3, threshold=(2, 3)) == 2
    with pytest.raises(ValueError):
        needed_to_pass(total=3, threshold=(4, 3))


def test_progress_and_reachability() -> None:
    ids = [f"q{n}" for n in range(10)]
    outcomes: dict[str, bool | None] = {f"q{n}": True for n in range(7)}
    outcomes["q7"] = False
    progress = qualification_progress(outcomes, item_ids=ids, threshold=(8, 10))
    assert (progress.passed, progress.answered, progress.remaining) == (7, 8, 2)
    assert progress.reachable and not progress.qualified
    assert progress.summary() == "Qualification: 7 of 8 right so far (8 of 10 needed)"
    outcomes["q8"] = False
    outcomes["q9"] = None  # not answered yet
    still = qualification_progress(outcomes, item_ids=ids, threshold=(8, 10))
    assert still.reachable  # 7 + the 1 left = 8
    outcomes["q6"] = False
    lost = qualification_progress(outcomes, item_ids=ids, threshold=(8, 10))
    assert not lost.reachable  # 6 + 1 left < 8


def test_the_unreachable_notice_says_what_the_study_team_asked() -> None:
    lost = QualificationProgress(passed=5, answered=8, total=10, needed=8)
    fine = QualificationProgress(passed=7, answered=8, total=10, needed=8)
    stop = QualificationSettings(score_locally=True)
    unpaid = QualificationSettings(score_locally=True, when_unreachable="continue_unpaid",
                                   message="Go on if you like; the main items are unpaid.")
    assert notice_after(lost, QualificationSettings(), None) is None  # not scored locally
    quiet = notice_after(fine, stop, None)
    assert quiet is not None and not quiet.unreachable and quiet.options == ()
    told = notice_after(lost, stop, None)
    assert told is not None and told.options == ("stop",) and "stop here" in told.message
    asked = notice_after(lost, unpaid, None)
    assert asked is not None and asked.options == ("stop", "continue_unpaid")
    assert asked.message == "Go on if you like; the main items are unpaid."
    record = record_after(None, lost, item_id="q8", notice=asked, decision="continue_unpaid",
                          at="2026-12-01T10:00:00Z")
    assert record["decision"] == "continue_unpaid" and record["shown"][0]["reachable"] is False
    again = notice_after(lost, unpaid, record)  # answered once: only the progress line
    assert again is not None and again.unreachable and again.options == ()
    later = record_after(record, lost, item_id="q9", notice=again, decision="stop", at="t")
    assert later["decision"] == "continue_unpaid" and len(later["shown"]) == 2


def test_unsure_marks() -> None:
    reasons = ("I do not know the topic", "Both equally wrong")
    assert make_mark(reasons, "Both equally wrong", "").text() == "Both equally wrong"
    assert make_mark(reasons, "Both equally wrong", " a   b ").text() == "Both equally wrong: a b"
    assert make_mark(reasons, "", "no idea what a bond yield is").reason == "Other"
    with pytest.raises(UnsureError):
        make_mark(reasons, "", "  ")
    with pytest.raises(UnsureError):
        make_mark(reasons, "made up", "")
    entry = entry_with({}, "i-1", make_mark(reasons, "Both equally wrong", ""))
    state = {"unsure": entry}
    assert marks_in(state)["i-1"].reason == "Both equally wrong"
    assert entry_with(state, "i-1", None) == {}
    assert marks_in({"unsure": {"i-2": "junk"}}) == {}


def _documents() -> list[dict[str, Any]]:
    return [{"rater": {"rater_id": "bob"}, "items": [
                {"item_id": "a", "unsure": {"reason": "Other", "note": "odd"}}, {"item_id": "b"}]},
            {"rater": {"rater_id": "al"}, "items": [{"item_id": "a"}]}]


def test_unsure_shares_per_rater() -> None:
    shares = unsure_shares(_documents())
    assert [(s.rater_id, s.text()) for s in shares] == [("al", "0 of 1 (0%)"),
                                                         ("bob", "1 of 2 (50%)")]
    assert unsure_item_ids(_documents()[0]) == {"a": "odd"}


def _after(tmp_path: Path, protocol: str, items: list[dict[str, Any]], docs: dict[str, Any],
           current: str, **manifest: Any) -> Any:
    path = write_folder(tmp_path / "b", batch_files(items, format_version="1.2",
                                                   protocol=protocol, **manifest))
    with open_batch(path) as batch:
        quals = [batch.item(e.item_id) for e in batch.index if e.kind == "qualification"]
        return after_complete(
            item=batch.item(current), document=docs[current],
            protocol=protocols.of_batch(batch), swapped=False, qualification_items=quals,
            load=docs.get, settings=batch.manifest.qualification, threshold=(2, 3),
            saved_qualification=None)


def test_after_a_qualification_item_in_the_guideline(tmp_path: Path) -> None:
    gold = {"expected_verdict": "B_better"}
    items = [item(f"q{n}", kind="qualification", gold=gold) for n in range(3)]
    items[0]["training"] = GUIDELINE_KEY
    docs = {"q0": _guideline_doc("A_better"), "q1": _guideline_doc("B_much_better"),
            "q2": _guideline_doc(None, status="in_progress")}
    after = _after(tmp_path, "guideline", items, docs, "q0",
                   qualification={"score_locally": True})
    assert after.feedback is not None and len(after.feedback.differences) == 2
    assert after.progress is not None
    assert (after.progress.passed, after.progress.answered, after.progress.total) == (1, 2, 3)
    assert after.notice is not None and not after.notice.unreachable  # 1 + 1 left = 2


def test_after_a_qualification_item_in_the_preference_protocol(tmp_path: Path) -> None:
    items = [item(f"q{n}", kind="qualification", shots=False, gold={"expected_choice": "A"})
             for n in range(3)]
    docs = {"q0": {"choice": "B", "status": "complete"},
            "q1": {"choice": "tie", "status": "complete"}}
    after = _after(tmp_path, "preference", items, docs, "q1",
                   qualification={"score_locally": True, "when_unreachable": "continue_unpaid"})
    assert after.feedback is None
    assert after.notice is not None and after.notice.unreachable
    assert after.notice.options == ("stop", "continue_unpaid")
    off = _after(tmp_path / "off", "preference", items, docs, "q1")
    assert off.progress is None and off.notice is None  # the batch did not ask


def test_the_export_carries_what_was_shown_and_verifies(tmp_path: Path) -> None:
    from test_results_support import rating_dict

    conversation = [{"role": "user", "text": "I need an umbrella."},
                    {"role": "assistant", "text": "Which colour?"}]
    items = [item("t-1", kind="qualification", training=GUIDELINE_KEY,
                  gold={"expected_verdict": "B_better"}),
             item("c-1", conversation=conversation), item("plain")]
    path = write_folder(tmp_path / "b", batch_files(
        items, format_version="1.2", qualification={"score_locally": True},
        unsure={"reasons": ["Unfamiliar topic"]}))
    store = MemoryRatingStore()
    with open_batch(path) as batch:
        manifest, loaded = batch.manifest, [batch.item(e.item_id) for e in batch.index]
    for entry in loaded:
        store.save_item(manifest.batch_id, entry.id, rating_dict(entry.id))
    feedback = after_complete(
        item=loaded[0], document=_guideline_doc("A_better"), protocol=protocols.get("guideline"),
        swapped=False, qualification_items=[loaded[0]], load=lambda _i: None,
        settings=manifest.qualification, threshold=(8, 10), saved_qualification=None)
    assert feedback.feedback is not None and feedback.progress is not None
    assert feedback.notice is not None
    state = {"training": training_entry(None, feedback.feedback, at="2026-12-01T10:00:00Z"),
             "unsure": entry_with(None, "c-1", make_mark(("Unfamiliar topic",),
                                                         "Unfamiliar topic", "")),
             "qualification": record_after(None, feedback.progress, item_id="t-1",
                                           notice=feedback.notice, decision="stop", at="t")}
    store.save_batch_state(manifest.batch_id, state)
    records, left_out, extra = collect_records(
        manifest=manifest, items=iter(loaded), store=store, rater_id="alice",
        rubric=Rubric.from_overrides(None), include_incomplete=True,
        collect=protocols.get("guideline").collect_export)
    key = keys.generate_private_key()
    document = build_results_document(batch=BatchMeta(manifest.batch_id, BATCH_SHA),
                                      rater=rater_for(key), items=records,
                                      exported_at=EXPORTED_AT, **extra)
    assert document["format_version"] == "2.3" and document["summary"]["unsure"] == 1
    by_id = {entry["item_id"]: entry for entry in document["items"]}
    assert by_id["t-1"]["training"]["checks"][0]["given"] == "A_better"
    assert by_id["t-1"]["training"]["shown_at"] == "2026-12-01T10:00:00Z"
    assert by_id["c-1"]["unsure"] == {"reason": "Unfamiliar topic", "note": ""}
    assert by_id["c-1"]["conversation"] == conversation
    assert "training" not in by_id["plain"] and "unsure" not in by_id["plain"]
    assert document["qualification"]["decision"] == "stop"
    assert document["qualification"]["shown"][0]["total"] == 1
    jsonschema.validate(json.loads(json.dumps(document)), SCHEMA)
    exported = export_results(out_path=tmp_path / "out", document=document, private_key=key)
    roster = parse_allowed_signers(f"alice {keys.openssh_public_key(key.public_key())}\n")
    outcome = verify_results_bytes(results=exported.results_path.read_bytes(),
                                   signature=exported.signature_path.read_bytes(),
                                   allowed_signers=roster)
    assert outcome.ok, outcome.message


def test_a_batch_without_any_of_it_exports_as_before(tmp_path: Path) -> None:
    from test_results_support import rating_dict

    path = write_folder(tmp_path / "b", batch_files([item("plain")]))
    store = MemoryRatingStore()
    with open_batch(path) as batch:
        manifest, loaded = batch.manifest, [batch.item("plain")]
    store.save_item(manifest.batch_id, "plain", rating_dict("plain"))
    records, _left, extra = collect_records(
        manifest=manifest, items=loaded, store=store, rater_id="alice",
        rubric=Rubric.from_overrides(None), include_incomplete=True,
        collect=protocols.get("guideline").collect_export)
    document = build_results_document(batch=BatchMeta(manifest.batch_id, BATCH_SHA),
                                      rater=rater_for(keys.generate_private_key()),
                                      items=records, exported_at=EXPORTED_AT, **extra)
    assert document["format_version"] == "2.0" and "qualification" not in document
    assert "unsure" not in document["summary"]
