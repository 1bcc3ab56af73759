"""Load PySide6, then take its import hook out again (``gui.drop_pyside_import_hook``).

``gui.app`` imports this before its other modules, so the window's own modules (and the
rating core later) are imported without the hook.
"""

import PySide6.QtCore  # noqa: F401 - loading PySide6 installs the hook

from rater_desktop.gui import drop_pyside_import_hook

drop_pyside_import_hook()
