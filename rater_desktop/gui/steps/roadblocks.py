"""Step 7: roadblocks per response, notes on the item, feedback on the whole batch."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from rater_desktop.gui.steps.common import (
    LineField,
    TextField,
    card,
    hint_label,
    name,
    side_title,
)
from rater_desktop.gui.steps.page import StepContext, StepPage
from rater_desktop.rating.model import ItemRating, Roadblock, RoadblockKind, Step
from rater_desktop.rating.service import RatingService

ROADBLOCK_LABELS = {
    RoadblockKind.PAGE_NOT_LOADED: "Page did not load",
    RoadblockKind.SCREENSHOT_MISSING: "Screenshot missing",
    RoadblockKind.LINK_DEAD: "Link dead",
    RoadblockKind.PROMPT_AMBIGUOUS: "Prompt ambiguous",
    RoadblockKind.OTHER: "Other",
}


class RoadblocksSide(QWidget):
    """The roadblocks reported for one response, and a row to add one."""

    def __init__(self, page: RoadblocksStep, label: str) -> None:
        super().__init__()
        self.page = page
        self.label = label
        self.true_index = 0
        frame, column = card(f"roadblocksCard{label}")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(frame)
        column.addWidget(side_title(label))
        self.list_host = QVBoxLayout()
        self.list_host.setSpacing(3)
        column.addLayout(self.list_host)
        self.none = hint_label("No roadblocks reported.")
        column.addWidget(self.none)
        row = QHBoxLayout()
        row.setSpacing(4)
        self.kind = QComboBox()
        name(self.kind, f"roadblockKind{label}", f"Response {label} roadblock kind")
        for kind, text in ROADBLOCK_LABELS.items():
            self.kind.addItem(text, kind.value)
        self.text = LineField(f"roadblockText{label}", f"Response {label} roadblock details",
                              placeholder="What happened")
        self.text.returnPressed.connect(self._add)
        self.add = QPushButton("Add")
        name(self.add, f"roadblockAdd{label}", f"Add roadblock to response {label}")
        self.add.clicked.connect(self._add)
        row.addWidget(self.kind)
        row.addWidget(self.text, 1)
        row.addWidget(self.add)
        column.addLayout(row)
        self._shown: list[tuple[str, str]] = []

    def refresh(self, rating: ItemRating, true_index: int) -> None:
        self.true_index = true_index
        blocks = rating.responses[true_index].roadblocks
        key = [(b.kind.value, b.text) for b in blocks]
        if key != self._shown:
            self._shown = key
            self._rebuild(blocks)
        self.none.setVisible(not blocks)

    def _rebuild(self, blocks: list[Roadblock]) -> None:
        while self.list_host.count():
            taken = self.list_host.takeAt(0)
            widget = taken.widget() if taken is not None else None
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        for index, block in enumerate(blocks):
            row = QWidget()
            line = QHBoxLayout(row)
            line.setContentsMargins(0, 0, 0, 0)
            text = QLabel(f"{ROADBLOCK_LABELS[block.kind]}" + (f": {block.text}" if block.text
                                                                else ""))
            text.setObjectName(f"roadblock{self.label}_{index}")
            text.setWordWrap(True)
            text.setTextFormat(Qt.TextFormat.PlainText)
            remove = QPushButton("Remove")
            name(remove, f"roadblockRemove{self.label}_{index}",
                 f"Remove roadblock {index + 1} of response {self.label}")
            remove.setProperty("flat", True)
            remove.clicked.connect(lambda _c=False, i=index: self._remove(i))
            line.addWidget(text, 1)
            line.addWidget(remove)
            self.list_host.addWidget(row)

    def _add(self) -> None:
        service = self.page.service
        if service is None:
            return
        kind = RoadblockKind(str(self.kind.currentData()))
        service.add_roadblock(self.true_index, kind, self.text.text().strip())
        self.text.clear()

    def _remove(self, index: int) -> None:
        if self.page.service is not None:
            self.page.service.remove_roadblock(self.true_index, index)


class RoadblocksStep(StepPage):
    """Anything that got in the way, plus free notes and feedback."""

    step = Step.ROADBLOCKS_FEEDBACK
    hint = ("Report technical problems that blocked or disturbed your checks. Notes stay "
            "with this item; feedback is about the whole batch.")

    def __init__(self, ctx: StepContext) -> None:
        super().__init__(ctx)
        self.sides = self.add_sides(RoadblocksSide)
        self.section("Notes on this item")
        self.notes = TextField("itemNotes", "Notes on this item",
                               placeholder="Anything worth remembering about this item",
                               on_edit=self._notes, lines=3)
        self.column.addWidget(self.notes)
        self.section("Feedback on this batch")
        self.feedback = TextField("batchFeedback", "Feedback on this batch",
                                  placeholder="Unclear instructions, broken items, ideas",
                                  on_edit=self._feedback, lines=3)
        self.column.addWidget(self.feedback)
        self.finish()

    def refresh_fields(self, service: RatingService, rating: ItemRating) -> None:
        for label, true_index in self.ctx.display_sides():
            self.sides[label].refresh(rating, true_index)
        self.notes.show_text(rating.notes)
        self.feedback.show_text(str(service.batch_state().get("feedback", "")))

    def _notes(self, text: str) -> None:
        if self.service is not None:
            self.service.set_notes(text)

    def _feedback(self, text: str) -> None:
        if self.service is not None:
            self.service.set_batch_feedback(text)
