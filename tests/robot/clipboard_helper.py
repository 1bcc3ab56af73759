"""A separate X client that reads and sets the X clipboard for the robot (like xclip).

Run as its own process on the robot's display; one command per stdin line: ``get``
answers the clipboard text as a JSON string, ``set TEXT`` takes the clipboard with TEXT
(a sentinel, so a copy that never happened cannot look like one). It runs an event loop
so that it serves the clipboard while it owns it.
"""

from __future__ import annotations

import json
import sys

from PySide6.QtCore import QSocketNotifier
from PySide6.QtGui import QClipboard, QGuiApplication


def main() -> None:
    app = QGuiApplication(sys.argv[:1])
    clipboard = app.clipboard()
    notifier = QSocketNotifier(sys.stdin.fileno(), QSocketNotifier.Type.Read)

    def command() -> None:
        line = sys.stdin.readline()
        if not line:
            app.quit()
            return
        line = line.rstrip("\n")
        if line == "get":
            text = clipboard.text(QClipboard.Mode.Clipboard)
            sys.stdout.write(json.dumps(text) + "\n")
        elif line.startswith("set "):
            clipboard.setText(line[4:], QClipboard.Mode.Clipboard)
            sys.stdout.write(json.dumps("ok") + "\n")
        sys.stdout.flush()

    notifier.activated.connect(command)
    sys.stdout.write(json.dumps("ready") + "\n")
    sys.stdout.flush()
    app.exec()


if __name__ == "__main__":
    main()
