"""File > Import QA feedback and the rework queue (thin: the decisions live in rater_desktop.feedback).

The queue is a dock listing the items QA asked this rater to rework; opening one puts the
reviewer's note right under the field it is about (the step of that field is shown), and
F8 goes to the next rework item.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.feedback.decisions_file import FeedbackError, load_qa_leads, read_decisions
from rater_desktop.feedback.rework import (
    STATE_KEY,
    ReworkItem,
    next_rework,
    rework_items,
    saved_rework,
    with_rework,
)
from rater_desktop.gui.main_actions import make_action
from rater_desktop.keymap import key_text
from rater_desktop.wording import counted

FileChooser = Callable[[QWidget, str, str], str]


def _choose(parent: QWidget, title: str, pattern: str) -> str:
    return QFileDialog.getOpenFileName(parent, title, "", pattern)[0]


def note_field_path(field: str | None) -> str | None:
    """``responses.A.tc`` (file sides, as reviewers write) -> ``responses.0.tc`` (the panel's)."""
    if field is None:
        return None
    head, _, rest = field.partition(".")
    side, _, tail = rest.partition(".")
    if head == "responses" and side in ("A", "B"):
        return f"responses.{'AB'.index(side)}.{tail}" if tail else f"responses.{'AB'.index(side)}"
    return field


class ReworkQueue(QDockWidget):
    """The dock: the items to rework, the selected item's note, the import and F8 actions."""

    def __init__(self, window: Any, *, binding: Any, store: Any, profile: Any,
                 choose: FileChooser = _choose, qa_leads: Path | None = None) -> None:  # fmt: skip
        super().__init__("QA rework", window)
        self.setObjectName("reworkDock")
        self.window_, self.store, self.profile, self.choose = window, store, profile, choose
        self.binding = binding
        self.qa_leads = qa_leads
        self.queue: list[ReworkItem] = []
        body = QWidget(self)
        layout = QVBoxLayout(body)
        self.list = QListWidget(body)
        self.list.setObjectName("reworkList")
        self.note = QLabel(body)
        self.note.setObjectName("reworkNote")
        self.note.setWordWrap(True)
        layout.addWidget(self.list)
        layout.addWidget(self.note)
        self.setWidget(body)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self)
        self.hide()
        self.import_action = make_action(window, "actionImportFeedback", "Import QA &feedback\u2026",
                                         tip="Take a signed QA decisions file and list what to rework")  # fmt: skip
        self.next_action = make_action(window, "actionNextRework", key="next_rework",
                                       tip="Go to the next item QA asked you to rework")
        self._add_to_menus(window)
        self.import_action.triggered.connect(lambda: self.import_chosen())
        self.next_action.triggered.connect(self.go_next)
        self.list.itemActivated.connect(lambda entry: self._go(entry.data(Qt.ItemDataRole.UserRole)))
        window.batchOpened.connect(lambda _batch: self.reload())
        window.currentItemChanged.connect(self.show_note_for)
        self.reload()

    def _add_to_menus(self, window: Any) -> None:
        file_menu = window.menuBar().findChild(QMenu, "menuFile")
        item_menu = window.menuBar().findChild(QMenu, "menuItem")
        if file_menu is not None:
            file_menu.insertAction(window.actions_.quit, self.import_action)
        if item_menu is not None:
            item_menu.addAction(self.next_action)

    # ------------------------------------------------------------------ the queue

    def _batch(self) -> tuple[str, list[str]] | None:
        batch = self.window_.batch
        if batch is None:
            return None
        return batch.manifest.batch_id, [e.item_id for e in batch.index]

    def _state(self, batch_key: str) -> dict[str, Any] | None:
        service = getattr(self.binding, "service", None)
        if service is not None and service.batch_key == batch_key:
            return dict(service.batch_state())  # the service's live copy is the latest
        return self.store.load_batch_state(batch_key)

    def _save(self, batch_key: str, state: dict[str, Any]) -> None:
        service = getattr(self.binding, "service", None)
        if service is not None and service.batch_key == batch_key:
            service.save_batch_entry(STATE_KEY, state[STATE_KEY])  # through the service
        else:
            self.store.save_batch_state(batch_key, state)
        self.store.flush()

    def reload(self) -> None:
        """The queue kept for the open batch (none: the dock hides)."""
        opened = self._batch()
        kept = saved_rework(self._state(opened[0])) if opened else {}
        self.queue = [kept[i] for i in (opened[1] if opened else []) if i in kept]
        self.list.clear()
        for item in self.queue:
            field = f" [{item.field}]" if item.field else ""
            entry = QListWidgetItem(f"{item.item_id}: {item.decision.replace('_', ' ')}{field}")
            entry.setData(Qt.ItemDataRole.UserRole, item.item_id)
            entry.setToolTip(item.note)
            self.list.addItem(entry)
        self.next_action.setEnabled(bool(self.queue))
        self.setVisible(bool(self.queue))

    def import_chosen(self, path: str | None = None) -> list[ReworkItem] | None:
        """Verify a decisions file against the QA-lead roster and keep its rework items."""
        opened = self._batch()
        if opened is None:
            QMessageBox.information(self.window_, "Import QA feedback", "Open the batch you rated first.")
            return None
        chosen = path or self.choose(self.window_, "Import QA feedback", "QA decisions (*.qa-decisions.json)")
        if not chosen:
            return None
        try:
            found = self._take(Path(chosen), opened)
        except FeedbackError as exc:
            QMessageBox.warning(self.window_, "QA feedback refused", str(exc))
            return None
        self.reload()
        self.window_.statusBar().showMessage(
            f"QA feedback: {counted(len(found), 'item')} to rework ({key_text('next_rework')}: next).")
        if found:
            self._go(found[0].item_id)
        return found

    def _take(self, path: Path, opened: tuple[str, list[str]]) -> list[ReworkItem]:
        from rater_desktop.batch.hashing import batch_sha256

        roster = self.qa_leads
        try:
            leads = load_qa_leads(roster)
        except FeedbackError:
            picked = self.choose(self.window_, "The QA leads' allowed_signers file", "All files (*)")
            if not picked:
                raise
            self.qa_leads = Path(picked)
            leads = load_qa_leads(self.qa_leads)
        verified = read_decisions(path, qa_leads=leads)
        state = self._state(opened[0])
        found = rework_items(verified, rater_id=self.profile.rater_id, fingerprint=self.profile.fingerprint,
                             batch_sha256=batch_sha256(self.window_.batch_path), item_ids=opened[1],
                             previous=saved_rework(state))  # fmt: skip
        self._save(opened[0], with_rework(state, found, opened[1]))
        return found

    # ------------------------------------------------------------------ moving and notes

    def go_next(self) -> None:
        current = self.window_.item.id if self.window_.item is not None else None
        target = next_rework(self.queue, current)
        if target is not None:
            self._go(target.item_id)

    def _go(self, item_id: str) -> None:
        if self.window_.item is not None and self.window_.item.id == item_id:
            self.show_note_for(item_id)
        else:
            self.window_.item_list.select_item(item_id)

    def show_note_for(self, item_id: str) -> None:
        """The reviewer's note in the dock, and right under the field it is about."""
        found = next((i for i in self.queue if i.item_id == item_id), None)
        _clear_field_note(self.window_)
        if found is None:
            self.note.setText("")
            return
        fix = f"\nQA's answer: {found.corrected_verdict.replace('_', ' ')}" if found.corrected_verdict else ""
        text = f"{found.reviewer_id} ({found.decision.replace('_', ' ')}): {found.note}{fix}"
        self.note.setText(text)
        row = [i.item_id for i in self.queue].index(item_id)
        self.list.setCurrentRow(row)
        _place_field_note(self.binding, note_field_path(found.field), text)


def _clear_field_note(window: Any) -> None:
    for label in window.findChildren(QLabel, "reworkFieldNote"):
        label.hide()
        label.deleteLater()


def _place_field_note(binding: Any, field: str | None, text: str) -> QLabel | None:
    """A note label inserted right after the field's widget (its step shown first)."""
    from rater_desktop.rating.steps import step_of_field, widget_name

    panel, service = getattr(binding, "panel", None), getattr(binding, "service", None)
    step = step_of_field(field) if field else None
    if panel is None or service is None or service.current_item_id is None or step is None:
        return None
    service.set_step(step)
    page = panel.page(step)
    order = service.order
    name = widget_name(field or "", lambda true: "A" if order.true_index("A") == true else "B")
    target = page.findChild(QWidget, name) if name else None
    holder = target.parentWidget() if target is not None else None
    layout = holder.layout() if holder is not None else None
    if target is None or layout is None or layout.indexOf(target) < 0:
        panel.say(f"QA note: {text}")
        return None
    label = QLabel(f"QA note: {text}", holder)
    label.setObjectName("reworkFieldNote")
    label.setWordWrap(True)
    layout.insertWidget(layout.indexOf(target) + 1, label)  # type: ignore[attr-defined]
    return label
