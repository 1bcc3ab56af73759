"""The run audit panel's choice pages: the outcome the rater saw (RA-2, with the block's
step and exact quote) and the verdict on the report (RA-5), after which the automated
judge's verdict is shown (RA-6). Their keys work while the page is on screen."""

from __future__ import annotations

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QFrame, QLabel

from rater_desktop.batch.model import JudgeVerdict
from rater_desktop.gui.run_audit.pages import StepPage, describe, note_label
from rater_desktop.gui.run_audit.rows import Choice
from rater_desktop.gui.steps.common import TextField, card, name, set_look, title_label
from rater_desktop.keymap import key_text
from rater_desktop.run_audit.model import (
    BLOCK_OUTCOMES,
    MAX_QUOTE_CHARS,
    OUTCOMES,
    VERDICTS,
    RunAuditRating,
)

OUTCOME_LABELS = {"completed": "Completed", "login_wall": "Login wall", "blocked": "Blocked",
                  "unreachable": "Unreachable", "incomplete": "Incomplete"}
OUTCOME_CHOICES: list[Choice] = [(o, OUTCOME_LABELS[o]) for o in OUTCOMES]
VERDICT_CHOICES: list[Choice] = [("accurate", "Accurate"), ("overstated", "Overstated"),
                                 ("understated", "Understated")]
assert [v for v, _ in VERDICT_CHOICES] == list(VERDICTS)


class OutcomePage(StepPage):
    """RA-2: the outcome seen; a block or sign-in wall cites its step and its quote."""

    quoteEdited = Signal(str)

    def __init__(self) -> None:
        super().__init__("runAuditOutcome", (
            f"What did the run end in, as you saw it ({key_text('ra_outcome')})? A login "
            "wall or a block also cites the step that shows it and quotes its visible "
            "text exactly."))
        self.add_row("observed.outcome", "Outcome", "", OUTCOME_CHOICES, "ra_outcome",
                     cites=False, keys=False)
        self.block_row = self.add_row(
            "observed.block_step", "Where the block shows",
            "Pick the step whose screenshot shows the block or sign-in wall, then cite it.",
            [], "ra_cite", cites=True, keys=False)
        frame, column = card("runAuditQuoteCard")
        column.addWidget(title_label(f"The block's exact text    [{key_text('ra_quote')}]"))
        self.quote = TextField("runAuditQuote", "The block's exact visible text",
                               placeholder="Copy the visible text of the block, word for word",
                               on_edit=self._quote_edited, lines=2)
        column.addWidget(self.quote)
        self.quote_count = QLabel("")
        name(self.quote_count, "runAuditQuoteCount", "Quote length")
        self.quote_count.setProperty("role", "wordCount")
        column.addWidget(self.quote_count)
        self.quote_card = frame
        self.column.insertWidget(self.column.indexOf(self._end), frame)

    def show_rating(self, rating: RunAuditRating) -> None:
        observed = rating.observed
        self.rows["observed.outcome"].show_value(observed.outcome)
        block = observed.outcome in BLOCK_OUTCOMES
        self.block_row.setVisible(block)
        self.quote_card.setVisible(block)
        self.block_row.show_value(None, observed.block_step, needs_step=True)
        self.quote.show_text(observed.quote)
        self._count(observed.quote)

    def _quote_edited(self, text: str) -> None:
        self._count(text)  # as the rater types: the panel is not refreshed for each key
        self.quoteEdited.emit(text)

    def _count(self, text: str) -> None:
        length = len(text.strip())
        self.quote_count.setText(f"{length} / {MAX_QUOTE_CHARS} characters")
        set_look(self.quote_count, "tone", "warn" if length > MAX_QUOTE_CHARS else "")

    def focus_quote(self) -> None:
        if self.quote_card.isVisible():
            self.quote.setFocus()


class VerdictPage(StepPage):
    """RA-5: is the report accurate, overstated or understated? Then the judge (RA-6)."""

    def __init__(self) -> None:
        super().__init__("runAuditVerdict", (
            f"Does the agent's report match what happened ({key_text('ra_verdict')})? "
            "Overstated: it claims more than the run shows; understated: less."))
        self.add_row("verdict", "The agent's report is", "", VERDICT_CHOICES, "ra_verdict",
                     cites=False, keys=False)
        frame, column = card("runAuditJudgeCard")
        column.addWidget(title_label("Automated judge"))
        self.judge_text = note_label("")
        self.judge_text.setObjectName("runAuditJudgeText")
        column.addWidget(self.judge_text)
        self.judge_card: QFrame = frame
        self.column.insertWidget(self.column.indexOf(self._end), frame)
        self.score_text = note_label("")
        self.score_text.setObjectName("runAuditScoreText")
        self.score_text.setProperty("role", "stepHint")
        self.column.insertWidget(self.column.indexOf(self._end), self.score_text)

    def show_rating(self, rating: RunAuditRating, judge: JudgeVerdict | None,
                    score: str = "") -> None:
        self.rows["verdict"].show_value(rating.verdict)
        shown = rating.judge_shown and judge is not None
        was = self.judge_card.isVisibleTo(self)
        self.judge_card.setVisible(shown or (judge is None and rating.verdict is not None))
        if self.judge_card.isVisibleTo(self) and not was:  # once laid out: scroll to it
            QTimer.singleShot(0, self, lambda: self.ensureWidgetVisible(self.judge_card, 0, 12))
        if judge is None:
            self.judge_text.setText("This run has no automated judge's verdict.")
        elif shown:
            agrees = "agrees with you" if judge.verdict == rating.verdict else \
                "differs from your verdict"
            text = f"The judge found the report {describe(judge.verdict)}: it {agrees}."
            if judge.outcome:
                text += f" Outcome the judge saw: {describe(judge.outcome)}."
            if judge.explanation:
                text += f"\n{judge.explanation}"
            self.judge_text.setText(text)
        self.score_text.setText(score)
        self.score_text.setVisible(bool(score))
