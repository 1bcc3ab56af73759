"""Step 2, task completion: per response, the case file as a Yes/No checklist and TC 1-5."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QVBoxLayout, QWidget

from rater_desktop.gui.steps.case_file import KIND_LABELS
from rater_desktop.gui.steps.common import (
    TC_LABELS,
    ScoreScale,
    TextField,
    YesNo,
    card,
    side_title,
    title_label,
)
from rater_desktop.gui.steps.page import StepContext, StepPage
from rater_desktop.rating.model import ItemRating, Step, SubRequest
from rater_desktop.rating.service import RatingService


def sub_request_question(number: int, sub: SubRequest) -> str:
    kind = KIND_LABELS.get(sub.kind, "") if sub.kind is not None else ""
    text = sub.text.strip() or "(no text)"
    return f"{number}. {kind + ': ' if kind else ''}{text}"


class TaskCompletionSide(QWidget):
    """One response's checklist answers, TC score and justification."""

    def __init__(self, page: TaskCompletionStep, label: str) -> None:
        super().__init__()
        self.page = page
        self.label = label
        self.true_index = 0 if label == "A" else 1
        frame, column = card(f"tcCard{label}")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(frame)
        column.addWidget(side_title(label))
        self.main_goal = YesNo(f"tcMainGoal{label}", "Main goal met?", self._main_goal)
        column.addWidget(self.main_goal)
        self.subs_host = QWidget()
        self.subs = QVBoxLayout(self.subs_host)
        self.subs.setContentsMargins(0, 0, 0, 0)
        self.subs.setSpacing(3)
        column.addWidget(self.subs_host)
        self.sub_rows: dict[str, YesNo] = {}
        column.addWidget(title_label("Task Completion", role="stepField"))
        self.scale = ScoreScale(f"tcScale{label}", f"Response {label} Task Completion",
                                TC_LABELS, self._score)
        column.addWidget(self.scale)
        self.justification = TextField(
            f"tcJustification{label}", f"Response {label} Task Completion justification",
            placeholder="How you reached this score (which sub-requests failed, and why)",
            on_edit=self._justify)
        column.addWidget(self.justification)
        self.rules = page.badges(f"tcRules{label}", lambda r: r.side == self.true_index)
        column.addWidget(self.rules)

    def refresh(self, rating: ItemRating, true_index: int) -> None:
        self.true_index = true_index
        side = rating.responses[true_index]
        goal = _first_words(rating.case_file.main_goal)
        self.main_goal.set_question(f"Main goal met? ({goal})" if goal else "Main goal met?")
        self.main_goal.show_value(side.main_goal_met)
        subs = rating.case_file.sub_requests
        if [s.id for s in subs] != list(self.sub_rows):
            self._rebuild(subs)
        for number, sub in enumerate(subs, start=1):
            row = self.sub_rows[sub.id]
            row.set_question(sub_request_question(number, sub))
            row.show_value(side.sub_request_met.get(sub.id))
        self.scale.show_value(side.tc)
        self.justification.show_text(side.tc_justification)

    def _rebuild(self, subs: list[SubRequest]) -> None:
        for row in self.sub_rows.values():
            self.subs.removeWidget(row)
            row.hide()
            row.deleteLater()
        self.sub_rows = {}
        for sub in subs:
            row = YesNo(f"tcSubRequest{self.label}_{sub.id}", sub.text, self._answer(sub.id))
            self.subs.addWidget(row)
            self.sub_rows[sub.id] = row

    def _answer(self, sub_id: str) -> Callable[[bool], None]:
        return lambda value: self._sub(sub_id, value)

    def _main_goal(self, value: bool) -> None:
        if self.page.service is not None:
            self.page.service.set_main_goal_met(self.true_index, value)

    def _sub(self, sub_id: str, value: bool) -> None:
        if self.page.service is not None:
            self.page.service.set_sub_request_met(self.true_index, sub_id, value)

    def _score(self, value: int) -> None:
        if self.page.service is not None:
            self.page.service.set_tc(self.true_index, value)

    def _justify(self, text: str) -> None:
        if self.page.service is not None:
            self.page.service.set_tc_justification(self.true_index, text)


class TaskCompletionStep(StepPage):
    """Both responses, in display order (A first)."""

    step = Step.TASK_COMPLETION
    hint = ("Use your case file as the checklist. Links or screenshots only count against "
            "a response when the prompt asked for them.")

    def __init__(self, ctx: StepContext) -> None:
        super().__init__(ctx)
        self.sides = self.add_sides(TaskCompletionSide)
        self.finish()

    def refresh_fields(self, service: RatingService, rating: ItemRating) -> None:
        for label, true_index in self.ctx.display_sides():
            self.sides[label].refresh(rating, true_index)


GOAL_SHOWN = 160  # characters of the main goal repeated in the question


def _first_words(goal: str) -> str:
    """The goal's first line, shortened: a 20,000-character goal in a label would be laid
    out again on every keystroke of the page."""
    line = goal.strip().split("\n", 1)[0].strip()
    return line if len(line) <= GOAL_SHOWN else line[: GOAL_SHOWN - 1].rstrip() + "\u2026"

