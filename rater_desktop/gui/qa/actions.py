"""Menus and toolbar of the QA window (built a turn after its first paint: ``shell``)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenu, QToolBar

from rater_desktop.gui.keys import bind_choice
from rater_desktop.gui.main_actions import make_action

TAB_NAMES = ("Results files", "Disagreements", "Compare", "Dashboard")


@dataclass
class QaActions:
    """Every action of the QA window, by role."""

    open_batch: QAction
    open_results: QAction
    open_folder: QAction
    roster: QAction
    export_decisions: QAction
    export_report: QAction
    close: QAction
    tabs: list[QAction]
    shortcuts: QAction
    about: QAction


def build_qa_actions(window: QMainWindow, file_menu: QMenu, view_menu: QMenu,
                     help_menu: QMenu) -> QaActions:
    """Every action of the QA window, in its File, View and Help menus (their titles
    exist)."""
    acts = QaActions(
        open_batch=make_action(window, "actionQaOpenBatch", key="open_batch",
                               icon_name="open-batch", tip="Open the batch the results belong to"),
        open_results=make_action(window, "actionQaOpenResults", key="qa_open_results",
                                 tip="Open raters' signed results files"),
        open_folder=make_action(window, "actionQaOpenResultsFolder", "Open results &folder\u2026",
                                tip="Open every *.results.json file of a folder"),
        roster=make_action(window, "actionQaRoster", "Manage &roster\u2026",
                           tip="Trusted rater keys (allowed_signers)"),
        export_decisions=make_action(window, "actionQaExportDecisions",
                                     key="qa_export_decisions"),
        export_report=make_action(window, "actionQaExportReport", key="qa_export_report"),
        close=make_action(window, "actionQaClose", key="qa_close"),
        tabs=[bind_choice(make_action(window, f"actionQaTab{i}", name), "qa_tab", i)
              for i, name in enumerate(TAB_NAMES)],
        shortcuts=make_action(window, "actionQaShortcuts", key="shortcuts", icon_name="help"),
        about=make_action(window, "actionQaAbout", "&About Rater Desktop"),
    )
    for entry in (acts.open_batch, acts.open_results, acts.open_folder, None, acts.roster, None,
                  acts.export_decisions, acts.export_report, None, acts.close):
        if entry is None:
            file_menu.addSeparator()
        else:
            file_menu.addAction(entry)
    view_menu.addActions(acts.tabs)
    help_menu.addActions([acts.shortcuts, acts.about])
    return acts


def add_qa_toolbar(window: QMainWindow, acts: QaActions) -> QToolBar:
    """The toolbar of the QA window's most used actions."""
    toolbar = QToolBar("QA toolbar")
    toolbar.setObjectName("qaToolBar")
    toolbar.setMovable(False)
    toolbar.setIconSize(QSize(20, 20))
    toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
    for action in (acts.open_batch, acts.open_results, acts.roster, acts.export_decisions,
                   acts.export_report):
        toolbar.addAction(action)
        button = toolbar.widgetForAction(action)
        if button is not None:
            button.setObjectName(f"{action.objectName()}Button")
            button.setAccessibleName(action.toolTip())
    window.addToolBar(toolbar)
    return toolbar
