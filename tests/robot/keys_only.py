"""KEYS-ONLY for guideline batches: a recorded key script replayed through xdotool.

A script (``data/keys-<batch>.tsv``) holds one line per action: ``key`` or ``type``, the
object name of the widget that had the focus when it was recorded (documentation, never
looked up), the xdotool key or the text, and what the action did to the record when it
was recorded (``expect``). Scripts were recorded from the keyboard-only end-to-end test
(tests/e2e/test_e2e_keyboard_only.py, rater id ``keys-rater``), whose answers depend on
that rater's display order, so the robot rates as ``keys-rater`` too.

The replay is blind (no widget is looked at) but never races the app: after an action
that changed the record when it was recorded, the next key waits until the app's record
shows that change (``expect``: ``step:<step>`` the step it moved to, ``text`` the typed
text stored once more, ``record`` any other change; ``-`` changes nothing, e.g. Tab or
Ctrl+Shift+R; ``item``: another item opened). Keys that change nothing go straight on:
the X server keeps their order.

A key is a *recovery* key when it only moves the focus through widgets that are no part
of the current answer (the item list, the tools tabs, the step crumbs, the responses...)
on the way back to the rating panel: a keyboard-only item should need none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

RECOVERY_FOCUS = re.compile(
    r"^(response|screenshot|item|qt_tabwidget|tools|QTabBar|stepCrumb|stepScroll|stepBack|"
    r"stepNext|flagItem|promptText|promptToggle|suggestion|claimAddSelection|faTemplate)")
EXPECTS = ("-", "text", "record", "item")  # and step:<step>; item: another item opened


@dataclass(frozen=True)
class Action:
    kind: str  # "key" or "type"
    focus: str  # the widget that had the focus when recorded
    value: str
    expect: str  # what it did to the record when recorded (see the module's docstring)

    @property
    def recovery(self) -> bool:
        return self.kind == "key" and self.value in ("Tab", "shift+Tab") and bool(
            RECOVERY_FOCUS.match(self.focus))

    @property
    def step(self) -> str | None:
        """The step this action moves to in the record, if it is a step key."""
        return self.expect.removeprefix("step:") if self.expect.startswith("step:") else None


def load_script(path: Path) -> list[Action]:
    actions = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line and not line.startswith("#"):
            kind, focus, value, expect = line.split("\t")
            assert kind in ("key", "type") and (expect in EXPECTS or expect.startswith(
                "step:")), f"{path.name} line {number}: {line!r}"
            actions.append(Action(kind, focus, value, expect))
    return actions


def key_counts(actions: list[Action]) -> tuple[int, int, int]:
    """(command keys, of them recovery keys, typed characters)."""
    keys = [a for a in actions if a.kind == "key"]
    typed = sum(len(a.value) for a in actions if a.kind == "type")
    return len(keys), sum(1 for a in keys if a.recovery), typed


def answers(document: dict[str, Any] | None) -> dict[str, Any]:
    """A rating document without its timing (which moves while nobody types)."""
    return {k: v for k, v in (document or {}).items() if k != "timing"}


def strings(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return [value] if isinstance(value, str) else []


def shows(action: Action, before: dict[str, Any], now: dict[str, Any]) -> bool:
    """Whether the record ``now`` shows what ``action`` did (``before``: the record then)."""
    if action.step is not None:
        return now.get("current_step") == action.step
    if action.expect == "text":
        return (sum(s.count(action.value) for s in strings(now))
                > sum(s.count(action.value) for s in strings(before)))
    if action.expect == "record":
        return now != before
    return True
