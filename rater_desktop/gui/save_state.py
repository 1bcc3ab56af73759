"""The status bar's save indicator, polled from the store's background writer (both
rating protocols' bindings use this one loop)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QTimer

SAVE_POLL_MS = 300
SAVE_ERROR_POLL_MS = 1000


def poll_save_state(*, window: Any, store: Any, timer: QTimer) -> None:
    """Show saving / saved / error; keep polling while documents wait or a save failed."""
    status_of = getattr(store, "autosave_status", None)
    if not callable(status_of):
        window.set_save_state("saved")
        return
    status = status_of()
    if status.last_error is not None:
        # The writer keeps retrying: watch until the documents are on disk.
        window.set_save_state("error", str(status.last_error))
        timer.start(SAVE_ERROR_POLL_MS)
    elif status.pending:
        timer.start(SAVE_POLL_MS)
    else:
        window.set_save_state("saved")
