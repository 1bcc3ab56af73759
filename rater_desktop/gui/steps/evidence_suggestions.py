"""The evidence finder's suggestions under a fact check card.

The best few screenshots or steps of the claim's response, each with its thumbnail (the
words that matched boxed), what it shows of the claim, and whether the finder is sure;
under them the action check ("No step shows this action", or which step contradicts
it). E cites the selected one exactly as a manual citation does, Shift+E selects the
next, V opens it in the viewer zoomed to the words. The finder never cites or writes.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from rater_desktop.evidence.actions import ActionVerdict
from rater_desktop.evidence.advice import Advice
from rater_desktop.evidence.finder import Suggestion
from rater_desktop.gui.keys import answer_keys
from rater_desktop.gui.steps.common import hint_label, name, restyle
from rater_desktop.gui.steps.shown_evidence_box import ICON_SIZE, ImageFor
from rater_desktop.keymap import key_text
from rater_desktop.rating.model import ShownEvidence

BOX_COLOUR = QColor("#f59e0b")


def boxed_thumbnail(image: QImage | None, suggestion: Suggestion) -> QPixmap:
    """The thumbnail with the matched region outlined (scaled from the image's pixels)."""
    if image is None:
        return QPixmap()
    pixmap = QPixmap.fromImage(image).scaled(ICON_SIZE, Qt.AspectRatioMode.KeepAspectRatio,
                                             Qt.TransformationMode.SmoothTransformation)
    region, size = suggestion.region, suggestion.image_size
    if region is None or size is None or size[0] <= 0:
        return pixmap
    scale = pixmap.width() / size[0]
    painter = QPainter(pixmap)
    pen = QPen(BOX_COLOUR, 2)
    painter.setPen(pen)
    painter.drawRect(QRectF(region.x * scale, region.y * scale,
                            max(2.0, region.width * scale), max(2.0, region.height * scale)))
    painter.end()
    return pixmap


def describe(suggestion: Suggestion) -> str:
    """Its label, then what of the claim it shows and what it does not."""
    sure = "\u2713 Shows" if suggestion.confident else "Partly: shows"
    shown = ", ".join(suggestion.matched[:5]) or "nothing of the claim's words"
    missing = f" \u00b7 not: {', '.join(suggestion.missing[:4])}" if suggestion.missing else ""
    return f"{suggestion.choice.label}\n{sure} {shown}{missing}"


def action_hint(advice: Advice) -> str:
    """The line beside TC-4/FC-4: which step did the action, none, or which contradicts."""
    check = advice.action
    if check is None:
        return ""
    if check.verdict is ActionVerdict.NOT_SHOWN:
        return f"\u26a0 No step shows this action (\u201c{check.kind}\u201d): TC-4 counts it as no evidence."
    if check.verdict is ActionVerdict.CONTRADICTED:
        return f"\u26a0 {check.message}"
    return f"\u2713 {check.message}"


class EvidenceSuggestions(QWidget):
    """Suggested evidence for one claim; keys act on the selected row."""

    def __init__(self, base: str, label: str, card: QWidget, *,
                 on_cite: Callable[[ShownEvidence], None],
                 on_view: Callable[[Suggestion], None]) -> None:
        super().__init__()
        self.setObjectName(f"{base}_suggest")
        self._base = base
        self._on_cite = on_cite
        self._on_view = on_view
        self.suggestions: tuple[Suggestion, ...] = ()
        self.selected = 0
        self.cited: set[tuple[str, str, int]] = set()
        self.image_for: ImageFor = lambda _path: None
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(2)
        self.title = hint_label(f"Suggested evidence ({key_text('evidence_cite')} cites, "
                                f"{key_text('evidence_next')} next, {key_text('evidence_view')} views)")
        self.title.setObjectName(f"{base}_suggestTitle")
        column.addWidget(self.title)
        self.rows_host = QVBoxLayout()
        self.rows_host.setSpacing(2)
        column.addLayout(self.rows_host)
        self.message = hint_label("")
        self.message.setObjectName(f"{base}_suggestMessage")
        column.addWidget(self.message)
        self.action = hint_label("")
        name(self.action, f"{base}_actionHint", f"Response {label} claim: action check")
        column.addWidget(self.action)
        self._rows: list[QWidget] = []
        answer_keys(card, "evidence_cite", [self.cite_selected])
        answer_keys(card, "evidence_next", [self.select_next])
        answer_keys(card, "evidence_view", [self.view_selected])
        self.setVisible(False)

    def show_advice(self, advice: Advice | None, cited: list[ShownEvidence], image_for: ImageFor) -> None:
        self.image_for = image_for
        self.cited = {e.key() for e in cited}
        if advice is None:
            self.setVisible(False)
            self.suggestions = ()
            return
        keys = [s.choice.ref.key() for s in advice.suggestions]
        if keys != [s.choice.ref.key() for s in self.suggestions]:
            self.selected = 0
        self.suggestions = advice.suggestions
        self._rebuild()
        self.message.setText(advice.findings.message)
        self.message.setVisible(bool(advice.findings.message))
        hint = action_hint(advice)
        self.action.setText(hint)
        self.action.setVisible(bool(hint))
        self.action.setProperty("tone", "warn" if hint.startswith("\u26a0") else "ok")
        self.setVisible(True)

    def _rebuild(self) -> None:
        for row in self._rows:
            self.rows_host.removeWidget(row)
            row.hide()
            row.setParent(None)
            row.deleteLater()
        self._rows = [self._row(n, s) for n, s in enumerate(self.suggestions)]
        for row in self._rows:
            self.rows_host.addWidget(row)

    def _row(self, index: int, suggestion: Suggestion) -> QWidget:
        row = QWidget()
        row.setObjectName(f"{self._base}_suggest{index}")
        row.setProperty("current", index == self.selected)
        line = QHBoxLayout(row)
        line.setContentsMargins(0, 0, 0, 0)
        line.setSpacing(6)
        thumb = QLabel()
        thumb.setObjectName(f"{self._base}_suggestThumb{index}")
        thumb.setFixedSize(ICON_SIZE)
        image = self.image_for(suggestion.choice.image) if suggestion.choice.image else None
        thumb.setPixmap(boxed_thumbnail(image, suggestion))
        line.addWidget(thumb)
        mark = "\u25b6 " if index == self.selected else ""
        done = "  (cited)" if suggestion.choice.ref.key() in self.cited else ""
        text = QLabel(mark + describe(suggestion) + done)
        text.setObjectName(f"{self._base}_suggestLabel{index}")
        text.setTextFormat(Qt.TextFormat.PlainText)
        text.setWordWrap(True)
        text.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        line.addWidget(text, 1)
        restyle(row)
        return row

    def current(self) -> Suggestion | None:
        if not self.suggestions or not self.isVisible():
            return None
        return self.suggestions[min(self.selected, len(self.suggestions) - 1)]

    def cite_selected(self) -> None:
        chosen = self.current()
        if chosen is not None:
            self._on_cite(chosen.choice.ref)

    def select_next(self) -> None:
        if self.suggestions:
            self.selected = (self.selected + 1) % len(self.suggestions)
            self._rebuild()

    def view_selected(self) -> None:
        chosen = self.current()
        if chosen is not None:
            self._on_view(chosen)
