"""Rater Desktop gui package."""

import builtins

import rater_desktop


def drop_pyside_import_hook() -> None:
    """Put the interpreter's own ``__import__`` back in place of PySide6's hook.

    The hook reads the source of every module imported after PySide6, looking for
    ``__feature__`` selections (snake_case, true_property) that the app does not use; it
    cost about a third of the window's import time at every start (benchmarks/README.md).
    Changes nothing when PySide6 was loaded before rater_desktop (no plain function was
    kept) or is not loaded yet (``gui._qt_boot`` calls this again right after loading it).
    """
    if getattr(builtins.__import__, "__name__", "") == "__feature_import__":
        builtins.__import__ = rater_desktop.BUILTIN_IMPORT


drop_pyside_import_hook()  # PySide6 may already be loaded (a caller made a QApplication)
