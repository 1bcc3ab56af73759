"""The installed Qt binding must not leak references to None (PySide6 6.12.0 did)."""

from __future__ import annotations

import subprocess
import sys

SCRIPT = """
import sys
from PySide6.QtWidgets import QApplication, QLabel
app = QApplication(sys.argv)
label = QLabel()
before = sys.getrefcount(None)
for number in range(20000):
    label.setText(str(number))
print(before - sys.getrefcount(None))
"""


def test_void_calls_do_not_leak_none() -> None:
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        capture_output=True,
        text=True,
        env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"},
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-500:]
    assert abs(int(result.stdout.strip().splitlines()[-1])) < 100
