"""The QA window's views of a preference batch: the dashboard (agreement on the three-way
choice, models, raters, time and cost, a breakdown by survey answer) and the items on
which raters chose differently. Every figure comes from ``PreferenceReview`` (the same
functions as ``rater-desktop qa report``); numbers are formatted as in its HTML report."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.gui.qa.dashboard_tables import explain_text_columns
from rater_desktop.gui.qa.rater_answers import fit_columns, fit_height, make_table
from rater_desktop.preference.qa_text import agreement_row, choices_text, detail_html, num
from rater_desktop.preference.report import time_cost_text
from rater_desktop.preference.review import (
    ChoiceDisagreement,
    CostInputs,
    PreferenceReview,
)
from rater_desktop.qa_review.dashboard_rows import retest_text, text_cells
from rater_desktop.wording import counted

NO_QUESTION = "(no breakdown)"
STORE_NOTE = ("Preference results: the QA store keeps these files (signed, with their "
              "verification state) but no judgment rows and no decisions; every figure is "
              "computed from the files, as 'rater-desktop qa report' does.")
AGREEMENT_COLUMNS = ("Group", "Percent agreement", "Krippendorff's \u03b1 (nominal)", "Items",
                     "Raters")
MODEL_COLUMNS = ("Model", "Wins", "Ties", "Losses", "Win rate", "Bradley\u2013Terry strength")
RATER_COLUMNS = ("Rater", "Qualification", "Qualified", "Attention checks", "Unsure",
                 "Retest probes", "Pasted into explanations",
                 "Faster than the minimum")
# Long headers over short figures take two lines: on one, the eight columns were wider
# than a compact window's page and the last one was cut off.
# RATER_COLUMNS name the columns; these are their header texts.
RATER_HEADERS = ("Rater", "Qualification", "Qualified", "Attention\nchecks", "Unsure",
                 "Retest\nprobes", "Pasted into\nexplanations", "Faster than\nthe minimum")
ITEM_COLUMNS = ("Item", "Kind", "Gold (file order)", "Choices (file order)")


def _fill(table: QTableWidget, rows: list[list[str]]) -> None:
    table.setRowCount(len(rows))
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            cell = QTableWidgetItem(text)
            if c:
                cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            table.setItem(r, c, cell)
    fit_height(table)


def _spin(name: str, accessible: str, *, low: float, high: float, value: float,
          suffix: str) -> QDoubleSpinBox:
    box = QDoubleSpinBox()
    box.setObjectName(name)
    box.setAccessibleName(accessible)
    box.setRange(low, high)
    box.setValue(value)
    box.setSuffix(suffix)
    return box


class PreferenceDashboard(QScrollArea):
    """Figures of a preference batch; ``inputsChanged`` when the question or cost changes."""

    inputsChanged = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("qaPreferenceDashboard")
        self.setAccessibleName("Preference dashboard")
        self.setWidgetResizable(True)
        self.review: PreferenceReview | None = None
        content = QWidget()
        layout = QVBoxLayout(content)
        layout.setContentsMargins(16, 12, 16, 16)
        self.headline = self._label("qaPrefHeadline", "Preference summary",
                                    "Open a preference batch and its results.")
        self.note = self._label("qaPrefStoreNote", "Where preference results are kept",
                                STORE_NOTE)
        self.note.setProperty("role", "muted")
        layout.addWidget(self.headline)
        layout.addWidget(self.note)
        layout.addLayout(self._inputs())
        grid = QGridLayout()
        grid.setHorizontalSpacing(24)
        self.agreement = make_table("qaPrefAgreementTable", "Agreement on the three-way choice",
                                    AGREEMENT_COLUMNS)
        self.models = make_table("qaPrefModelsTable", "Win, tie, loss per model", MODEL_COLUMNS)
        self.raters = make_table("qaPrefRatersTable", "Qualification per rater", RATER_HEADERS)
        explain_text_columns(self.raters, RATER_HEADERS)
        for table in (self.agreement, self.models, self.raters):
            fit_columns(table, stretch=(0,))  # names take the room; figures fit their text
            table.setWordWrap(False)
            table.verticalHeader().setVisible(False)
            table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.time_cost = self._label("qaPrefTimeCost", "Time per judgment and cost", "")
        # Each table has the page's width: side by side at 853 px the raters' eight
        # columns ran off the edge and the models' names were squeezed to "mode...".
        for row, (title, widget) in enumerate((
                ("Agreement on the three-way choice", self.agreement),
                ("Models (file identities)", self.models),
                ("Raters: qualification and attention", self.raters),
                ("Time and cost", self.time_cost))):
            grid.addWidget(QLabel(f"<b>{title}</b>"), 2 * row, 0)
            grid.addWidget(widget, 2 * row + 1, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(grid)
        layout.addStretch(1)
        self.setWidget(content)
        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(300)
        self._debounce.timeout.connect(self.inputsChanged)

    @staticmethod
    def _label(name: str, accessible: str, text: str) -> QLabel:
        label = QLabel(text)
        label.setObjectName(name)
        label.setAccessibleName(accessible)
        label.setWordWrap(True)
        label.setTextFormat(Qt.TextFormat.PlainText)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        return label

    def _inputs(self) -> QVBoxLayout:
        row = QHBoxLayout()
        self.question = QComboBox()
        self.question.setObjectName("qaPrefQuestionCombo")
        self.question.setAccessibleName("Break agreement down by the answer to")
        self.question.addItem(NO_QUESTION, None)
        # A long question never widens the row past the cost inputs (its tooltip is whole).
        self.question.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.question.setMinimumContentsLength(28)
        self.question.currentIndexChanged.connect(lambda _i: self.inputsChanged.emit())
        self.wage = _spin("qaPrefWage", "Hourly wage", low=0, high=1000, value=15.0, suffix=" /h")
        self.fee = _spin("qaPrefFee", "Platform fee", low=0, high=100, value=20.0, suffix=" %")
        self.per_item = QSpinBox()
        self.per_item.setObjectName("qaPrefRatersPerItem")
        self.per_item.setAccessibleName("Raters per item")
        self.per_item.setRange(1, 50)
        self.per_item.setValue(3)
        for box in (self.wage, self.fee, self.per_item):
            box.valueChanged.connect(lambda _v: self._debounce.start())
        # The question and the cost inputs on two lines: on one they were wider than a
        # compact (853x480) window and the whole page scrolled sideways.
        cost = QHBoxLayout()
        for line, text, widget in ((row, "Breakdown by survey answer:", self.question),
                                   (cost, "Wage:", self.wage), (cost, "Fee:", self.fee),
                                   (cost, "Raters per item:", self.per_item)):
            label = QLabel(text)
            label.setBuddy(widget)
            line.addWidget(label)
            line.addWidget(widget)
        inputs = QVBoxLayout()
        for line in (row, cost):
            line.addStretch(1)
            inputs.addLayout(line)
        return inputs

    def clear(self) -> None:
        """Nothing shown (another batch is being opened)."""
        self.review = None
        self.headline.setText("Open a preference batch and its results.")
        for table in (self.agreement, self.models, self.raters):
            table.setRowCount(0)
        self.time_cost.setText("")

    def chosen_question(self) -> str | None:
        data = self.question.currentData()
        return str(data) if data else None

    def cost_inputs(self) -> CostInputs:
        return CostInputs(hourly_wage=self.wage.value(), platform_fee=self.fee.value() / 100,
                          raters_per_item=self.per_item.value())

    def set_review(self, review: PreferenceReview) -> None:
        self.review = review
        figures = review.figures
        self.headline.setText(
            f"{review.title}: preference protocol, {counted(len(review.raters), 'rater')} used "
            f"({', '.join(review.raters) or 'none'}), "
            f"{counted(figures.agreement.items, 'standard item')} compared. Choices are in "
            "file order (A = the batch's first response).")
        self._set_questions(review)
        rows = [agreement_row("all raters", figures.agreement)]
        rows += [agreement_row(f"answered: {k}", v) for k, v in figures.by_answer.items()]
        _fill(self.agreement, rows)
        _fill(self.models, [[m, str(r.wins), str(r.ties), str(r.losses), num(r.win_rate),
                             num(figures.strengths.get(m))] for m, r in figures.records.items()])
        unsure = {share.rater_id: share.text() for share in review.unsure_shares}
        retest = {f.rater_id: f for f in review.retest}
        flags = {f.rater_id: f for f in figures.text_flags}  # for review (issue 24)
        _fill(self.raters, [[r.rater_id, f"{r.qualification_passed} of {r.qualification_total}",
                             "yes" if r.qualified else "no",
                             f"{r.attention_passed} of {r.attention_total}",
                             unsure.get(r.rater_id, "\u2013"),
                             retest_text(retest.get(r.rater_id)),
                             *text_cells(flags.get(r.rater_id))]
                            for r in figures.raters])
        self.time_cost.setText(time_cost_text(figures))

    def _set_questions(self, review: PreferenceReview) -> None:
        self.question.blockSignals(True)
        try:
            self.question.clear()
            self.question.addItem(NO_QUESTION, None)
            for qid, text in review.questions:
                self.question.addItem(f"{qid}: {text}", qid)
                self.question.setItemData(self.question.count() - 1, text,
                                          Qt.ItemDataRole.ToolTipRole)
            found = self.question.findData(review.question) if review.question else 0
            self.question.setCurrentIndex(max(found, 0))
        finally:
            self.question.blockSignals(False)


class PreferenceDisagreements(QWidget):
    """Items where the raters' choices differ (or miss the gold), with each one's reason."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("qaPreferenceDisagreements")
        self.items: tuple[ChoiceDisagreement, ...] = ()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 12, 12, 12)
        self.summary = QLabel("Open a preference batch and its results.")
        self.summary.setObjectName("qaPrefDisagreementSummary")
        self.summary.setAccessibleName("Disagreements summary")
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        self.all_items: tuple[ChoiceDisagreement, ...] = ()
        self.unsure: dict[str, dict[str, str]] = {}
        self.unsure_only = QCheckBox("Only items marked unsure")
        self.unsure_only.setObjectName("qaPrefUnsureOnly")
        self.unsure_only.setAccessibleName("Show only the items a rater marked unsure")
        self.unsure_only.toggled.connect(self.refresh)
        layout.addWidget(self.unsure_only)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.setObjectName("qaPrefDisagreementSplitter")
        self.table = make_table("qaPrefDisagreementTable", "Items with differing choices",
                                ITEM_COLUMNS)
        fit_columns(self.table, stretch=(3,))
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.table.itemSelectionChanged.connect(self._show_selected)
        self.detail = QTextBrowser()
        self.detail.setObjectName("qaPrefDisagreementDetail")
        self.detail.setAccessibleName("Each rater's choice and explanation")
        self.detail.setOpenLinks(False)
        splitter.addWidget(self.table)
        splitter.addWidget(self.detail)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        layout.addWidget(splitter, 1)

    def set_items(self, items: tuple[ChoiceDisagreement, ...],
                  unsure: Mapping[str, Mapping[str, str]] | None = None) -> None:
        self.all_items = items
        self.unsure = {k: dict(v) for k, v in (unsure or {}).items()}
        self.refresh()

    def refresh(self) -> None:
        """The table, all items or only those marked unsure (the filter's state)."""
        only = self.unsure_only.isChecked()
        items = tuple(i for i in self.all_items if i.item_id in self.unsure or not only)
        self.items = items
        self.table.setRowCount(len(items))
        for row, item in enumerate(items):
            kind = item.kind + (" \u00b7 unsure" if item.item_id in self.unsure else "")
            for column, text in enumerate((item.item_id, kind, item.gold or "\u2013",
                                           choices_text(item))):
                self.table.setItem(row, column, QTableWidgetItem(text))
        self.summary.setText(
            f"{counted(len(items), 'item')} where the raters chose differently or missed the gold "
            "choice. Select one to read each rater's choice and explanation." if items else
            "No item where the raters' choices differ.")
        if items:
            self.table.selectRow(0)
            self._show_selected()  # row 0 may have been selected already: no signal then
        else:
            self.detail.clear()

    def _show_selected(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        if rows and rows[0].row() < len(self.items):
            item = self.items[rows[0].row()]
            self.detail.setHtml(detail_html(item, self.unsure.get(item.item_id)))
