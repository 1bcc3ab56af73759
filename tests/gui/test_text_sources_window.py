"""Where text came from, through the real text boxes (issue 24): typing, Ctrl+V, the
the paste slot (the context menu's) and the app's builders are told apart; a long paste into a
justification shows the one-line no-AI reminder under the box, non-modal."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel
from steps_kit import click, fill_case_file, open_rated_window
from test_preference_panel import _bind, _preference_batch

from rater_desktop.rating.model import Step
from rater_desktop.text_sources import PASTE_REMINDER, PASTE_REMINDER_WORDS

LONG = " ".join(["word"] * (PASTE_REMINDER_WORDS + 5))


def _clipboard(text: str) -> None:
    # setText, not setMimeData(QMimeData()): a Python-made QMimeData handed to the
    # clipboard is freed twice when the application ends (the test run crashed at exit).
    QApplication.clipboard().setText(text)


def test_typed_pasted_and_built_text_counted_apart_with_the_reminder(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    _window, binding, store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    fill_case_file(qtbot, binding)
    service = binding.service
    goal = service.rating.text_sources["case_file.main_goal"]
    assert goal.typed == len("Find a red umbrella under $20") and goal.pasted == 0
    sub = next(iter(service.rating.case_file.sub_requests))
    assert service.rating.text_sources[f"case_file.sub_requests.{sub.id}"].typed == 9
    for step in list(Step)[1:6]:
        service.set_step(step)
    page = binding.panel.page(Step.VERDICT)
    click(qtbot, page.build)  # the verdict builder: the app's template
    built = len(page.justification.toPlainText())
    page.justification.setFocus()
    page.justification.moveCursor(page.justification.textCursor().MoveOperation.End)
    qtbot.keyClicks(page.justification, " mine")
    reminder = page.findChild(QLabel, "pasteReminder")
    assert reminder is None or not reminder.isVisible()
    _clipboard(LONG)
    qtbot.keyClick(page.justification, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    counts = service.rating.text_sources["verdict_justification"]
    assert (counts.template, counts.typed, counts.pasted) == (built, 5, len(LONG))
    assert counts.largest_paste_words == PASTE_REMINDER_WORDS + 5
    reminder = page.findChild(QLabel, "pasteReminder")
    assert reminder is not None and reminder.isVisible()
    assert reminder.text() == PASTE_REMINDER and QApplication.activeModalWidget() is None
    qtbot.keyClicks(page.justification, "x")  # the rater writes on: the reminder goes
    assert not reminder.isVisible()
    service.flush()
    saved = store.load_item(service.batch_key, service.rating.item_id)
    assert saved is not None and saved["text_sources"]["verdict_justification"]["pasted"] == \
        len(LONG)


def test_a_short_paste_into_the_explanation_counts_without_a_reminder(
        make_window: Callable[..., Any], tmp_path: Path, qtbot: Any) -> None:
    window, _, preference = _bind(make_window)
    window.show()
    window.open_batch_path(str(_preference_batch(tmp_path / "p")))
    panel = preference.panel
    panel.buttons["B"].click()
    box = panel.explanation
    box.setFocus()
    qtbot.keyClicks(box, "Two")
    _clipboard(" is right")

    box.paste()  # the slot the context menu's Paste calls
    assert box.toPlainText() == "Two is right"
    assert preference.service is not None
    counts = preference.service.rating.text_sources["explanation"]
    assert (counts.typed, counts.pasted, counts.pastes) == (3, len(" is right"), 1)
    reminder = panel.findChild(QLabel, "pasteReminder")
    assert reminder is None or not reminder.isVisible()
    _clipboard(LONG)  # a long paste into the explanation (PR-2's justification)
    box.paste()
    reminder = panel.findChild(QLabel, "pasteReminder")
    assert reminder is not None and reminder.isVisible()



def test_a_box_without_a_setter_never_lends_its_edit_to_another_field(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    _window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    fill_case_file(qtbot, binding)
    service = binding.service
    for step in list(Step)[1:]:
        service.set_step(step)
    page = binding.panel.page(Step.ROADBLOCKS_FEEDBACK)
    side = page.sides["B"]
    qtbot.keyClicks(side.text, "blank")  # read when added: no setter per key
    click(qtbot, side.add)
    service.set_verdict_justification("set by the window, not typed")
    qtbot.keyClicks(page.notes, "ok")
    assert set(service.rating.text_sources) == {"case_file.main_goal",
                                                 *(f"case_file.sub_requests.{s.id}" for s in
                                                   service.rating.case_file.sub_requests),
                                                 "notes"}
    assert service.rating.text_sources["notes"].typed == 2


def test_the_qa_window_rater_table_shows_the_flags(
        qtbot: Any, tmp_path: Path, memory_keyring: Any, temp_settings: Any,
        monkeypatch: Any) -> None:
    import importlib

    from qa_window_kit import make_qa_window, result_files, wait_idle

    from rater_desktop.gui.qa.dashboard_tables import RATER_COLUMNS
    from rater_desktop.text_sources import FieldSources

    support = importlib.import_module("test_qa_review_support")  # tests/core, by the kit
    plain = support.rating_for

    def rating_for(rater: str, item_id: str) -> Any:
        rating = plain(rater, item_id)
        if rater == "bob":  # half of bob's verdict justifications came from the clipboard
            rating.text_sources = {"verdict_justification": FieldSources(typed=50, pasted=50)}
        return rating

    monkeypatch.setattr(support, "rating_for", rating_for)
    setup = support.build_setup(tmp_path, memory_keyring)
    window = make_qa_window(qtbot, setup, settings=temp_settings, keyring=memory_keyring,
                            errors=[])
    window.import_paths(result_files(setup, "alice", "bob", "carol"))
    wait_idle(qtbot, window, figures=True)
    table = window.view.dashboard.raters_table
    rows = {table.item(r, 0).text(): r for r in range(table.rowCount())}
    pasted = RATER_COLUMNS.index("Pasted into justifications")
    fast = RATER_COLUMNS.index("Faster than the minimum")
    assert table.item(rows["bob"], pasted).text().startswith("50% pasted")
    assert table.item(rows["alice"], pasted).text() == "no text counts"
    assert table.item(rows["carol"], fast).text().endswith("under 120 s")
    assert table.item(rows["carol"], RATER_COLUMNS.index("Coaching")).text() != ""
    assert "not a verdict" in table.horizontalHeaderItem(pasted).toolTip()
