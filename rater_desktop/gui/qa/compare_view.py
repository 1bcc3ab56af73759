"""The compare view: one item, read-only, TRUE A/B order with model names, every
rater's answers side by side, their claims highlighted in one colour per rater, the
claim clusters with conflicting fact checks, and the reviewer's decision."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import partial

from PySide6.QtCore import QSettings, QSize, Qt, Signal
from PySide6.QtGui import QColor, QResizeEvent, QShowEvent, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QTabWidget,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.batch.model import Item
from rater_desktop.build_steps import Steps
from rater_desktop.gui.batch_source import BatchLike
from rater_desktop.gui.image_loader import ImageLoader
from rater_desktop.gui.item_view import ItemView
from rater_desktop.gui.qa.adjudication_panel import (
    AdjudicationPanel,
    ClearDecision,
    SaveDecision,
)
from rater_desktop.gui.qa.compare_column import CompareColumn
from rater_desktop.gui.qa.compare_items import CompareItems
from rater_desktop.gui.qa.compare_keys import install_compare_keys
from rater_desktop.gui.qa.compare_markdown import ResponseMarkdown
from rater_desktop.gui.qa.in_parts import InParts
from rater_desktop.gui.qa.rater_answers import (
    answer_parts,
    fill_clusters,
    fit_columns,
    make_table,
    rater_color,
    swatch,
)
from rater_desktop.gui.qa.reviewer import ReviewerIdentity
from rater_desktop.gui.safe_browser import LinkHandler
from rater_desktop.gui.steps.highlight import find_claim
from rater_desktop.keymap import with_key
from rater_desktop.qa_review.adjudication import Adjudication
from rater_desktop.qa_review.answer_rows import summary_text
from rater_desktop.qa_review.claim_marks import Segment, claim_segments
from rater_desktop.qa_review.note_drafts import DraftNotes
from rater_desktop.qa_review.rater_text import answers_note, claims_note
from rater_desktop.qa_review.review_state import ReviewState
from rater_desktop.qa_review.views import ItemComparison

SELECTOR_CHARS = 22  # the item selector's width, in characters of its font
AdjudicationFor = Callable[[str], Adjudication | None]
# (item id, done): read one item's comparison off the UI thread, then call done with it.
Fetch = Callable[[str, Callable[[ItemComparison], None]], None]


class CompareView(QWidget):
    """Item selector, the two responses, raters' answers, claims and the decision."""

    itemShown = Signal(str)
    decisionChanged = Signal(str, str)  # the decision panel's, made with its column

    def __init__(self, *, loader: ImageLoader, link_handler: LinkHandler, save: SaveDecision,
                 clear: ClearDecision, adjudication_for: AdjudicationFor,
                 fetch: Fetch | None = None, settings: QSettings | None = None,
                 reviewer: ReviewerIdentity | None = None, drafts: DraftNotes | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("qaCompareView")
        self.batch: BatchLike | None = None
        self.state = ReviewState()
        self.item_id: str | None = None
        self.item: Item | None = None
        self._adjudication_for = adjudication_for
        self._save, self._clear, self._reviewer, self._drafts = save, clear, reviewer, drafts
        self.legend_boxes: dict[str, QCheckBox] = {}
        self._fetch = fetch
        self._settings = settings  # where the column's split is remembered
        self._comparison: ItemComparison | None = None  # of the shown item, once read
        self._hidden_raters: set[str] = set()
        self._deferred: str | None = None  # the item to draw when the tab is shown
        self.markdown = ResponseMarkdown(self)
        self.responses_pending = False  # the shown item's texts are being rendered
        self.segments: dict[int, list[Segment]] = {}
        # The build's later parts (Response A and B, then the first state), one per turn.
        self.later = InParts(self)
        self.answers_fill = InParts(self)  # the raters' answers table, a part per turn
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addLayout(self._selector())
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("qaCompareSplitter")
        self.splitter.setChildrenCollapsible(False)
        self.item_view = ItemView(loader=loader, link_handler=link_handler)
        self.item_view.setObjectName("qaItemView")
        self.item_view.set_show_kind(True)  # its response page is made on first use
        self.splitter.addWidget(self.item_view)
        self.side: QWidget | None = None  # answers, claims, decision: turns after the rest
        self.side_steps = Steps(self._side_parts)
        self.splitter.setStretchFactor(0, 11)
        layout.addWidget(self.splitter, 1)
        # After the first paint, a turn each (issue 22: the page with the column held it
        # 40-65 ms, Response A and B alone ~40): the column's three parts, then the prompt
        # header, Response A, Response B; whatever needs a part earlier builds it at once.
        for steps in (self.side_steps,) * 3 + (self.item_view.build_steps,) * 2:
            self.later.add(steps.step)
        self.later.add(self._build_responses)
        install_compare_keys(self, step=self.step, panel=lambda: self.adjudication,
                             reveal=lambda widget: self.column.reveal(widget))

    def _build_side(self) -> None:
        """The raters' answers, the claims and the decision panel (at once if asked for)."""
        self.side_steps.finish()

    def _side_parts(self) -> Iterator[None]:
        """The column with the answers, then the claims tab, then the decision panel."""
        self.tabs = QTabWidget()
        self.tabs.setObjectName("qaCompareTabs")
        self.tabs.setAccessibleName("Raters' answers and claims")
        self.answers = make_table("qaRaterAnswersTable", "Each rater's answers", [])
        self.tabs.addTab(self._answers_tab(), "Raters' answers")
        self.side = self.column = CompareColumn(self.tabs, self.answers, self._settings)
        self.splitter.addWidget(self.column)
        self.splitter.setStretchFactor(1, 9)
        self.splitter.setSizes([550, 450])
        yield
        self.tabs.addTab(self._claims_tab(), "Claims")
        yield
        self._adjudication = AdjudicationPanel(save=self._save, clear=self._clear,
                                               reviewer=self._reviewer, drafts=self._drafts)
        self._adjudication.decisionChanged.connect(self.decisionChanged)
        self.column.add_panel(self._adjudication)

    @property
    def adjudication(self) -> AdjudicationPanel:
        """The decision panel (its column built now if its turn has not come yet)."""
        self._build_side()
        return self._adjudication

    def _build_responses(self) -> None:
        self.item_view.prompt_header  # noqa: B018 - made on first use
        self._fit_responses(self.width())

    # -- narrow: Response A and B one at a time ----------------------------------------

    def _one_pane(self) -> int:
        """The width one response pane (and its handle) takes beside the other."""
        panes = self.item_view.panes.values()
        return max(p.minimumSizeHint().width() for p in panes) + self.item_view.splitter.handleWidth()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        """As narrow as with Response A and B one at a time (a resize below the width of
        both side by side shows them so), so the window fits an 853x480 screen."""
        least = super().minimumSizeHint()
        if not self.item_view.responses_built or self.item_view.tabbed:
            return least
        return QSize(max(least.width() - self._one_pane(), 0), least.height())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._fit_responses(event.size().width())

    def _fit_responses(self, width: int) -> None:
        if not self.item_view.responses_built:
            return
        least = super().minimumSizeHint().width()
        both = least + (self._one_pane() if self.item_view.tabbed else 0)
        tabbed = responses_tabbed(width, side_by_side_least=both)
        if tabbed != self.item_view.tabbed:
            self.item_view.set_tabbed(tabbed)
            self.updateGeometry()

    def _selector(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.combo = QComboBox()
        self.combo.setObjectName("qaCompareItemCombo")
        self.combo.setAccessibleName("Item to compare")
        self.items = CompareItems(self.combo)
        self.combo.setModel(self.items)
        # Sized from the font, not from walking 2,000 labels on first show.
        self.combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.combo.setMinimumContentsLength(SELECTOR_CHARS)
        self.combo.currentIndexChanged.connect(self._combo_changed)
        self.previous = QPushButton("\u2039 Previous")
        self.previous.setObjectName("qaComparePrevious")
        self.previous.setAccessibleName("Previous item")
        self.previous.setToolTip(with_key("Previous item", "qa_previous_item"))
        self.previous.clicked.connect(lambda: self.step(-1))
        self.next = QPushButton("Next \u203a")
        self.next.setObjectName("qaCompareNext")
        self.next.setAccessibleName("Next item")
        self.next.setToolTip(with_key("Next item", "qa_next_item"))
        self.next.clicked.connect(lambda: self.step(1))
        self.summary = QLabel("")
        self.summary.setObjectName("qaCompareSummary")
        self.summary.setAccessibleName("Item summary")
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        # Wrapped and free to shrink: a long summary never widens the window past the screen.
        self.summary.setWordWrap(True)
        self.summary.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        for widget in (self.combo, self.previous, self.next):
            row.addWidget(widget)
        row.addWidget(self.summary, 1)
        return row

    def _answers_tab(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        self.answers_note = _note_label("qaAnswersNote", "Why there are no answers")
        layout.addWidget(self.answers_note)
        layout.addWidget(self.answers, 1)
        return page

    def _claims_tab(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(6, 6, 6, 6)
        self.claims_note = _note_label("qaClaimsNote", "About the claims shown")
        layout.addWidget(self.claims_note)
        self.legend_host = QHBoxLayout()
        legend_label = QLabel("Highlight claims of:")
        legend_label.setProperty("role", "muted")
        self.legend_host.addWidget(legend_label)
        legend_row = QHBoxLayout()
        legend_row.addLayout(self.legend_host)
        legend_row.addStretch(1)
        layout.addLayout(legend_row)
        self._legend_layouts = (self.legend_host, legend_row, layout)
        self.only_conflicts = QCheckBox("Only conflicting fact checks")
        self.only_conflicts.setObjectName("qaClaimsOnlyConflicts")
        self.only_conflicts.setAccessibleName("Show only claim clusters with conflicting ratings")
        self.only_conflicts.toggled.connect(lambda _on: self._fill_claims())
        layout.addWidget(self.only_conflicts)
        self.clusters = make_table("qaClaimClustersTable", "Claim clusters",
                                   ["Resp.", "Span", "Fact checks", "Agreement"])
        self.clusters.verticalHeader().setVisible(False)
        fit_columns(self.clusters, stretch=(1, 2))
        layout.addWidget(self.clusters, 1)
        return page

    # -- data -------------------------------------------------------------------------

    def set_batch(self, batch: BatchLike | None) -> None:
        self.batch = batch
        self.item_id = None
        self.item = None

    def set_state(self, state: ReviewState) -> None:
        """New files or figures: refill the selector, keep the shown item if possible."""
        self._build_side()
        if state.raters != self.state.raters or not self.legend_boxes:
            self.state = state
            self._build_legend()  # one box per rater: only when the raters change
        self.state = state
        keep = self.item_id
        self.combo.blockSignals(True)
        self.items.set_items((item_id, judged.kind) for item_id, judged in state.judged.items())
        self.combo.blockSignals(False)
        target = keep if keep in state.judged else next(iter(state.judged), None)
        self.item_id = None
        self._comparison = None  # other files now: read again
        if not self.isVisible() and target is not None:
            # Drawn when the tab is shown: fifty raters' columns on every import would
            # hold the UI thread while another tab is on screen.
            self._deferred = target
            return
        self._deferred = None
        self.show_item(target)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        target, self._deferred = self._deferred, None
        if target is not None and self.item_id is None:
            self.show_item(target)

    def _build_legend(self) -> None:
        for box in self.legend_boxes.values():
            self.legend_host.removeWidget(box)
            box.deleteLater()
        self.legend_boxes = {}
        for index, rater in enumerate(self.state.raters):
            box = QCheckBox(rater)
            box.setObjectName(f"qaClaimRater_{rater}")
            box.setAccessibleName(f"Highlight the claims of {rater}")
            box.setIcon(swatch(rater_color(index)))
            box.setChecked(rater not in self._hidden_raters)
            box.toggled.connect(lambda on, r=rater: self._toggle_rater(r, on))
            self.legend_host.addWidget(box)
            self.legend_boxes[rater] = box
        # The Claims page is hidden behind the answers: its layout would keep the width it
        # had without the boxes until first shown, then widen the column (Compare jumped).
        for layout in self._legend_layouts:
            layout.invalidate()
        self.tabs.updateGeometry()

    def _toggle_rater(self, rater: str, on: bool) -> None:
        (self._hidden_raters.discard if on else self._hidden_raters.add)(rater)
        self.highlight_claims()

    def comparison(self) -> ItemComparison | None:
        """The shown item's raters, once read (None while it is being read)."""
        found = self._comparison
        return found if found is not None and found.item_id == self.item_id else None

    def step(self, delta: int) -> None:
        count = self.items.total
        if count:
            row = (self.combo.currentIndex() + delta) % count
            self.show_item(self.items.item_at(row))

    def _combo_changed(self, index: int) -> None:
        if index < 0:
            return
        data = self.items.item_at(index)
        if data is not None and data != self.item_id:
            self.show_item(data)

    def show_item(self, item_id: str | None) -> None:
        """Show ``item_id`` (None: nothing); selecting it in the combo too."""
        self._deferred = None
        if item_id == self.item_id and item_id is not None:
            return
        self._build_side()
        self.adjudication.save_now()
        self.item_id = item_id
        self.item = self.batch.item(item_id) if (self.batch and item_id) else None
        index = self.items.row_of(item_id)
        if index >= 0 and index != self.combo.currentIndex():
            self.combo.blockSignals(True)
            self.combo.setCurrentIndex(index)
            self.combo.blockSignals(False)
        texts = [r.text for r in self.item.responses[:2]] if self.item else []
        self.responses_pending = not self.markdown.ready(texts)
        if self.responses_pending:  # rendered on a worker first, then shown
            # Shown in a turn of its own: the worker's answer came in the first state's
            # turn, which with the page's first paint held the UI thread 40 ms (issue 22).
            self.markdown.render(texts, partial(self.later.add,
                                                partial(self._show_responses, item_id)))
        else:
            self._show_responses(item_id)
        identities = ((self.item.responses[0].identity, self.item.responses[1].identity)
                      if self.item else ("", ""))
        self._draw_answers()
        self.adjudication.show_item(item_id, identities=identities,
                                    current=self._adjudication_for(item_id) if item_id else None)
        if item_id is not None:
            if self._fetch is not None and self.comparison() is None:
                self.summary.setText("Reading the raters' answers\u2026")
                self._fetch(item_id, self._fetched)
            self.itemShown.emit(item_id)

    def _show_responses(self, item_id: str | None) -> None:
        """The two responses of ``item_id`` if it is still the one chosen."""
        if item_id != self.item_id:
            return  # another item was chosen while these texts were rendered
        self.responses_pending = False
        self.item_view.show_item(self.item, display_order=(0, 1))
        for side, response in zip(("A", "B"), self.item.responses[:2] if self.item else (),
                                  strict=False):
            name = response.identity
            self.item_view.panes[side].title.setText(f"Response {side} ({name})" if name
                                                     else f"Response {side}")
        if self.item is None:
            for side in ("A", "B"):
                self.item_view.panes[side].title.setText(f"Response {side}")

    def _fetched(self, comparison: ItemComparison) -> None:
        if comparison.item_id == self.item_id:  # else another item was chosen meanwhile
            self._comparison = comparison
            self._draw_answers()

    @property
    def answers_pending(self) -> bool:
        """Parts of the raters' answers table still wait for their turn."""
        return self.answers_fill.pending

    def _draw_answers(self) -> None:
        """The raters' answers (a part per turn), claims and summary of the shown item
        (empty until read)."""
        comparison = self.comparison()
        responses = (self.item.responses[0], self.item.responses[1]) if self.item else (None, None)
        parts = answer_parts(self.answers, comparison, self.state.raters, responses)
        parts[0]()  # the headers at once: no earlier item's answers under this one's title
        self.answers_fill.start(parts[1:])
        names = [c.rater_id for c in comparison.raters] if comparison else []
        _set_note(self.answers_note, answers_note(raters=names, has_batch=self.batch is not None))
        self._fill_claims()
        self.highlight_claims()
        self._set_summary(comparison)

    def _set_summary(self, comparison: ItemComparison | None) -> None:
        self.summary.setText(summary_text(comparison))

    def _response_texts(self) -> tuple[str, str]:
        from rater_desktop.rating.text import plain_text

        if self.item is None:
            return "", ""
        return plain_text(self.item.responses[0].text), plain_text(self.item.responses[1].text)

    def _fill_claims(self) -> None:
        comparison = self.comparison()
        clusters = comparison.disagreement.claim_clusters if (
            comparison and comparison.disagreement) else ()
        shown = fill_clusters(self.clusters, clusters, self._response_texts(),
                              only_conflicts=self.only_conflicts.isChecked())
        raters = [c.rater_id for c in comparison.raters] if comparison else []
        _set_note(self.claims_note, claims_note(
            raters=raters, has_batch=self.batch is not None, clusters=len(clusters),
            shown=shown, only_conflicts=self.only_conflicts.isChecked()))

    def highlight_claims(self) -> int:
        """Mark every shown rater's claims in their colour; returns the claims found.

        Where claims of several raters overlap, the piece gets the mix of their colours
        and an underline, so no rater's mark hides another's."""
        comparison = self.comparison()
        found = 0
        self.segments = {}
        for side in (0, 1):
            browser = self.item_view.pane_for_true_index(side).text_browser
            spans: dict[str, list[tuple[int, int]]] = {}
            for column in (comparison.raters if comparison else ()):
                if column.rater_id in self._hidden_raters:
                    continue
                for claim in column.sides[side].claims:
                    cursors = find_claim(browser.document(), claim)
                    found += bool(cursors)
                    spans.setdefault(column.rater_id, []).extend(
                        (c.selectionStart(), c.selectionEnd()) for c in cursors)
            self.segments[side] = claim_segments(spans)
            browser.setExtraSelections([self._mark(browser, segment)
                                        for segment in self.segments[side]])
        return found

    def _mark(self, browser: QTextEdit, segment: Segment) -> QTextEdit.ExtraSelection:
        start, end, raters = segment
        colors = [self._rater_color(r) for r in raters]
        # Overlaps: the mix of the raters' colours, lightened so the text stays readable.
        share = 0.0 if len(colors) == 1 else 0.35
        mixed = QColor(*(int(sum(channel) / len(colors) * (1 - share) + 255 * share)
                         for channel in zip(*((c.red(), c.green(), c.blue()) for c in colors),
                                            strict=True)))
        fmt = QTextCharFormat()
        fmt.setBackground(mixed)
        fmt.setForeground(QColor("#1f2430"))
        if len(raters) > 1:
            fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.SingleUnderline)
            fmt.setUnderlineColor(QColor("#1f2430"))
        cursor = QTextCursor(browser.document())
        cursor.setPosition(start)
        cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
        selection = QTextEdit.ExtraSelection()
        selection.cursor = cursor  # type: ignore[misc]
        selection.format = fmt  # type: ignore[misc]
        return selection

    def _rater_color(self, rater: str) -> QColor:
        raters: Sequence[str] = self.state.raters
        return rater_color(raters.index(rater) if rater in raters else 0)


def _note_label(object_name: str, accessible: str) -> QLabel:
    label = QLabel("")
    label.setObjectName(object_name)
    label.setAccessibleName(accessible)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setProperty("role", "muted")
    label.setVisible(False)
    return label


def _set_note(label: QLabel, text: str) -> None:
    label.setText(text)
    label.setVisible(bool(text))


def responses_tabbed(width: int, *, side_by_side_least: int) -> bool:
    """Response A and B one at a time when Compare is narrower than both side by side
    (with the answers and the decision panel beside them) need."""
    return width < side_by_side_least

