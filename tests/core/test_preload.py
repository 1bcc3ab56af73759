"""The start-up preload imports the heavy core on a worker thread, never Qt."""

from __future__ import annotations

import subprocess
import sys
import time

from rater_desktop.gui.preload import CORE_MODULES, Preload


def test_preload_imports_its_modules_and_says_when_done() -> None:
    preload = Preload(("json", "rater_desktop.no_such_module"))
    end = time.monotonic() + 10
    while not preload.done() and time.monotonic() < end:
        time.sleep(0.01)
    assert preload.done()
    assert preload.failed == ["rater_desktop.no_such_module"]


def test_the_core_preload_loads_the_store_and_neither_qt_nor_sqlalchemy() -> None:
    # The ratings store runs on the standard sqlite3 module; only the QA team store (not
    # part of the rating window's start-up) still uses SQLAlchemy.
    code = ("import sys, time\n"
            "from rater_desktop.gui.preload import Preload\n"
            "p = Preload()\n"
            "while not p.done(): time.sleep(0.01)\n"
            "print(p.failed, 'rater_desktop.storage.store' in sys.modules, "
            "'sqlalchemy' in sys.modules, "
            "any(m.startswith('PySide6') for m in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[] True False False"
    assert "rater_desktop.storage.profile" in CORE_MODULES


def test_a_preload_made_not_started_waits_for_start() -> None:
    preload = Preload(("json",), start=False)
    time.sleep(0.05)
    assert not preload.done()
    preload.start()
    preload.start()  # a second call is harmless
    end = time.monotonic() + 10
    while not preload.done() and time.monotonic() < end:
        time.sleep(0.01)
    assert preload.done() and preload.failed == []
