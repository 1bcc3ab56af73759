"""The Markdown of the item Compare is about to show, rendered on a worker thread.

A response pane renders a short text (the usual case) on the window's thread when it is
shown; Compare asks for both texts here first, so the panes find their HTML already made
and the UI thread only applies it (issue 22: the first item of the tab cost tens of ms).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence

from PySide6.QtCore import QObject, QThreadPool, Signal

from rater_desktop.gui.markdown_worker import known_html, prepare


class ResponseMarkdown(QObject):
    """Renders texts on one worker thread; ``done`` runs on the UI thread afterwards."""

    _rendered = Signal(object)  # the done callback

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._rendered.connect(self._deliver)
        self.threads: list[str] = []  # the thread of each render (tests)

    def ready(self, texts: Sequence[str]) -> bool:
        """Every text's HTML is made already."""
        return all(known_html(text) is not None for text in texts)

    def render(self, texts: Sequence[str], done: Callable[[], None]) -> None:
        """Render ``texts`` off the UI thread, then ``done()`` on it."""
        wanted = tuple(texts)

        def work() -> None:
            for text in wanted:
                if known_html(text) is None:
                    self.threads.append(threading.current_thread().name)
                    prepare(text)
            self._rendered.emit(done)

        self._pool.start(work)

    def _deliver(self, done: Callable[[], None]) -> None:
        done()

    def wait(self, msecs: int = 10_000) -> bool:
        """Block until the queued renders ran (tests, closing)."""
        return bool(self._pool.waitForDone(msecs))
