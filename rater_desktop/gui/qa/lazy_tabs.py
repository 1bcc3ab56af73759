"""Tabs of the QA window made the first time they are shown, and the window's heavy
modules imported on a worker thread after its first paint.

A ``LazyPage`` stands in a QTabWidget until its tab is shown (or its content is asked
for): then ``make()`` builds the real widget, which takes the placeholder's place at the
same index with the same title and visibility. So a window with four tabs builds one at
start, and what the reviewer never opens costs nothing.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable, Iterable

from PySide6.QtWidgets import QTabWidget, QVBoxLayout, QWidget

Make = Callable[[], QWidget]


class LazyPage(QWidget):
    """A placeholder page; ``content()`` builds the real page once and puts it in place."""

    def __init__(self, make: Make, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._make = make
        self._content: QWidget | None = None
        self.builds = 0  # how many times make() ran (tests: once at most)
        QVBoxLayout(self).setContentsMargins(0, 0, 0, 0)

    @property
    def built(self) -> bool:
        return self._content is not None

    def current(self) -> QWidget:
        """What stands in the tab now: the content once built, else this placeholder."""
        return self._content if self._content is not None else self

    def content(self) -> QWidget:
        """The real page (built now if it was not), in this placeholder's tab."""
        if self._content is None:
            self.builds += 1
            self._content = self._make()
            _replace_page(self, self._content)
        return self._content


def owning_tabs(widget: QWidget) -> QTabWidget | None:
    """The QTabWidget that holds ``widget`` as a page (its stack's parent), if any."""
    stack = widget.parentWidget()
    tabs = stack.parentWidget() if stack is not None else None
    return tabs if isinstance(tabs, QTabWidget) and tabs.indexOf(widget) >= 0 else None


def _replace_page(old: QWidget, new: QWidget) -> None:
    tabs = owning_tabs(old)
    if tabs is None:
        return  # not in a tab yet: the view hands over the content when tabs are added
    index = tabs.indexOf(old)
    current = tabs.currentIndex() == index
    visible = tabs.isTabVisible(index)
    blocked = tabs.blockSignals(True)  # one page takes another's place: no tab changed
    try:
        # The new page goes in first, so the current tab is never the one removed.
        tabs.insertTab(index, new, tabs.tabText(index))
        tabs.setTabVisible(index, visible)
        if current:
            tabs.setCurrentIndex(index)
        tabs.removeTab(index + 1)
    finally:
        tabs.blockSignals(blocked)
    old.deleteLater()


def build_shown(tabs: QTabWidget, index: int) -> QWidget | None:
    """The page at ``index``, built now if it was a placeholder (the tab is being shown)."""
    page = tabs.widget(index)
    if isinstance(page, LazyPage):
        return page.content()
    return page


class Preloading:
    """Modules being imported on a worker thread; ``has`` says which are done."""

    def __init__(self, names: Iterable[str]) -> None:
        self.names = list(names)
        self.loaded: set[str] = set()  # imported (or failed: the UI thread's import says why)
        self.thread = threading.Thread(target=self._run, name="qa-window-preload", daemon=True)

    def _run(self) -> None:
        for name in self.names:
            try:
                importlib.import_module(name)
            except Exception:  # noqa: BLE001 - the UI thread's own import reports it
                pass
            self.loaded.add(name)  # one set.add: safe to read from the UI thread

    def has(self, names: Iterable[str]) -> bool:
        """Every one of ``names`` this preload imports has been imported."""
        return all(name in self.loaded for name in names if name in self.names)


def preload(modules: Iterable[str]) -> Preloading:
    """Import ``modules`` on a worker thread (the first tab shown then finds them loaded:
    the UI thread never compiles or runs a heavy module's top level)."""
    loading = Preloading(modules)
    loading.thread.start()
    return loading
