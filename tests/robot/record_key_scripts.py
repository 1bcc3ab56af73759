"""Record the KEYS-ONLY scripts (data/keys-<batch>.tsv) from the keyboard-only e2e test.

    QT_QPA_PLATFORM=offscreen python tests/robot/record_key_scripts.py

Runs tests/e2e/test_e2e_keyboard_only.py (a temporary copy under tests/, deleted after)
with a qtbot that writes down every key and text it sends and the object name of the
widget that had the focus, then keeps the part up to Ctrl+Shift+Enter (complete and next).
Re-record after a change of the key scheme or of the tab order, then check the budgets in
tests/robot/README.md.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
COPY = REPO / "tests" / "_key_recorder_tmp"
QT_KEYS = {"Key_Tab": "Tab", "Key_Return": "Return", "Key_Escape": "Escape",
           "Key_Left": "Left", "Key_Right": "Right", "Key_Up": "Up", "Key_Down": "Down"}
MODIFIERS = {"ControlModifier": "ctrl", "ShiftModifier": "shift", "AltModifier": "alt"}  # order
CONFTEST = '''
import sys
from pathlib import Path
import pytest
from PySide6.QtWidgets import QApplication
from rater_desktop.rating.serialize import rating_to_dict
sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "robot"))
from keys_only import effect


def record():
    """The open item's rating document, or None."""
    for window in QApplication.topLevelWidgets():
        binding = window.property("ratingBinding")
        service = getattr(binding, "service", None)
        if service is not None and service.current_item_id is not None:
            return rating_to_dict(service.rating)
    return None


@pytest.fixture
def qtbot(qtbot, request):
    log = open(Path(__file__).parent / f"{request.node.callspec.params['batch']}.log", "w")
    pending = []  # the last action and the record before it: its effect is known later

    def action(line, kind="key", text=""):
        now = record()
        if pending:
            last_line, last_kind, last_text, before = pending.pop()
            if not log.closed:
                log.write(f"{last_line}\\t{effect(before, now)}\\n")
        if line is not None:
            pending.append((line, kind, text, now))

    class Recorder:
        def __getattr__(self, name):
            return getattr(qtbot, name)
        def keyClick(self, widget, key, modifiers=None, *rest):
            action(f"key {widget.objectName() or type(widget).__name__} {key!r} {modifiers!r}")
            if modifiers is None:
                return qtbot.keyClick(widget, key)
            return qtbot.keyClick(widget, key, modifiers, *rest)
        def keyClicks(self, widget, text, *rest):
            action(f"text {widget.objectName() or type(widget).__name__} {text!r}", "text",
                   text)
            return qtbot.keyClicks(widget, text, *rest)
    yield Recorder()
    action(None)
    log.close()
'''


def convert(log: Path) -> str:
    lines = []
    for line in log.read_text(encoding="utf-8").splitlines():
        line, _, expect = line.rpartition("\t")
        kind, widget, rest = line.split(" ", 2)
        if kind == "text":
            lines.append(f"type\t{widget}\t{eval(rest)}\t{expect}")  # noqa: S307 - our repr
            continue
        match = re.match(r"<Key\.(\w+): \d+> (?:<KeyboardModifier\.([\w|]+): \d+>|None)", rest)
        assert match is not None, line
        name = QT_KEYS.get(match.group(1)) or match.group(1).removeprefix("Key_").lower()
        held = (match.group(2) or "").split("|")
        prefix = "".join(MODIFIERS[m] + "+" for m in MODIFIERS if m in held)
        lines.append(f"key\t{widget}\t{prefix}{name}\t{expect}")
        if prefix + name == "ctrl+shift+Return":
            break
    return "\n".join(lines) + "\n"


def main() -> int:
    shutil.rmtree(COPY, ignore_errors=True)
    COPY.mkdir()
    try:
        for name in ("keyboard_kit.py", "test_e2e_keyboard_only.py"):
            shutil.copy(REPO / "tests" / "e2e" / name, COPY / name)
        (COPY / "conftest.py").write_text(CONFTEST)
        done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                               str(COPY)], cwd=REPO, check=False)
        for log in sorted(COPY.glob("*.log")):
            (HERE / "data" / f"keys-{log.stem}.tsv").write_text(convert(log), encoding="utf-8")
            print(f"wrote tests/robot/data/keys-{log.stem}.tsv")
        return done.returncode
    finally:
        shutil.rmtree(COPY, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
