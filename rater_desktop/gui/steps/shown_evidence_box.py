"""A fact check's evidence shown with the response: cited screenshots and trajectory steps.

Sits under the URL sources of a fact-check card. "Cite a screenshot or step" opens a menu
of that response's screenshots and steps (thumbnail and caption); each cited one is listed
with its thumbnail and a Remove button. Writes go through the rating service.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QIcon, QImage, QPixmap
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMenu,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.batch.model import Response
from rater_desktop.gui.steps.common import name
from rater_desktop.rating.model import Claim, ShownEvidence
from rater_desktop.rating.shown_evidence import evidence_choices, evidence_label

ICON_SIZE = QSize(64, 40)
THUMB_RETRY_MS = 250  # a thumbnail not decoded yet is looked up again, a few times
THUMB_RETRIES = 8
ImageFor = Callable[[str], QImage | None]


def _no_image(_path: str) -> QImage | None:
    return None


def _icon(image: QImage | None) -> QIcon:
    if image is None:
        return QIcon()
    return QIcon(QPixmap.fromImage(image).scaled(
        ICON_SIZE, Qt.AspectRatioMode.KeepAspectRatio,
        Qt.TransformationMode.SmoothTransformation))


class ShownEvidenceBox(QWidget):
    """Cited screenshots/steps of one claim, and the picker that adds more."""

    def __init__(self, base: str, label: str, *,
                 on_add: Callable[[ShownEvidence], None],
                 on_remove: Callable[[ShownEvidence], None]) -> None:
        super().__init__()
        self.setObjectName(f"{base}_shown")
        self._base = base
        self._on_add = on_add
        self._on_remove = on_remove
        self.response: Response | None = None
        self.image_for: ImageFor = _no_image
        self.cited: list[ShownEvidence] = []
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(3)
        self.rows_host = QVBoxLayout()
        self.rows_host.setSpacing(3)
        column.addLayout(self.rows_host)
        self.pick = QToolButton()
        self.pick.setText("Cite a screenshot or step\u2026")
        name(self.pick, f"{base}_citeShown",
             f"Response {label} claim: cite one of its screenshots or steps as evidence")
        self.pick.setToolTip("Evidence the response itself shows: one of its screenshots or "
                             "trajectory steps (the guideline's screenshot evidence).")
        self.pick.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.pick.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.menu = QMenu(self.pick)
        self.menu.setObjectName(f"{base}_citeShownMenu")
        self.menu.aboutToShow.connect(self.fill_menu)
        self.pick.setMenu(self.menu)
        column.addWidget(self.pick, 0, Qt.AlignmentFlag.AlignLeft)
        self._rows: list[QWidget] = []
        self._waiting: list[tuple[QLabel, str]] = []  # row thumbnails still without image
        self._retries = 0
        self._retry = QTimer(self)
        self._retry.setSingleShot(True)
        self._retry.setInterval(THUMB_RETRY_MS)
        self._retry.timeout.connect(self._fill_thumbnails)

    def show_claim(self, claim: Claim, response: Response | None, image_for: ImageFor) -> None:
        self.response = response
        self.image_for = image_for
        # Cheap on every refresh; the full list is built only when the menu opens.
        has_choices = response is not None and bool(response.screenshots or response.trajectory)
        self.pick.setEnabled(has_choices)
        if not has_choices:
            self.pick.setToolTip("This response shows no screenshots or trajectory steps.")
        if [e.key() for e in claim.shown_evidence] == [e.key() for e in self.cited]:
            return
        self.cited = list(claim.shown_evidence)
        self._rebuild_rows()

    def newest_row(self) -> QWidget | None:
        """The row of the evidence cited last (None: nothing cited)."""
        return self._rows[-1] if self._rows else None

    def _rebuild_rows(self) -> None:
        for row in self._rows:
            self.rows_host.removeWidget(row)
            row.hide()
            row.setParent(None)  # gone from findChild at once, not after the event loop
            row.deleteLater()
        self._waiting = []
        self._rows = [self._row(n, ref) for n, ref in enumerate(self.cited)]
        for row in self._rows:
            self.rows_host.addWidget(row)
        self._retries = 0
        self._fill_thumbnails()

    def _fill_thumbnails(self) -> None:
        still = []
        for label, path in self._waiting:
            image = self.image_for(path)
            if image is not None:
                label.setPixmap(_icon(image).pixmap(ICON_SIZE))
            else:
                still.append((label, path))
        self._waiting = still
        self._retries += 1
        if still and self._retries <= THUMB_RETRIES:
            self._retry.start()

    def _row(self, index: int, ref: ShownEvidence) -> QWidget:
        row = QWidget()
        row.setObjectName(f"{self._base}_shown{index}")
        line = QHBoxLayout(row)
        line.setContentsMargins(0, 0, 0, 0)
        line.setSpacing(6)
        thumb = QLabel()
        thumb.setObjectName(f"{self._base}_shownThumb{index}")
        thumb.setFixedSize(ICON_SIZE)
        if ref.path:
            self._waiting.append((thumb, ref.path))
        line.addWidget(thumb)
        text = evidence_label(ref, self.response)
        caption = QLabel(text)
        caption.setObjectName(f"{self._base}_shownLabel{index}")
        caption.setTextFormat(Qt.TextFormat.PlainText)
        caption.setWordWrap(True)
        caption.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        caption.setToolTip(ref.path or text)
        line.addWidget(caption, 1)
        remove = QToolButton()
        remove.setText("Remove")
        name(remove, f"{self._base}_shownRemove{index}", f"Remove cited evidence: {text}")
        remove.clicked.connect(lambda _c=False, r=ref: self._on_remove(r))
        line.addWidget(remove)
        return row

    def fill_menu(self) -> None:
        """Every screenshot and step of the response; those already cited are disabled."""
        self.menu.clear()
        cited = {e.key() for e in self.cited}
        choices = evidence_choices(self.response)
        for choice in choices:
            done = choice.ref.key() in cited
            action = self.menu.addAction(choice.label + ("  (cited)" if done else ""))
            action.setIcon(_icon(self.image_for(choice.image) if choice.image else None))
            action.setEnabled(not done)
            action.triggered.connect(lambda _c=False, r=choice.ref: self._on_add(r))
        if not choices:
            self.menu.addAction("This response shows no screenshots or steps.").setEnabled(False)
