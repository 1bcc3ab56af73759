"""KEYS-ONLY for guideline batches: a recorded key script replayed through xdotool.

A script (``data/keys-<batch>.tsv``) holds one line per action: ``key`` or ``type``, the
object name of the widget that had the focus when it was recorded (documentation, never
looked up), the xdotool key or the text, and what the action did to the record when it
was recorded (``expect``). Scripts were recorded from the keyboard-only end-to-end test
(tests/e2e/test_e2e_keyboard_only.py, rater id ``keys-rater``), whose answers depend on
that rater's display order, so the robot rates as ``keys-rater`` too.

The replay is blind (no widget is looked at) and does not race the app: at every step
boundary (before and after Ctrl+Enter, Alt+Down, Alt+Up) it waits until the app's record
shows what each action of the step did when it was recorded (``expect``: ``step:<step>``
the step it moved to; ``set:{path: value}`` the answers and texts it set, e.g.
``{"responses[0].main_goal_met": true}`` (a value a later action of the step sets again
is checked for that one); ``record`` only the app's bookkeeping changed; ``-`` nothing,
e.g. Tab or Ctrl+Shift+R; ``item`` another item opened).
Between boundaries the keys go straight on: the X server keeps their order and the app
handles them in it.

A key is a *recovery* key when it only moves the focus through widgets that are no part
of the current answer (the item list, the tools tabs, the step crumbs, the responses...)
on the way back to the rating panel: a keyboard-only item should need none.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

RECOVERY_FOCUS = re.compile(
    r"^(response|screenshot|item|qt_tabwidget|tools|QTabBar|stepCrumb|stepScroll|stepBack|"
    r"stepNext|flagItem|promptText|promptToggle|conversation|suggestion|claimAddSelection|faTemplate)")
EXPECTS = ("-", "record", "item")  # and step:<step>, set:<json>
# What the app writes for itself as the rater works: no answer of theirs.
BOOKKEEPING = ("timing", "status", "reached_steps", "current_step", "id_counter")
MISSING = object()


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
    def sets(self) -> dict[str, Any]:
        """The answers this action set when recorded (path -> value)."""
        return dict(json.loads(self.expect[4:])) if self.expect.startswith("set:") else {}

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
                ("step:", "set:"))), f"{path.name} line {number}: {line!r}"
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


def leaves(value: Any, path: str = "") -> dict[str, Any]:
    """Every value of a document by its path ("responses[0].claims[1].objective")."""
    if isinstance(value, dict):
        return {p: v for key, item in value.items()
                for p, v in leaves(item, f"{path}.{key}" if path else str(key)).items()}
    if isinstance(value, list):
        return {p: v for index, item in enumerate(value)
                for p, v in leaves(item, f"{path}[{index}]").items()}
    return {path: value}


def effect(before: dict[str, Any] | None, after: dict[str, Any] | None) -> str:
    """What an action did to the open item's record (None: no item open), as ``expect``
    (see the module's docstring)."""
    if before is None or after is None or before.get("item_id") != after.get("item_id"):
        return "item"
    before, after = answers(before), answers(after)
    if before.get("current_step") != after.get("current_step"):
        return f"step:{after.get('current_step')}"
    if before == after:
        return "-"
    old = leaves(before)
    changed = {p: v for p, v in leaves(after).items() if old.get(p, MISSING) != v
               and not p.startswith(BOOKKEEPING)}
    return f"set:{json.dumps(changed, ensure_ascii=False, sort_keys=True)}" if changed \
        else "record"


def shows(action: Action, before: dict[str, Any], now: dict[str, Any]) -> bool:
    """Whether the record ``now`` shows what ``action`` did (``before``: the record then)."""
    if action.step is not None:
        return now.get("current_step") == action.step
    if action.expect == "record":
        return now != before
    found = leaves(now)
    return all(found.get(p, MISSING) == v for p, v in action.sets.items())
