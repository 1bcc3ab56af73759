"""Markdown of a long response rendered on a worker thread, not on the window's.

``render_markdown`` is pure Python and takes tens of milliseconds on a hostile
20,000-character text (links, entities); a short text (the usual case) is still
rendered at once. The HTML of the last few long texts is kept, so going back to an item
shows it at once.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from PySide6.QtCore import QObject, QThreadPool, Signal

from rater_desktop.html_parts import html_parts
from rater_desktop.memo import Memo
from rater_desktop.render_markdown import render_markdown

QUICK_MARKDOWN = 4_000  # characters rendered at once on the window's thread
PENDING_HTML = "<p><i>Formatting this long response\u2026</i></p>"


def _render(text: str) -> str:
    return render_markdown(text, allow_image=lambda _path: True)


_HTML: Memo[str, str] = Memo(_render, size=16)


def _prepared(text: str) -> str:
    """Rendered and cut into the parts the window lays out one per turn."""
    html = _HTML(text)
    html_parts(html)
    return html


def _prepared_or_plain(text: str) -> str:
    """On the worker: a text the renderer cannot take is still shown, as plain text (the
    pane never waits on "Formatting…" for HTML that will not come)."""
    try:
        return _prepared(text)
    except Exception:  # noqa: BLE001 - any renderer failure; the words still reach the rater
        return f"<p style=\"white-space: pre-wrap\">{escape(text)}</p>"


def prepare(text: str) -> str:
    """The HTML of ``text``, rendered on the calling thread (a worker's) and kept, so a
    pane showing it later finds it at once (the QA window's Compare, issue 22)."""
    return _prepared(text)


def known_html(text: str) -> str | None:
    """The HTML of ``text`` if it was rendered already."""
    found = _HTML.peek(text)
    return found if isinstance(found, str) else None


class MarkdownWorker(QObject):
    """Renders long Markdown off the window's thread; one thread, jobs in order."""

    _rendered = Signal(object, str)  # done callback, html

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._undelivered = 0  # jobs started whose HTML has not reached their pane yet
        self._rendered.connect(self._deliver)

    def html(self, text: str, done: Callable[[str], None]) -> str | None:
        """The HTML now (short or already rendered text), else None and ``done(html)``
        later, on the window's thread."""
        known = _HTML.peek(text)
        if isinstance(known, str):
            return known
        if len(text) <= QUICK_MARKDOWN:
            return _HTML(text)
        self._undelivered += 1
        self._pool.start(lambda: self._rendered.emit(done, _prepared_or_plain(text)))
        return None

    def _deliver(self, done: Callable[[str], None], html: str) -> None:
        self._undelivered -= 1
        done(html)

    @property
    def busy(self) -> bool:
        """Until the last job's HTML was handed over on the window's thread (the thread
        ends a queued signal before that: "not running" is not "shown")."""
        return self._undelivered > 0

    def wait(self, ms: int = 5_000) -> bool:
        return self._pool.waitForDone(ms)
