"""Issue 13, item 6: a monkey test. Thousands of random but valid user actions (typing,
combo box choices, clicks on enabled controls, text selections turned into claims,
undo/redo, item switches, screenshot viewer navigation) with a fixed seed; no exception
and no rule-engine crash may happen, and replaying the recorded actions on a fresh window
must leave exactly the same saved ratings.

Modal dialogs are answered at once (Cancel / No), so no action can block the run. Time is
a fake clock that advances per action, so active-time figures replay identically.
``MONKEY_ACTIONS`` / ``MONKEY_SEED`` in the environment change the run (default 1,500 / 13;
the replay performs them again, 3,000 actions in all).
"""

from __future__ import annotations

import json
import os
import random
import types
from pathlib import Path
from typing import Any

import pytest
from batchkit import batch_files, item, response, write_folder
from PySide6.QtCore import QEvent, QSettings, Qt
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QDialog,
    QFileDialog,
    QInputDialog,
    QLineEdit,
    QMenu,
    QMessageBox,
    QPlainTextEdit,
    QTextEdit,
    QToolButton,
    QWidget,
)
from steps_kit import TEXT_A, TEXT_B

from rater_desktop.gui import rating_binding
from rater_desktop.gui.rating_binding import RatingBinding
from rater_desktop.rating.rules import check_item
from rater_desktop.rating.store import MemoryRatingStore

ACTIONS = int(os.environ.get("MONKEY_ACTIONS", "1500"))
SETTLE_EVERY = 4  # let queued events run (and check the rules) every few actions
SEED = int(os.environ.get("MONKEY_SEED", "13"))
WORDS = ("umbrella", "red", "$18.99", "cart", "search", "https://www.google.com/search?q=u",
         "I", "checked", "the", "price", "is", "wrong", "because", "Crimson", "20 cm",
         "my email is a@b.example", "login", "CAPTCHA", "\u00e9t\u00e9", "\U0001f600", ".", "!")
KIND_WEIGHTS = {"type": 30, "choose": 14, "click": 30, "claim": 6, "undo": 6, "redo": 4,
                "item": 5, "viewer": 5}
Action = tuple[str, str, Any]


class FakeClock:
    """Monotonic seconds that move only when the test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _items() -> list[dict[str, Any]]:
    made = []
    for n in range(1, 5):
        shots_a = [f"screens/a{n}.png", f"screens/a{n}-2.png", f"screens/a{n}-3.png"]
        made.append(item(f"item-{n}", responses=[
            response("model-alpha", TEXT_A, shots_a),
            response("model-beta", TEXT_B, [f"screens/b{n}.png"])]))
    return made


def _never_block(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every modal question is answered at once, as if the rater pressed Escape."""
    monkeypatch.setattr(QDialog, "exec", lambda self: 0)
    monkeypatch.setattr(QMessageBox, "exec", lambda self: int(QMessageBox.StandardButton.Cancel))
    for name in ("question", "warning", "information", "critical"):
        monkeypatch.setattr(QMessageBox, name,
                            staticmethod(lambda *a, **k: QMessageBox.StandardButton.No))
    for name in ("getText", "getMultiLineText", "getItem"):
        monkeypatch.setattr(QInputDialog, name, staticmethod(lambda *a, **k: ("", False)))
    monkeypatch.setattr(QInputDialog, "getInt", staticmethod(lambda *a, **k: (0, False)))
    for name in ("getOpenFileName", "getSaveFileName"):
        monkeypatch.setattr(QFileDialog, name, staticmethod(lambda *a, **k: ("", "")))
    monkeypatch.setattr(QMenu, "exec", lambda self, *a, **k: None)


def _children(parent: QWidget) -> list[QWidget]:
    return parent.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly)


def _path(widget: QWidget, root: QWidget) -> str:
    """A stable name for a widget under ``root``: unique object names, else class+position."""
    parts = []
    current = widget
    while current is not root:
        parent = current.parentWidget()
        assert parent is not None, "the widget is not inside the window"
        siblings = _children(parent)
        name = current.objectName()
        if not name or sum(1 for w in siblings if w.objectName() == name) > 1:
            same = [w for w in siblings if type(w) is type(current)]
            name = f"{type(current).__name__}#{same.index(current)}"
        parts.append(name)
        current = parent
    return "/".join(reversed(parts))


def _resolve(root: QWidget, path: str) -> QWidget:
    current = root
    for part in path.split("/"):
        siblings = _children(current)
        named = [w for w in siblings if w.objectName() == part]
        if len(named) == 1:
            current = named[0]
            continue
        kind, _, index = part.rpartition("#")
        same = [w for w in siblings if type(w).__name__ == kind]
        assert index.isdigit() and int(index) < len(same), f"replay could not find {path}"
        current = same[int(index)]
    return current


def _usable(widget: QWidget, window: QWidget) -> bool:
    if (isinstance(widget, QToolButton) and widget.menu() is not None
            and widget.popupMode() == QToolButton.ToolButtonPopupMode.InstantPopup):
        return False  # its click runs the menu's own event loop in C++: nothing answers it
    return widget.isEnabled() and widget.isVisibleTo(window) and widget.width() > 0


def _candidates(window: Any, binding: RatingBinding) -> dict[str, list[QWidget]]:
    found: dict[str, list[QWidget]] = {"type": [], "choose": [], "click": []}
    for widget in binding.panel.findChildren(QWidget):
        if not _usable(widget, window):
            continue
        if isinstance(widget, QLineEdit | QPlainTextEdit | QTextEdit) and not widget.isReadOnly():
            found["type"].append(widget)
        elif isinstance(widget, QComboBox) and widget.count() > 1:
            found["choose"].append(widget)
        elif isinstance(widget, QAbstractButton):
            found["click"].append(widget)
    return found


class Monkey:
    """Plays (or replays) actions on one window; records what it did."""

    def __init__(self, window: Any, binding: RatingBinding, clock: FakeClock, qtbot: Any) -> None:
        self.window, self.binding, self.clock, self.qtbot = window, binding, clock, qtbot
        self.root = window
        self.done: list[Action] = []

    def choose(self, rng: random.Random) -> Action:
        candidates = _candidates(self.window, self.binding)
        kinds = [k for k in KIND_WEIGHTS if candidates.get(k, True)]
        kind = rng.choices(kinds, weights=[KIND_WEIGHTS[k] for k in kinds])[0]
        if kind in candidates:
            widget = rng.choice(candidates[kind])
            payload: Any = (" ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 4)))
                            if kind == "type" else rng.choice((-1, 1)))
            return kind, _path(widget, self.root), payload
        if kind == "item":
            return kind, "", f"item-{rng.randint(1, 4)}"
        if kind == "claim":
            return kind, rng.choice("AB"), (rng.random(), rng.random())
        if kind == "viewer":
            return kind, rng.choice(("open", "next", "previous", "zoom", "close")), rng.randint(0, 1)
        return kind, "", None

    def play(self, action: Action) -> None:
        kind, target, payload = action
        self.clock.now += 0.7
        getattr(self, f"_{kind}")(target, payload)
        self.done.append(action)
        if len(self.done) % SETTLE_EVERY and kind not in ("item", "viewer"):
            return
        QApplication.processEvents()  # at the same points in the replay
        # deleteLater() runs only when control returns to an event loop; do it here too.
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        service = self.binding.service
        if service is not None and service.current_item_id is not None:
            # The rule engine answers for every state reached, and the live results shown
            # in the window are what a fresh evaluation gives.
            fresh = check_item(service.rating, item=service.item, plain_texts=service.plain_texts,
                               rubric=service.rubric, order=service.order)
            assert tuple(fresh) == tuple(service.results), action

    def _type(self, target: str, text: str) -> None:
        widget = _resolve(self.root, target)
        widget.setFocus()
        if isinstance(widget, QLineEdit):
            widget.insert(text + " ")
        else:
            widget.insertPlainText(text + " ")  # type: ignore[attr-defined]

    def _choose(self, target: str, step: int) -> None:
        widget = _resolve(self.root, target)
        assert isinstance(widget, QComboBox)
        widget.setFocus()
        self.qtbot.keyClick(widget, Qt.Key.Key_Down if step > 0 else Qt.Key.Key_Up)

    def _click(self, target: str, _payload: Any) -> None:
        widget = _resolve(self.root, target)
        if _usable(widget, self.window):
            widget.click()  # type: ignore[attr-defined]

    def _claim(self, side: str, span: tuple[float, float]) -> None:
        browser = self.window.item_view.panes[side].text_browser
        text = browser.toPlainText()
        if not text or self.binding.cover.covering:
            return
        start = int(span[0] * (len(text) - 1))
        end = min(len(text), start + 1 + int(span[1] * 60))
        cursor = QTextCursor(browser.document())
        cursor.setPosition(start)
        cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
        browser.setTextCursor(cursor)
        self.binding.add_selected_claim()

    def _undo(self, _target: str, _payload: Any) -> None:
        self.binding.undo()

    def _redo(self, _target: str, _payload: Any) -> None:
        self.binding.redo()

    def _item(self, _target: str, item_id: str) -> None:
        self.window.item_list.select_item(item_id)

    def _viewer(self, what: str, true_index: int) -> None:
        viewer = self.window.viewer
        if what == "open":
            if self.window.item is not None and not self.binding.cover.covering:
                pane = self.window.item_view.pane_for_true_index(true_index)
                if pane.frames:
                    self.window.open_viewer(true_index, 0, pane.side)
        elif viewer is not None and viewer.isVisible():
            if what == "close":
                viewer.close()
            else:
                viewer.handle_key({"next": Qt.Key.Key_Right, "previous": Qt.Key.Key_Left,
                                   "zoom": Qt.Key.Key_Plus}[what])


def _store_snapshot(store: MemoryRatingStore) -> dict[str, Any]:
    return {"items": dict(store.items), "batch_states": dict(store.batch_states)}


def _session(tmp_path: Path, name: str, make_window: Any, qtbot: Any, batch: Path,
             monkeypatch: pytest.MonkeyPatch) -> tuple[Monkey, MemoryRatingStore]:
    clock = FakeClock()  # the binding's idle check reads time.monotonic too
    monkeypatch.setattr(rating_binding, "time", types.SimpleNamespace(monotonic=clock))
    settings = QSettings(str(tmp_path / name / "window.ini"), QSettings.Format.IniFormat)
    window = make_window(settings=settings)
    store = MemoryRatingStore()
    binding = RatingBinding(window, store=store, rater_id="rater-1", clock=clock)
    assert window.open_batch_path(str(batch))
    return Monkey(window, binding, clock, qtbot), store


@pytest.mark.timeout(600)  # CPU about 35 s; more wall time on a loaded machine
def test_random_actions_never_crash_and_replay_identically(
        qtbot: Any, make_window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _never_block(monkeypatch)
    batch = write_folder(tmp_path / "batch", batch_files(_items()))
    monkey, store = _session(tmp_path, "first", make_window, qtbot, batch, monkeypatch)
    rng = random.Random(SEED)
    kinds: dict[str, int] = {}
    for _ in range(ACTIONS):
        action = monkey.choose(rng)
        kinds[action[0]] = kinds.get(action[0], 0) + 1
        monkey.play(action)
    monkey.binding.service.flush()
    played = monkey.done
    assert all(kinds.get(kind, 0) > ACTIONS // 100 for kind in KIND_WEIGHTS), kinds
    first = _store_snapshot(store)
    assert len(first["items"]) >= 3  # the run got around the batch
    timings = [json.loads(doc)["timing"]["active_seconds"] for doc in first["items"].values()]
    assert any(seconds > 0 for seconds in timings)  # the fake clock drove the item timers
    monkey.window.close()

    again, replay_store = _session(tmp_path, "replay", make_window, qtbot, batch, monkeypatch)
    for action in played:
        again.play(action)
    again.binding.service.flush()
    assert _store_snapshot(replay_store) == first
    again.window.close()
