"""The rater window's frame: its docks (items, rating) and the status bar's lasting
labels (batch fingerprint, save state, progress).

Kept out of ``main_window`` so the window holds behaviour, this module its furniture. It
hands back what it made instead of setting it on the window, so it never needs the
window's class (importing it would close an import circle).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow, QMenu, QVBoxLayout, QWidget

from rater_desktop.gui.item_view import NO_ITEM_TEXT
from rater_desktop.gui.status_bar import install_status_bar

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


@dataclass
class Docks:
    """The window's two main docks, the rating panel's host and its placeholder text."""

    item: QDockWidget
    step: QDockWidget
    step_panel_host: QWidget
    placeholder: QLabel


@dataclass
class StatusLabels:
    """The status bar's lasting labels."""

    batch_hash: QLabel
    progress: QLabel
    save: QLabel


def build_docks(window: QMainWindow, item_list: QWidget, view_menu: QMenu) -> Docks:
    """The item list on the left and the rating panel's host on the right, each dock's
    toggle in the View menu."""
    item_dock = QDockWidget("Items", window)
    item_dock.setObjectName("itemDock")
    item_dock.setWidget(item_list)
    item_dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                          | QDockWidget.DockWidgetFeature.DockWidgetClosable)
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, item_dock)
    step_dock = QDockWidget("Rating", window)
    step_dock.setObjectName("stepDock")
    step_dock.setFeatures(item_dock.features())
    host = QWidget()
    host.setObjectName("stepPanelHost")
    # No fixed minimum here: the panel's own (its widest step page) must hold.
    host_layout = QVBoxLayout(host)
    host_layout.setContentsMargins(0, 0, 0, 0)
    placeholder = step_placeholder()
    host_layout.addWidget(placeholder)
    step_dock.setWidget(host)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, step_dock)
    for dock, name in ((item_dock, "actionToggleItemDock"),
                       (step_dock, "actionToggleStepDock")):
        toggle = dock.toggleViewAction()
        toggle.setObjectName(name)
        view_menu.addAction(toggle)
    return Docks(item_dock, step_dock, host, placeholder)


def build_status_bar(window: QMainWindow) -> StatusLabels:
    """The status bar and its lasting labels: fingerprint, save state, progress."""
    bar = install_status_bar(window)
    bar.setObjectName("mainStatusBar")
    batch_hash = _label("batchHashLabel", "Batch fingerprint")
    batch_hash.setProperty("role", "muted")
    bar.addPermanentWidget(batch_hash)
    progress = _label("batchProgressLabel", "Batch progress")
    save = _label("saveIndicator", "Save state")
    bar.addPermanentWidget(save)
    bar.addPermanentWidget(progress)
    return StatusLabels(batch_hash, progress, save)


def _label(name: str, accessible: str) -> QLabel:
    label = QLabel("")
    label.setObjectName(name)
    label.setAccessibleName(accessible)
    return label
