"""Found by walking the real app as a rater (keys only, under Xvfb): each test is one
thing that read wrong or sent the cursor to the wrong place."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from batchkit import batch_files, item, response, write_folder
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QPushButton, QToolButton, QWidget
from steps_kit import TEXT_A, TEXT_B, click, fill_case_file, open_rated_window

from rater_desktop.rating.model import ClaimRating, ShownEvidence, ShownEvidenceKind, Step

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def _add_suggested_claims(qtbot: Any, binding: Any, label: str, count: int) -> Any:
    service = binding.service
    if service.rating.current_step is not Step.CLAIMS:
        service.set_step(Step.TASK_COMPLETION)
        service.set_step(Step.CLAIMS)
    side = binding.panel.page(Step.CLAIMS).sides[label]
    for _ in range(count):
        click(qtbot, side.suggestions_host.itemAt(0).widget().add)
    return side


def test_the_claims_heading_counts_one_claim_in_the_singular(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    # The heading read "Response A · 1 claims".
    _window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    fill_case_file(qtbot, binding)
    side = _add_suggested_claims(qtbot, binding, "B", 0)
    assert side.title.text() == "Response B \u00b7 0 claims"
    _add_suggested_claims(qtbot, binding, "B", 1)
    assert side.title.text() == "Response B \u00b7 1 claim"
    _add_suggested_claims(qtbot, binding, "B", 1)
    assert side.title.text() == "Response B \u00b7 2 claims"


def test_ctrl_shift_r_skips_the_sources_of_a_fact_check_a_screenshot_proves(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    # A claim rated Accurate with a cited screenshot (E on the evidence finder's
    # suggestion) and a justification is done: FC-6 asks for no web address then. Yet
    # Ctrl+Shift+R ("the step's next question") put the cursor in that claim's empty
    # source box, while the rule line named the next claim's rating.
    window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    fill_case_file(qtbot, binding)
    claims = _add_suggested_claims(qtbot, binding, "A", 2)
    for card in claims.cards.values():
        click(qtbot, card.objective)
    click(qtbot, binding.panel.next_button)
    service = binding.service
    assert service.rating.current_step is Step.FACT_CHECKS
    true_a = service.order.true_index("A")
    first, second = service.rating.responses[true_a].claims[:2]
    service.set_claim_rating(true_a, first.id, ClaimRating.ACCURATE)
    shot = service.item.responses[true_a].screenshots[0].path
    service.add_claim_shown_evidence(
        true_a, first.id, ShownEvidence(ShownEvidenceKind.SCREENSHOT, shot))
    service.set_claim_justification(true_a, first.id, "Screenshot 1 shows the price.")
    cards = binding.panel.page(Step.FACT_CHECKS).sides["A"].cards
    qtbot.keyClick(window.focusWidget(), Qt.Key.Key_R, CTRL_SHIFT)
    assert window.focusWidget() in cards[second.id].rating_buttons.values(), \
        window.focusWidget().objectName()
    # A claim proven by web addresses only still offers its source box first.
    service.set_claim_rating(true_a, second.id, ClaimRating.ACCURATE)
    qtbot.keyClick(window.focusWidget(), Qt.Key.Key_R, CTRL_SHIFT)
    assert window.focusWidget() is cards[second.id].sources, window.focusWidget().objectName()


def test_tab_onto_a_cited_screenshots_buttons_shows_where_the_cursor_is(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    # Tab from a fact check's source box went on to "Remove" (a cited screenshot) and
    # "Cite a screenshot or step…", but neither looked any different with the cursor on
    # it: a rater going by keys lost the cursor there.
    window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    fill_case_file(qtbot, binding)
    claims = _add_suggested_claims(qtbot, binding, "A", 1)
    click(qtbot, next(iter(claims.cards.values())).objective)
    click(qtbot, binding.panel.next_button)
    service = binding.service
    true_a = service.order.true_index("A")
    claim = service.rating.responses[true_a].claims[0]
    shot = service.item.responses[true_a].screenshots[0].path
    service.add_claim_shown_evidence(
        true_a, claim.id, ShownEvidence(ShownEvidenceKind.SCREENSHOT, shot))
    card = binding.panel.page(Step.FACT_CHECKS).sides["A"].cards[claim.id]
    remove = card.findChild(QToolButton, f"{card.objectName()}_shownRemove0")
    for button in (remove, card.shown.pick):
        qtbot.waitUntil(button.isVisible, timeout=2000)
        card.justification.setFocus()
        QApplication.processEvents()
        plain = button.grab().toImage()
        button.setFocus(Qt.FocusReason.TabFocusReason)
        QApplication.processEvents()
        assert window.focusWidget() is button
        assert button.grab().toImage() != plain, button.objectName()


def test_the_step_marks_hint_speaks_only_of_a_response_with_trajectory_steps(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    # On AI performance, a response with screenshots but no trajectory said "No steps
    # marked yet. Open a trajectory step (click it in the response) ...": there was none.
    trajectory = [{"action": "navigate", "url": "https://shop.example/"}]
    items = [item("item-1", responses=[
        response("model-alpha", TEXT_A, ["screens/a1.png"]),
        response("model-beta", TEXT_B, ["screens/b1.png"], trajectory=trajectory)])]
    _window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot,
                                                 items=items)
    fill_case_file(qtbot, binding)
    service = binding.service
    for step in (Step.TASK_COMPLETION, Step.CLAIMS, Step.FACT_CHECKS, Step.AI_PERFORMANCE):
        service.set_step(step)
    assert service.rating.current_step is Step.AI_PERFORMANCE
    page = binding.panel.page(Step.AI_PERFORMANCE)
    with_steps = service.order.display_label(1)  # model-beta, the one with a trajectory
    without = "A" if with_steps == "B" else "B"
    assert "trajectory step" in page.sides[with_steps].marks.text()
    assert page.sides[with_steps].marks.isVisibleTo(page)
    assert not page.sides[without].marks.isVisibleTo(page), page.sides[without].marks.text()


def test_ctrl_shift_r_goes_to_an_answered_field_a_rule_still_blocks(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    # Every AI performance field had an answer, but Response A's justification was too
    # short (AP-1, named in the rule line). Ctrl+Shift+R put the cursor on the first score
    # instead, and the words typed to lengthen the justification went nowhere.
    window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    fill_case_file(qtbot, binding)
    service = binding.service
    for step in (Step.TASK_COMPLETION, Step.CLAIMS, Step.FACT_CHECKS, Step.AI_PERFORMANCE):
        service.set_step(step)
    assert service.rating.current_step is Step.AI_PERFORMANCE
    long = " ".join(["Navigation interaction efficiency and output quality were fine."] * 9)
    for label, text in (("A", "Too short."), ("B", long)):
        true_index = service.order.true_index(label)
        service.set_aip(true_index, 4)
        service.set_aip_justification(true_index, text)
    qtbot.waitUntil(lambda: not service.rules_pending, timeout=5000)
    page = binding.panel.page(Step.AI_PERFORMANCE)
    qtbot.keyClick(window.focusWidget(), Qt.Key.Key_R, CTRL_SHIFT)
    assert window.focusWidget() is page.sides["A"].justification, \
        window.focusWidget().objectName()


def test_an_item_that_cannot_be_shown_says_so_and_what_the_rater_can_do(
        make_window: Any, tmp_path: Path) -> None:
    # A batch whose first item names a screenshot that is not in it opened, then said
    # "Cannot show item" over "batch could not be opened." (it was open: its other items
    # could be rated) and only told the batch's maker what to fix.
    items = [item("item-1", responses=[
        response("model-alpha", TEXT_A, ["screens/nope.png"]),
        response("model-beta", TEXT_B, ["screens/b1.png"])]),
        item("item-2", responses=[response("model-alpha", TEXT_A, ["screens/a2.png"]),
                                  response("model-beta", TEXT_B, ["screens/b2.png"])])]
    root = tmp_path / "batch"
    write_folder(root, batch_files(items))
    (root / "screens" / "nope.png").unlink()
    reports: list[tuple[str, str]] = []
    details: list[str] = []
    window = make_window(report_error=lambda _w, title, text, more: (
        reports.append((title, text)), details.append(more)))
    assert window.open_batch_path(str(root))  # it opens on item-1
    assert reports, "no message"
    _title, text = reports[0]
    first_line = text.splitlines()[0]
    assert "could not be opened" not in text
    assert "item-1" in first_line, first_line
    assert "[missing-screenshot] items.jsonl:1" in text  # where
    assert "other items" in text and "sent you the batch" in text  # what the rater can do
    assert details[0] == ""  # no "Show Details..." holding only an exception's class name


def test_an_open_batch_whose_item_cannot_be_shown_does_not_say_no_batch_open(
        make_window: Any, tmp_path: Path) -> None:
    # After that message the middle of the window said "No batch open" with an "Open
    # batch…" button, over an open batch and its item list.
    items = [item("item-1", responses=[response("model-alpha", TEXT_A, ["screens/nope.png"]),
                                       response("model-beta", TEXT_B, ["screens/b1.png"])])]
    root = tmp_path / "batch"
    write_folder(root, batch_files(items))
    (root / "screens" / "nope.png").unlink()
    window = make_window(report_error=lambda *_args: None)
    assert window.open_batch_path(str(root))
    view = window.item_view
    title = view.findChild(QLabel, "emptyTitle")
    button = view.findChild(QPushButton, "emptyOpenButton")
    assert view.currentWidget().objectName() == "emptyState"
    assert "item-1" in title.text() and "No batch open" not in title.text(), title.text()
    assert not button.isVisibleTo(view)
    window.close_current_batch()
    assert title.text() == "No batch open" and button.isVisibleTo(view)


def test_the_rating_panel_lets_go_of_the_last_item_when_the_next_cannot_be_shown(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    # Alt+Right from a good item onto one that cannot be shown: the middle said so, but
    # the rating panel went on showing the previous item's steps, open to typing.
    items = [item("item-1", responses=[response("model-alpha", TEXT_A, ["screens/a1.png"]),
                                       response("model-beta", TEXT_B, ["screens/b1.png"])]),
             item("item-2", responses=[response("model-alpha", TEXT_A, ["screens/nope.png"]),
                                       response("model-beta", TEXT_B, ["screens/b2.png"])]),
             item("item-3", responses=[response("model-alpha", TEXT_A, ["screens/a3.png"]),
                                       response("model-beta", TEXT_B, ["screens/b3.png"])])]
    root = tmp_path / "batch"
    write_folder(root, batch_files(items))
    (root / "screens" / "nope.png").unlink()
    window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    window._report_error = lambda *_args: None
    assert binding.service.current_item_id == "item-1"
    window.item_list.select_item("item-2")
    assert binding.service.current_item_id is None
    assert not binding.panel.isEnabled()
    window.item_list.select_item("item-3")  # and the next item opens as usual
    assert binding.service.current_item_id == "item-3" and binding.panel.isEnabled()


def test_e_on_a_suggestion_scrolls_the_cited_screenshot_into_view(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    # At 853x480 the fact-check card shows little more than its rating buttons: E cited
    # the evidence finder's suggestion below them, and nothing on screen changed.
    window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    window.resize(853, 480)
    fill_case_file(qtbot, binding)
    claims = _add_suggested_claims(qtbot, binding, "A", 1)
    click(qtbot, next(iter(claims.cards.values())).objective)
    click(qtbot, binding.panel.next_button)
    service = binding.service
    true_a = service.order.true_index("A")
    claim = service.rating.responses[true_a].claims[0]
    card = binding.panel.page(Step.FACT_CHECKS).sides["A"].cards[claim.id]
    area = binding.panel.scrolls[Step.FACT_CHECKS]
    area.verticalScrollBar().setValue(0)
    shot = service.item.responses[true_a].screenshots[0].path
    card._cite_suggested(ShownEvidence(ShownEvidenceKind.SCREENSHOT, shot))  # what E does
    row = card.findChild(QWidget, f"{card.objectName()}_shown0")
    assert row is not None

    def row_in_view() -> bool:
        top = row.mapTo(area.viewport(), row.rect().topLeft()).y()
        return 0 <= top and top + row.height() <= area.viewport().height()

    qtbot.waitUntil(row_in_view, timeout=2000)


def test_the_empty_rating_panel_says_one_text(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    # Before a binding: "The rating steps for this item appear here."; after closing the
    # batch: "Open an item to rate it." One empty panel, one text.
    from rater_desktop.gui.rating_binding import RatingBinding
    from rater_desktop.rating.store import MemoryRatingStore

    window = make_window()
    before = window.findChild(QLabel, "stepPanelPlaceholder").text()
    binding = RatingBinding(window, store=MemoryRatingStore(), rater_id="r1")
    binding.panel.refresh_all()
    assert binding.panel.title.text() == before
