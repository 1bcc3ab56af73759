"""Builds Qt actions and shortcuts from the key table (``rater_desktop.keymap``).

The only GUI module that turns key text into ``QKeySequence``; everything else names an
action id and gets its keys, label and tooltip from here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import QAbstractButton, QWidget

from rater_desktop.keymap import binding, choice_key, keys_of, with_key

Slot = Callable[[], object]


def sequences(action: str) -> list[QKeySequence]:
    """The key sequences of ``action``."""
    return [QKeySequence(key) for key in keys_of(action)]


def plain_keys(action: str) -> tuple[int, ...]:
    """The Qt key codes of ``action``'s keys (for widgets that read key presses)."""
    # PySide's stubs lack QKeySequence.__getitem__ (the n-th key combination).
    return tuple(int(QKeySequence(key)[0].key().value)  # type: ignore[index]
                 for key in keys_of(action))


def matches(event: QKeyEvent, *actions: str) -> bool:
    """True when the key press is one of the keys of ``actions``."""
    pressed = QKeySequence(event.keyCombination())
    return any(pressed.matches(seq) == QKeySequence.SequenceMatch.ExactMatch
               for action in actions for seq in sequences(action))


def is_paste(event: QKeyEvent) -> bool:
    """Whether ``event`` is the platform's paste key (Ctrl+V, Shift+Insert, ...): a text
    box counts what it brings in as pasted (issue 24). Qt's own key, not one of ours."""
    return event.matches(QKeySequence.StandardKey.Paste)


def bind_action(action: QAction, action_id: str, *, tip: str = "") -> QAction:
    """Give ``action`` the keys of ``action_id`` and a tooltip that names them."""
    action.setShortcuts(sequences(action_id))
    text = tip or binding(action_id).label.replace("&", "").rstrip(".\u2026")
    action.setToolTip(with_key(text, action_id))
    return action


def new_action(parent: QObject, action_id: str, *, tip: str = "") -> QAction:
    """A QAction labelled and keyed from the table."""
    action = QAction(binding(action_id).label, parent)
    return bind_action(action, action_id, tip=tip)


def shortcuts(parent: QWidget, action_id: str, slot: Slot, *,
              context: Qt.ShortcutContext = Qt.ShortcutContext.WindowShortcut) -> list[QShortcut]:
    """One QShortcut per key of ``action_id`` on ``parent``, each calling ``slot``."""
    made = []
    for index, sequence in enumerate(sequences(action_id)):
        shortcut = QShortcut(sequence, parent)
        shortcut.setObjectName(f"key_{action_id}_{index}")
        shortcut.setContext(context)
        shortcut.activated.connect(slot)
        made.append(shortcut)
    return made


def answer_keys(scope: QWidget, action_id: str, slots: Sequence[Slot], *,
                context: Qt.ShortcutContext = Qt.ShortcutContext.WidgetWithChildrenShortcut,
                ) -> list[QShortcut]:
    """Single keys (Y/N, O/S, A/I/C, digits) that answer while the focus is in ``scope``:
    the n-th key of ``action_id`` calls the n-th slot.

    They never fire while typing: text fields claim printable keys before shortcuts see
    them. The focus stays put, so a wrong key is corrected by pressing the right one.
    ``context`` widens them to the whole window (the preference panel's 1 / 2 / 3).
    """
    keys = sequences(action_id)
    if len(keys) != len(slots):
        raise ValueError(f"{action_id}: {len(keys)} keys for {len(slots)} answers")
    made = []
    for sequence, slot in zip(keys, slots, strict=True):
        shortcut = QShortcut(sequence, scope)
        shortcut.setContext(context)
        shortcut.activated.connect(slot)
        made.append(shortcut)
    return made


def bind_button(button: QAbstractButton, action_id: str, tip: str) -> None:
    """A button pressed by the action's key, its tooltip naming the key."""
    button.setShortcut(sequences(action_id)[0])
    button.setToolTip(with_key(tip, action_id))


def bind_choice(action: QAction, action_id: str, index: int) -> QAction:
    """Give ``action`` the ``index``-th key of a choice binding (Ctrl+1 for the first tab)."""
    action.setShortcut(sequences(action_id)[index])
    action.setToolTip(f"{action.text().replace('&', '')} ({choice_key(action_id, index)})")
    return action


# A modifier pressed alone (before the key it modifies) is not a command.
MODIFIER_KEYS = frozenset(int(k.value) for k in (Qt.Key.Key_Control, Qt.Key.Key_Shift,
                                                 Qt.Key.Key_Alt, Qt.Key.Key_Meta,
                                                 Qt.Key.Key_AltGr))


def is_modifier_key(key: int) -> bool:
    """Whether ``key`` is a modifier on its own (Ctrl, Shift, Alt, Meta, AltGr)."""
    return int(key) in MODIFIER_KEYS


def action_for(window: QWidget, key: int, modifiers: Qt.KeyboardModifier) -> QAction | None:
    """The enabled action of ``window`` whose shortcut is ``key`` with ``modifiers``."""
    from PySide6.QtCore import QKeyCombination

    pressed = QKeySequence(QKeyCombination(modifiers, Qt.Key(key)))
    for action in window.findChildren(QAction):
        if action.isEnabled() and any(s == pressed for s in action.shortcuts()):
            return action
    return None
