"""The QA window and a store shared with other reviewers.

``DecisionWatcher`` polls the opened batch's decision stamp off the UI thread and, when
another reviewer changed a decision, updates the disagreements list and the item shown
in Compare (unless the reviewer is typing there). It polls only a shared (PostgreSQL)
store: this computer's SQLite file is written by this window alone.
``open_store_in_background`` opens the store on a worker (the schema check or migration,
a connection timeout, the migration lock can take seconds) while the window shows a busy
indicator. ``choose_store`` is File > QA store...:
the store setting (a SQLite file or a ``postgresql://`` URL without password), used the
next time the QA window opens.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QMenu

POLL_MS = 4000
SETTING = "qa/store"


def changed_items(
    before: tuple[tuple[str, int], ...], after: tuple[tuple[str, int], ...]
) -> set[str]:
    """Items whose decision appeared, changed version or went away between two stamps."""
    return {item for item, _ in set(before) ^ set(after)}


class _Poll(QRunnable):
    """Off the UI thread: the stamp, and the batch's decisions only when it changed."""

    def __init__(self, relay: DecisionWatcher, session: Any, before: Any) -> None:
        super().__init__()
        self._relay, self._session, self._before = relay, session, before

    def run(self) -> None:
        from rater_desktop.qa_review.adjudication import list_adjudications

        session = self._session
        try:
            stamp = session.decisions_stamp()
            decided = None
            if self._before is not None and stamp != self._before:
                # Read past the session: only what the reviewer is SHOWN counts as seen
                # by them, so a pending edit of theirs still meets the version check.
                found = list_adjudications(store=session.store, batch_sha256=session.batch_sha256)
                decided = {a.item_id: a for a in found}
        except Exception:  # noqa: BLE001 - a dropped connection: try again next tick
            return
        self._relay.polled.emit(session, (stamp, decided))


class DecisionWatcher(QObject):
    """Refreshes other reviewers' decisions in the QA window (poll every POLL_MS)."""

    polled = Signal(object, object)  # session, (stamp, decisions or None) from the pool
    refreshed = Signal(object)  # set of item ids that changed

    def __init__(self, window: Any, *, interval_ms: int = POLL_MS) -> None:
        super().__init__(window)
        self.window = window
        self._stamps: dict[str, tuple[tuple[str, int], ...]] = {}
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self.polled.connect(self._on_polled)
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.poll)
        self.follow_store()

    def follow_store(self) -> None:
        """Poll on a timer only while the window's store is shared."""
        store = self.window.store
        if store is not None and store.is_shared and not self.window.closed:
            self.timer.start()
        else:
            self.timer.stop()

    def poll(self) -> None:
        session = self.window.session
        if session is None or self.window.closed or self._pool.activeThreadCount():
            return
        self._pool.start(_Poll(self, session, self._stamps.get(session.batch_sha256)))

    def _on_polled(self, session: Any, result: tuple[Any, dict[str, Any] | None]) -> None:
        window = self.window
        stamp, decided = result
        if window.closed or session is not window.session:
            return
        before = self._stamps.get(session.batch_sha256)
        self._stamps[session.batch_sha256] = stamp
        if before is None or before == stamp or decided is None:
            return  # first look at this batch, or nothing new
        items = changed_items(before, stamp)
        if window.view is not None:
            window.view.decisions_changed(items, decided)
        self.refreshed.emit(items)

    def stop(self) -> None:
        self.timer.stop()
        self._pool.waitForDone(5000)


def choose_store(window: Any) -> str | None:
    """Ask for the store setting; check it (no password in a URL) and save it."""
    from PySide6.QtWidgets import QInputDialog, QLineEdit, QMessageBox

    from rater_desktop.qa_review.location import StoreLocationError, parse_store

    current = str(window.settings.value(SETTING, "") or "")
    text, ok = QInputDialog.getText(
        window, "QA store",
        "Where imported results and decisions are kept: leave empty for this computer's "
        "file, give a file path, or postgresql://user@host/database for the team's shared "
        "store.\nThe password comes from RATER_DESKTOP_QA_PASSWORD, PGPASSWORD or the OS "
        "keyring, never from here.\nUsed the next time the QA window opens.",
        QLineEdit.EchoMode.Normal, current,
    )  # fmt: skip
    if not ok:
        return None
    try:
        store = window.store
        parse_store(text, default=(store.path if store is not None else None) or window.data_dir)
    except StoreLocationError as exc:
        QMessageBox.warning(window, "QA store", str(exc))
        return None
    window.settings.setValue(SETTING, text.strip())
    return text.strip()


def attach(window: Any) -> DecisionWatcher:
    """Add File > QA store..., the store's name in the status bar, and the watcher."""
    action = QAction("QA &store\u2026", window)
    action.setObjectName("actionQaStore")
    action.setStatusTip("Keep imports and decisions in this computer's file or a team's store")
    action.triggered.connect(lambda: choose_store(window))
    menu = window.findChild(QMenu, "qaMenuFile")
    if menu is not None:
        actions = menu.actions()
        menu.insertAction(actions[-1] if actions else None, action)
    window.addAction(action)
    label = QLabel("")
    label.setObjectName("qaStoreLabel")
    label.setAccessibleName("QA store")
    window.statusBar().addPermanentWidget(label)
    window.store_label = label
    show_store(window)
    return DecisionWatcher(window)


def show_store(window: Any) -> None:
    """The store's name in the status bar (or that it is still opening / missing)."""
    store = window.store
    if store is not None:
        full = f"Store: {'shared ' if store.is_shared else ''}{store.location}"
    elif window.store_opening:
        full = "Store: opening\u2026"
    else:
        full = "No QA store: see File \u25b8 QA store\u2026, then open the QA window again"
    window.store_label.setText(label_metrics_elided(full, window))
    window.store_label.setToolTip(full)


def open_store_in_background(window: Any, opener: Callable[[], Any], *, where: str,
                             local: Callable[[], Any] | None = None) -> None:
    """Open the store on a worker; the batch and results given meanwhile wait for it.
    When it fails, the reviewer is told why and may use ``local`` (this computer's store)."""
    window.store_opening = True
    show_store(window)

    def failed(error: BaseException) -> None:
        from PySide6.QtWidgets import QMessageBox

        window.store_opening = False
        show_store(window)
        if window.closed:
            return
        text = (f"The shared QA store cannot be opened.\n\n{error}\n\nOpen this "
                "computer's own store instead? (File \u25b8 QA store... still names the "
                "shared one for next time.)")
        if local is None or QMessageBox.question(window, "QA review", text) \
                != QMessageBox.StandardButton.Yes:
            window.report_error(window, "QA store not opened", str(error),
                                "Imports and decisions need a store. Choose one with File "
                                "\u25b8 QA store... and open the QA window again.")
            return
        window.store_opening = True  # this computer's store, also opened on a worker
        show_store(window)
        window.runner.start("Opening this computer's QA store\u2026", local,
                            done=lambda store: store_ready(window, store),
                            failed=lambda exc: _local_failed(window, exc))

    window.runner.start(f"Opening the QA store {where}\u2026", opener,
                        done=lambda store: store_ready(window, store), failed=failed)


def _local_failed(window: Any, error: BaseException) -> None:
    window.store_opening = False
    show_store(window)
    if not window.closed:
        window.report_error(window, "QA store not opened", str(error), "")


def store_ready(window: Any, store: Any) -> None:
    """The store is open: show it, poll it if shared, open what waited for it."""
    window.store_opening = False
    if window.closed:
        store.close()
        return
    window.store = store
    show_store(window)
    window.watcher.follow_store()
    waiting, window.pending_batch = window.pending_batch, None
    if waiting:
        window.open_batch_path(waiting)


def label_metrics_elided(text: str, window: Any, width: int = 380) -> str:
    """Long URLs and paths are cut in the middle so the status bar never widens the window."""
    from PySide6.QtCore import Qt

    return window.fontMetrics().elidedText(text, Qt.TextElideMode.ElideMiddle, width)


def store_setting(settings: Any) -> str:
    return str(settings.value(SETTING, "") or "")

