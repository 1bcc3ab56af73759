"""The rater's path as seen under Xvfb (issue 19): what the panes show is what the record
maps to display A and B, from the very first item of a launch."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from batchkit import batch_files, item, write_folder
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton
from steps_kit import click, fill_case_file, open_rated_window, select_in

from rater_desktop.gui import startup
from rater_desktop.gui.first_run_dialog import FirstRunDialog
from rater_desktop.gui.preference.binding import PreferenceBinding
from rater_desktop.gui.rating_binding import RatingBinding
from rater_desktop.gui.steps.cover import ResponseCover
from rater_desktop.rating.display_order import display_order
from rater_desktop.rating.model import Step
from rater_desktop.rating.store import MemoryRatingStore
from rater_desktop.signing import keystore

SEED = "seed-1"  # batchkit's display_seed


def swapped_rater(item_id: str, seed: str = SEED) -> str:
    """A rater id that sees ``item_id``'s responses swapped (B of the file on the left)."""
    return next(f"rater-{n}" for n in range(100)
                if display_order(batch_seed=seed, rater_id=f"rater-{n}", item_id=item_id).swapped)


def pane_texts(window: Any) -> tuple[str, str]:
    panes = window.item_view.panes
    return (panes["A"].text_browser.toPlainText(), panes["B"].text_browser.toPlainText())


def assert_panes_follow_the_record(window: Any, service: Any) -> None:
    order = service.order_for(window.item.id).true_indices
    assert window.item_view.display_order == order
    assert window.item_view.panes["A"].true_index == order[0]
    assert window.item_view.pane_for_true_index(order[0]) is window.item_view.panes["A"]


def test_first_item_of_a_launch_is_shown_in_the_raters_order(
        make_window: Callable[..., Any], tmp_path: Path) -> None:
    # At start the batch opens (responses covered) before the rating core is attached;
    # the item was then left in file order while the panel used the rater's order.
    root = tmp_path / "batch"
    write_folder(root, batch_files([item("item-1"), item("item-2")]))
    rater = swapped_rater("item-1")
    window = make_window()
    assert window.open_batch_path(str(root))
    assert window.item is not None and window.item.id == "item-1"
    assert window.item_view.display_order == (0, 1)  # no rater known yet
    binding = RatingBinding(window, store=MemoryRatingStore(), rater_id=rater)
    assert binding.service is not None
    assert binding.service.order_for("item-1").swapped
    assert_panes_follow_the_record(window, binding.service)
    assert "model-beta" not in pane_texts(window)[0]  # identities are never shown
    assert "I added the umbrella" in pane_texts(window)[0]  # file response 1 on the left


def test_first_preference_item_of_a_launch_is_shown_in_the_raters_order(
        make_window: Callable[..., Any], tmp_path: Path) -> None:
    root = tmp_path / "pref"
    root.mkdir()
    manifest = {"format": "rater-desktop-batch", "format_version": "1.1", "batch_id": "pref",
                "title": "Pref", "created": "2026-11-30T09:00:00Z", "protocol": "preference",
                "display_seed": SEED, "preference": {"criteria": ["Right"]}}
    (root / "batch.json").write_text(json.dumps(manifest))
    (root / "items.jsonl").write_text(json.dumps(
        {"id": "p-1", "kind": "standard", "prompt": "Which?",
         "responses": [{"identity": "x", "text": "file one"},
                       {"identity": "y", "text": "file two"}]}) + "\n")
    rater = swapped_rater("p-1")
    window = make_window()
    assert window.open_batch_path(str(root))
    binding = PreferenceBinding(window, store=MemoryRatingStore(), rater_id=rater,
                                open_current=True)
    assert binding.service is not None and binding.service.order_for("p-1").swapped
    assert pane_texts(window)[0].strip() == "file two"
    assert window.item_view.display_order == (1, 0)


# -- 2. typing lands where the rater looks ---------------------------------------------------

def _panel_followed(qtbot: Any, binding: RatingBinding) -> None:
    """The panel follows a switch a turn later (keys typed meanwhile are held for it)."""
    qtbot.waitUntil(lambda: not binding.second_turn.pending, timeout=2000)


def _typed_after_navigation(qtbot: Any, window: Any, step: int, text: str) -> Any:
    """Alt+Right/Alt+Left as the rater presses them, then type at once."""
    key = Qt.Key.Key_Right if step > 0 else Qt.Key.Key_Left
    qtbot.keyClick(QApplication.focusWidget() or window, key, Qt.KeyboardModifier.AltModifier)
    focus = QApplication.focusWidget()
    assert focus is not None
    qtbot.keyClicks(focus, text)
    return focus


def test_back_to_a_written_item_types_after_the_main_goal(
        qtbot: Any, make_window: Callable[..., Any], tmp_path: Path) -> None:
    window, binding, _ = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    fill_case_file(qtbot, binding)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier)
    assert window.item.id == "item-2"
    qtbot.keyClicks(QApplication.focusWidget(), "Second goal")
    _typed_after_navigation(qtbot, window, -1, " today")
    assert window.item.id == "item-1"
    _panel_followed(qtbot, binding)
    page = binding.panel.page(Step.CASE_FILE)
    assert binding.service.rating.case_file.main_goal == "Find a red umbrella under $20 today"
    assert page.main_goal.hasFocus()
    _typed_after_navigation(qtbot, window, 1, "!")
    _panel_followed(qtbot, binding)
    assert binding.service.rating.case_file.main_goal == "Second goal!"


def test_after_a_restart_the_cursor_is_at_the_end_of_the_main_goal(
        qtbot: Any, make_window: Callable[..., Any], tmp_path: Path) -> None:
    store = MemoryRatingStore()
    window, binding, _ = open_rated_window(make_window, tmp_path, qtbot=qtbot, store=store)
    qtbot.keyClicks(QApplication.focusWidget(), "Written before")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClicks(QApplication.focusWidget(), "Second")
    binding.flush()
    window.close()
    window, binding, _ = open_rated_window(make_window, tmp_path, qtbot=qtbot, store=store)
    assert window.item.id == "item-2"  # where the rater stopped
    _typed_after_navigation(qtbot, window, -1, " and after")
    _panel_followed(qtbot, binding)
    assert binding.service.rating.case_file.main_goal == "Written before and after"


# -- 3. Esc on the first-run dialog --------------------------------------------------------

def test_esc_on_first_run_keeps_the_responses_covered_and_offers_a_profile(
        qtbot: Any, make_window: Callable[..., Any], tmp_path: Path, memory_keyring: Any,
        monkeypatch: pytest.MonkeyPatch) -> None:
    answers = [0]  # Esc: rejected

    def dialog_exec(dialog: Any) -> int:
        if answers:
            return answers.pop()
        dialog.display_name.setText("Eve Rater")
        dialog._name_edited("Eve Rater")
        dialog.submit()
        return int(dialog.result())

    monkeypatch.setattr(FirstRunDialog, "exec", dialog_exec)
    monkeypatch.setattr(keystore, "default_keyring", lambda: memory_keyring)
    warnings: list[str] = []
    monkeypatch.setattr(startup.QMessageBox, "warning", lambda *a: warnings.append(a[-1]))
    root = write_folder(tmp_path / "b", batch_files([item("item-1")]))
    window = make_window()
    assert window.open_batch_path(str(root))  # as at start: the batch opens first
    done: list[bool] = []
    startup.attach_rating(window, then=lambda: done.append(True))
    qtbot.waitUntil(lambda: done == [True], timeout=5000)
    assert window.property("ratingBinding") is None
    assert warnings == []  # the cover says it, no dead-end message box
    covers = [c for c in window.findChildren(ResponseCover) if c.isVisible()]
    assert covers, "the responses are shown without a profile (CF-1)"
    assert not window.item_view.panes["A"].isEnabled()
    button = window.findChild(QPushButton, "createProfileButton")
    assert button is not None and button.isVisible() and "Create profile" in button.text()
    action = window.actions_.profile
    assert action.isEnabled()
    action.trigger()  # Help > Your rater profile... reopens the first-run dialog
    binding = window.property("ratingBinding")
    assert binding is not None and binding.rater_id == "eve-rater"
    assert window.findChild(QPushButton, "createProfileButton") is None \
        or not window.findChild(QPushButton, "createProfileButton").isVisible()
    assert binding.cover.isVisible()  # the case file's own cover takes over
    assert not window.item_view.panes["A"].isEnabled()
    assert action.isEnabled()  # now shows the profile


# -- 4. a new claim card takes the keyboard --------------------------------------------------

def _to_claims(qtbot: Any, make_window: Callable[..., Any], tmp_path: Path) -> tuple[Any, Any]:
    window, binding, _ = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    fill_case_file(qtbot, binding)
    click(qtbot, binding.panel.next_button)
    click(qtbot, binding.panel.next_button)
    assert binding.service.rating.current_step is Step.CLAIMS
    return window, binding


def _new_card_has_the_keys(qtbot: Any, binding: Any, label: str) -> None:
    service = binding.service
    true_index = service.order.true_index(label)
    claim = service.rating.responses[true_index].claims[-1]
    card = binding.panel.page(Step.CLAIMS).sides[label].cards[claim.id]
    focus = QApplication.focusWidget()
    assert focus is not None and card.isAncestorOf(focus), focus
    qtbot.waitUntil(lambda: not card.visibleRegion().isEmpty(), timeout=2000)  # scrolled in
    qtbot.keyClick(focus, Qt.Key.Key_S)
    assert service.rating.responses[true_index].claims[-1].objective is False


def test_ctrl_m_puts_the_focus_on_the_new_claim_card(
        qtbot: Any, make_window: Callable[..., Any], tmp_path: Path) -> None:
    window, binding = _to_claims(qtbot, make_window, tmp_path)
    label = "A" if "Red Classic" in pane_texts(window)[0] else "B"
    browser = window.item_view.panes[label].text_browser
    select_in(browser, "The Red Classic costs $18.99")
    qtbot.keyClick(browser, Qt.Key.Key_M, Qt.KeyboardModifier.ControlModifier)
    _new_card_has_the_keys(qtbot, binding, label)


def test_a_suggestions_add_puts_the_focus_on_the_new_claim_card(
        qtbot: Any, make_window: Callable[..., Any], tmp_path: Path) -> None:
    window, binding = _to_claims(qtbot, make_window, tmp_path)
    side = binding.panel.page(Step.CLAIMS).sides["B"]
    first_add = side.suggestions_host.itemAt(0).widget().add
    click(qtbot, first_add)
    _new_card_has_the_keys(qtbot, binding, "B")


# -- 5. pace after a restart ------------------------------------------------------------------

def test_pace_shows_a_dash_when_an_item_done_earlier_is_opened(
        qtbot: Any, make_window: Callable[..., Any], tmp_path: Path) -> None:
    from rater_desktop.rating.change import Change
    from rater_desktop.rating.model import ItemStatus

    window, binding, _ = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    service = binding.service
    service.rating.status = ItemStatus.COMPLETE  # as loaded after a restart: done before
    binding.completion.after_change(Change(item_id=service.current_item_id, kind="open"))
    text = binding.completion.pace_label.text()
    assert "items/h" in text and "60.0" not in text and "\u2013 items/h" in text


# -- 6. the survey's radio groups take the arrow keys ----------------------------------------

def test_survey_arrow_keys_choose_within_a_radio_group(qtbot: Any) -> None:
    from rater_desktop.batch.protocol import SurveyQuestion
    from rater_desktop.gui.survey_dialog import SurveyDialog

    questions = [SurveyQuestion(id="work", kind="single", text="Work?",
                                options=("technical", "other")),
                 SurveyQuestion(id="age", kind="single", text="Age?",
                                options=("18-29", "30-44", "45-59"))]
    dialog = SurveyDialog(None, questions)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None, timeout=2000)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert QApplication.focusWidget().objectName() == "survey_age_0"
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Down)
    assert QApplication.focusWidget().objectName() == "survey_age_1"
    assert dialog.answers() == {"age": "30-44"}
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Down)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Down)  # the last stays chosen
    assert dialog.answers() == {"age": "45-59"}
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Up)
    assert dialog.answers() == {"age": "30-44"}
    assert QApplication.focusWidget().objectName() == "survey_age_1"
    dialog.reject()


# -- 7. table rows are not offered as claims -------------------------------------------------

TABLE_TEXT = ("I added the headlamp to the cart.\n\n| Field | Value |\n|---|---|\n"
              "| Price | $34.99 |\n| Actions | 8 |\n\nThe cart shows 1 item.")


def test_table_rows_are_not_suggested_as_claims(
        qtbot: Any, make_window: Callable[..., Any], tmp_path: Path) -> None:
    from batchkit import response

    items = [item("item-1", responses=[response("model-alpha", TABLE_TEXT),
                                       response("model-beta", TABLE_TEXT)])]
    window, binding, _ = open_rated_window(make_window, tmp_path, qtbot=qtbot, items=items)
    fill_case_file(qtbot, binding)
    click(qtbot, binding.panel.next_button)
    click(qtbot, binding.panel.next_button)
    assert binding.service.rating.current_step is Step.CLAIMS
    offered = [row.sentence.text for side in binding.panel.page(Step.CLAIMS).sides.values()
               for row in (side.suggestions_host.itemAt(i).widget()
                           for i in range(side.suggestions_host.count()))]
    assert "I added the headlamp to the cart." in offered
    assert offered and not [t for t in offered if "|" in t], offered


# -- 8. "not a web address" waits until the rater leaves the field or pauses ------------------

def _fact_check_card(qtbot: Any, make_window: Callable[..., Any], tmp_path: Path) -> Any:
    from rater_desktop.rating.model import ClaimRating  # noqa: F401 - the card's answers

    _window, binding, _ = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    fill_case_file(qtbot, binding)
    service = binding.service
    service.set_step(Step.TASK_COMPLETION)
    service.set_step(Step.CLAIMS)
    claims = binding.panel.page(Step.CLAIMS).sides["B"]
    click(qtbot, claims.suggestions_host.itemAt(0).widget().add)
    click(qtbot, next(iter(claims.cards.values())).objective)
    click(qtbot, binding.panel.next_button)
    side = binding.panel.page(Step.FACT_CHECKS).sides["B"]
    return next(iter(side.cards.values()))


def test_source_note_waits_until_the_rater_leaves_the_field(
        qtbot: Any, make_window: Callable[..., Any], tmp_path: Path) -> None:
    card = _fact_check_card(qtbot, make_window, tmp_path)
    card.sources.setFocus()
    qtbot.keyClicks(card.sources, "h")
    qtbot.wait(300)  # the panel redraws after typing settles
    assert not card.source_notes.isVisible()  # one character typed: nothing red yet
    qtbot.keyClicks(card.sources, "ttps://shop.example/x")
    qtbot.keyClick(card.sources, Qt.Key.Key_Return)
    qtbot.keyClicks(card.sources, "www")
    qtbot.wait(300)
    assert not card.source_notes.isVisible()
    card.justification.setFocus()  # the rater leaves the field
    qtbot.waitUntil(card.source_notes.isVisible, timeout=2000)
    assert "Line 2: not a web address" in card.source_notes.text()


def test_source_note_speaks_when_the_rater_pauses(
        qtbot: Any, make_window: Callable[..., Any], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from rater_desktop.gui.steps import fact_checks

    monkeypatch.setattr(fact_checks, "PAUSE_MS", 50)
    card = _fact_check_card(qtbot, make_window, tmp_path)
    card.sources.setFocus()
    qtbot.keyClicks(card.sources, "w")
    assert not card.source_notes.isVisible()
    qtbot.waitUntil(card.source_notes.isVisible, timeout=2000)  # paused: now it speaks
    assert card.sources.hasFocus()
    qtbot.keyClicks(card.sources, "w")  # typing again: quiet until the next pause
    assert not card.source_notes.isVisible()


def test_alt_right_from_the_item_list_goes_to_the_form(
        qtbot: Any, make_window: Callable[..., Any], tmp_path: Path) -> None:
    # Arrowing through the list keeps the focus there; Alt+Right means "next item to rate"
    # (in the compact window the Items tab was in front and typing went to its filter).
    window, binding, _ = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    view = window.item_list.view
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier)
    assert window.item.id == "item-2"
    _panel_followed(qtbot, binding)
    page = binding.panel.page(Step.CASE_FILE)
    assert page.main_goal.hasFocus()
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Up)  # the list's own key: the focus stays
    assert window.item.id == "item-1" and view.hasFocus()


def test_claim_highlights_of_the_first_item_follow_the_raters_order(
        qtbot: Any, make_window: Callable[..., Any], tmp_path: Path) -> None:
    from steps_kit import TEXT_A, rating_items

    from rater_desktop.gui.steps.highlight import highlighted_texts

    rater = swapped_rater("item-1")
    store = MemoryRatingStore()
    root = tmp_path / "batch"
    write_folder(root, batch_files(rating_items()))
    window = make_window()
    binding = RatingBinding(window, store=store, rater_id=rater)
    assert window.open_batch_path(str(root))
    service = binding.service
    service.set_main_goal("Find a red umbrella under $20")
    start = TEXT_A.index("The Red Classic costs $18.99")
    assert service.add_claim(0, start, start + len("The Red Classic costs $18.99")).accepted
    binding.flush()
    window.close()
    # Restart: the batch opens (file order, covered) before the rating core attaches.
    window = make_window()
    assert window.open_batch_path(str(root))
    binding = RatingBinding(window, store=store, rater_id=rater)
    pane = window.item_view.pane_for_true_index(0)
    assert pane is window.item_view.panes["B"]  # file response 0 is B for this rater
    assert highlighted_texts(pane.text_browser) == ["The Red Classic costs $18.99"]


def test_a_batch_opened_after_esc_on_first_run_stays_covered(
        qtbot: Any, make_window: Callable[..., Any], tmp_path: Path, memory_keyring: Any,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(FirstRunDialog, "exec", lambda _dialog: 0)  # Esc
    monkeypatch.setattr(keystore, "default_keyring", lambda: memory_keyring)
    window = make_window()
    done: list[bool] = []
    startup.attach_rating(window, then=lambda: done.append(True))
    qtbot.waitUntil(lambda: done == [True], timeout=5000)
    root = write_folder(tmp_path / "b", batch_files([item("item-1")]))
    assert window.open_batch_path(str(root))
    cover = window.findChild(ResponseCover, "noProfileCover")
    assert cover is not None
    qtbot.waitUntil(cover.isVisible, timeout=2000)
    assert cover.geometry() == window.item_view.splitter.geometry()
    assert not window.item_view.panes["A"].isEnabled()
