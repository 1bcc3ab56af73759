"""The text-fit check on the real screen, for the rater robot (tests/robot).

With ``RATER_DESKTOP_TEXT_FIT_LOG=FILE`` set, the app checks every visible window with
``text_fit.clipped_texts`` shortly after each key, click or resize has settled, and appends
each clipped text it finds (window title, window size, the problem) to FILE once. The first
line says the check is on, so an empty report cannot be mistaken for a check that never
ran. Without the variable nothing is installed.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication

LOG_ENV = "RATER_DESKTOP_TEXT_FIT_LOG"
SETTLE_MS = 400  # after the last input event: layouts and animations have finished
_WATCHED = {QEvent.Type.KeyRelease, QEvent.Type.MouseButtonRelease, QEvent.Type.Resize,
            QEvent.Type.Show}


class TextFitLog(QObject):
    """Appends clipped texts of the visible windows to ``path`` (each problem once)."""

    def __init__(self, app: QApplication, path: Path) -> None:
        super().__init__(app)
        self.app = app
        self.path = path
        self.seen: set[str] = set()
        self.pending: dict[str, str] = {}  # found once; logged when the next look agrees
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(SETTLE_MS)
        self.timer.timeout.connect(self.check)
        with self.path.open("a", encoding="utf-8") as log:
            log.write(f"# text-fit check on (pid {os.getpid()})\n")
        app.installEventFilter(self)
        app.aboutToQuit.connect(self.check)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in _WATCHED:
            self.timer.start()
        return False

    def check(self) -> None:
        """Log what two looks in a row agree on: a layout still settling (a label fitted
        to its old width for one frame) is not what the rater reads."""
        found = self._look()
        confirmed = {k: v for k, v in found.items() if k in self.pending and k not in self.seen}
        self.pending = found
        if found.keys() - confirmed.keys() - self.seen:
            self.timer.start()  # look once more when nothing else happens
        self.seen.update(confirmed)
        if confirmed:
            with self.path.open("a", encoding="utf-8") as log:
                log.write("\n".join(confirmed.values()) + "\n")

    def _look(self) -> dict[str, str]:
        from rater_desktop.gui.text_fit import clipped_texts

        found: dict[str, str] = {}
        for window in self.app.topLevelWidgets():
            if not window.isVisible() or window.isMinimized():
                continue
            where = f"{window.windowTitle() or window.objectName()} " \
                    f"({window.width()}x{window.height()})"
            for problem in clipped_texts(window):
                key = f"{window.objectName()}|{problem.widget.objectName()}|{problem.text}"
                found[key] = f"{where}: {problem}"
        return found


def install_text_fit_log(app: QApplication) -> TextFitLog | None:
    """Install the check when the environment asks for it (the robot does)."""
    target = os.environ.get(LOG_ENV)
    return TextFitLog(app, Path(target)) if target else None
