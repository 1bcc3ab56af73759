"""Menus, toolbar and their actions for the main window."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QSize
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMainWindow, QMenu, QToolBar

from rater_desktop.gui.icons import icon
from rater_desktop.gui.keys import bind_action
from rater_desktop.gui.theme import THEMES
from rater_desktop.keymap import MENUS, binding


@dataclass
class MainActions:
    """Every action of the main window, by role."""

    open_batch: QAction
    export: QAction
    quit: QAction
    next_item: QAction
    previous_item: QAction
    search: QAction
    find: QAction
    flag_item: QAction
    sync_scroll: QAction
    themes: dict[str, QAction]
    shortcuts: QAction
    undo: QAction
    redo: QAction
    instructions: QAction
    about: QAction
    profile: QAction
    recent_menu: QMenu
    view_menu: QMenu
    toolbar: QToolBar


def make_action(window: QMainWindow, name: str, text: str = "", *, key: str = "",
                icon_name: str = "", tip: str = "") -> QAction:
    """A named action; ``key`` names its row in the key table (label, keys and tooltip
    come from there). Also used by the QA window."""
    action = QAction(text or (binding(key).label if key else name), window)
    action.setObjectName(name)
    if icon_name:
        action.setIcon(icon(icon_name))
    plain = tip or action.text().replace("&", "").rstrip(".\u2026")
    if key:
        bind_action(action, key, tip=plain)
    else:
        action.setToolTip(plain)
    action.setStatusTip(action.toolTip())
    return action


def build_actions(window: QMainWindow) -> MainActions:
    """Create the menu bar and toolbar on ``window``; handlers are connected by the window."""
    open_batch = make_action(window, "actionOpenBatch", key="open_batch",
                             icon_name="open-batch", tip="Open a batch (.zip file or folder)")
    export = make_action(window, "actionExport", key="export",
                         tip="Write your ratings of this batch as a signed results file")
    export.setEnabled(False)
    quit_action = make_action(window, "actionQuit", key="quit")
    next_item = make_action(window, "actionNextItem", key="next_item", icon_name="next")
    previous_item = make_action(window, "actionPreviousItem", key="previous_item",
                                icon_name="previous")
    search = make_action(window, "actionSearchItems", key="go_to_item",
                         tip="Search the item list by id")
    find = make_action(window, "actionFindInResponses", key="find",
                       tip="Find text in Response A and B")
    sync_scroll = make_action(window, "actionSyncScroll", key="sync_scroll",
                              icon_name="sync-scroll", tip="Scroll Response A and B together")
    sync_scroll.setCheckable(True)
    flag_item = make_action(window, "actionFlagItem", key="flag_item",
                            icon_name="status-flagged",
                            tip="Flag this item for a reviewer (press again to unflag)")
    flag_item.setCheckable(True)
    flag_item.setEnabled(False)
    shortcuts = make_action(window, "actionShortcuts", key="shortcuts", icon_name="help")
    undo = make_action(window, "actionUndo", key="undo")
    redo = make_action(window, "actionRedo", key="redo")
    for action in (undo, redo):
        action.setEnabled(False)  # the rating binding names the edit and enables it
    instructions = make_action(window, "actionInstructions", "Batch &instructions")
    instructions.setEnabled(False)
    about = make_action(window, "actionAbout", "&About Rater Desktop")
    profile = make_action(window, "actionProfile", "Your rater &profile\u2026",
                          tip="Rater id, key fingerprint and the allowed_signers line")
    profile.setEnabled(False)

    recent_menu, view_menu, themes = _build_menus(
        window, open_batch=open_batch, export=export, quit_action=quit_action,
        edit_actions=(undo, redo), view_actions=(sync_scroll, find, None, previous_item, next_item, search),
        item_actions=(flag_item,), help_actions=(shortcuts, instructions, profile, about))
    toolbar = QToolBar("Main toolbar")
    toolbar.setObjectName("mainToolBar")
    toolbar.setMovable(False)
    toolbar.setIconSize(QSize(20, 20))
    for entry in (open_batch, None, previous_item, next_item, None, sync_scroll):
        if entry is None:
            toolbar.addSeparator()
        else:
            toolbar.addAction(entry)
    window.addToolBar(toolbar)
    return MainActions(open_batch=open_batch, export=export, quit=quit_action,
                       next_item=next_item, previous_item=previous_item, search=search, find=find,
                       sync_scroll=sync_scroll, themes=themes, shortcuts=shortcuts,
                       flag_item=flag_item, profile=profile, undo=undo, redo=redo,
                       instructions=instructions, about=about, recent_menu=recent_menu,
                       view_menu=view_menu, toolbar=toolbar)


def _build_menus(window: QMainWindow, *, open_batch: QAction, export: QAction,
                 quit_action: QAction, edit_actions: tuple[QAction, ...],
                 view_actions: tuple[QAction | None, ...],
                 item_actions: tuple[QAction, ...],
                 help_actions: tuple[QAction, ...]) -> tuple[QMenu, QMenu, dict[str, QAction]]:
    menu_bar = window.menuBar()
    menu_bar.setObjectName("mainMenuBar")
    file_menu = menu_bar.addMenu(MENUS["file"][0])
    file_menu.setObjectName("menuFile")
    file_menu.addAction(open_batch)
    recent_menu = file_menu.addMenu("Open &recent")
    recent_menu.setObjectName("menuRecent")
    file_menu.addSeparator()
    file_menu.addAction(export)
    file_menu.addSeparator()
    file_menu.addAction(quit_action)

    edit_menu = menu_bar.addMenu(MENUS["edit"][0])
    edit_menu.setObjectName("menuEdit")
    edit_menu.addActions(list(edit_actions))

    view_menu = menu_bar.addMenu(MENUS["view"][0])
    view_menu.setObjectName("menuView")
    for entry in view_actions:
        if entry is None:
            view_menu.addSeparator()
        else:
            view_menu.addAction(entry)
    view_menu.addSeparator()
    theme_menu = view_menu.addMenu("&Theme")
    theme_menu.setObjectName("menuTheme")
    group = QActionGroup(window)
    themes: dict[str, QAction] = {}
    for name in THEMES:
        action = make_action(window, f"actionTheme{name.title()}",
                         "Follow the system" if name == "system" else name.title())
        action.setCheckable(True)
        group.addAction(action)
        theme_menu.addAction(action)
        themes[name] = action
    view_menu.addSeparator()

    item_menu = menu_bar.addMenu(MENUS["item"][0])
    item_menu.setObjectName("menuItem")
    for action in item_actions:
        item_menu.addAction(action)

    help_menu = menu_bar.addMenu(MENUS["help"][0])
    help_menu.setObjectName("menuHelp")
    for action in help_actions:
        help_menu.addAction(action)
    return recent_menu, view_menu, themes
