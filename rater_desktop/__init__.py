"""Rater Desktop: an offline workstation for judging AI browser agents side by side."""

import builtins as _builtins

__version__ = "0.1.0"

# The interpreter's own import function, taken before PySide6 replaces it (gui.drop_pyside_import_hook).
BUILTIN_IMPORT = _builtins.__import__
