"""SVG icons from ``resources/icons`` (crisp at any device pixel ratio)."""

from __future__ import annotations

from functools import cache

from PySide6.QtGui import QIcon

from rater_desktop.paths import resource_file

STATUS_ICON_NAMES = {
    "not_started": "status-not-started",
    "in_progress": "status-in-progress",
    "complete": "status-complete",
    "flagged": "status-flagged",
}


@cache
def icon(name: str) -> QIcon:
    """The icon ``resources/icons/<name>.svg``; an empty icon if the file is missing."""
    path = resource_file("icons", f"{name}.svg")
    return QIcon(str(path)) if path.is_file() else QIcon()


def status_icon(state: str) -> QIcon:
    return icon(STATUS_ICON_NAMES.get(state, "status-not-started"))
