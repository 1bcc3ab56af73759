"""The open item's claims, highlighted in the response panes they quote.

Redrawn only when the claims (their ids, spans or actions) or the item changed, and again
after a pane's text was replaced (a theme switch, a re-render), a turn later.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QTextEdit

from rater_desktop.gui.steps.highlight import highlight_claims
from rater_desktop.rating.service import RatingService

BrowserFor = Callable[[int], "QTextEdit | None"]


class ClaimHighlights(QObject):
    """Keeps each pane's claim highlights in step with the service's open item."""

    def __init__(self, parent: QObject, *, browser_for: BrowserFor,
                 service: Callable[[], RatingService | None]) -> None:
        super().__init__(parent)
        self.browser_for = browser_for
        self.service = service
        self._key: tuple[object, ...] = ()

    def forget(self) -> None:
        """A pane's text changed: its highlights are gone, draw them again a turn later."""
        self._key = ()
        service = self.service()
        if service is not None and service.current_item_id is not None:
            QTimer.singleShot(0, self, lambda: self.refresh(self.service()))

    def refresh(self, service: RatingService | None) -> None:
        if service is None or service.current_item_id is None:
            return
        sides = service.rating.responses
        key = (service.current_item_id, tuple(
            tuple((c.id, c.start, c.end, c.action) for c in side.claims) for side in sides))
        if key == self._key:
            return
        self._key = key
        for true_index in (0, 1):
            browser = self.browser_for(true_index)
            if browser is not None:
                browser.blockSignals(True)
                highlight_claims(browser, sides[true_index].claims)
                browser.blockSignals(False)
