"""The rater's rules in a read-only second window (issue 13, item 5).

When another window already rates on the profile (``gui.profile_lock``), this window gets
no rating binding, yet it must not show more than the rater's own window: the responses
appear in the rater's display order (SD-1) and stay covered until the saved rating says
the case file was written (CF-1, CF-2). Nothing is written; the saved rating is read with
``storage.peek`` on each item load.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject

from rater_desktop.gui import protocols as window_protocols
from rater_desktop.gui.main_window import MainWindow
from rater_desktop.gui.steps.cover import ResponseCover
from rater_desktop.rating.display_order import display_order
from rater_desktop.storage.peek import saved_item_document

READ_ONLY_COVER_TEXT = (
    "This window is read-only.\n\n"
    "Your profile is open in another window; the responses show here once this item's "
    "case file is written there.")

Peek = Callable[..., dict[str, Any] | None]


class ReadOnlyView(QObject):
    """Display order and response cover for a window that must not write."""

    def __init__(self, window: MainWindow, *, rater_id: str, data_dir: Path,
                 peek: Peek = saved_item_document) -> None:
        super().__init__(window)
        self.window = window
        self.rater_id = rater_id
        self.data_dir = data_dir
        self._peek = peek
        self.cover = ResponseCover(window.item_view.splitter)
        self.cover.text.setText(READ_ONLY_COVER_TEXT)
        window.set_display_order_provider(self._display_order)
        window.batchClosed.connect(lambda: self.cover.set_hidden(False))
        # No currentItemChanged hook: the display-order call above already refreshes the
        # cover for every item shown (a second call read the database again).
        if window.item is not None:  # a batch opened before this view was attached
            window.show_item(window.item.id)

    def _display_order(self, item_id: str) -> tuple[int, int]:
        # Called just before the item is shown: cover first, so nothing flashes uncovered.
        self.refresh_cover(item_id)
        batch = self.window.batch
        if batch is None:
            return (0, 1)
        manifest = batch.manifest
        return display_order(batch_seed=manifest.display_seed, rater_id=self.rater_id,
                             item_id=item_id).true_indices

    def refresh_cover(self, item_id: str) -> None:
        batch = self.window.batch
        if batch is not None and not window_protocols.of_batch(batch).rating_binding:
            # Only the guideline's steps keep responses covered until a case file is
            # written; another protocol's window shows them at once, and so does this one.
            self.cover.set_hidden(False)
            return
        saved = None if batch is None else self._peek(
            data_dir=self.data_dir, rater_id=self.rater_id,
            batch_key=batch.manifest.batch_id, item_id=item_id)
        self.cover.set_hidden(not (saved or {}).get("revealed", False))
