"""The QA window's shell parts, each built on a turn of its own after the first paint
(``shell.ShellTurns``): the tabs with Results files, the actions in the menus, the protocol's
tabs, the toolbar. Each names the modules it imports, loaded on a worker before its turn.
"""

from __future__ import annotations

from typing import Any

from rater_desktop.gui.qa.shell import Part
from rater_desktop.keymap import MENUS as MENU_TITLES

FILES_MODULES = ("rater_desktop.gui.qa.files_panel", "rater_desktop.gui.qa.choose")
MENU_MODULES = ("rater_desktop.gui.qa.actions", "rater_desktop.gui.qa.exports",
                "rater_desktop.gui.protocols", "rater_desktop.gui.steps.help")
PROTOCOL_MODULES = ("rater_desktop.gui.protocols.guideline",
                    "rater_desktop.gui.preference.protocol", "rater_desktop.gui.run_audit.protocol")
# The menu bar's titles are in the first paint (object name, title): opened before their
# turn, they fill at once.
MENUS = tuple((name, MENU_TITLES[key][0]) for name, key in (
    ("qaMenuFile", "qa_file"), ("qaMenuView", "qa_view"), ("qaMenuHelp", "qa_help")))


def parts(window: Any) -> list[Part]:
    """The window's parts in the order of their turns."""
    return [Part("files", lambda: build_tabs(window), FILES_MODULES),
            Part("views", lambda: build_views(window), PROTOCOL_MODULES),
            Part("menus", lambda: build_menus(window), MENU_MODULES),
            Part("toolbar", lambda: build_toolbar(window))]


def build_tabs(window: Any) -> None:
    """The tabs with Results files in place of the first paint's empty page (the
    protocol's tabs are added by their part)."""
    from PySide6.QtWidgets import QTabWidget

    from rater_desktop.gui.qa import choose
    from rater_desktop.gui.qa.files_panel import ResultsPanel

    tabs = QTabWidget()
    tabs.setObjectName("qaTabs")
    tabs.setAccessibleName("QA review views")
    panel = window._files_panel = ResultsPanel()
    panel.openRequested.connect(lambda: choose.results(window))
    panel.removeRequested.connect(window.remove_file)
    tabs.addTab(panel, "Results files")
    blank = window.takeCentralWidget()
    window._tabs = tabs
    window.setCentralWidget(tabs)
    if blank is not None:
        blank.deleteLater()
    tabs.currentChanged.connect(window._tab_changed)


def build_menus(window: Any) -> None:
    """The actions in the File, View and Help menus and their handlers; then the keys held
    meanwhile run (``shell.HeldShortcuts``). The protocol's tabs come first (a menu opened
    before their turn): View's entries for them are enabled, never shown dead."""
    from PySide6.QtGui import QAction

    from rater_desktop.gui import dialogs
    from rater_desktop.gui.qa import choose, exports
    from rater_desktop.gui.qa.actions import build_qa_actions
    from rater_desktop.gui.steps.help import QA_HELP_TEXTS, show_help

    window.shell.ensure("views")
    acts = window._actions = build_qa_actions(window, *window.menus)
    store_action = window.findChild(QAction, "actionQaStore")  # team_store.attach's
    if store_action is not None:  # above Close, as when attach found the menu
        window.menus[0].insertAction(acts.close, store_action)
    acts.open_batch.triggered.connect(lambda: choose.batch(window))
    acts.open_results.triggered.connect(lambda: choose.results(window))
    acts.open_folder.triggered.connect(lambda: choose.results_folder(window))
    acts.roster.triggered.connect(window.manage_roster)
    acts.export_decisions.triggered.connect(lambda: exports.export_decisions_chosen(window))
    acts.export_report.triggered.connect(lambda: exports.export_report_chosen(window))
    acts.close.triggered.connect(window.close)
    acts.shortcuts.triggered.connect(lambda: show_help(window, texts=QA_HELP_TEXTS))
    acts.about.triggered.connect(lambda: dialogs.show_about(window))
    from rater_desktop.gui.protocols import QA_ROLES

    for role, action in zip(QA_ROLES, acts.tabs, strict=True):
        action.triggered.connect(lambda _c=False, r=role: window.show_role(r))
    window.update_actions()
    enable_roles(window)
    window.held_keys.release()


def build_toolbar(window: Any) -> None:
    from rater_desktop.gui.qa.actions import add_qa_toolbar

    add_qa_toolbar(window, window.actions_)


def build_views(window: Any) -> None:
    """The views' part: the guideline's tabs (the protocol of no batch), made at start as
    they always were whatever batch opens first, then the opened batch's shown."""
    from rater_desktop.gui import protocols

    _view_of(window, protocols.of_batch(None))
    show_view(window)


def show_view(window: Any) -> None:
    """Show the opened batch's protocol's tabs (made on first use), hide the others."""
    from rater_desktop.gui import protocols

    try:
        found = protocols.of_batch(window.batch)
    except protocols.ProtocolError:
        found = None  # opening the batch said the protocol is unknown
    window._view = _view_of(window, found) if found is not None else None
    tabs = window.tabs
    for view in window._views.values():
        for tab in view.tabs:
            tabs.setTabVisible(tabs.indexOf(tab.widget), view is window._view)
    enable_roles(window)


def _view_of(window: Any, found: Any) -> Any:
    """The QA view of the protocol ``found`` (made and its tabs added on first use)."""
    views = window._views
    if found.qa_view is not None and found.name not in views:
        view = found.qa_view(window)
        for tab in view.tabs:
            window.tabs.addTab(tab.widget, tab.title)
        views[found.name] = view
    return views.get(found.name)


def enable_roles(window: Any) -> None:
    """View > each tab's action is enabled when the protocol shown has that tab."""
    if window._actions is None:
        return  # the menus' part calls this again
    from rater_desktop.gui.protocols import QA_ROLES

    view = window._view
    roles = {"files"} | {r for t in (view.tabs if view else ()) for r in t.roles}
    for role, action in zip(QA_ROLES, window._actions.tabs, strict=True):
        action.setEnabled(role in roles)
