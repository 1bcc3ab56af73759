"""Step 6, the final verdict: the 7-point scale, the scores side by side, the justification."""

from __future__ import annotations

from functools import partial

from PySide6.QtWidgets import QButtonGroup, QGridLayout, QLabel, QPushButton, QRadioButton

from rater_desktop.batch.model import Verdict
from rater_desktop.gui.steps.badges import field_prefix
from rater_desktop.gui.steps.common import (
    TextField,
    WordCounter,
    answer_keys,
    card,
    hint_label,
    name,
    set_checked_quietly,
)
from rater_desktop.gui.steps.page import StepContext, StepPage
from rater_desktop.keymap import choice_key
from rater_desktop.rating.helpers import own_words_shown
from rater_desktop.rating.justification import verdict_template
from rater_desktop.rating.model import ItemRating, Step
from rater_desktop.rating.rules.verdict import justification_body
from rater_desktop.rating.service import RatingService
from rater_desktop.text_sources import Source, replacement_event

SCORE_ROWS = (("Task Completion", "tc"), ("Factual Accuracy", "fa"), ("AI Performance", "aip"))


class VerdictStep(StepPage):
    """The verdict is chosen on the display labels and stored in file order by the core."""

    step = Step.VERDICT
    hint = ("Correctness comes first: TC and FA decide; AI Performance only breaks a tie. "
            "A one-point lead on the deciding scores means \u201cslightly better\u201d.")

    def __init__(self, ctx: StepContext) -> None:
        super().__init__(ctx)
        self.section("Your scores")
        frame, column = card("verdictScores")
        grid = QGridLayout()
        grid.setHorizontalSpacing(16)
        grid.setVerticalSpacing(2)
        for col, text in enumerate(("", "A", "B")):
            header = QLabel(text)
            header.setProperty("role", "stepField")
            grid.addWidget(header, 0, col)
        self.score_labels: dict[tuple[str, str], QLabel] = {}
        for row, (title, key) in enumerate(SCORE_ROWS, start=1):
            grid.addWidget(QLabel(title), row, 0)
            for col, label in enumerate(("A", "B"), start=1):
                cell = QLabel("\u2013")
                cell.setObjectName(f"verdictScore_{key}{label}")
                grid.addWidget(cell, row, col)
                self.score_labels[(key, label)] = cell
        column.addLayout(grid)
        self.column.addWidget(frame)
        self.section("Which response is better?")
        self.group = QButtonGroup(self)
        self.buttons: dict[Verdict, QRadioButton] = {}
        for number, verdict in enumerate(Verdict):
            button = QRadioButton(f"{number + 1}  {verdict.label}")
            button.setToolTip(f"Key {choice_key('verdict', number)} on this step (not while "
                              "typing)")
            name(button, f"verdict_{verdict.value}", f"Verdict: {verdict.label}")
            self.group.addButton(button, number)
            button.clicked.connect(lambda _c=False, v=verdict: self._choose(v))
            self.buttons[verdict] = button
            self.column.addWidget(button)
        self.column.addWidget(self.badges("verdictRules", field_prefix("verdict")))
        self.section("Justification")
        self.column.addWidget(hint_label(
            "Name the most important difference and the scores behind it, in your own words."))
        self.build = QPushButton("Build justification from my scores")
        name(self.build, "verdictBuildJustification", "Build justification from my scores")
        self.build.clicked.connect(self._build)
        self.column.addWidget(self.build)
        answer_keys(self, "verdict", [partial(self._choose, v) for v in Verdict])
        self.justification = TextField("verdictJustification", "Final justification",
                                       placeholder="Why this verdict (30 words or more)",
                                       on_edit=self._justify, lines=8)
        self.column.addWidget(self.justification)
        self.words = WordCounter("verdictWords", "Final justification words")
        self.column.addWidget(self.words)
        self.column.addWidget(self.badges("verdictJustificationRules",
                                          field_prefix("verdict_justification")))
        self.finish()

    def refresh_fields(self, service: RatingService, rating: ItemRating) -> None:
        order = service.order
        for label in ("A", "B"):
            side = rating.responses[order.true_index(label)]
            for _title, key in SCORE_ROWS:
                value = getattr(side, key)
                self.score_labels[(key, label)].setText("\u2013" if value is None else str(value))
        shown = order.verdict_to_display(rating.verdict) if rating.verdict else None
        checked = self.buttons.get(shown) if shown is not None else None
        set_checked_quietly(list(self.buttons.values()), self.group, checked)
        self.justification.show_text(rating.verdict_justification)
        minimum = int(service.rubric.param("FV-2", "min_words"))
        own = own_words_shown(rating.verdict_justification)
        self.words.show_count(own, minimum, "words of your own")

    def _choose(self, displayed: Verdict) -> None:
        service = self.service
        if service is not None:
            service.set_verdict(service.order.verdict_to_true(displayed))

    def _justify(self, text: str) -> None:
        if self.service is not None:
            self.service.set_verdict_justification(text)

    def _build(self) -> None:
        service = self.service
        if service is None:
            return
        rating = service.rating
        body = justification_body(rating.verdict_justification).strip()
        text = verdict_template(rating, service.order, body=body)
        service.note_text_event(replacement_event(rating.verdict_justification, text,
                                                  Source.TEMPLATE))
        service.set_verdict_justification(text)
        self.justification.setFocus()
        self.justification.moveCursor(self.justification.textCursor().MoveOperation.End)
