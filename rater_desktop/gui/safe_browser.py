"""A QTextBrowser that never fetches anything and asks before opening a link."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QPoint, QSize, Qt, QUrl
from PySide6.QtGui import (
    QContextMenuEvent,
    QDesktopServices,
    QGuiApplication,
    QImage,
    QStatusTipEvent,
    QTextDocument,
    QTextOption,
)
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QMenu,
    QMessageBox,
    QSizePolicy,
    QTextBrowser,
    QWidget,
)

from rater_desktop.render_markdown import BATCH_SCHEME, is_allowed_link

_log = logging.getLogger(__name__)

LinkConfirmer = Callable[[QWidget, str], bool]
UrlOpener = Callable[[QUrl], Any]
BatchImageSource = Callable[[str], QImage | None]


def confirm_link_dialog(parent: QWidget, url: str) -> bool:
    """Ask the rater whether to open ``url`` in the system browser."""
    box = QMessageBox(parent)
    box.setObjectName("linkConfirmDialog")
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle("Open link?")
    box.setText("This link leads outside Rater Desktop. Open it in your web browser?")
    box.setInformativeText(url)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setStandardButtons(QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(QMessageBox.StandardButton.Cancel)
    return box.exec() == QMessageBox.StandardButton.Open


@dataclass
class LinkHandler:
    """How link clicks are confirmed and opened (injectable for tests)."""

    confirm: LinkConfirmer = confirm_link_dialog
    open_url: UrlOpener = QDesktopServices.openUrl

    def handle(self, parent: QWidget, url: QUrl) -> bool:
        """Open ``url`` only if its scheme is allowed and the user confirms."""
        text = url.toString()
        if not is_allowed_link(text):
            return False
        if not self.confirm(parent, text):
            return False
        self.open_url(url)
        return True


class SafeTextBrowser(QTextBrowser):
    """Read-only rich text: no remote resources, no navigation, links only via LinkHandler."""

    def __init__(self, parent: QWidget | None = None, *, link_handler: LinkHandler | None = None,
                 batch_images: BatchImageSource | None = None) -> None:
        super().__init__(parent)
        self._link_handler = link_handler or LinkHandler()
        self._batch_images = batch_images
        self.setOpenLinks(False)
        self.setOpenExternalLinks(False)
        self.setReadOnly(True)
        self.setUndoRedoEnabled(False)
        self.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextBrowserInteraction
            | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        self.anchorClicked.connect(self._on_anchor_clicked)
        self.highlighted.connect(self._on_link_hovered)

    def _on_link_hovered(self, url: QUrl) -> None:
        # A status tip travels up to the main window, which shows it in its status bar
        # (an empty one when the pointer leaves the link clears it).
        text = url.toString()
        tip = f"{text}  (click to open after a question; right-click to copy)" if text else ""
        QApplication.sendEvent(self, QStatusTipEvent(tip))

    def link_menu(self, pos: QPoint) -> QMenu:
        """The context menu at ``pos``: Qt's own, led by "Copy link address" over a link."""
        menu = self.createStandardContextMenu(pos)
        link = self.anchorAt(pos)
        if link:
            for action in menu.actions():
                if "link location" in action.text().replace("&", "").casefold():
                    menu.removeAction(action)  # Qt's wording; ours says the same, clearer
            copy = menu.addAction("Copy link address")
            copy.setObjectName("actionCopyLinkAddress")
            copy.triggered.connect(lambda: self.copy_link(link))
            first = menu.actions()[0]
            if first is not copy:
                menu.insertAction(first, copy)
                menu.insertSeparator(first)
        return menu

    def copy_link(self, link: str) -> None:
        """Put ``link`` on the clipboard and say so in the status bar."""
        QGuiApplication.clipboard().setText(link)
        QApplication.sendEvent(self, QStatusTipEvent(f"Copied {link}"))

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        menu = self.link_menu(event.pos())
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        menu.popup(event.globalPos())

    def set_batch_images(self, source: BatchImageSource | None) -> None:
        self._batch_images = source

    def loadResource(self, type: int, name: QUrl | str) -> Any:  # noqa: A002 - Qt's name
        # Only images that live inside the batch may load; nothing is ever fetched.
        is_image = int(type) == int(QTextDocument.ResourceType.ImageResource)
        name = QUrl(name) if isinstance(name, str) else name
        if is_image and name.scheme() == BATCH_SCHEME and self._batch_images is not None:
            _log.debug("resource request: %s (batch image)", name.toString())
            image = self._batch_images(name.path())
            if image is not None and not image.isNull():
                return image
            return None
        _log.debug("resource request: %s (refused)", name.toString())
        return None

    def setSource(self, name: QUrl | str, type: Any = None) -> None:  # noqa: A002 - Qt's name
        # Navigation is disabled: a browser that follows sources could load files.
        return None

    def _on_anchor_clicked(self, url: QUrl) -> None:
        self._link_handler.handle(self, url)


class AutoHeightBrowser(SafeTextBrowser):
    """A SafeTextBrowser as tall as its document, for use inside an outer scroll area."""

    def __init__(self, parent: QWidget | None = None, **kwargs: Any) -> None:
        super().__init__(parent, **kwargs)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setFrameShape(QFrame.Shape.NoFrame)
        # Words stay whole: a table too wide for the pane scrolls sideways inside this
        # browser instead of breaking its cells mid-word ("$109.|95").
        self.setWordWrapMode(QTextOption.WrapMode.WordWrap)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        layout = self.document().documentLayout()
        layout.documentSizeChanged.connect(self._fit_height)
        self.horizontalScrollBar().rangeChanged.connect(self._fit_height)

    def _fit_height(self, *_: Any) -> None:
        height = int(self.document().size().height()) + 2 * self.frameWidth() + 2
        # A really wide table or code line scrolls sideways (rounding overflow of a pixel or
        # two does not); leave room so the bar never covers the last line.
        overflow = self.document().idealWidth() - self.viewport().width() > 4
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded if overflow
                                          else Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        if overflow:
            height += self.horizontalScrollBar().sizeHint().height()
        if self.height() != height:
            self.setFixedHeight(max(height, 24))

    def sizeHint(self) -> QSize:
        return QSize(super().sizeHint().width(), self.height())
