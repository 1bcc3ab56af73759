"""The QA window and a store shared with other reviewers.

``DecisionWatcher`` polls the opened batch's decision stamp off the UI thread and, when
another reviewer changed a decision, updates the disagreements list and the item shown
in Compare (unless the reviewer is typing there). ``choose_store`` is File > QA store...:
the store setting (a SQLite file or a ``postgresql://`` URL without password), used the
next time the QA window opens.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QInputDialog, QLabel, QLineEdit, QMenu, QMessageBox

from rater_desktop.qa_review.adjudication import list_adjudications
from rater_desktop.qa_review.location import StoreLocationError, parse_store

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
        self.timer.start()

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
        for item_id in items:
            found = decided.get(item_id)
            window.disagreements.set_decision(item_id, found.decision.label if found else "")
        panel = window.compare.adjudication
        if panel.item_id in items and not panel._timer.isActive():  # never under the cursor
            shown = decided.get(panel.item_id)
            session.saw_decision(panel.item_id, shown)
            panel.show_item(panel.item_id, identities=panel.identities, current=shown)
        self.refreshed.emit(items)

    def stop(self) -> None:
        self.timer.stop()
        self._pool.waitForDone(5000)


def choose_store(window: Any) -> str | None:
    """Ask for the store setting; check it (no password in a URL) and save it."""
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
        parse_store(text, default=window.store.path or window.data_dir)
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
    full = f"Store: {'shared ' if window.store.is_shared else ''}{window.store.location}"
    label = QLabel(label_metrics_elided(full, window))
    label.setToolTip(full)
    label.setObjectName("qaStoreLabel")
    label.setAccessibleName("QA store")
    window.statusBar().addPermanentWidget(label)
    return DecisionWatcher(window)


def label_metrics_elided(text: str, window: Any, width: int = 380) -> str:
    """Long URLs and paths are cut in the middle so the status bar never widens the window."""
    from PySide6.QtCore import Qt

    return window.fontMetrics().elidedText(text, Qt.TextElideMode.ElideMiddle, width)


def store_setting(settings: Any) -> str:
    return str(settings.value(SETTING, "") or "")

