"""The preference panel and the protocol seam: the batch's protocol picks the panel;
the explanation box appears only for A or B (PR-2); the criteria stay visible (PR-3)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rater_desktop.gui.preference.binding import PreferenceBinding
from rater_desktop.gui.rating_binding import RatingBinding
from rater_desktop.rating.store import MemoryRatingStore


def _preference_batch(root: Path, *, required: bool = False, survey: bool = False) -> Path:
    root.mkdir(parents=True)
    manifest: dict[str, Any] = {
        "format": "rater-desktop-batch", "format_version": "1.1", "batch_id": "pref",
        "title": "Pref", "created": "2026-11-30T09:00:00Z", "protocol": "preference",
        "preference": {"criteria": ["Stays on the question", "Gets facts right"],
                       "explanation_required": required}}
    if survey:
        manifest["survey"] = {"questions": [{"id": "bg", "kind": "single", "text": "Work?",
                                             "options": ["technical", "other"]}]}
    (root / "batch.json").write_text(json.dumps(manifest))
    lines = [json.dumps({"id": f"p-{n}", "kind": "qualification" if n == 0 else "standard",
                         "prompt": f"Prompt {n}",
                         "responses": [{"identity": "x", "text": "one"},
                                       {"identity": "y", "text": "two"}]}) for n in range(3)]
    (root / "items.jsonl").write_text("\n".join(lines) + "\n")
    return root


def _bind(make_window: Callable[..., Any], **kw: Any) -> tuple[Any, RatingBinding,
                                                               PreferenceBinding]:
    window = make_window()
    store = MemoryRatingStore()
    guideline = RatingBinding(window, store=store, rater_id="r1")
    preference = PreferenceBinding(window, store=store, rater_id="r1", **kw)
    return window, guideline, preference


def test_the_batch_protocol_picks_the_panel(make_window: Callable[..., Any], tmp_path: Path,
                                            small_batch: Path) -> None:
    window, guideline, preference = _bind(make_window)
    window.show()
    assert window.open_batch_path(str(_preference_batch(tmp_path / "p")))
    assert preference.panel.isVisible() and not guideline.panel.isVisible()
    assert guideline.service is None and preference.service is not None
    assert not guideline.cover.isVisible()  # no case file first in this protocol
    assert window.open_batch_path(str(small_batch))
    assert guideline.panel.isVisible() and not preference.panel.isVisible()
    assert preference.service is None and guideline.service is not None
    assert guideline.shortcuts["next_step"][0].isEnabled()
    assert not preference.shortcuts["preference_choice"][0].isEnabled()


def test_explanation_only_for_a_or_b_and_criteria_always_visible(
        make_window: Callable[..., Any], tmp_path: Path) -> None:
    window, _, preference = _bind(make_window)
    window.show()
    window.open_batch_path(str(_preference_batch(tmp_path / "p", required=True)))
    panel = preference.panel
    assert "Stays on the question" in panel.criteria.text() and panel.criteria.isVisible()
    assert not panel.explanation_card.isVisible()
    panel.buttons["tie"].click()
    assert not panel.explanation_card.isVisible() and panel.criteria.isVisible()
    panel.buttons["B"].click()
    assert panel.explanation_card.isVisible() and "required" in panel.explanation_title.text()
    assert preference.service is not None and preference.service.shown_choice() == "B"
    assert not preference.complete_and_next()  # PR-2: this batch requires the explanation
    assert "explain" in panel.reason.text()
    assert window.item.id == "p-0"
    panel.explanation.setPlainText("Two gets the date right.")
    assert preference.complete_and_next()
    assert window.item.id == "p-1" and panel.group.checkedButton() is None
    assert window.progress_label.text() == "1 of 3 complete"


def test_survey_is_asked_once_after_the_qualification_items(
        make_window: Callable[..., Any], tmp_path: Path) -> None:
    asked: list[Any] = []

    def ask(_window: Any, questions: Any) -> dict[str, Any]:
        asked.append(questions)
        return {"bg": "technical"}

    window, _, preference = _bind(make_window, ask_survey=ask)
    window.show()
    window.open_batch_path(str(_preference_batch(tmp_path / "p", survey=True)))
    for _ in range(3):
        preference.choose("tie")
        assert preference.complete_and_next()
    assert len(asked) == 1 and [q.id for q in asked[0]] == ["bg"]
    assert preference.service is not None
    assert preference.service.survey_state() == {"answers": {"bg": "technical"},
                                                 "skipped": False}


def test_keys_are_shown_on_the_controls(make_window: Callable[..., Any], tmp_path: Path) -> None:
    window, _, preference = _bind(make_window)
    labels = [b.text() for b in preference.panel.buttons.values()]
    assert [label.split()[-1] for label in labels] == ["[1]", "[2]", "[3]"]
    assert "Ctrl+Enter" in preference.panel.complete_button.text()
    assert preference.shortcuts["preference_choice"][0].key().toString() == "1"  # keys driven in tests/e2e


def test_preference_binding_made_only_when_a_preference_batch_opens(
        make_window: Callable[..., Any], tmp_path: Path, small_batch: Path) -> None:
    from rater_desktop.gui.preference.on_demand import install_preference_binding

    window = make_window()
    store = MemoryRatingStore()
    guideline = RatingBinding(window, store=store, rater_id="r1")
    assert window.open_batch_path(str(small_batch))
    shown_before = window.item.id
    install_preference_binding(window, store=store, rater_id="r1")
    assert window.property("preferenceBinding") is None  # guideline batch: not needed
    assert window.open_batch_path(str(small_batch))
    assert window.property("preferenceBinding") is None
    assert window.open_batch_path(str(_preference_batch(tmp_path / "p")))
    preference = window.property("preferenceBinding")
    assert isinstance(preference, PreferenceBinding)
    # The new batch's first item, never the guideline batch's item shown before it.
    assert preference.service is not None
    assert preference.service.current_item_id == window.item.id != shown_before
    assert preference.panel.isVisible() and not guideline.panel.isVisible()
    assert preference.shortcuts["preference_choice"][0].isEnabled()
    assert window.open_batch_path(str(small_batch))  # one binding, back to idle
    assert window.property("preferenceBinding") is preference
    assert preference.service is None and guideline.panel.isVisible()


def test_preference_binding_made_at_once_for_an_open_preference_batch(
        make_window: Callable[..., Any], tmp_path: Path) -> None:
    from rater_desktop.gui.preference.on_demand import install_preference_binding

    window = make_window()
    store = MemoryRatingStore()
    RatingBinding(window, store=store, rater_id="r1")
    assert window.open_batch_path(str(_preference_batch(tmp_path / "p")))
    install_preference_binding(window, store=store, rater_id="r1")
    preference = window.property("preferenceBinding")
    assert preference is not None and preference.service is not None
    assert preference.service.current_item_id == window.item.id
