"""PySide's widget types are made on the QA window's preload worker (issue 22): the first
plain QWidget a Qt call hands to Python (a scroll area's viewport, in Compare's first
item) otherwise makes dozens of widget classes and their enums on the UI thread."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from rater_desktop.gui.qa.guideline_view import MODULES

ROOT = Path(__file__).resolve().parents[2]
FIRST_VIEWPORT = """
import enum, sys, threading
from PySide6.QtWidgets import QApplication, QTextEdit
app = QApplication([])
if sys.argv[1] == "preloaded":
    worker = threading.Thread(target=__import__, args=("rater_desktop.gui.qa.widget_types",))
    worker.start()
    worker.join()
made = []
real = enum.EnumType._create_
enum.EnumType._create_ = lambda cls, *a, **k: made.append(a) or real(cls, *a, **k)
QTextEdit().viewport()
print(len(made))
"""


def _enums_made_by_first_viewport(mode: str) -> int:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", FIRST_VIEWPORT, mode], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=True)
    return int(done.stdout.split()[-1])


def test_the_preload_makes_the_widget_types_off_the_ui_thread() -> None:
    assert "rater_desktop.gui.qa.widget_types" in MODULES  # imported on the worker
    assert _enums_made_by_first_viewport("fresh") > 10  # the walk, on the calling thread
    assert _enums_made_by_first_viewport("preloaded") == 0
