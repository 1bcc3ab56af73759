"""KEYS-ONLY for guideline batches: a recorded key script replayed through xdotool.

A script (``data/keys-<batch>.tsv``) holds one line per action: ``key`` or ``type``, the
object name of the widget that had the focus when it was recorded (documentation, never
looked up), and the xdotool key or the text. Scripts were recorded from the keyboard-only
end-to-end test (tests/e2e/test_e2e_keyboard_only.py, rater id ``keys-rater``), whose
answers depend on that rater's display order, so the robot rates as ``keys-rater`` too.

A key is a *recovery* key when it only moves the focus through widgets that are no part
of the current answer (the item list, the tools tabs, the step crumbs, the responses...)
on the way back to the rating panel: a keyboard-only item should need none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

RECOVERY_FOCUS = re.compile(
    r"^(response|screenshot|item|qt_tabwidget|tools|QTabBar|stepCrumb|stepScroll|stepBack|"
    r"stepNext|flagItem|promptText|suggestion|claimAddSelection|faTemplate)")
# Keys after which the app changes page, opens a row or a bar: wait for a still screen.
SETTLING_KEYS = {"Return", "ctrl+Return", "ctrl+f", "ctrl+m", "Escape", "ctrl+shift+Return",
                 "ctrl+e"}


@dataclass(frozen=True)
class Action:
    kind: str  # "key" or "type"
    focus: str  # the widget that had the focus when recorded
    value: str

    @property
    def recovery(self) -> bool:
        return self.kind == "key" and self.value == "Tab" and bool(
            RECOVERY_FOCUS.match(self.focus))


def load_script(path: Path) -> list[Action]:
    actions = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            kind, focus, value = line.split("\t", 2)
            actions.append(Action(kind, focus, value))
    return actions


def key_counts(actions: list[Action]) -> tuple[int, int, int]:
    """(command keys, of them recovery keys, typed characters)."""
    keys = [a for a in actions if a.kind == "key"]
    typed = sum(len(a.value) for a in actions if a.kind == "type")
    return len(keys), sum(1 for a in keys if a.recovery), typed
