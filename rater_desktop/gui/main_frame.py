"""The rater window's frame: its docks (items, rating, tools), the find bar and the
status bar's lasting labels (batch fingerprint, save state, progress).

Kept out of ``main_window`` so the window holds behaviour, this module its furniture.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QLabel, QVBoxLayout, QWidget

from rater_desktop.gui.find_bar import install_find_bar
from rater_desktop.gui.item_view import NO_ITEM_TEXT
from rater_desktop.gui.status_bar import install_status_bar
from rater_desktop.gui.tools_dock import install_tools_dock

if TYPE_CHECKING:
    from rater_desktop.gui.main_window import MainWindow

PLACEHOLDER_CHARS = 40  # a few words a line: the dock's least width before a panel comes


def step_placeholder() -> QLabel:
    """The rating dock's "no item" text until a protocol's panel takes its place: wide
    enough for a few words a line at the label's own font (a larger font, a wider label)."""
    label = QLabel(NO_ITEM_TEXT)
    label.setObjectName("stepPanelPlaceholder")
    label.setProperty("role", "muted")
    label.setWordWrap(True)
    label.setAlignment(Qt.AlignmentFlag.AlignCenter)
    label.setMinimumWidth(label.fontMetrics().averageCharWidth() * PLACEHOLDER_CHARS)
    return label


def build_docks(window: MainWindow) -> None:
    """The item list on the left, the rating panel's host on the right, tools below the
    items; each dock's toggle in the View menu; the find bar over the item view."""
    window.item_dock = QDockWidget("Items", window)
    window.item_dock.setObjectName("itemDock")
    window.item_dock.setWidget(window.item_list)
    window.item_dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                                 | QDockWidget.DockWidgetFeature.DockWidgetClosable)
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, window.item_dock)
    window.step_dock = QDockWidget("Rating", window)
    window.step_dock.setObjectName("stepDock")
    window.step_dock.setFeatures(window.item_dock.features())
    window.step_panel_host = QWidget()
    window.step_panel_host.setObjectName("stepPanelHost")
    # No fixed minimum here: the panel's own (its widest step page) must hold.
    host_layout = QVBoxLayout(window.step_panel_host)
    host_layout.setContentsMargins(0, 0, 0, 0)
    window._step_placeholder = step_placeholder()
    host_layout.addWidget(window._step_placeholder)
    window.step_dock.setWidget(window.step_panel_host)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, window.step_dock)
    view_menu = window.actions_.view_menu
    for dock, name in ((window.item_dock, "actionToggleItemDock"),
                       (window.step_dock, "actionToggleStepDock")):
        toggle = dock.toggleViewAction()
        toggle.setObjectName(name)
        view_menu.addAction(toggle)
    window.tools_dock = install_tools_dock(
        window, below=window.item_dock, link_handler=window.link_handler, view_menu=view_menu,
        settings=window.settings, batch_opened=window.batchOpened,
        batch_closed=window.batchClosed)
    window.find_bar = install_find_bar(window, window.item_view)
    window.currentItemChanged.connect(lambda _id: window.find_bar.item_switched())


def build_status_bar(window: MainWindow) -> None:
    """The status bar and its lasting labels: fingerprint, save state, progress."""
    bar = install_status_bar(window)
    bar.setObjectName("mainStatusBar")
    window.batch_hash_label = _label("batchHashLabel", "Batch fingerprint")
    window.batch_hash_label.setProperty("role", "muted")
    bar.addPermanentWidget(window.batch_hash_label)
    window.progress_label = _label("batchProgressLabel", "Batch progress")
    window.save_indicator = _label("saveIndicator", "Save state")
    bar.addPermanentWidget(window.save_indicator)
    bar.addPermanentWidget(window.progress_label)


def _label(name: str, accessible: str) -> QLabel:
    label = QLabel("")
    label.setObjectName(name)
    label.setAccessibleName(accessible)
    return label
