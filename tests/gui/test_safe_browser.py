"""Rendered batch text never fetches anything and links need the rater's confirmation."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QUrl
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QApplication

from rater_desktop.gui.safe_browser import LinkHandler, SafeTextBrowser
from rater_desktop.render_markdown import render_markdown
from tests.gui.conftest import response

HOSTILE_TEXT = (
    "Look: ![pixel](https://tracker.example/p.png) ![d](data:image/png;base64,iVBORw0KGgo=)\n\n"
    '<img src="http://tracker.example/raw.png"> [js](javascript:alert(1)) '
    "[site](https://shop.example/item)"
)


class FakeLinks:
    def __init__(self, *, answer: bool) -> None:
        self.answer = answer
        self.asked: list[str] = []
        self.opened: list[str] = []

    def handler(self) -> LinkHandler:
        return LinkHandler(confirm=lambda _parent, url: self.asked.append(url) or self.answer,
                           open_url=lambda url: self.opened.append(url.toString()))


def test_remote_image_in_markdown_is_never_requested(
        make_window: Callable[..., Any], batch_factory: Callable[..., Path],
        caplog: Any) -> None:
    # loadResource logs every request it gets; patching the Qt virtual itself would break
    # PySide's override dispatch, so the log is the spy.
    caplog.set_level(logging.DEBUG, logger="rater_desktop.gui.safe_browser")
    items = [{"id": "hostile", "prompt": "p", "context": HOSTILE_TEXT,
              "responses": [response("x", HOSTILE_TEXT, shots=0, steps=0),
                            response("y", "![ok](screens/y0_0.png)", shots=1, steps=0,
                                     prefix="y0_")]}]
    window = make_window()
    assert window.open_batch_path(str(batch_factory("hostile", items)))
    QApplication.processEvents()
    window.loader.wait_idle()
    QApplication.processEvents()
    requested = [r.args[0] for r in caplog.records if r.msg.startswith("resource request")]
    assert not [u for u in requested if "tracker" in u or u.startswith("data:")]
    assert "batch:screens/y0_0.png" in requested, "the spy must see batch-internal images"
    pane_text = window.item_view.panes["A"].text_browser.toPlainText()
    assert "[image not shown: pixel]" in pane_text


def test_load_resource_refuses_everything_but_batch_images(qtbot: Any) -> None:
    browser = SafeTextBrowser(batch_images=lambda _p: None)
    qtbot.addWidget(browser)
    image = int(QTextDocument.ResourceType.ImageResource)
    css = int(QTextDocument.ResourceType.StyleSheetResource)
    for url in ("https://tracker.example/p.png", "file:///etc/passwd", "data:image/png;base64,AA",
                "qrc:/x.png", "batch:screens/a.png"):
        assert browser.loadResource(image, QUrl(url)) is None
        assert browser.loadResource(css, QUrl(url)) is None


def test_link_click_asks_and_opens_only_when_confirmed(qtbot: Any) -> None:
    declined = FakeLinks(answer=False)
    browser = SafeTextBrowser(link_handler=declined.handler())
    qtbot.addWidget(browser)
    browser.setHtml(render_markdown("[site](https://shop.example/item?x=1)"))
    browser.anchorClicked.emit(QUrl("https://shop.example/item?x=1"))
    assert declined.asked == ["https://shop.example/item?x=1"]
    assert declined.opened == []

    accepted = FakeLinks(answer=True)
    browser2 = SafeTextBrowser(link_handler=accepted.handler())
    qtbot.addWidget(browser2)
    browser2.anchorClicked.emit(QUrl("https://shop.example/item?x=1"))
    assert accepted.opened == ["https://shop.example/item?x=1"]


def test_unsafe_link_is_not_even_offered(qtbot: Any) -> None:
    links = FakeLinks(answer=True)
    browser = SafeTextBrowser(link_handler=links.handler())
    qtbot.addWidget(browser)
    for url in ("javascript:alert(1)", "file:///etc/passwd", "batch:screens/a.png"):
        browser.anchorClicked.emit(QUrl(url))
    assert links.asked == [] and links.opened == []


def test_browser_never_navigates(qtbot: Any) -> None:
    browser = SafeTextBrowser()
    qtbot.addWidget(browser)
    assert not browser.openLinks() and not browser.openExternalLinks()
    browser.setHtml("<p>kept</p>")
    browser.setSource(QUrl("https://evil.example/"))
    assert browser.toPlainText() == "kept"


def test_link_in_response_pane_goes_through_window_handler(
        make_window: Callable[..., Any], small_batch: Path) -> None:
    links = FakeLinks(answer=True)
    window = make_window(link_handler=links.handler())
    assert window.open_batch_path(str(small_batch))
    window.item_view.panes["A"].text_browser.anchorClicked.emit(QUrl("https://shop.example"))
    assert links.asked == ["https://shop.example"]
    assert links.opened == ["https://shop.example"]


def _link_point(browser: SafeTextBrowser, text: str) -> Any:
    cursor = browser.document().find(text)
    cursor.setPosition(cursor.selectionStart() + 2)
    return browser.cursorRect(cursor).center()


def _move_to(browser: SafeTextBrowser, point: Any) -> None:
    from PySide6.QtCore import QPointF, Qt
    from PySide6.QtGui import QMouseEvent

    local = QPointF(point)
    event = QMouseEvent(QMouseEvent.Type.MouseMove, local,
                        QPointF(browser.viewport().mapToGlobal(point)),
                        Qt.MouseButton.NoButton, Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(browser.viewport(), event)


def test_hovering_a_link_shows_its_address_in_the_status_bar(qtbot: Any) -> None:
    from PySide6.QtWidgets import QMainWindow

    window = QMainWindow()
    qtbot.addWidget(window)
    browser = SafeTextBrowser(link_handler=FakeLinks(answer=False).handler())
    browser.setHtml('<p>Words first, then <a href="https://shop.example/item?id=7">the shop'
                    "</a> and more words.</p>")
    window.setCentralWidget(browser)
    window.statusBar()  # QMainWindow shows status tips only once it has a status bar
    window.resize(600, 300)
    window.show()
    qtbot.waitExposed(window)
    point = _link_point(browser, "the shop")
    _move_to(browser, point)
    assert "https://shop.example/item?id=7" in window.statusBar().currentMessage()
    _move_to(browser, point + type(point)(0, 120))
    assert window.statusBar().currentMessage() == ""


def test_the_context_menu_over_a_link_copies_its_address(qtbot: Any) -> None:
    browser = SafeTextBrowser(link_handler=FakeLinks(answer=False).handler())
    qtbot.addWidget(browser)
    browser.setHtml('<p>See <a href="https://shop.example/a?b=1">this page</a> now.</p>')
    browser.resize(500, 200)
    browser.show()
    menu = browser.link_menu(_link_point(browser, "this page"))
    copy = [a for a in menu.actions() if a.objectName() == "actionCopyLinkAddress"]
    assert len(copy) == 1 and menu.actions()[0] is copy[0]
    assert not any("link location" in a.text().replace("&", "").casefold()
                   for a in menu.actions())
    copy[0].trigger()
    assert QApplication.clipboard().text() == "https://shop.example/a?b=1"
    away = browser.link_menu(browser.viewport().rect().bottomRight() - type(
        browser.viewport().rect().topLeft())(3, 3))
    assert not [a for a in away.actions() if a.objectName() == "actionCopyLinkAddress"]
