"""Every QtWidgets class's Python type, made when this module is imported: on the QA
window's preload worker (``guideline_view.MODULES``), not on the UI thread.

PySide makes a class's type and its enums the first time the class is used, and the first
plain QWidget a Qt call hands to Python (a scroll area's ``viewport()``) makes it try every
widget class in turn: ~25 ms of the UI thread, which fell in Compare's first show of its
item (issue 22). Made here first, that call takes a fraction of a millisecond.
"""

from __future__ import annotations

from PySide6 import QtWidgets

for _name in dir(QtWidgets):
    getattr(QtWidgets, _name)
