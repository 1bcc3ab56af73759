"""One response ("Response A" or "Response B") in a scrollable pane."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QTimer, Signal
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QVBoxLayout, QWidget

from rater_desktop.batch.model import Response
from rater_desktop.gui.elided_label import ElidedLabel
from rater_desktop.gui.image_loader import ImageLoader
from rater_desktop.gui.markdown_worker import (
    PENDING_HTML,
    QUICK_MARKDOWN,
    MarkdownWorker,
    known_html,
)
from rater_desktop.gui.progressive_html import ProgressiveFill
from rater_desktop.gui.run_report_card import RunReportCard
from rater_desktop.gui.safe_browser import AutoHeightBrowser, LinkHandler
from rater_desktop.gui.theme import current_theme, document_css
from rater_desktop.gui.thumbnails import ScreenshotStrip
from rater_desktop.gui.trajectory_view import TrajectoryTimeline, plain_label
from rater_desktop.response_frames import Frame, frame_index_of_step, response_frames

INLINE_IMAGE_SIDE = 1600


def section_title(text: str) -> QLabel:
    label = QLabel(text)
    label.setProperty("role", "sectionTitle")
    return label


class ResponsePane(QFrame):
    """Final answer, Markdown text, screenshots, trajectory and run report of a response."""

    frameActivated = Signal(int, int)  # true response index, frame index
    frameContextRequested = Signal(int, int, QPoint)  # true index, frame index, global pos

    def __init__(self, side: str, *, loader: ImageLoader, link_handler: LinkHandler,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.side = side
        self.true_index = 0
        self.frames: list[Frame] = []
        self._loader = loader
        self._html = ""
        self._markdown = MarkdownWorker(self)  # a long text is rendered off this thread
        self._shown_text: str | None = None
        # A child timer dies with the pane, so a late image never touches a deleted pane.
        self._rerender_timer = QTimer(self)
        self._rerender_timer.setSingleShot(True)
        self._rerender_timer.setInterval(50)
        self._rerender_timer.timeout.connect(self._rerender)
        self.setObjectName(f"responsePane{side}")
        self.setProperty("role", "responsePane")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        # Elided, the whole title in its tooltip: with the model's name (QA's Compare) a
        # narrow pane cut it mid-letter ("Response A (model-alph").
        self.title = ElidedLabel(f"Response {side}")
        self.title.setObjectName(f"responseTitle{side}")
        self.title.setProperty("role", "paneTitle")
        outer.addWidget(self.title)
        self.scroll_area = QScrollArea()
        self.scroll_area.setObjectName(f"responseScroll{side}")
        self.scroll_area.setAccessibleName(f"Response {side}")
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        outer.addWidget(self.scroll_area, 1)
        self.text_browser = AutoHeightBrowser(link_handler=link_handler,
                                              batch_images=self._markdown_image)
        self._fill = ProgressiveFill(self.text_browser)  # a long text, a part per turn
        self.text_browser.setObjectName(f"responseText{side}")
        self.text_browser.setAccessibleName(f"Response {side} text")
        self._build_content()

    def _build_content(self) -> None:
        content = QWidget()
        content.setProperty("role", "paneContent")
        self._column = QVBoxLayout(content)
        self._column.setContentsMargins(16, 12, 16, 16)
        self._column.setSpacing(10)
        self.final_answer = QFrame()
        self.final_answer.setObjectName(f"finalAnswer{self.side}")
        self.final_answer.setProperty("role", "finalAnswer")
        box = QVBoxLayout(self.final_answer)
        box.setContentsMargins(12, 8, 12, 8)
        box.addWidget(section_title("Final answer"))
        self.final_answer_text = plain_label("", role="finalAnswerText")
        box.addWidget(self.final_answer_text)
        self._column.addWidget(self.final_answer)
        self._column.addWidget(self.text_browser)
        self.shots_title = section_title("Screenshots")
        self.strip = ScreenshotStrip(self._loader)
        self.strip.setObjectName(f"screenshotStrip{self.side}")
        self.strip.frameActivated.connect(self._emit_frame)
        self.strip.frameContextRequested.connect(
            lambda i, pos: self.frameContextRequested.emit(self.true_index, i, pos))
        self.steps_title = section_title("Trajectory")
        self.timeline = TrajectoryTimeline(self._loader)
        self.timeline.setObjectName(f"trajectory{self.side}")
        self.timeline.stepActivated.connect(self._emit_step)
        self.timeline.stepContextRequested.connect(
            lambda i, pos: self.frameContextRequested.emit(
                self.true_index, frame_index_of_step(self.frames, i), pos))
        self.report_title = section_title("Run report")
        self._report_host = QVBoxLayout()
        widgets: list[QWidget] = [self.shots_title, self.strip, self.steps_title,
                                  self.timeline, self.report_title]
        for widget in widgets:
            self._column.addWidget(widget)
        self._column.addLayout(self._report_host)
        self._column.addStretch(1)
        self.scroll_area.setWidget(content)

    def show_response(self, response: Response | None, *, true_index: int) -> None:
        """Show ``response``; ``true_index`` is its position in the file (never shown)."""
        self.true_index = true_index
        self.frames = response_frames(response) if response is not None else []
        answer = response.final_answer if response is not None else None
        self.final_answer.setVisible(bool(answer))
        self.final_answer_text.setText(answer or "")
        self.text_browser.document().setDefaultStyleSheet(document_css(current_theme()))
        self._shown_text = response.text if response else None
        html = self._markdown.html(response.text, self._formatted) if response else ""
        self._html = html if html is not None else PENDING_HTML
        self._put_html()
        shots = [f for f in self.frames if not f.is_step]
        self.shots_title.setText(f"Screenshots ({len(shots)})")
        self.strip.set_frames(shots, side=self.side)
        self.shots_title.setVisible(bool(shots))
        self.strip.setVisible(bool(shots))
        steps = response.trajectory if response is not None else ()
        self.steps_title.setText(f"Trajectory ({len(steps)} steps)")
        self.timeline.set_steps(steps, side=self.side)
        self.steps_title.setVisible(bool(steps))
        self.timeline.setVisible(bool(steps))
        self._set_report(response)
        self.scroll_area.verticalScrollBar().setValue(0)

    def _formatted(self, html: str) -> None:
        """A long text's HTML, back from the worker: shown if it is still this text's."""
        if self._shown_text is not None and known_html(self._shown_text) == html:
            self._html = html
            self._put_html(now=False)  # its first part in a turn of its own (issue 23)

    def _put_html(self, *, now: bool = True) -> None:
        """Short HTML at once; long HTML a part per event-loop turn (Qt lays out 20,000
        characters in hundreds of lines in 50-100 ms)."""
        if self._shown_text is None or len(self._shown_text) <= QUICK_MARKDOWN:
            self._fill.cancel()
            self.text_browser.setHtml(self._html)
        else:
            self._fill.show(self._html, now=now)

    def _set_report(self, response: Response | None) -> None:
        while self._report_host.count():
            taken = self._report_host.takeAt(0)
            old = taken.widget() if taken is not None else None
            if old is not None:
                old.hide()  # until it is deleted it is still a child of the pane
                old.deleteLater()
        report = response.run_report if response is not None else None
        self.report_title.setVisible(report is not None)
        if report is not None:
            self._report_host.addWidget(RunReportCard(report, side=self.side))

    def _emit_frame(self, shot_index: int) -> None:
        self.frameActivated.emit(self.true_index, shot_index)

    def _emit_step(self, step_index: int) -> None:
        self.frameActivated.emit(self.true_index, frame_index_of_step(self.frames, step_index))

    def _markdown_image(self, path: str) -> QImage | None:
        image = self._loader.cached(path, INLINE_IMAGE_SIDE)
        if image is None:
            self._loader.request(path, INLINE_IMAGE_SIDE, self._on_inline_image)
        return image

    def _on_inline_image(self, image: QImage | None, _error: str) -> None:
        if image is not None and not self._rerender_timer.isActive():
            self._rerender_timer.start()

    def _rerender(self) -> None:
        self._put_html()
