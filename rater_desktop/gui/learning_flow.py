"""Training feedback, local qualification scoring and "unsure, with a reason" in either
protocol's window.

Each protocol's binding owns one ``LearningFlow`` and calls ``after_complete`` after it
completes an item (before the survey, which follows the qualification items). What to
show is decided by ``rater_desktop.learning`` (Qt-free); what was shown is saved through
the binding's service into the batch state, which the export reads. Item > Mark unsure
(one action per window) marks the open item of whichever binding rates the batch.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any, Protocol

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QMainWindow, QMenu, QWidget

from rater_desktop import protocols
from rater_desktop.batch.model import ItemKind
from rater_desktop.learning import qualification as qual
from rater_desktop.learning import unsure
from rater_desktop.learning.after_item import AfterComplete, after_complete, training_entry
from rater_desktop.learning.records import TRAINING_KEY
from rater_desktop.learning.training import TrainingFeedback

UNSURE_ACTION = "actionMarkUnsure"
UNSURE_LABEL = "unsureMarkLabel"
ShowFeedback = Callable[[QWidget, TrainingFeedback, str], None]
AskUnreachable = Callable[[QWidget, qual.Notice], str]
AskUnsure = Callable[[QWidget, Sequence[str], "unsure.UnsureMark | None"],
                     "tuple[str, unsure.UnsureMark | None] | None"]


class LearningService(Protocol):
    """What a protocol's service offers (RatingService, PreferenceService)."""

    store: Any
    batch_key: str

    @property
    def current_item_id(self) -> str | None: ...

    def batch_state(self) -> dict[str, Any]: ...

    def save_batch_entry(self, key: str, value: Any) -> None: ...

    def order_for(self, item_id: str) -> Any: ...


def _show_feedback(parent: QWidget, feedback: TrainingFeedback, progress: str) -> None:
    from rater_desktop.gui.learning_dialogs import show_training_feedback

    show_training_feedback(parent, feedback, progress)


def _ask_unreachable(parent: QWidget, notice: qual.Notice) -> str:
    from rater_desktop.gui.learning_dialogs import ask_unreachable

    return ask_unreachable(parent, notice)


def _ask_unsure(parent: QWidget, reasons: Sequence[str],
                current: unsure.UnsureMark | None) -> tuple[str, unsure.UnsureMark | None] | None:
    from rater_desktop.gui.learning_dialogs import ask_unsure

    return ask_unsure(parent, reasons, current)


def now_text() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def threshold_of(manifest: Any) -> tuple[int, int]:
    """SD-4 of the batch's rubric (8 of 10 by default; an invalid override: the default,
    as the window's rubric falls back to it)."""
    from rater_desktop.rating.rubric import Rubric, RubricError

    try:
        rubric = Rubric.from_overrides(getattr(manifest, "rubric", None) or None)
    except RubricError:
        rubric = Rubric.from_overrides(None)
    return int(rubric.param("SD-4", "pass_threshold")), int(rubric.param("SD-4", "out_of"))


def unsure_action(window: QMainWindow) -> QAction:
    """Item > Mark unsure, made on first use (both bindings share it)."""
    found = window.findChild(QAction, UNSURE_ACTION)
    if isinstance(found, QAction):
        return found
    from rater_desktop.gui.main_actions import make_action

    action = make_action(window, UNSURE_ACTION, key="mark_unsure")
    action.setCheckable(True)
    action.setEnabled(False)
    menu = window.menuBar().findChild(QMenu, "menuItem")
    (menu if isinstance(menu, QMenu) else window.menuBar()).addAction(action)
    window.addAction(action)  # its key works while the menu bar is hidden too
    closed = getattr(window, "batchClosed", None)
    if closed is not None:
        closed.connect(lambda *_: action.setEnabled(False))
    return action


def unsure_label(window: QMainWindow) -> QLabel:
    """The status bar's lasting "Unsure: <reason>" of the open item (one per window): a
    passing message was missed; Mark unsure again changes or removes the mark."""
    found = window.findChild(QLabel, UNSURE_LABEL)
    if isinstance(found, QLabel):
        return found
    from rater_desktop.keymap import key_text

    label = QLabel(window)
    label.setObjectName(UNSURE_LABEL)
    label.setProperty("role", "muted")
    label.setToolTip(f"Item \u25b8 Mark unsure ({key_text('mark_unsure')}) changes or "
                     "removes the mark.")
    label.hide()
    window.statusBar().addPermanentWidget(label)
    closed = getattr(window, "batchClosed", None)
    if closed is not None:
        closed.connect(lambda *_: label.hide())
    return label


class LearningFlow(QObject):
    """One binding's training feedback, qualification notices and unsure marks."""

    def __init__(self, window: QMainWindow, *, service: Callable[[], LearningService | None],
                 show_feedback: ShowFeedback = _show_feedback,
                 ask_unreachable: AskUnreachable = _ask_unreachable,
                 ask_unsure: AskUnsure = _ask_unsure, clock: Callable[[], str] = now_text,
                 ) -> None:
        super().__init__(window)
        self.window = window
        self.service = service
        self.show_feedback = show_feedback
        self.ask_unreachable = ask_unreachable
        self.ask_unsure = ask_unsure
        self.clock = clock
        self.action = unsure_action(window)
        self.action.triggered.connect(self.mark_unsure)
        self.label = unsure_label(window)

    def _batch(self) -> Any:
        return getattr(self.window, "batch", None)

    def _tell(self, text: str) -> None:
        self.window.statusBar().showMessage(text)

    def after_complete(self, item_id: str) -> AfterComplete | None:
        """Show (and save) the feedback and the qualification notice of a completed item."""
        service, batch = self.service(), self._batch()
        if service is None or batch is None or not item_id:
            return None
        item, manifest = batch.item(item_id), batch.manifest
        document = service.store.load_item(service.batch_key, item_id) or {}
        scoring = manifest.qualification.score_locally and item.kind is ItemKind.QUALIFICATION
        quals = [batch.item(e.item_id) for e in batch.index
                 if e.kind == ItemKind.QUALIFICATION.value] if scoring else []
        state = service.batch_state()
        outcome = after_complete(
            item=item, document=document, protocol=protocols.of_batch(batch),
            swapped=bool(service.order_for(item_id).swapped), qualification_items=quals,
            load=lambda other: service.store.load_item(service.batch_key, other),
            settings=manifest.qualification, threshold=threshold_of(manifest),
            saved_qualification=state.get(qual.STATE_KEY))
        progress = outcome.notice.progress if outcome.notice is not None else ""
        if progress:  # the count the windows below show, under them too, not the last one
            self._tell(f"{progress}.")
        if outcome.feedback is not None:
            service.save_batch_entry(TRAINING_KEY, training_entry(
                state, outcome.feedback, at=self.clock()))
            self.show_feedback(self.window, outcome.feedback, progress)
        if outcome.notice is not None and outcome.progress is not None:
            self._qualification(service, item_id, outcome.progress, outcome.notice)
        self.window.activateWindow()  # the keys go back to the rating window
        return outcome

    def _qualification(self, service: LearningService, item_id: str,
                       progress: qual.QualificationProgress, notice: qual.Notice) -> None:
        decision = self.ask_unreachable(self.window, notice) if notice.options else None
        record = qual.record_after(service.batch_state().get(qual.STATE_KEY), progress,
                                   item_id=item_id, notice=notice, decision=decision,
                                   at=self.clock())
        service.save_batch_entry(qual.STATE_KEY, record)
        told = {"stop": "the study team asks you to stop here",
                "continue_unpaid": "you chose to continue unpaid"}.get(record.get("decision", ""))
        self._tell(f"{notice.progress}. {told.capitalize()}." if told and notice.unreachable
                   else f"{notice.progress}.")

    # -- unsure ---------------------------------------------------------------------------

    def current_mark(self) -> unsure.UnsureMark | None:
        service = self.service()
        if service is None or service.current_item_id is None:
            return None
        return unsure.marks_in(service.batch_state()).get(service.current_item_id)

    def sync(self) -> None:
        """The action follows the open item: enabled with an item, checked when marked;
        the item list marks every unsure item of the batch."""
        service = self.service()
        if service is None:
            return  # the other protocol's flow answers
        mark = self.current_mark()
        self.action.setEnabled(service.current_item_id is not None)
        self.action.setChecked(mark is not None)
        self.label.setText(unsure.shown_text(mark))
        self.label.setVisible(mark is not None)
        item_list = getattr(self.window, "item_list", None)
        if item_list is not None:  # every marked item's row, also after the batch reopens
            item_list.set_marks(unsure.list_marks(service.batch_state()))

    def mark_unsure(self) -> None:
        """Item > Mark unsure: ask for the reason, then save (or remove) the mark."""
        service, batch = self.service(), self._batch()
        if service is None or batch is None:
            return
        item_id = service.current_item_id
        if item_id is None:
            self.sync()
            return
        reply = self.ask_unsure(self.window, batch.manifest.unsure.reasons, self.current_mark())
        if reply is not None:
            _what, mark = reply
            service.save_batch_entry(unsure.STATE_KEY,
                                     unsure.entry_with(service.batch_state(), item_id, mark))
            self._tell(f"{item_id} marked unsure: {mark.text()}" if mark is not None
                       else f"{item_id}: unsure mark removed")
        self.sync()
        self.window.activateWindow()
