"""``MarkdownWorker.busy`` means "HTML still on its way to the pane": its thread ends
before the queued result is handed over, and a wait on the thread alone passed while the
pane still showed "Formatting…"."""

from __future__ import annotations

from typing import Any

import pytest

from rater_desktop.gui import markdown_worker
from rater_desktop.gui.markdown_worker import QUICK_MARKDOWN, MarkdownWorker


def _long(word: str) -> str:
    return (f"{word} [link](https://shop.example/x) and more text. ") * (QUICK_MARKDOWN // 30)


def test_busy_until_the_html_is_handed_over(qtbot: Any) -> None:
    worker = MarkdownWorker()
    shown: list[str] = []
    assert worker.html(_long("umbrella"), shown.append) is None
    assert worker.wait(10_000)  # the thread is done, its signal not yet delivered
    assert worker.busy and shown == []
    qtbot.waitUntil(lambda: not worker.busy, timeout=10_000)
    assert len(shown) == 1 and "umbrella" in shown[0]


def test_a_text_the_renderer_cannot_take_is_shown_plain(qtbot: Any,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(_text: str, **_kwargs: Any) -> str:
        raise RecursionError("nested too deep")

    monkeypatch.setattr(markdown_worker, "render_markdown", broken)
    worker = MarkdownWorker()
    shown: list[str] = []
    text = _long("parasol <b>")
    assert worker.html(text, shown.append) is None
    qtbot.waitUntil(lambda: not worker.busy, timeout=10_000)
    assert len(shown) == 1 and "parasol &lt;b&gt;" in shown[0]
