"""Step 5, AI performance: AIP 1-5 per response, a justification covering four dimensions,
and the trajectory steps marked in the screenshot viewer."""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QLabel, QVBoxLayout, QWidget

from rater_desktop.gui.steps.common import (
    AIP_LABELS,
    LineField,
    ScoreScale,
    TextField,
    WordCounter,
    YesNo,
    card,
    set_look,
    side_title,
    title_label,
)
from rater_desktop.gui.steps.page import StepContext, StepPage
from rater_desktop.rating.helpers import DIMENSIONS, dimensions_shown, own_words_shown
from rater_desktop.rating.model import ItemRating, ResponseRating, Step, StepMarkKind
from rater_desktop.rating.service import RatingService

RUN_REPORT_QUESTION = "Does the agent's run report match what the trajectory shows?"
MISMATCH_QUESTION = "Which checkpoint or outcome is wrong?"

DIMENSION_TITLES = {
    "navigation": "Navigation",
    "interaction": "Interaction",
    "efficiency": "Efficiency",
    "output_quality": "Output quality",
}


def step_marks_text(side: ResponseRating, *, has_steps: bool) -> str:
    """What the rater marked on the trajectory; nothing for a response without steps
    (the hint to open one would point at nothing)."""
    counts = Counter(m.mark for m in side.step_marks.values())
    if not counts and not has_steps:
        return ""
    if not counts:
        return ("No steps marked yet. Open a trajectory step (click it in the response) "
                "and mark it correct, unnecessary or wrong.")
    parts = [f"{counts[k]} {k.value}" for k in StepMarkKind if counts[k]]
    return "Steps marked: " + ", ".join(parts) + "."


class PerformanceSide(QWidget):
    """AIP score, justification and its coverage for one response."""

    def __init__(self, page: PerformanceStep, label: str) -> None:
        super().__init__()
        self.page = page
        self.label = label
        self.true_index = 0
        frame, column = card(f"aipCard{label}")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(frame)
        column.addWidget(side_title(label))
        self.scale = ScoreScale(f"aipScale{label}", f"Response {label} AI Performance",
                                AIP_LABELS, self._score)
        column.addWidget(self.scale)
        column.addWidget(title_label("Justification", role="stepField"))
        self.justification = TextField(
            f"aipJustification{label}", f"Response {label} AI Performance justification",
            placeholder="Navigation, interaction, efficiency and output quality, with examples "
            "from the trajectory", on_edit=self._justify, lines=5)
        column.addWidget(self.justification)
        self.words = WordCounter(f"aipWords{label}", f"Response {label} justification words")
        column.addWidget(self.words)
        grid = QGridLayout()  # two by two: fits the narrow panel
        grid.setHorizontalSpacing(4)
        grid.setVerticalSpacing(4)
        self.dimensions: dict[str, QLabel] = {}
        for number, key in enumerate(DIMENSIONS):
            chip = QLabel(DIMENSION_TITLES[key])
            chip.setObjectName(f"aipDimension{label}_{key}")
            chip.setProperty("role", "chip")
            chip.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self.dimensions[key] = chip
            grid.addWidget(chip, number // 2, number % 2)
        column.addLayout(grid)
        self.marks = QLabel("")
        self.marks.setObjectName(f"aipStepMarks{label}")
        self.marks.setProperty("role", "stepHint")
        self.marks.setWordWrap(True)
        column.addWidget(self.marks)
        column.addWidget(self._build_run_report(label))
        self.rules = page.badges(f"aipRules{label}", lambda r: r.side == self.true_index)
        column.addWidget(self.rules)

    def _build_run_report(self, label: str) -> QWidget:
        """Shown only for responses that carry a run report (standardweb protocol)."""
        self.run_report_box = QWidget()
        self.run_report_box.setObjectName(f"aipRunReport{label}")
        box = QVBoxLayout(self.run_report_box)
        box.setContentsMargins(0, 4, 0, 0)
        box.setSpacing(4)
        self.run_report_match = YesNo(f"aipRunReportMatch{label}", RUN_REPORT_QUESTION,
                                      self._report_matches)
        box.addWidget(self.run_report_match)
        self.mismatch_label = title_label(MISMATCH_QUESTION, role="stepField")
        box.addWidget(self.mismatch_label)
        self.mismatch = LineField(
            f"aipRunReportMismatch{label}", f"Response {label}: {MISMATCH_QUESTION}",
            placeholder="e.g. reports checkpoint C3 reached, but the cart stays empty",
            on_edit=self._mismatch_text)
        box.addWidget(self.mismatch)
        self.run_report_box.setVisible(False)
        return self.run_report_box

    def refresh(self, service: RatingService, rating: ItemRating, true_index: int) -> None:
        self.true_index = true_index
        side = rating.responses[true_index]
        self.scale.show_value(side.aip)
        self.justification.show_text(side.aip_justification)
        minimum = int(service.rubric.param("AP-1", "min_words"))
        self.words.show_count(own_words_shown(side.aip_justification), minimum)
        covered = dimensions_shown(side.aip_justification)
        # a long text: the chips keep their look until the rules return with its answer
        for key, chip in self.dimensions.items() if covered is not None else ():
            done = key in (covered or ())
            chip.setText(("\u2713 " if done else "") + DIMENSION_TITLES[key])
            set_look(chip, "tone", "good" if done else "off")
            chip.setAccessibleName(
                f"{DIMENSION_TITLES[key]} {'covered' if done else 'not covered yet'}")
        has_steps = bool(service.item.responses[true_index].trajectory)
        self.marks.setText(step_marks_text(side, has_steps=has_steps))
        self.marks.setVisible(bool(self.marks.text()))
        self._refresh_run_report(service, side, true_index)

    def _refresh_run_report(self, service: RatingService, side: ResponseRating,
                            true_index: int) -> None:
        has_report = service.item.responses[true_index].run_report is not None
        self.run_report_box.setVisible(has_report)
        if not has_report:
            return
        self.run_report_match.show_value(side.run_report_matches)
        wrong = side.run_report_matches is False
        self.mismatch_label.setVisible(wrong)
        self.mismatch.setVisible(wrong)
        self.mismatch.show_text(side.run_report_mismatch)

    def _score(self, value: int) -> None:
        if self.page.service is not None:
            self.page.service.set_aip(self.true_index, value)

    def _report_matches(self, matches: bool) -> None:
        if self.page.service is not None:
            self.page.service.set_run_report_match(
                self.true_index, matches, "" if matches else self.mismatch.text())

    def _mismatch_text(self, text: str) -> None:
        if self.page.service is not None:
            self.page.service.set_run_report_match(self.true_index, False, text)

    def _justify(self, text: str) -> None:
        if self.page.service is not None:
            self.page.service.set_aip_justification(self.true_index, text)


class PerformanceStep(StepPage):
    """How well each agent worked, not whether the answer was right."""

    step = Step.AI_PERFORMANCE
    hint = ("Judge the skill shown along the way, not the answer's correctness (that is TC "
            "and FA). Give concrete examples for all four dimensions.")

    def __init__(self, ctx: StepContext) -> None:
        super().__init__(ctx)
        self.sides = self.add_sides(PerformanceSide)
        self.finish()

    def refresh_fields(self, service: RatingService, rating: ItemRating) -> None:
        for label, true_index in self.ctx.display_sides():
            self.sides[label].refresh(service, rating, true_index)
