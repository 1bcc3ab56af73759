"""Key-only driving of the rater window: every action is a QTest key click on the widget
that has the keyboard focus, the way a rater's hands work (Tab to move, keys to answer).
No mouse, no setter calls."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from rater_desktop.rating.model import Step

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
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


def tab_to(qtbot: Any, wanted: Callable[[QWidget], bool] | QWidget | Iterable[QWidget],
           limit: int = 400, back: bool = False) -> QWidget:
    """Press Tab (Shift+Tab) until the focused widget is the wanted one."""
    if isinstance(wanted, QWidget):
        target = wanted

        def test(widget: QWidget) -> bool:
            return widget is target
    elif callable(wanted):
        test = wanted
    else:
        members = list(wanted)

        def test(widget: QWidget) -> bool:
            return any(widget is m for m in members)
    for _ in range(limit):
        QApplication.processEvents()  # new rows show on the next turn of the event loop
        if test(focused()):
            return focused()
        key(qtbot, Qt.Key.Key_Tab, SHIFT if back else NONE)
    raise AssertionError(f"Tab never reached the wanted widget (at {focused().objectName()})")


def answer_modal(qtbot: Any, object_name: str, keys: Callable[[QWidget], None]) -> None:
    """When the modal dialog ``object_name`` is up, run ``keys`` in it (from a timer, as
    the dialog runs its own event loop)."""

    def attempt(tries: int = 0) -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None or dialog.objectName() != object_name:
            if tries < 400:
                QTimer.singleShot(25, lambda: attempt(tries + 1))
            elif dialog is not None:
                seen.append(dialog.objectName())
                dialog.reject()  # an unexpected dialog must fail the test, not hang it
            return
        seen.append(object_name)
        dialog.activateWindow()  # what a window manager does for a new dialog
        QApplication.processEvents()
        keys(dialog)

    seen: list[str] = []

    QTimer.singleShot(0, attempt)


def rate_case_file(qtbot: Any, binding: Any, plan: Plan) -> None:
    page = binding.panel.page(Step("case_file"))
    assert page.main_goal.hasFocus(), "opening an item puts the cursor in the main goal"
    type_text(qtbot, plan.goal)
    for text, kind in plan.subs:
        tab_to(qtbot, page.add_button)
        key(qtbot, Qt.Key.Key_Return)  # Enter presses the focused button
        qtbot.waitUntil(lambda: focused().objectName().startswith("subRequestText_")
                        and not focused().text(), timeout=2000)
        type_text(qtbot, text)
        here = focused()
        key(qtbot, Qt.Key.Key_Tab, SHIFT)  # the kind list is just before the text
        assert focused().objectName().startswith("subRequestKind_"), (
            here.objectName(), here.previousInFocusChain().objectName(), focused().objectName())
        qtbot.keyClicks(focused(), kind)
    tab_to(qtbot, page.checklist)
    type_text(qtbot, "\n".join(plan.checklist))
    key(qtbot, Qt.Key.Key_Return, CTRL)


def rate_task_completion(qtbot: Any, binding: Any, plan: Plan) -> None:
    page = binding.panel.page(Step("task_completion"))
    for label, side in page.sides.items():
        answers = plan.sides[label]
        tab_to(qtbot, (side.main_goal.yes, side.main_goal.no))
        key(qtbot, Qt.Key.Key_Y if answers.main_goal else Qt.Key.Key_N)
        for row, met in zip(side.sub_rows.values(), answers.subs, strict=True):
            tab_to(qtbot, (row.yes, row.no))
            key(qtbot, Qt.Key.Key_Y if met else Qt.Key.Key_N)
        tab_to(qtbot, side.scale.buttons.values())
        key(qtbot, Qt.Key(Qt.Key.Key_0.value + answers.tc))
        tab_to(qtbot, side.justification)
        type_text(qtbot, TC_TEXT)
    key(qtbot, Qt.Key.Key_Return, CTRL)


def rate_claims(qtbot: Any, window: Any, binding: Any, plan: Plan) -> None:
    page = binding.panel.page(Step("claims"))
    for label in page.sides:
        key(qtbot, Qt.Key.Key_F, CTRL)
        qtbot.keyClicks(focused(), plan.sides[label].claim)
        key(qtbot, Qt.Key.Key_M, CTRL)  # the found text becomes a claim
        key(qtbot, Qt.Key.Key_Escape)
        cards = list(page.sides[label].cards.values())
        assert [c.quote.text().split(". ", 1)[1] for c in cards] == [plan.sides[label].claim]
        tab_to(qtbot, (cards[0].objective, cards[0].subjective))
        key(qtbot, Qt.Key.Key_O)
    key(qtbot, Qt.Key.Key_Return, CTRL)


def rate_fact_checks(qtbot: Any, binding: Any, plan: Plan) -> None:
    page = binding.panel.page(Step("fact_checks"))
    for label, side in page.sides.items():
        answers = plan.sides[label]
        card = next(iter(side.cards.values()))
        tab_to(qtbot, card.rating_buttons.values())
        key(qtbot, Qt.Key.Key_A if answers.accurate else Qt.Key.Key_I)
        tab_to(qtbot, card.sources)
        type_text(qtbot, "\n".join(plan.sources))
        key(qtbot, Qt.Key.Key_Tab)  # a text field hands Tab on (past the evidence picker)
        tab_to(qtbot, card.justification, limit=4)
        type_text(qtbot, FACT_TEXT)
        tab_to(qtbot, side.scale.buttons.values())
        key(qtbot, Qt.Key(Qt.Key.Key_0.value + answers.fa))
        tab_to(qtbot, side.justification)
        type_text(qtbot, FA_TEXT)
    key(qtbot, Qt.Key.Key_Return, CTRL)


def rate_performance(qtbot: Any, binding: Any, plan: Plan) -> None:
    page = binding.panel.page(Step("ai_performance"))
    for label, side in page.sides.items():
        tab_to(qtbot, side.scale.buttons.values())
        key(qtbot, Qt.Key(Qt.Key.Key_0.value + plan.sides[label].aip))
        tab_to(qtbot, side.justification)
        type_text(qtbot, AIP_TEXT)
        if side.run_report_box.isVisibleTo(page):
            tab_to(qtbot, (side.run_report_match.yes, side.run_report_match.no))
            key(qtbot, Qt.Key.Key_Y)
    key(qtbot, Qt.Key.Key_Return, CTRL)


def rate_verdict(qtbot: Any, binding: Any, plan: Plan) -> None:
    page = binding.panel.page(Step("verdict"))
    assert page.isAncestorOf(focused()), "moving to a step focuses its first field"
    key(qtbot, Qt.Key(Qt.Key.Key_0.value + plan.verdict))
    tab_to(qtbot, page.justification)
    type_text(qtbot, VERDICT_TEXT)
    key(qtbot, Qt.Key.Key_Return, CTRL)
