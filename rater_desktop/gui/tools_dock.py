"""The Tools dock: batch instructions, notes on the item, criteria cheat sheet, feedback.

The protocol of the open batch decides what is shown (``gui.protocols``): a preference
batch gets its own criteria (the cheat sheet of ``batch.json``) in the Criteria tab, and no
Notes or Feedback tab, which belong to the guideline's steps (step 7) and its RatingService.

Notes and feedback go through the RatingService like the fields of step 7 (roadblocks.py):
an edit here calls the service, and every Change the service announces is shown back with
``TextField.show_text``, which leaves a field alone while it already says the same text,
so neither the dock nor step 7 ever moves the cursor of the one being typed in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, Qt, SignalInstance
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QMainWindow,
    QMenu,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.gui.dialogs import markdown_browser, show_markdown, show_plain_paragraph
from rater_desktop.gui.safe_browser import LinkHandler
from rater_desktop.gui.steps.common import TextField
from rater_desktop.gui.steps.help import help_text
from rater_desktop.gui.steps.text_sources import TextEventSink

if TYPE_CHECKING:  # the rating core loads after the first paint (gui.app)
    from rater_desktop.gui.batch_source import BatchLike
    from rater_desktop.rating.change import Change
    from rater_desktop.rating.service import RatingService

NO_BATCH = "Open a batch to see its instructions here."
NO_INSTRUCTIONS = "This batch has no instructions."
TABS = ("Instructions", "Notes", "Criteria", "Feedback")
GUIDELINE_ONLY_TABS = ("Notes", "Feedback")


def preference_criteria(criteria: tuple[str, ...] | list[str]) -> str:
    """The Criteria tab of a preference batch: the batch's own cheat sheet as Markdown."""
    if not criteria:
        return ("## Criteria\n\nThis batch lists no criteria: choose the response that "
                "serves the user better, or Tie when neither does.")
    lines = "\n".join(f"- {line}" for line in criteria)
    return ("## Criteria of this batch\n\nChoose the response that serves the user better "
            f"by these criteria (Tie when neither does):\n\n{lines}")


def criteria_of(batch: BatchLike | None) -> tuple[str, bool]:
    """The Criteria tab's Markdown for the open batch's protocol, and whether the guideline's
    Notes and Feedback tabs are hidden (an unknown protocol: said, and hidden)."""
    from rater_desktop.gui import protocols

    try:
        protocol = protocols.of_batch(batch)
    except protocols.ProtocolError as exc:
        return f"## Criteria\n\nNo criteria to show: {exc}.", True
    return protocol.criteria(getattr(batch, "manifest", None)), not protocol.guideline_tabs


def instructions_of(batch: BatchLike | None) -> str:
    """The batch's instructions Markdown, or a sentence saying why there is none."""
    if batch is None:
        return NO_BATCH
    try:
        text = batch.instructions_markdown()
    except Exception as exc:  # noqa: BLE001 - a bad file is told, never a traceback
        return f"The instructions of this batch cannot be read: {exc}"
    return text if text and text.strip() else NO_INSTRUCTIONS


def _editor_tab(label: QLabel, field: TextField) -> QWidget:
    page = QWidget()
    column = QVBoxLayout(page)
    column.setContentsMargins(8, 8, 8, 8)
    column.setSpacing(6)
    label.setWordWrap(True)
    label.setProperty("role", "muted")
    column.addWidget(label)
    field.fill_space(least_lines=4)  # here the field fills its tab instead of growing
    column.addWidget(field, 1)
    return page


class ToolsDock(QDockWidget):
    """Dockable tools beside the rating steps; ``set_service`` binds notes and feedback."""

    def __init__(self, *, link_handler: LinkHandler, parent: QWidget | None = None) -> None:
        super().__init__("Tools", parent)
        self.text_event_sink: TextEventSink | None = None  # the notes' edits (issue 24)
        self.setObjectName("toolsDock")
        self.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                         | QDockWidget.DockWidgetFeature.DockWidgetClosable)
        self.service: RatingService | None = None
        self._unsubscribe: Callable[[], None] = lambda: None
        self._instructions_markdown = NO_BATCH
        self._criteria_markdown = help_text("criteria.md")
        self.tabs = QTabWidget()
        self.tabs.setObjectName("toolsTabs")
        self.tabs.setDocumentMode(True)
        # Every tab title whole and the dock still narrow: the tabs run down the side. Laid
        # out along the top they set the dock's width (~325 px), and at 1366x768 the
        # responses' tables then broke prices mid-number.
        self.tabs.setTabPosition(QTabWidget.TabPosition.West)
        self.tabs.tabBar().setElideMode(Qt.TextElideMode.ElideNone)
        self.tabs.tabBar().setUsesScrollButtons(False)
        # Both texts start without Markdown: the parser's import and the criteria sheet's
        # rendering (~45 ms) would hold back the window's first paint (benchmarks/README).
        self.instructions = markdown_browser(None, object_name="toolsInstructions",
                                             accessible="Batch instructions",
                                             link_handler=link_handler)
        show_plain_paragraph(self.instructions, NO_BATCH)
        self.notes_label = QLabel("")
        self.notes_label.setObjectName("toolsNotesLabel")
        self.notes = TextField("toolsItemNotes", "Notes on this item", lines=6,
                               on_edit=self._notes_edited)
        self.criteria = markdown_browser(None, object_name="toolsCriteria",
                                         accessible="Rating criteria", link_handler=link_handler)
        self.criteria_rendered = False  # rendered when its tab is first shown
        self.feedback_label = QLabel("")
        self.feedback_label.setObjectName("toolsFeedbackLabel")
        self.feedback = TextField("toolsBatchFeedback", "Feedback on this batch", lines=6,
                                  on_edit=self._feedback_edited)
        for browser in (self.instructions, self.criteria):
            browser.document().setDocumentMargin(10)  # the dock has no frame of its own
        pages = (self.instructions, _editor_tab(self.notes_label, self.notes), self.criteria,
                 _editor_tab(self.feedback_label, self.feedback))
        for page, title in zip(pages, TABS, strict=True):
            self.tabs.addTab(page, title)
        self.setWidget(self.tabs)
        self.tabs.currentChanged.connect(lambda _index: self._render_criteria_if_shown())
        self.refresh()

    # -- batch and service ------------------------------------------------------------------

    def set_instructions(self, markdown: str) -> None:
        self._instructions_markdown = markdown
        if markdown == NO_BATCH:
            show_plain_paragraph(self.instructions, markdown)
        else:
            show_markdown(self.instructions, markdown)

    def _render_criteria_if_shown(self) -> None:
        if not self.criteria_rendered and self.tabs.currentWidget() is self.criteria:
            self.criteria_rendered = True
            show_markdown(self.criteria, self._criteria_markdown)

    def show_batch_protocol(self, batch: BatchLike | None) -> None:
        """The Criteria tab and the guideline-only tabs for the open batch's protocol."""
        self._criteria_markdown, hidden = criteria_of(batch)
        if self.criteria_rendered:
            show_markdown(self.criteria, self._criteria_markdown)
        for title in GUIDELINE_ONLY_TABS:
            self.tabs.setTabVisible(TABS.index(title), not hidden)
        if not self.tabs.isTabVisible(self.tabs.currentIndex()):
            self.tabs.setCurrentIndex(TABS.index("Criteria"))

    def show_instructions(self) -> None:
        """Bring the instructions tab into view (the dock opens if it was closed)."""
        self.tabs.setCurrentIndex(TABS.index("Instructions"))
        self.show()
        self.raise_()

    def set_service(self, service: RatingService | None) -> None:
        """Bind notes and feedback to ``service`` (None: no batch, fields disabled)."""
        self._unsubscribe()
        self._unsubscribe = lambda: None
        self.service = service
        self.text_event_sink = service  # where the notes' text came from (steps/text_sources)
        if service is not None:
            self._unsubscribe = service.subscribe(self._on_change)
        self.refresh()

    def _on_change(self, _change: Change) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Show the service's notes and feedback (leaves a field that already agrees alone)."""
        service = self.service
        item_id = service.current_item_id if service is not None else None
        self.notes.setEnabled(item_id is not None)
        self.feedback.setEnabled(service is not None)
        if service is None or item_id is None:
            self.notes.show_text("")
            self.notes.setPlaceholderText("Open an item to write notes on it.")
            self.notes_label.setText("Notes stay with the item they are written on.")
        else:
            self.notes.show_text(service.rating.notes)
            self.notes.setPlaceholderText("Anything worth remembering about this item")
            self.notes_label.setText(f"Notes on {item_id} (also in step 7; saved with the "
                                     "item)")
        if service is None:
            self.feedback.show_text("")
            self.feedback.setPlaceholderText("Open a batch to give feedback on it.")
            self.feedback_label.setText("Feedback is about the whole batch.")
        else:
            self.feedback.show_text(str(service.batch_state().get("feedback", "")))
            self.feedback.setPlaceholderText("Unclear instructions, broken items, ideas")
            self.feedback_label.setText("Feedback on this batch (also in step 7; one text "
                                        "for all items)")

    def _notes_edited(self, text: str) -> None:
        if self.service is not None and self.service.current_item_id is not None:
            self.service.set_notes(text)

    def _feedback_edited(self, text: str) -> None:
        if self.service is not None:
            self.service.set_batch_feedback(text)

    def rerender(self) -> None:
        """Render the texts again in the current theme's colours."""
        self.set_instructions(self._instructions_markdown)
        if self.criteria_rendered:
            show_markdown(self.criteria, self._criteria_markdown)


def instructions_seen_key(batch_id: str) -> str:
    return f"instructionsSeen/{batch_id}"


def first_visit(settings: QSettings, batch_id: str) -> bool:
    """True once per batch: the first time it is opened with this profile's settings."""
    key = instructions_seen_key(batch_id)
    if settings.value(key) is not None:
        return False
    settings.setValue(key, True)
    return True


def install_tools_dock(window: QMainWindow, *, below: QDockWidget, link_handler: LinkHandler,
                       view_menu: QMenu, settings: QSettings, batch_opened: SignalInstance,
                       batch_closed: SignalInstance) -> ToolsDock:
    """Add the dock under ``below`` (the item list), so it stays in view beside the rating
    form instead of replacing it; on a batch's first visit its instructions come forward."""
    dock = ToolsDock(link_handler=link_handler, parent=window)
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
    window.splitDockWidget(below, dock, Qt.Orientation.Vertical)
    toggle = dock.toggleViewAction()
    toggle.setObjectName("actionToggleToolsDock")
    view_menu.addAction(toggle)

    def opened(batch: BatchLike) -> None:
        dock.set_instructions(instructions_of(batch))
        dock.show_batch_protocol(batch)
        if first_visit(settings, batch.manifest.batch_id):
            dock.show_instructions()

    batch_opened.connect(opened)
    batch_closed.connect(lambda: dock.set_instructions(NO_BATCH))
    batch_closed.connect(lambda: dock.show_batch_protocol(None))
    return dock
