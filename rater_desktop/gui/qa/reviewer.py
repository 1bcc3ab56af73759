"""Who the QA window's decisions are by: the reviewer's profile (the one named with
``--profile``, else the last used, else the only one), found when first asked.

Without one, decisions cannot be made (the core refuses a decision that names nobody:
nobody could tell later who decided). The decision panel then says so and offers the
rater window's own first-run dialog in place; the profile made there is the reviewer's
at once, without a restart. Reading, figures and comparing never need a profile.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal


class ReviewerIdentity(QObject):
    """The QA window's reviewer; ``changed(rater_id)`` once a profile was made in place."""

    changed = Signal(str)

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.setObjectName("qaReviewerIdentity")
        self._window = window
        self._rater_id: str | None = None  # None: not looked up yet
        self.problem = ""  # why there is none (the profile lookup's words)
        # The first-run dialog; tests put their own here (a dialog runs its own loop).
        self.make_profile: Callable[[], Any] = self._first_run_dialog

    @property
    def rater_id(self) -> str:
        """The reviewer's id; "" without a usable profile (``problem`` says why)."""
        if self._rater_id is None:
            from rater_desktop.profiles import ProfileError, resolve_profile

            try:
                found = resolve_profile(data_dir=self._window.data_dir,
                                        requested=self._window.profile)
                self._rater_id, self.problem = found.rater_id, ""
            except ProfileError as exc:
                self._rater_id, self.problem = "", str(exc)
        return self._rater_id

    def create(self) -> bool:
        """The first-run dialog; with a profile made, the window decides as it from now."""
        profile = self.make_profile()
        if profile is None:
            return False  # closed: still no reviewer, still on offer
        self._window.profile = profile.rater_id  # the decisions export signs with it
        self._rater_id, self.problem = profile.rater_id, ""  # the session's at its next save
        self.changed.emit(profile.rater_id)
        return True

    def _first_run_dialog(self) -> Any:
        from rater_desktop.gui.startup import create_first_profile

        return create_first_profile(self._window.window(), self._window.data_dir,
                                    keyring=self._window.keyring)


def reviewer_of(window: Any) -> ReviewerIdentity:
    """The window's reviewer identity (made on first use, then kept as its child)."""
    found = window.findChild(ReviewerIdentity, "qaReviewerIdentity",
                             Qt.FindChildOption.FindDirectChildrenOnly)
    return found if isinstance(found, ReviewerIdentity) else ReviewerIdentity(window)
