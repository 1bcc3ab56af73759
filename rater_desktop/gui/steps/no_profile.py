"""A window without a rater profile (the first-run dialog closed with Esc, or a profile
that cannot be used): the responses stay covered (CF-1) and the way out is in place, a
"Create profile" button on the cover and Help > "Your rater profile...", not a restart."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QPushButton, QVBoxLayout

from rater_desktop.gui.main_window import MainWindow
from rater_desktop.gui.steps.cover import ResponseCover

NO_PROFILE_TEXT = (
    "No rater profile yet.\n\n"
    "The responses stay hidden until you have a profile: it signs your ratings and keeps "
    "the order of the responses yours.")
CREATE_LABEL = "Create profile\u2026"


class NoProfileView(QObject):
    """Covers the responses until ``create_profile`` returns a profile, then ``attach``es
    it; with ``create_profile`` None (a ratings database that cannot open) it only covers."""

    def __init__(self, window: MainWindow, *, text: str = NO_PROFILE_TEXT,
                 create_profile: Callable[[], Any] | None = None,
                 attach: Callable[[Any], None] | None = None) -> None:
        super().__init__(window)
        self.window = window
        self._create_profile = create_profile
        self._attach = attach
        self.cover = ResponseCover(window.item_view.splitter)
        self.cover.setObjectName("noProfileCover")
        self.cover.text.setText(text)
        self.button: QPushButton | None = None
        if create_profile is not None:
            self.button = QPushButton(CREATE_LABEL)
            self.button.setObjectName("createProfileButton")
            self.button.clicked.connect(self.create)
            layout = self.cover.layout()
            assert isinstance(layout, QVBoxLayout)
            layout.insertWidget(2, self.button, 0, Qt.AlignmentFlag.AlignHCenter)
            action = window.actions_.profile
            action.setEnabled(True)
            action.triggered.connect(self.create)
        self.cover.set_hidden(True)
        if self.button is not None and self.button.isVisible():
            self.button.setFocus(Qt.FocusReason.OtherFocusReason)  # Enter or Space: create
        # A batch closed or reopened meanwhile must not uncover what a rating binding would.
        window.batchClosed.connect(self._cover_again)

    def _cover_again(self) -> None:
        self.cover.set_hidden(True)

    def create(self) -> None:
        """The first-run dialog again; with a profile made, rate with it."""
        if self._create_profile is None:
            return
        profile = self._create_profile()
        if profile is None:
            return  # Esc again: still covered, still on offer
        self.window.actions_.profile.triggered.disconnect(self.create)
        self.window.actions_.profile.setEnabled(False)  # the attached profile takes it
        if self._attach is not None:
            self._attach(profile)  # its own cover is up before this one goes
        self.close()

    def close(self) -> None:
        """Take the cover away (the rating binding brings its own)."""
        self.cover.set_hidden(False)
        self.cover.hide()
        self.cover.deleteLater()
        self.window.setProperty("noProfileView", None)
        self.deleteLater()
