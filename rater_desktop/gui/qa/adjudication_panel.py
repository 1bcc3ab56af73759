"""Adjudication of one item: accept / needs fix / reject, a note, an optional corrected
verdict. Every change is written to the QA store at once (the note after a short pause);
a note or correction without a decision is kept as a draft (``note_drafts``) until one is
chosen.

Without a reviewer profile the decision's controls are unavailable (the core would refuse
a decision that names nobody) and a note says why, with "Create profile..." in place."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.batch.model import Verdict
from rater_desktop.keymap import with_choice_key, with_key
from rater_desktop.qa_review.adjudication import (
    Adjudication,
    AdjudicationConflict,
    AdjudicationError,
    Decision,
)
from rater_desktop.qa_review.answer_rows import verdict_text
from rater_desktop.qa_review.decision_record import no_reviewer_advice, saved_text
from rater_desktop.qa_review.note_drafts import Draft, DraftNotes, MemoryDrafts, draft_state

if TYPE_CHECKING:
    from rater_desktop.gui.qa.reviewer import ReviewerIdentity

# Item data is never None: PySide6 on Python 3.11 drops a reference to None each time
# such data is read back, which ends in a crash after many reads.
SaveDecision = Callable[[str, Decision, str, Verdict | None], Adjudication]
ClearDecision = Callable[[str], None]
NOTE_DELAY_MS = 400
DECISION_NAMES = {Decision.ACCEPT: "Accept", Decision.NEEDS_FIX: "NeedsFix",
                  Decision.REJECT: "Reject"}


class AdjudicationPanel(QFrame):
    """The reviewer's decision on the shown item; ``decisionChanged(item_id, label)``."""

    decisionChanged = Signal(str, str)

    def __init__(self, *, save: SaveDecision, clear: ClearDecision,
                 reviewer: ReviewerIdentity | None = None, drafts: DraftNotes | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("qaAdjudicationPanel")
        self.setProperty("role", "card")
        self._save = save
        self._clear = clear
        self._reviewer = reviewer  # None: the caller vouches for one (tests of the layout)
        self._drafts: DraftNotes = drafts if drafts is not None else MemoryDrafts()
        self.item_id: str | None = None
        self.identities: tuple[str, str] = ("", "")
        self._loading = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(NOTE_DELAY_MS)
        self._timer.timeout.connect(lambda: self.save_now(force=True))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 8)
        layout.addWidget(self._no_reviewer_row())
        decision_row = self._decision_row()
        layout.addLayout(decision_row)
        self.verdict_combo = QComboBox()
        self.verdict_combo.setObjectName("qaCorrectedVerdict")
        self.verdict_combo.setAccessibleName("Corrected verdict")
        self.verdict_combo.currentIndexChanged.connect(lambda _i: self._changed())
        verdict_row = QHBoxLayout()
        verdict_label = QLabel("Corrected verdict")
        verdict_label.setBuddy(self.verdict_combo)
        verdict_row.addWidget(verdict_label)
        verdict_row.addWidget(self.verdict_combo, 1)
        layout.addLayout(verdict_row)
        self._key_rows = (layout, decision_row, verdict_row)
        self.note = QPlainTextEdit()
        self.note.setObjectName("qaDecisionNote")
        self.note.setAccessibleName("QA note")
        self.note.setToolTip(with_key("QA note", "qa_note"))
        self.note.setPlaceholderText("QA note: what is wrong, what the rater should change\u2026 "
                                     "(start with @rater and [field] to address one rater's "
                                     "answer, e.g. @ann [verdict_justification])")
        # Three lines of the note's own font (64 px clipped the placeholder at larger fonts).
        margins = 2 * (self.note.frameWidth() + int(self.note.document().documentMargin()))
        self.note.setFixedHeight(3 * self.note.fontMetrics().lineSpacing() + margins)
        self.note.textChanged.connect(self._note_edited)
        layout.addWidget(self.note)
        self.status = QLabel("")
        self.status.setObjectName("qaDecisionStatus")
        self.status.setAccessibleName("QA decision save state")
        self.status.setProperty("role", "muted")
        self.status.setWordWrap(True)  # a clash with another reviewer is told in full
        layout.addWidget(self.status)
        if reviewer is not None:
            reviewer.changed.connect(self._reviewer_made)
        self.show_item(None, identities=("", ""), current=None)

    def key_height(self) -> int:
        """The height that shows the decision buttons and the corrected verdict (the note
        under them may scroll)."""
        layout, decision, verdict = self._key_rows
        rows = decision.sizeHint().height() + layout.spacing() + verdict.sizeHint().height()
        return self.frameWidth() + layout.contentsMargins().top() + rows

    def _no_reviewer_row(self) -> QFrame:
        """The note and "Create profile..." shown while there is no reviewer profile."""
        self.no_reviewer = QFrame()
        self.no_reviewer.setObjectName("qaNoReviewer")
        row = QHBoxLayout(self.no_reviewer)
        row.setContentsMargins(0, 0, 0, 4)
        self.no_reviewer_note = QLabel("")
        self.no_reviewer_note.setObjectName("qaNoReviewerNote")
        self.no_reviewer_note.setWordWrap(True)
        self.no_reviewer_note.setTextFormat(Qt.TextFormat.PlainText)
        row.addWidget(self.no_reviewer_note, 1)
        self.create_profile_button = QPushButton("Create profile\u2026")
        self.create_profile_button.setObjectName("qaCreateProfile")
        self.create_profile_button.setAccessibleName("Create a reviewer profile")
        self.create_profile_button.clicked.connect(
            lambda: self._reviewer.create() if self._reviewer is not None else None)
        row.addWidget(self.create_profile_button, 0, Qt.AlignmentFlag.AlignTop)
        self.no_reviewer.hide()
        return self.no_reviewer

    def _show_availability(self) -> None:
        """The decision's controls only with an item and a reviewer; else the note says why."""
        reviewer = self._reviewer is None or bool(self._reviewer.rater_id)
        for control in (*self.buttons.values(), self.clear_button, self.verdict_combo, self.note):
            control.setEnabled(reviewer)
        self.no_reviewer.setVisible(not reviewer)
        if not reviewer and self._reviewer is not None:
            self.no_reviewer_note.setText(no_reviewer_advice(self._reviewer.problem))
        self.setEnabled(self.item_id is not None)

    def _reviewer_made(self, rater_id: str) -> None:
        self._show_availability()
        if self.item_id is not None:
            self.status.setText(f"You decide as {rater_id}.")
            self.buttons[Decision.ACCEPT].setFocus(Qt.FocusReason.OtherFocusReason)

    def _decision_row(self) -> QHBoxLayout:
        top = QHBoxLayout()
        title = QLabel("QA decision")
        title.setProperty("role", "cardTitle")
        top.addWidget(title)
        self.group = QButtonGroup(self)
        self.buttons: dict[Decision, QRadioButton] = {}
        for index, decision in enumerate(Decision):
            button = QRadioButton(decision.label)
            button.setObjectName(f"qaDecision{DECISION_NAMES[decision]}")
            button.setAccessibleName(f"Decision: {decision.label}")
            button.setToolTip(with_choice_key(decision.label, "qa_decision", index))
            self.group.addButton(button)
            self.buttons[decision] = button
            top.addWidget(button)
            button.toggled.connect(self._toggled)
        top.addStretch(1)
        self.clear_button = QPushButton("Clear")
        self.clear_button.setObjectName("qaDecisionClear")
        self.clear_button.setAccessibleName("Clear the QA decision")
        self.clear_button.setProperty("flat", True)
        self.clear_button.clicked.connect(self.clear_decision)
        top.addWidget(self.clear_button)
        return top

    def show_item(self, item_id: str | None, *, identities: tuple[str, str],
                  current: Adjudication | None) -> None:
        """Show the stored decision of ``item_id`` (saving a pending note first)."""
        self.save_now()
        self._loading = True
        try:
            self.item_id = item_id
            self.identities = identities
            self.verdict_combo.clear()
            self.verdict_combo.addItem("No correction", "")
            for verdict in Verdict:
                self.verdict_combo.addItem(verdict_text(verdict, identities), verdict.value)
            self.group.setExclusive(False)
            for decision, button in self.buttons.items():
                button.setChecked(current is not None and current.decision is decision)
            self.group.setExclusive(True)
            draft = self._drafts.draft(item_id) if item_id is not None else None
            corrected = current.corrected_verdict if current is not None else None
            note, correction = (current.note, corrected.value if corrected else "") \
                if current is not None else draft or ("", "")
            self.verdict_combo.setCurrentIndex(max(self.verdict_combo.findData(correction), 0))
            self.note.setPlainText(note)
            self._show_state(current, draft)
        finally:
            self._loading = False
        self._show_availability()

    def _show_state(self, current: Adjudication | None, draft: Draft | None) -> None:
        if current is None:
            self.status.setText(draft_state(draft or ("", "")))
        elif draft and draft[0].strip():
            # Decided elsewhere (another reviewer, an import) since the draft was kept:
            # their decision is shown, the draft is told and kept until this one saves.
            self.status.setText(f"{_saved(current)}. Your draft note, not saved: {draft[0]}")
            self._selectable()
        else:
            self.status.setText(_saved(current))

    def _selectable(self) -> None:
        """The status holds the reviewer's own words: let them copy them."""
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                            | Qt.TextInteractionFlag.TextSelectableByKeyboard)

    def _written(self) -> Draft:
        """The note and the corrected verdict as the panel shows them."""
        raw = self.verdict_combo.currentData()
        return self.note.toPlainText(), str(raw) if raw else ""

    def choose(self, decision: Decision) -> None:
        """``decision`` by key: a click on its button, so it is saved the same way (and
        the focus stays where the reviewer was, in the note say)."""
        if self.isEnabled():
            self.buttons[decision].click()

    def chosen(self) -> Decision | None:
        for decision, button in self.buttons.items():
            if button.isChecked():
                return decision
        return None

    def _toggled(self, on: bool) -> None:
        if on:
            self._changed()

    def _note_edited(self) -> None:
        if not self._loading:
            self._timer.start()

    def _changed(self) -> None:
        if not self._loading:
            self.save_now(force=True)

    def save_now(self, force: bool = False) -> None:
        """Write the decision now (a pending note edit, or ``force``)."""
        pending = self._timer.isActive()
        self._timer.stop()
        if self.item_id is None or self._loading or not (pending or force):
            return
        decision = self.chosen()
        written = self._written()
        if decision is None:
            # The store takes no note without a decision: kept as a draft, never lost
            # when the reviewer moves on.
            self._drafts.keep(self.item_id, written)
            self.status.setText(draft_state(written))
            return
        note, verdict = written
        corrected = Verdict(verdict) if verdict else None
        try:
            saved = self._save(self.item_id, decision, note, corrected)
        except AdjudicationConflict as exc:
            self.show_conflict(exc, mine=self.note.toPlainText())
            return
        except AdjudicationError as exc:
            self.status.setText(f"Not saved: {exc}")
            return
        self._drafts.keep(self.item_id, ("", ""))  # the decision's note now
        self.status.setText(_saved(saved))
        self.decisionChanged.emit(self.item_id, decision.label)

    def clear_decision(self) -> None:
        if self.item_id is None:
            return
        self._timer.stop()
        try:
            self._clear(self.item_id)
        except AdjudicationConflict as exc:
            self.show_conflict(exc, mine="")
            return
        # The decision goes; the reviewer's note stays, as a draft (shown again below).
        self._drafts.keep(self.item_id, self._written())
        self.decisionChanged.emit(self.item_id, "")
        self.show_item(self.item_id, identities=self.identities, current=None)

    def show_conflict(self, exc: AdjudicationConflict, *, mine: str) -> None:
        """Another reviewer decided first: show theirs, say so, keep this one's note text."""
        item_id = self.item_id
        if item_id is None:
            return
        self.show_item(item_id, identities=self.identities, current=exc.current)
        kept = f" Your note was: {mine}" if mine.strip() else ""
        self.status.setText(f"Not saved: {exc}{kept}")
        self._selectable()  # the reviewer's own note lives on only in this message
        self.decisionChanged.emit(item_id, exc.current.decision.label if exc.current else "")


def _saved(decision: Adjudication) -> str:
    """Which, when and by whom ("unknown reviewer": an older store's decision that names
    nobody)."""
    return saved_text(decision.decision.label, decision.decided_at, decision.reviewer_id)
