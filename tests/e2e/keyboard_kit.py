"""Key-only driving of the rater window: every action is a QTest key click on the widget
that has the keyboard focus, the way a rater's hands work. No mouse, no setter calls.

The rater moves with the app's own keys, never with Tab loops through widgets outside the
answer: Ctrl+Shift+R puts the cursor on the current step's next question (its first field
still to do), Ctrl+Enter or Alt+Down goes to the next step, Alt+Up to the previous one.
Tab is used only inside a row (main goal to "+ Add sub-request", a sub-request's text to
its kind list and back) and every Tab and Ctrl+Shift+R must land exactly where the kit
wants it (``expect_focus``), so a changed tab order fails here, not in the robot's blind
replay of the recorded keys (tests/robot/record_key_scripts.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import shiboken6
from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from rater_desktop.rating.model import Step

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
ALT = Qt.KeyboardModifier.AltModifier
NONE = Qt.KeyboardModifier.NoModifier


@dataclass
class Side:
    """What the rater answers for one displayed response."""

    main_goal: bool
    subs: list[bool]
    tc: int
    claim: str  # a phrase only this response contains: found with Ctrl+F, added with Ctrl+M
    accurate: bool
    fa: int
    aip: int


@dataclass
class Plan:
    """One item rated by keys; texts long enough for rules v1 and v2."""

    goal: str
    subs: list[tuple[str, str]]  # (text, first letter of its kind in the kind list)
    checklist: list[str]
    sides: dict[str, Side]
    verdict: int  # 1 (A much better) .. 7 (B much better)
    sources: list[str] = field(default_factory=list)


TC_TEXT = ("I checked the main goal and every sub-request against what the response says "
           "and shows, one by one, and the score follows from those answers.")
FACT_TEXT = ("The two cited pages state the same fact directly, so the claim can be judged "
             "from them without guessing.")
FA_TEXT = "The checked claim decides the accuracy score; the other statements are opinions."
AIP_TEXT = ("Navigation went straight to the right site and pages without detours. "
            "Interaction was precise: each search, click and form field hit the intended "
            "control on the first try. Efficiency was good, with no wasted or repeated steps "
            "along the way. Output quality is clean and readable, with the answer first and "
            "the details and links listed below it for the user.")
VERDICT_TEXT = ("The deciding difference is correctness: the better response meets the main "
                "goal and the stated constraints with facts that check out, while the other "
                "one misses a constraint or states a wrong fact, so its task completion and "
                "accuracy scores are clearly lower.")


def focused() -> QWidget:
    """The widget keys go to: the focus widget, else the active (dialog) window itself."""
    modal = QApplication.activeModalWidget()
    widget = QApplication.focusWidget()
    if modal is not None and (widget is None or not modal.isAncestorOf(widget)):
        widget = modal.focusWidget() or modal
    widget = widget or QApplication.activeWindow()
    assert widget is not None, "nothing has the keyboard focus"
    return widget


def key(qtbot: Any, which: Qt.Key, mods: Any = NONE, times: int = 1) -> None:
    for _ in range(times):
        QApplication.processEvents()  # as between a person's key presses
        qtbot.keyClick(focused(), which, mods)


def type_text(qtbot: Any, text: str) -> None:
    """Type into the focused widget; a line break is the Enter key."""
    for number, line in enumerate(text.split("\n")):
        if number:
            key(qtbot, Qt.Key.Key_Return)
        if line:
            qtbot.keyClicks(focused(), line)


Wanted = QWidget | Iterable[QWidget]


def expect_focus(wanted: Wanted, after: str) -> QWidget:
    """The focused widget, which must be ``wanted`` (or one of them) after ``after``."""
    QApplication.processEvents()  # a row added by the key shows on the next turn
    members = [wanted] if isinstance(wanted, QWidget) else list(wanted)
    widget = focused()
    where = widget.objectName() or type(widget).__name__
    assert any(widget is m for m in members), (
        f"{after} put the cursor on {where}, not on {[m.objectName() for m in members]}")
    return widget


def next_to_do(qtbot: Any, wanted: Wanted) -> QWidget:
    """Ctrl+Shift+R: the cursor goes to the step's first field still to do: ``wanted``."""
    key(qtbot, Qt.Key.Key_R, CTRL | SHIFT)
    return expect_focus(wanted, "Ctrl+Shift+R")


def tab(qtbot: Any, wanted: Wanted, back: bool = False) -> QWidget:
    """One Tab (Shift+Tab) that must land on ``wanted``."""
    key(qtbot, Qt.Key.Key_Tab, SHIFT if back else NONE)
    return expect_focus(wanted, "Shift+Tab" if back else "Tab")


def next_step(qtbot: Any, binding: Any, alt_down: bool = False) -> None:
    """Ctrl+Enter (or Alt+Down): the next step, the cursor on its first field to do."""
    before = binding.service.rating.current_step
    key(qtbot, Qt.Key.Key_Down, ALT) if alt_down else key(qtbot, Qt.Key.Key_Return, CTRL)
    now = binding.service.rating.current_step
    assert now is not before, f"{'Alt+Down' if alt_down else 'Ctrl+Enter'} stayed on {now}"


def previous_step(qtbot: Any, binding: Any) -> None:
    """Alt+Up: the previous step."""
    before = binding.service.rating.current_step
    key(qtbot, Qt.Key.Key_Up, ALT)
    assert binding.service.rating.current_step is not before, "Alt+Up stayed on the step"


def score(qtbot: Any, value: int) -> None:
    key(qtbot, Qt.Key(Qt.Key.Key_0.value + value))


def yes_no(row: Any) -> tuple[QWidget, QWidget]:
    return (row.yes, row.no)


def answer_modal(qtbot: Any, object_name: str,
                 keys: Callable[[QWidget], None]) -> Callable[[], None]:
    """When the modal dialog ``object_name`` is up, run ``keys`` in it (from a timer, as
    the dialog runs its own event loop). Returns ``stop``: a dialog that may not come (no
    warnings to ask about) must not leave the polling running after the test."""
    holder = QObject()  # the polling timers' context: deleting it cancels them

    def attempt(tries: int = 0) -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None or dialog.objectName() != object_name:
            if tries < 400:
                QTimer.singleShot(25, holder, lambda: attempt(tries + 1))
            elif dialog is not None:
                seen.append(dialog.objectName())
                dialog.reject()  # an unexpected dialog must fail the test, not hang it
            return
        seen.append(object_name)
        dialog.activateWindow()  # what a window manager does for a new dialog
        QApplication.processEvents()
        keys(dialog)

    seen: list[str] = []

    QTimer.singleShot(0, holder, attempt)

    def stop() -> None:
        if shiboken6.isValid(holder):
            shiboken6.delete(holder)

    return stop


def rate_case_file(qtbot: Any, binding: Any, plan: Plan) -> None:
    page = binding.panel.page(Step("case_file"))
    expect_focus(page.main_goal, "opening an item")
    type_text(qtbot, plan.goal)
    tab(qtbot, page.add_button)
    for number, (text, kind) in enumerate(plan.subs):
        if number:  # from the kind list: its text, its remove button, "+ Add sub-request"
            row = page.sub_rows[list(page.sub_rows)[-1]]
            tab(qtbot, row.text)
            tab(qtbot, row.remove)
            tab(qtbot, page.add_button)
        key(qtbot, Qt.Key.Key_Return)  # Enter presses the focused button
        row = page.sub_rows[list(page.sub_rows)[-1]]
        expect_focus(row.text, "Enter on + Add sub-request")
        type_text(qtbot, text)
        tab(qtbot, row.kind, back=True)  # the kind list is just before the text
        qtbot.keyClicks(focused(), kind)
    next_to_do(qtbot, page.checklist)
    type_text(qtbot, "\n".join(plan.checklist))
    next_step(qtbot, binding)


def rate_task_completion(qtbot: Any, binding: Any, plan: Plan) -> None:
    page = binding.panel.page(Step("task_completion"))
    first = True
    for label, side in page.sides.items():
        answers = plan.sides[label]
        if first:
            expect_focus(yes_no(side.main_goal), "reaching the step")
            first = False
        else:
            next_to_do(qtbot, yes_no(side.main_goal))
        key(qtbot, Qt.Key.Key_Y if answers.main_goal else Qt.Key.Key_N)
        for row, met in zip(side.sub_rows.values(), answers.subs, strict=True):
            next_to_do(qtbot, yes_no(row))
            key(qtbot, Qt.Key.Key_Y if met else Qt.Key.Key_N)
        next_to_do(qtbot, side.scale.buttons.values())
        score(qtbot, answers.tc)
        next_to_do(qtbot, side.justification)
        type_text(qtbot, TC_TEXT)
    next_step(qtbot, binding, alt_down=True)


def rate_claims(qtbot: Any, window: Any, binding: Any, plan: Plan) -> None:
    """Ctrl+F finds the phrase, Ctrl+M adds it as a claim and its card takes the cursor,
    O marks it objective; the find bar stays open for the other response's phrase."""
    page = binding.panel.page(Step("claims"))
    for label in page.sides:
        key(qtbot, Qt.Key.Key_F, CTRL)
        qtbot.keyClicks(focused(), plan.sides[label].claim)
        key(qtbot, Qt.Key.Key_M, CTRL)  # the found text becomes a claim
        cards = list(page.sides[label].cards.values())
        assert [c.quote.text().split(". ", 1)[1] for c in cards] == [plan.sides[label].claim]
        expect_focus((cards[0].objective, cards[0].subjective), "Ctrl+M")
        key(qtbot, Qt.Key.Key_O)
    next_step(qtbot, binding)


def rate_fact_checks(qtbot: Any, binding: Any, plan: Plan) -> None:
    page = binding.panel.page(Step("fact_checks"))
    first = True
    for label, side in page.sides.items():
        answers = plan.sides[label]
        card = next(iter(side.cards.values()))
        if first:
            expect_focus(card.rating_buttons.values(), "reaching the step")
            first = False
        else:
            next_to_do(qtbot, card.rating_buttons.values())
        key(qtbot, Qt.Key.Key_A if answers.accurate else Qt.Key.Key_I)
        next_to_do(qtbot, card.sources)
        type_text(qtbot, "\n".join(plan.sources))
        next_to_do(qtbot, card.justification)
        type_text(qtbot, FACT_TEXT)
        next_to_do(qtbot, side.scale.buttons.values())
        score(qtbot, answers.fa)
        next_to_do(qtbot, side.justification)
        type_text(qtbot, FA_TEXT)
    next_step(qtbot, binding)


def rate_performance(qtbot: Any, binding: Any, plan: Plan) -> None:
    page = binding.panel.page(Step("ai_performance"))
    first = True
    for label, side in page.sides.items():
        if first:
            expect_focus(side.scale.buttons.values(), "reaching the step")
            first = False
        else:
            next_to_do(qtbot, side.scale.buttons.values())
        score(qtbot, plan.sides[label].aip)
        next_to_do(qtbot, side.justification)
        type_text(qtbot, AIP_TEXT)
        if side.run_report_box.isVisibleTo(page):
            next_to_do(qtbot, yes_no(side.run_report_match))
            key(qtbot, Qt.Key.Key_Y)
    next_step(qtbot, binding)


def rate_verdict(qtbot: Any, binding: Any, plan: Plan) -> None:
    """A look back first (Alt+Up, Alt+Down: the verdict's question has the cursor again),
    then the verdict's number and its justification."""
    page = binding.panel.page(Step("verdict"))
    expect_focus(page.buttons.values(), "reaching the step")
    previous_step(qtbot, binding)
    next_step(qtbot, binding, alt_down=True)
    expect_focus(page.buttons.values(), "Alt+Down back to the verdict")
    score(qtbot, plan.verdict)
    next_to_do(qtbot, page.justification)
    type_text(qtbot, VERDICT_TEXT)
