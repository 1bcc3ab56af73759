"""The preference binding made only when the window first shows a preference batch.

Building it (its panel, shortcuts and imports, ~20-25 ms) at start-up delayed the rating
panel of every guideline batch, the usual case; ``window.property("preferenceBinding")``
stays None until a preference batch opens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rater_desktop.batch.protocol import PREFERENCE
from rater_desktop.gui.main_window import MainWindow

if TYPE_CHECKING:
    from rater_desktop.rating.store import RatingStore


def _is_preference(batch: Any) -> bool:
    return getattr(getattr(batch, "manifest", None), "protocol", "guideline") == PREFERENCE


def install_preference_binding(window: MainWindow, *, store: RatingStore,
                               rater_id: str) -> None:
    """Make the window's PreferenceBinding now (a preference batch is open) or when the
    first preference batch opens."""

    def make(*, open_current: bool) -> None:
        from rater_desktop.gui.preference.binding import PreferenceBinding

        window.setProperty("preferenceBinding", PreferenceBinding(
            window, store=store, rater_id=rater_id, open_current=open_current))

    if _is_preference(window.batch):
        make(open_current=True)
        return

    def opened(batch: Any) -> None:
        if window.property("preferenceBinding") is not None or not _is_preference(batch):
            return
        window.batchOpened.disconnect(opened)
        # window.item is still the previous batch's here; the binding takes the new
        # batch now and its first item from currentItemChanged, right after this signal.
        make(open_current=False)

    window.batchOpened.connect(opened)
