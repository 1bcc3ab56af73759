"""Context menu of screenshots and trajectory steps: cite as evidence, copy a step's URL.

Right-click on a screenshot thumbnail, a trajectory step or the screenshot viewer's image
offers "Cite as evidence for the current claim" (the claim picked on the Fact checks
step; the decision is ``rating.shown_evidence.cite_decision``) and, for a step with a URL,
"Copy URL". What happened is said in the step panel and the status bar.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QPoint
from PySide6.QtGui import QAction, QImage
from PySide6.QtWidgets import QApplication, QMenu, QWidget

from rater_desktop.gui.image_loader import THUMB_SIDE, ImageLoader
from rater_desktop.gui.main_window import MainWindow
from rater_desktop.gui.steps.fact_checks import FactChecksStep
from rater_desktop.gui.steps.panel import StepPanel
from rater_desktop.rating.model import ShownEvidence, Step
from rater_desktop.rating.shown_evidence import (
    CiteDecision,
    cite_decision,
    cited_message,
    screenshot_ref,
    step_ref,
)
from rater_desktop.response_frames import Frame

CITE_TEXT = "Cite as evidence for the current claim"
COPY_TEXT = "Copy URL"
STATUS_MS = 6000


def frame_ref(frame: Frame) -> ShownEvidence:
    """The reference a frame is cited by: a screenshot by path, a step by its index."""
    if frame.step_index is not None:
        return step_ref(frame.step_index, frame.path)
    return screenshot_ref(frame.path or "")


def cached_thumbnail(loader: ImageLoader) -> Callable[[str], QImage | None]:
    """A thumbnail-sized image if already decoded; else None, and decoding starts so the
    next look (the picker opened again) has it."""

    def image_for(path: str) -> QImage | None:
        image = loader.cached(path, THUMB_SIDE)
        if image is None and path:
            loader.request(path, THUMB_SIDE, lambda _image, _error: None)
        return image

    return image_for


class EvidenceActions(QObject):
    """Builds and runs the frame context menu for one window and its step panel."""

    def __init__(self, window: MainWindow, panel: StepPanel) -> None:
        super().__init__(window)
        self.window = window
        self.panel = panel
        self.last_menu: QMenu | None = None  # kept for tests and for a second look
        self.popup: Callable[[QMenu, QPoint], object] = lambda menu, pos: menu.popup(pos)
        for pane in window.item_view.panes.values():
            pane.frameContextRequested.connect(
                lambda t, i, pos, p=pane: self._show(t, p.frames[i], pos)
                if 0 <= i < len(p.frames) else None)
        window.viewerFrameContextRequested.connect(self._show)

    def decision(self, true_index: int, frame: Frame) -> CiteDecision:
        service = self.panel.service
        ref = frame_ref(frame)
        if service is None or service.current_item_id is None:
            return cite_decision(step=None, claim=None, claim_side=None, ref_side=true_index,
                                 ref=ref)
        page = self.panel.page(Step.FACT_CHECKS)
        current = page.current_claim() if isinstance(page, FactChecksStep) else None
        return cite_decision(
            step=service.rating.current_step, claim=current[1] if current else None,
            claim_side=current[0] if current else None, ref_side=true_index, ref=ref,
            claim_response=service.item.responses[current[0]] if current else None)

    def build_menu(self, true_index: int, frame: Frame, parent: QWidget | None = None) -> QMenu:
        menu = QMenu(parent or self.window)
        menu.setObjectName("frameContextMenu")
        decision = self.decision(true_index, frame)
        # Enabled: name the claim, so the rater sees what the click will do.
        cite = menu.addAction(f"{CITE_TEXT}: {decision.reason.removeprefix('Cite as evidence for ')}"
                              if decision.enabled else CITE_TEXT)
        cite.setObjectName("citeAsEvidence")
        cite.setEnabled(decision.enabled)
        cite.setToolTip(decision.reason)
        cite.setStatusTip(decision.reason)
        cite.triggered.connect(lambda: self.cite(true_index, frame))
        if not decision.enabled:
            why = menu.addAction(decision.reason)
            why.setObjectName("citeAsEvidenceReason")
            why.setEnabled(False)
        if frame.step is not None:
            url = frame.step.url
            copy = menu.addAction(COPY_TEXT if url else "Copy URL (this step has no URL)")
            copy.setObjectName("copyStepUrl")
            copy.setEnabled(bool(url))
            copy.triggered.connect(lambda: self.copy_url(frame))
        menu.setToolTipsVisible(True)
        return menu

    def _show(self, true_index: int, frame: Frame, pos: QPoint) -> None:
        if self.last_menu is not None:
            self.last_menu.deleteLater()
        sender = QApplication.activeWindow()
        self.last_menu = self.build_menu(true_index, frame, sender or self.window)
        self.popup(self.last_menu, pos)

    def action(self, object_name: str) -> QAction | None:
        menu = self.last_menu
        if menu is None:
            return None
        return next((a for a in menu.actions() if a.objectName() == object_name), None)

    def cite(self, true_index: int, frame: Frame) -> None:
        decision = self.decision(true_index, frame)
        service = self.panel.service
        page = self.panel.page(Step.FACT_CHECKS)
        current = page.current_claim() if isinstance(page, FactChecksStep) else None
        if not decision.enabled or decision.ref is None or service is None or current is None:
            self._tell(decision.reason)
            return
        claim_side, claim, label = current
        ref = decision.ref  # for a file both responses show: as the claim's response shows it
        change = service.add_claim_shown_evidence(claim_side, claim.id, ref)
        if change.refused:
            self._tell(" ".join(change.reasons) or "The evidence could not be cited.")
            return
        self._tell(cited_message(ref=ref, claim=claim, label=label,
                                 response=service.item.responses[claim_side]))

    def copy_url(self, frame: Frame) -> None:
        url = frame.step.url if frame.step is not None else ""
        if not url:
            self._tell("This step has no URL to copy.")
            return
        clipboard = QApplication.clipboard()
        clipboard.setText(url)
        number = "" if frame.step_index is None else f" of step {frame.step_index + 1}"
        self._tell(f"Copied the URL{number}: {url}")

    def _tell(self, text: str) -> None:
        self.panel.say(text)
        self.window.statusBar().showMessage(text, STATUS_MS)
