"""Asking a batch's survey (seed 001) in either protocol's window, and Help > Survey...

Each protocol's binding owns one ``SurveyFlow`` and calls ``ask_if_due`` after it completes
an item; the flow asks once, when every qualification item is complete (the rule is in
``rater_desktop.rating.survey``), and saves the answers, or that the rater skipped, through
the binding's service. Help > Survey... (one action per window, enabled while the open
batch has a survey) opens the saved answers again to revise them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenu, QWidget

from rater_desktop.batch.protocol import SurveyQuestion
from rater_desktop.rating.survey import survey_due

SURVEY_ACTION = "actionSurvey"
Asker = Callable[[Any, Any], "dict[str, Any] | None"]
Reviser = Callable[[QWidget, Sequence[SurveyQuestion], "Mapping[str, Any] | None"], Any]


class SurveyService(Protocol):
    """What a protocol's service offers the flow (RatingService, PreferenceService)."""

    def survey_state(self) -> dict[str, Any] | None: ...

    def save_survey(self, answers: dict[str, Any], *,
                    skipped: bool = False) -> dict[str, Any]: ...


def ask_survey_dialog(window: Any, questions: Any) -> dict[str, Any] | None:
    from rater_desktop.gui.survey_dialog import ask_survey

    return ask_survey(window, questions)


def revise_survey_dialog(window: QWidget, questions: Sequence[SurveyQuestion],
                         saved: Mapping[str, Any] | None) -> Any:
    from rater_desktop.gui.survey_dialog import revise_survey

    return revise_survey(window, questions, saved)


def questions_of(batch: Any) -> tuple[SurveyQuestion, ...]:
    """The survey questions of an opened batch (none when it has no survey)."""
    manifest = getattr(batch, "manifest", None)
    return tuple(getattr(getattr(manifest, "preference", None), "survey", ()) or ())


def survey_action(window: QMainWindow) -> QAction:
    """The window's Help > Survey... action, made on first use (both bindings share it)."""
    found = window.findChild(QAction, SURVEY_ACTION)
    if isinstance(found, QAction):
        return found
    action = QAction("S&urvey\u2026", window)
    action.setObjectName(SURVEY_ACTION)
    action.setStatusTip("Look at or change your answers to this batch's survey")
    action.setEnabled(questions_of(getattr(window, "batch", None)) != ())
    menu = window.menuBar().findChild(QMenu, "menuHelp")
    (menu if isinstance(menu, QMenu) else window.menuBar()).addAction(action)
    opened = getattr(window, "batchOpened", None)
    closed = getattr(window, "batchClosed", None)
    if opened is not None:
        opened.connect(lambda batch: action.setEnabled(bool(questions_of(batch))))
    if closed is not None:
        closed.connect(lambda *_: action.setEnabled(False))
    return action


class SurveyFlow(QObject):
    """Asks the survey once for one binding and revises it from the menu."""

    def __init__(self, window: QMainWindow, *, service: Callable[[], SurveyService | None],
                 ask: Asker = ask_survey_dialog,
                 revise: Reviser = revise_survey_dialog) -> None:
        super().__init__(window)
        self.window = window
        self.service = service
        self.ask = ask
        self.revise = revise
        self.action = survey_action(window)
        self.action.triggered.connect(self.revise_answers)

    def _questions(self) -> tuple[SurveyQuestion, ...]:
        return questions_of(getattr(self.window, "batch", None))

    def _is_complete(self, item_id: str) -> bool:
        model = getattr(getattr(self.window, "item_list", None), "model", None)
        return model is not None and model.progress(item_id).state == "complete"

    def due(self) -> bool:
        service, batch = self.service(), getattr(self.window, "batch", None)
        if service is None or batch is None:
            return False
        return survey_due(
            questions=self._questions(), saved=service.survey_state(),
            qualification_ids=[e.item_id for e in batch.index if e.kind == "qualification"],
            is_complete=self._is_complete)

    def ask_if_due(self) -> bool:
        """Ask now if the survey is due (after an item was completed); True when asked."""
        service = self.service()
        if service is None or not self.due():
            return False
        answers = self.ask(self.window, self._questions())
        service.save_survey(answers or {}, skipped=answers is None)
        self.window.activateWindow()  # the keys go back to the rating window
        return True

    def revise_answers(self) -> None:
        """Help > Survey...: the saved answers to change, skip or leave as they are."""
        service, questions = self.service(), self._questions()
        if service is None or not questions:
            return  # the other protocol's flow answers, or the batch has no survey
        reply = self.revise(self.window, questions, service.survey_state())
        if reply is not None:
            service.save_survey(dict(reply.answers), skipped=bool(reply.skipped))
        self.window.activateWindow()
