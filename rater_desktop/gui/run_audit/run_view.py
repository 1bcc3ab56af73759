"""The central page of a run audit item: the objective, the agent's own report (covered
until the checkpoints and the outcome are marked, RA-3) and the run's trajectory, whose
steps the rater picks (a click on a row, or the pick keys) to cite them as evidence."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QVBoxLayout, QWidget

from rater_desktop.batch.model import Item, TrajectoryStep
from rater_desktop.gui.image_loader import ImageLoader
from rater_desktop.gui.prompt_header import PromptHeader
from rater_desktop.gui.run_report_card import RunReportCard
from rater_desktop.gui.safe_browser import AutoHeightBrowser, LinkHandler
from rater_desktop.gui.steps.common import set_look
from rater_desktop.gui.theme import current_theme, document_css
from rater_desktop.gui.trajectory_view import TrajectoryTimeline, plain_label
from rater_desktop.keymap import key_text
from rater_desktop.render_markdown import render_markdown

COVER_TEXT = ("The agent's report is covered while you read the run. Mark the checkpoints "
              "C1-C4 and the outcome you saw in the panel on the right; the report then "
              "shows here, and you check each of its statements against the trajectory.")
SIDE = "Run"  # object names of the timeline's rows: stepRowRun0, stepThumbRun0...


def section_title(text: str) -> QLabel:
    label = QLabel(text)
    label.setProperty("role", "sectionTitle")
    return label


class RunView(QWidget):
    """One recorded run; a ``gui.item_view.ItemPage``. Shows what it is given (no logic)."""

    stepClicked = Signal(int)  # a trajectory row clicked: pick that step
    screenshotRequested = Signal(int)  # a step's thumbnail clicked: open its screenshot

    def __init__(self, *, loader: ImageLoader, link_handler: LinkHandler,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("runAuditView")
        self.item: Item | None = None
        self.steps: Sequence[TrajectoryStep] = ()
        self.picked: int | None = None
        self.report_shown = False
        self._link_handler = link_handler
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        self.header = PromptHeader(link_handler=link_handler)
        self.header.title.setText("Objective")
        column.addWidget(self.header)
        self.scroll_area = QScrollArea()
        self.scroll_area.setObjectName("runAuditScroll")
        self.scroll_area.setAccessibleName("Recorded run")
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        column.addWidget(self.scroll_area, 1)
        content = QWidget()
        content.setProperty("role", "paneContent")
        self._column = QVBoxLayout(content)
        self._column.setContentsMargins(16, 12, 16, 16)
        self._column.setSpacing(10)
        self._column.addWidget(section_title("Agent's report"))
        self.cover = self._cover()
        self._column.addWidget(self.cover)
        self._report_host = QVBoxLayout()
        self._column.addLayout(self._report_host)
        self.steps_title = section_title("Trajectory")
        self._column.addWidget(self.steps_title)
        self.picked_label = plain_label("", role="muted")
        self.picked_label.setObjectName("runAuditPicked")
        self._column.addWidget(self.picked_label)
        self.timeline = TrajectoryTimeline(loader)
        self.timeline.setObjectName("runAuditTrajectory")
        self.timeline.stepClicked.connect(self.stepClicked)
        self.timeline.stepActivated.connect(self.screenshotRequested)
        self._column.addWidget(self.timeline)
        self._column.addStretch(1)
        self.scroll_area.setWidget(content)

    def _cover(self) -> QFrame:
        cover = QFrame()
        cover.setObjectName("runReportCover")
        cover.setAccessibleName("Agent's report hidden")
        cover.setProperty("role", "runCover")
        box = QVBoxLayout(cover)
        box.setContentsMargins(14, 12, 14, 12)
        text = QLabel(COVER_TEXT)
        text.setObjectName("runReportCoverText")
        text.setWordWrap(True)
        box.addWidget(text)
        return cover

    # -- what the binding calls ----------------------------------------------------------

    def show_item(self, item: Item | None) -> None:
        """Show ``item``'s run with its report covered and no step picked."""
        self.item = item
        self.header.show_item(item)
        run = item.run if item is not None else None
        self.steps = run.trajectory if run is not None else ()
        self.steps_title.setText(f"Trajectory ({len(self.steps)} steps)")
        self.timeline.set_steps(self.steps, side=SIDE)
        for index, row in enumerate(self.timeline.rows):
            set_look(row, "picked", "false")
            row.setToolTip("")
            thumb = getattr(row, "thumb", None)
            if thumb is not None:
                thumb.setAccessibleName(f"Step {index + 1} screenshot")
        self.picked = None
        self.report_shown = False
        self._clear_report()
        self.cover.show()
        self._show_picked()
        self.scroll_area.verticalScrollBar().setValue(0)

    def set_report_shown(self, shown: bool) -> None:
        """Uncover the agent's report (RA-3: after the checkpoints and the outcome)."""
        if shown == self.report_shown:
            return
        self.report_shown = shown
        self._clear_report()
        self.cover.setVisible(not shown)
        run = self.item.run if self.item is not None else None
        if not shown or run is None:
            return
        parts: list[QWidget] = []
        if run.run_report is not None:
            parts.append(RunReportCard(run.run_report, side=SIDE))
        if run.text.strip():
            text = AutoHeightBrowser(link_handler=self._link_handler)
            text.setObjectName("runAuditReportText")
            text.setAccessibleName("The agent's own account")
            text.document().setDefaultStyleSheet(document_css(current_theme()))
            text.setHtml(render_markdown(run.text))
            parts.append(text)
        for widget in parts:
            self._report_host.addWidget(widget)
            widget.show()  # added to a page already on screen
        self.scroll_area.verticalScrollBar().setValue(0)  # the report is what to read now

    def _clear_report(self) -> None:
        while self._report_host.count():
            taken = self._report_host.takeAt(0)
            old = taken.widget() if taken is not None else None
            if old is not None:
                old.hide()
                old.deleteLater()

    def pick(self, index: int | None) -> None:
        """Highlight step ``index`` (0-based) and scroll it into view."""
        if index is not None and not 0 <= index < len(self.steps):
            return
        if self.picked is not None and self.picked < len(self.timeline.rows):
            set_look(self.timeline.rows[self.picked], "picked", "false")
        self.picked = index
        if index is not None:
            self.timeline.show_upto(index)
            row = self.timeline.rows[index]
            set_look(row, "picked", "true")
            self.scroll_area.ensureWidgetVisible(row, 0, 24)
        self._show_picked()

    def set_citations(self, cited: Mapping[int, Sequence[str]]) -> None:
        """Name on each step's row what cites it ("Cited for C1, block")."""
        for index, row in enumerate(self.timeline.rows):
            names = cited.get(index, ())
            row.setToolTip(f"Cited for {', '.join(names)}" if names else "")

    def _show_picked(self) -> None:
        if not self.steps:
            self.picked_label.setText("This run has no recorded steps.")
        elif self.picked is None:
            self.picked_label.setText(
                f"Pick a step to cite: click its row, or {key_text('ra_pick_step')}.")
        else:
            step = self.steps[self.picked]
            self.picked_label.setText(
                f"Picked: step {self.picked + 1} ({step.action}). "
                f"{key_text('ra_cite')} cites it, {key_text('ra_view_step')} opens its "
                "screenshot.")
