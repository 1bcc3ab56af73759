"""Step 1, the case file: main goal, sub-requests with their kinds, gold-standard checklist."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.gui.steps.badges import field_prefix
from rater_desktop.gui.steps.common import LineField, TextField, hint_label, name
from rater_desktop.gui.steps.page import StepContext, StepPage
from rater_desktop.gui.steps.visits import tag_field
from rater_desktop.keymap import key_text
from rater_desktop.rating.model import ItemRating, Step, SubRequest, SubRequestKind
from rater_desktop.rating.service import RatingService

KIND_LABELS = {
    SubRequestKind.LOCATION: "Location",
    SubRequestKind.TIME: "Time",
    SubRequestKind.QUANTITY: "Quantity",
    SubRequestKind.FORMAT: "Format",
    SubRequestKind.ACTION: "Action",
    SubRequestKind.OTHER: "Other",
}


def kind_hint() -> str:
    """The sub-request hint, naming the kinds exactly as the kind choice shows them."""
    words = [label.lower() for label in KIND_LABELS.values()]
    return f"One constraint per row, with its kind: {', '.join(words[:-1])} or {words[-1]}."


def checklist_lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


class SubRequestRow(QWidget):
    """Kind, text and a remove button for one sub-request (answers keyed by its id)."""

    def __init__(self, page: CaseFileStep, sub: SubRequest, number: int) -> None:
        super().__init__()
        self.sub_id = sub.id
        self._page = page
        self.setObjectName(f"subRequestRow_{sub.id}")
        tag_field(self, f"case_file.sub_requests.{sub.id}")  # kind and text are one field
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(6)
        self.kind = QComboBox()
        name(self.kind, f"subRequestKind_{sub.id}", f"Sub-request {number} kind")
        self.kind.addItem("Kind\u2026", None)
        for kind, label in KIND_LABELS.items():
            self.kind.addItem(label, kind.value)
        # As wide as its longest kind in the font on screen: every row the same width.
        self.kind.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.kind.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.kind.activated.connect(self._kind_chosen)
        self.text = LineField(f"subRequestText_{sub.id}", f"Sub-request {number}",
                              placeholder="e.g. Must be in size 9 wide",
                              on_edit=self._text_edited)
        self.remove = QPushButton("\u2715")
        name(self.remove, f"subRequestRemove_{sub.id}", f"Remove sub-request {number}")
        self.remove.setToolTip(f"Remove this sub-request ({key_text('undo')} brings it back)")
        # Square, from the button's own height in the font on screen.
        self.remove.setFixedWidth(self.remove.sizeHint().height())
        self.remove.clicked.connect(self._remove)
        row.addWidget(self.kind)
        row.addWidget(self.text, 1)
        row.addWidget(self.remove)

    def show_sub(self, sub: SubRequest) -> None:
        index = self.kind.findData(sub.kind.value if sub.kind is not None else None)
        self.kind.blockSignals(True)
        self.kind.setCurrentIndex(max(index, 0))
        self.kind.blockSignals(False)
        self.text.show_text(sub.text)

    def _kind_chosen(self, index: int) -> None:
        service = self._page.service
        if service is not None:
            value = self.kind.itemData(index)
            service.update_sub_request(self.sub_id, kind=SubRequestKind(value) if value else None)

    def _text_edited(self, text: str) -> None:
        service = self._page.service
        if service is not None:
            service.update_sub_request(self.sub_id, text=text)

    def _remove(self) -> None:
        service = self._page.service
        if service is not None:
            service.remove_sub_request(self.sub_id)


class CaseFileStep(StepPage):
    """Written before the responses are shown (they stay covered until CF-1/CF-2 pass)."""

    step = Step.CASE_FILE
    hint = ("Before reading the responses, write down what the user wants. "
            "The responses are shown when the main goal and the sub-requests are filled in.")

    def __init__(self, ctx: StepContext) -> None:
        super().__init__(ctx)
        self.section("Main goal")
        self.main_goal = TextField("caseFileMainGoal", "Main goal",
                                   placeholder="e.g. Find and compare vacation rentals",
                                   on_edit=self._main_goal_edited, lines=2)
        tag_field(self.main_goal, "case_file.main_goal")
        self.column.addWidget(self.main_goal)
        self.column.addWidget(self.badges("caseFileMainGoalRules",
                                          field_prefix("case_file.main_goal")))
        self.section("Sub-requests")
        self.kind_hint = hint_label(kind_hint())
        self.kind_hint.setObjectName("subRequestKindHint")
        self.column.addWidget(self.kind_hint)
        self.rows_host = QWidget()
        self.rows_host.setObjectName("subRequestRows")
        self.rows = QVBoxLayout(self.rows_host)
        self.rows.setContentsMargins(0, 0, 0, 0)
        self.rows.setSpacing(4)
        self.column.addWidget(self.rows_host)
        self.add_button = QPushButton("+ Add sub-request")
        name(self.add_button, "subRequestAdd", "Add sub-request")
        self.add_button.clicked.connect(self._add)
        self.column.addWidget(self.add_button)
        self.column.addWidget(self.badges("caseFileSubRequestRules",
                                          field_prefix("case_file.sub_requests")))
        self.section("Gold-standard checklist")
        self.column.addWidget(hint_label(
            "One line per check, specific enough to answer Yes or No, without vague words "
            '("helpful", "good"). Starting with "Should" or "Should NOT" helps.'))
        self.checklist = TextField("caseFileChecklist", "Gold-standard checklist",
                                   placeholder="Should list 2 or 3 shoes under $120\n"
                                   "Should NOT include other stores",
                                   on_edit=self._checklist_edited, lines=4)
        tag_field(self.checklist, "case_file.checklist")
        self.column.addWidget(self.checklist)
        self.column.addWidget(self.badges("caseFileChecklistRules",
                                          field_prefix("case_file.checklist")))
        self.sub_rows: dict[str, SubRequestRow] = {}
        self._focus_new_row = False
        self.finish()

    def refresh_fields(self, service: RatingService, rating: ItemRating) -> None:
        case = rating.case_file
        self.main_goal.show_text(case.main_goal)
        self.checklist.show_text(
            "\n".join(case.checklist),
            same=lambda shown, saved: checklist_lines(shown) == checklist_lines(saved))
        ids = [s.id for s in case.sub_requests]
        if ids != list(self.sub_rows):
            self._rebuild_rows(case.sub_requests)
        for sub in case.sub_requests:
            self.sub_rows[sub.id].show_sub(sub)

    def _rebuild_rows(self, subs: list[SubRequest]) -> None:
        old = self.sub_rows
        self.sub_rows = {}
        for number, sub in enumerate(subs, start=1):
            row = old.pop(sub.id, None) or SubRequestRow(self, sub, number)
            row.kind.setAccessibleName(f"Sub-request {number} kind")
            row.text.setAccessibleName(f"Sub-request {number}")
            row.remove.setAccessibleName(f"Remove sub-request {number}")
            self.rows.removeWidget(row)
            self.rows.addWidget(row)
            # At once: a layout shows a new child only on the next turn of the event loop,
            # and a Shift+Tab read before that skipped the hidden kind list.
            row.show()
            self.sub_rows[sub.id] = row
        for row in old.values():
            self.rows.removeWidget(row)
            row.hide()
            row.deleteLater()
        if self._focus_new_row and subs:
            self._focus_new_row = False
            self.sub_rows[subs[-1].id].text.setFocus()

    def _main_goal_edited(self, text: str) -> None:
        if self.service is not None:
            self.service.set_main_goal(text)

    def _checklist_edited(self, text: str) -> None:
        if self.service is not None:
            self.service.set_checklist(checklist_lines(text))

    def _add(self) -> None:
        if self.service is not None:
            self._focus_new_row = True
            self.service.add_sub_request(None)
