"""Where text came from (issue 24): the per-field accumulator, its saving in both
protocols' rating documents, and the reminder decision."""

from __future__ import annotations

from test_rating_service import ITEMS, FakeClock

from rater_desktop.batch.protocol import PreferenceSettings
from rater_desktop.preference.model import PreferenceRating
from rater_desktop.preference.service import PreferenceService
from rater_desktop.rating.model import ItemRating
from rater_desktop.rating.rubric import Rubric
from rater_desktop.rating.service import RatingService
from rater_desktop.rating.store import MemoryRatingStore
from rater_desktop.text_sources import (
    IDLE_GAP_SECONDS,
    PASTE_REMINDER_WORDS,
    FieldSources,
    Source,
    TextEvent,
    count_words,
    export_fields,
    from_dict,
    needs_reminder,
    record,
    replacement_event,
)

TYPED = TextEvent(Source.TYPED, 1)


def test_typing_time_counts_gaps_up_to_the_idle_threshold_only() -> None:
    sources = FieldSources()
    for now in (0.0, 0.5, 1.0, 1.5):
        sources = record(sources, TYPED, now)
    assert sources.typed == 4 and sources.typing_seconds == 1.5
    sources = record(sources, TYPED, 1.5 + IDLE_GAP_SECONDS + 0.1)  # a pause: not counted
    assert sources.typing_seconds == 1.5
    sources = record(sources, TYPED, 1.5 + IDLE_GAP_SECONDS + 0.1 + IDLE_GAP_SECONDS)
    assert sources.typing_seconds == 1.5 + IDLE_GAP_SECONDS


def test_paste_and_template_are_counted_apart_and_end_a_run_of_typing() -> None:
    sources = record(FieldSources(), TYPED, 0.0)
    sources = record(sources, TextEvent(Source.PASTED, 120, removed=4, words=25), 1.0)
    sources = record(sources, TYPED, 2.0)  # after a paste: a new run, no time yet
    sources = record(sources, TextEvent(Source.TEMPLATE, 30, removed=2), 2.5)
    sources = record(sources, TextEvent(Source.TYPED, 0, removed=1), 3.0)  # Backspace
    assert (sources.typed, sources.pasted, sources.template, sources.deleted) == (2, 120, 30, 7)
    assert sources.typing_seconds == 0.0
    assert sources.pastes == 1 and sources.largest_paste_words == 25 and sources.inserted == 152


def test_saved_counts_hold_no_clock_and_malformed_counts_read_as_zero() -> None:
    sources = record(record(FieldSources(), TYPED, 0.0), TYPED, 1.0)
    saved = sources.to_dict()
    assert "last_typed_at" not in saved and saved["typing_seconds"] == 1.0
    assert from_dict(saved) == FieldSources(typed=2, typing_seconds=1.0)
    assert from_dict({"typed": -3, "pasted": "9", "typing_seconds": float("nan")}) == \
        FieldSources()
    assert from_dict(None) == FieldSources()


def test_reminder_only_for_a_long_paste_into_a_justification() -> None:
    long = TextEvent(Source.PASTED, 500, words=PASTE_REMINDER_WORDS + 1)
    assert needs_reminder(long, justification=True)
    assert not needs_reminder(long, justification=False)
    assert not needs_reminder(TextEvent(Source.PASTED, 90, words=PASTE_REMINDER_WORDS),
                              justification=True)
    assert not needs_reminder(TextEvent(Source.TEMPLATE, 900, words=200), justification=True)
    assert count_words("  one two\nthree ") == 3


def test_export_fields_mark_justifications_and_leave_out_untouched_fields() -> None:
    fields = export_fields({"verdict_justification": FieldSources(typed=3),
                            "notes": FieldSources(pasted=2), "empty": FieldSources()},
                           is_justification=lambda path: path.endswith("justification"))
    assert fields["verdict_justification"]["justification"] is True
    assert fields["notes"] == {**FieldSources(pasted=2).to_dict(), "justification": False}
    assert "empty" not in fields


def _guideline(store: MemoryRatingStore, clock: FakeClock) -> RatingService:
    return RatingService(store=store, clock=clock, rubric=Rubric.default(),
                         item_accessor=ITEMS.__getitem__, batch_key="b", rater_id="r")


def test_guideline_service_applies_the_noted_event_to_the_field_it_edits() -> None:
    store, clock = MemoryRatingStore(), FakeClock()
    service = _guideline(store, clock)
    service.open_item("item-1")
    service.note_text_event(TextEvent(Source.PASTED, 11, words=2))
    service.set_tc_justification(1, "pasted text")
    service.set_tc_justification(1, "pasted text!")  # no event noted: the window's refresh
    clock.now = 1.0
    service.note_text_event(TextEvent(Source.TYPED, 1))
    service.set_verdict_justification("x")
    sources = service.rating.text_sources
    assert sources["responses.1.tc_justification"].pasted == 11
    assert sources["responses.1.tc_justification"].typed == 0
    assert sources["verdict_justification"].typed == 1
    service.undo()  # undo takes text back, not the record of how it was written
    assert service.rating.text_sources["verdict_justification"].typed == 1
    service.flush()
    saved = store.load_item("b", "item-1")
    assert saved is not None and saved["text_sources"]["responses.1.tc_justification"][
        "pasted"] == 11
    reopened = _guideline(store, clock)
    reopened.open_item("item-1")
    assert reopened.rating.text_sources["verdict_justification"].typed == 1


def test_older_documents_without_text_sources_still_open() -> None:
    document = ItemRating(item_id="item-1").to_dict()
    assert "text_sources" not in document
    assert ItemRating.from_dict(document).text_sources == {}
    old = PreferenceRating(item_id="i").to_dict()
    assert "text_sources" not in old
    assert PreferenceRating.from_dict(old).text_sources == {}


def test_preference_service_counts_its_explanation() -> None:
    store, clock = MemoryRatingStore(), FakeClock()
    service = PreferenceService(store=store, clock=clock, batch_key="b", display_seed="s",
                                rater_id="r", settings=PreferenceSettings(criteria=("x",)))
    service.open_item("i-1")
    service.choose("A")
    for now, text in ((0.0, "B"), (0.4, "Be"), (0.9, "Bet")):
        clock.now = now
        service.note_text_event(TextEvent(Source.TYPED, 1))
        service.set_explanation(text)
    service.flush()
    saved = store.load_item("b", "i-1")
    assert saved is not None
    counts = PreferenceRating.from_dict(saved).text_sources["explanation"]
    assert counts.typed == 3 and counts.typing_seconds == 0.9


def test_replacement_event_counts_only_what_a_builder_changed() -> None:
    event = replacement_event("Verdict: A\nJustification: my words", "Verdict: B better\n"
                              "Justification: my words", Source.TEMPLATE)
    assert (event.inserted, event.removed) == (len("B better"), 1)
    assert replacement_event("same", "same", Source.TEMPLATE).inserted == 0
    assert replacement_event("", "abc", Source.TEMPLATE) == TextEvent(Source.TEMPLATE, 3, 0, 1)


def test_a_long_paste_into_a_justification_asks_for_the_reminder_once() -> None:
    service = _guideline(MemoryRatingStore(), FakeClock())
    service.open_item("item-1")
    long = TextEvent(Source.PASTED, 200, words=PASTE_REMINDER_WORDS + 5)
    service.note_text_event(long)
    service.set_main_goal("a long pasted goal")  # not a justification: no reminder
    assert not service.take_paste_reminder()
    service.note_text_event(long)
    service.set_aip_justification(0, "a long pasted text")
    assert service.take_paste_reminder() and not service.take_paste_reminder()
    prefs = PreferenceService(store=MemoryRatingStore(), clock=FakeClock(), batch_key="b",
                              display_seed="s", rater_id="r",
                              settings=PreferenceSettings(criteria=("x",)))
    prefs.open_item("i-1")
    prefs.choose("B")
    prefs.note_text_event(long)
    prefs.set_explanation("pasted")
    assert prefs.take_paste_reminder()


def test_run_audit_counts_its_quote_and_note_and_exports_them() -> None:
    from test_run_audit_service import _service

    from rater_desktop.run_audit.collect import run_audit_record
    from rater_desktop.run_audit.model import RunAuditRating

    service, _clock, _changes = _service()
    service.open_item("r-2")
    service.note_text_event(TextEvent(Source.PASTED, 14, words=3))
    service.set_quote("Access denied.")
    service.note_text_event(TextEvent(Source.PASTED, 200, words=PASTE_REMINDER_WORDS + 1))
    service.set_note("pasted note")
    assert service.take_paste_reminder()  # the note is the rater's words on the verdict
    sources = RunAuditRating.from_dict(service.rating.to_dict()).text_sources
    assert sources["observed.quote"].pasted == 14 and sources["note"].pasted == 200
    assert service.item is not None
    record = run_audit_record(service.item, service.rating)
    assert record.text_sources["observed.quote"]["justification"] is False
    assert record.text_sources["note"]["justification"] is True


def test_ratings_applied_from_a_file_carry_no_counts() -> None:
    from test_rating_support import make_item

    from rater_desktop.preference.scripted import apply_scripted_preference
    from rater_desktop.rating.display_order import DisplayOrder
    from rater_desktop.rating.scripted import apply_scripted_rating

    claimed = {"verdict_justification": FieldSources(typed=999).to_dict()}
    outcome = apply_scripted_rating({"text_sources": claimed}, item=make_item(item_id="item-1"),
                                    rubric=Rubric.default(), order=DisplayOrder(),
                                    complete=False)
    assert outcome.rating.text_sources == {}
    judged = apply_scripted_preference(
        {"choice": "A", "explanation": "x", "text_sources": {"explanation": claimed[
            "verdict_justification"]}}, item=make_item(item_id="i"),
        settings=PreferenceSettings(criteria=("x",)), complete=False)
    assert judged.rating.text_sources == {}
