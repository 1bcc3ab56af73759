"""Screenshots and trajectory steps as fact-check evidence: the picker on the fact-check
card, the context menu on thumbnails, steps and the viewer, and "Copy URL"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from batchkit import item, response
from PySide6.QtCore import QPoint
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QApplication, QMenu
from steps_kit import TEXT_A, TEXT_B, click, fill_case_file, open_rated_window

from rater_desktop.rating.model import ShownEvidence, ShownEvidenceKind, Step, SubRequestKind
from rater_desktop.response_frames import Frame

STEP_URL = "https://shop.example/crimson-mini?ref=cart"


def _items() -> list[dict[str, Any]]:
    trajectory = [
        {"action": "navigate", "url": "https://shop.example/"},
        {"action": "click", "target": "Add to cart", "url": STEP_URL, "screenshot": "screens/b1.png"},
    ]
    return [item("item-1", responses=[
        response("model-alpha", TEXT_A, ["screens/a1.png"]),
        response("model-beta", TEXT_B, ["screens/b1.png"], trajectory=trajectory),
    ])]


def _at_fact_checks(qtbot: Any, make_window: Any, tmp_path: Path) -> tuple[Any, Any, Any]:
    """A window with one objective claim of response B, on the Fact checks step."""
    window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot, items=_items())
    fill_case_file(qtbot, binding)
    service = binding.service
    service.set_step(Step.TASK_COMPLETION)
    service.set_step(Step.CLAIMS)
    claims = binding.panel.page(Step.CLAIMS).sides["B"]
    click(qtbot, claims.suggestions_host.itemAt(0).widget().add)
    click(qtbot, next(iter(claims.cards.values())).objective)
    click(qtbot, binding.panel.next_button)
    card = next(iter(binding.panel.page(Step.FACT_CHECKS).sides["B"].cards.values()))
    return window, binding, card


def _claim(binding: Any) -> Any:
    service = binding.service
    return service.rating.responses[service.order.true_index("B")].claims[0]


def test_picker_lists_the_responses_screenshots_and_steps_and_cites_one(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    _window, binding, card = _at_fact_checks(qtbot, make_window, tmp_path)
    qtbot.waitUntil(card.shown.pick.isVisible, timeout=2000)
    assert card.shown.pick.isEnabled()
    card.shown.fill_menu()
    labels = [a.text() for a in card.shown.menu.actions()]
    assert labels == ["Screenshot 1: Screenshot screens/b1.png", "Step 1: navigate",
                      "Step 2: click \u2192 Add to cart"]
    card.shown.menu.actions()[0].trigger()
    assert _claim(binding).shown_evidence == [
        ShownEvidence(ShownEvidenceKind.SCREENSHOT, "screens/b1.png")]
    row_label = card.findChild(object, f"{card.objectName()}_shownLabel0")
    assert row_label is not None and row_label.text() == "Screenshot 1: Screenshot screens/b1.png"
    thumb = card.findChild(object, f"{card.objectName()}_shownThumb0")
    qtbot.waitUntil(lambda: not thumb.pixmap().isNull(), timeout=3000)  # decoded off-thread
    card.shown.fill_menu()  # a cited one is shown as such and cannot be cited twice
    first = card.shown.menu.actions()[0]
    assert first.text().endswith("(cited)") and not first.isEnabled()
    card.shown.menu.actions()[2].trigger()
    assert [e.kind for e in _claim(binding).shown_evidence] == [
        ShownEvidenceKind.SCREENSHOT, ShownEvidenceKind.STEP]
    assert _claim(binding).shown_evidence[1].step == 1
    remove = card.findChild(object, f"{card.objectName()}_shownRemove0")
    click(qtbot, remove)
    assert [e.kind for e in _claim(binding).shown_evidence] == [ShownEvidenceKind.STEP]
    binding.service.undo()
    assert len(_claim(binding).shown_evidence) == 2


def test_context_menu_cites_for_the_current_claim_and_says_so(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    window, binding, card = _at_fact_checks(qtbot, make_window, tmp_path)
    service = binding.service
    true_b = service.order.true_index("B")
    pane_b = window.item_view.pane_for_true_index(true_b)
    shown_menus: list[QMenu] = []
    binding.evidence.popup = lambda menu, _pos: shown_menus.append(menu)
    click(qtbot, card.rating_buttons[next(iter(card.rating_buttons))])  # the card is current
    thumb = pane_b.strip.thumbnails[0]
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, QPoint(5, 5), thumb.mapToGlobal(QPoint(5, 5)))
    QApplication.sendEvent(thumb, event)
    assert shown_menus, "right-click on a thumbnail opens the evidence menu"
    cite = binding.evidence.action("citeAsEvidence")
    assert cite is not None and cite.isEnabled()
    cite.trigger()
    assert _claim(binding).shown_evidence == [
        ShownEvidence(ShownEvidenceKind.SCREENSHOT, "screens/b1.png")]
    said = binding.panel.message.text()
    assert said.startswith("Cited Screenshot 1") and "(Response B)" in said
    assert window.statusBar().currentMessage() == said
    assert card.frame.property("current") is True


def test_cite_is_disabled_with_a_reason_off_the_fact_check_step_and_across_responses(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    window, binding, card = _at_fact_checks(qtbot, make_window, tmp_path)
    service = binding.service
    true_a, true_b = service.order.true_index("A"), service.order.true_index("B")
    frame_b = window.item_view.pane_for_true_index(true_b).frames[0]
    frame_a = window.item_view.pane_for_true_index(true_a).frames[0]
    menu = binding.evidence.build_menu(true_a, frame_a)
    cite = next(a for a in menu.actions() if a.objectName() == "citeAsEvidence")
    assert not cite.isEnabled() and "other response" in cite.toolTip()
    service.set_step(Step.CLAIMS)
    menu = binding.evidence.build_menu(true_b, frame_b)
    reason = next(a for a in menu.actions() if a.objectName() == "citeAsEvidenceReason")
    assert "Fact checks step" in reason.text()
    binding.evidence.cite(true_b, frame_b)  # a stale menu click does nothing but explain
    assert _claim(binding).shown_evidence == []
    assert "Fact checks step" in binding.panel.message.text()


def test_copy_url_of_a_trajectory_step_from_its_row_and_the_viewer(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    window, binding, _card = _at_fact_checks(qtbot, make_window, tmp_path)
    true_b = binding.service.order.true_index("B")
    pane_b = window.item_view.pane_for_true_index(true_b)
    binding.evidence.popup = lambda _menu, _pos: None
    row = pane_b.timeline.rows[1]
    QApplication.sendEvent(row, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, QPoint(2, 2),
                                                  row.mapToGlobal(QPoint(2, 2))))
    copy = binding.evidence.action("copyStepUrl")
    assert copy is not None and copy.isEnabled()
    copy.trigger()
    assert QApplication.clipboard().text() == STEP_URL
    assert "Copied the URL of step 2" in binding.panel.message.text()
    no_url = Frame(path=None, caption="Step 9", step_index=8, step=None)
    assert not [a for a in binding.evidence.build_menu(true_b, no_url).actions()
                if a.objectName() == "copyStepUrl"]
    viewer = window.open_viewer(true_b, len(pane_b.frames) - 1, "B")
    viewer.canvas.customContextMenuRequested.emit(QPoint(10, 10))
    cite = binding.evidence.action("citeAsEvidence")
    assert cite is not None and cite.isEnabled()  # the only objective claim is current
    cite.trigger()
    assert _claim(binding).shown_evidence == [
        ShownEvidence(ShownEvidenceKind.STEP, "screens/b1.png", 1)]
    assert binding.evidence.action("copyStepUrl") is not None
    viewer.close()



def test_the_current_claim_does_not_carry_over_to_another_item(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    items = _items() + [item("item-2", responses=[
        response("model-alpha", TEXT_A, ["screens/a1.png"]),
        response("model-beta", TEXT_B, ["screens/b1.png"]),
    ])]
    window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot, items=items)
    service = binding.service
    page = binding.panel.page(Step.FACT_CHECKS)
    for item_id in ("item-1", "item-2"):  # the same claim ids on both items
        assert window.item_list.select_item(item_id)
        assert service.current_item_id == item_id
        service.set_main_goal("Find a red umbrella under $20")
        service.add_sub_request(SubRequestKind.LOCATION, "Under $20")
        for step in (Step.TASK_COMPLETION, Step.CLAIMS):
            assert not service.set_step(step).refused
        for true_index, text in ((0, "I added the Red Classic to your cart."),
                                 (1, "The Crimson Mini costs $15.00.")):
            service.add_claim_from_selection(true_index, text)
            claim_id = service.rating.responses[true_index].claims[-1].id
            service.set_claim_objective(true_index, claim_id, True)
        assert not service.set_step(Step.FACT_CHECKS).refused
    assert window.item_list.select_item("item-1")
    card = next(iter(page.sides["A"].cards.values()))
    page.make_current(card)
    assert page.current_claim() is not None
    assert window.item_list.select_item("item-2")
    assert [c.claim_id for c in page.sides["A"].cards.values()] == [card.claim_id]
    assert page.current_claim() is None  # two objective claims and none picked here yet
    frame = window.item_view.pane_for_true_index(0).frames[0]
    assert "Pick a claim" in binding.evidence.decision(0, frame).reason
