"""The QA window's shell is built over turns of the event loop (issue 22, ``gui/qa/shell``):
its first paint comes before the Results files tab, the menus' actions, the protocol's
tabs and the toolbar, which arrive one per later turn; what is asked for before its turn
is built at once, and a shortcut pressed before the actions exist runs once they do."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from PySide6.QtCore import QEvent, QObject, QPoint, QSettings, Qt, QTimer
from PySide6.QtWidgets import QTabWidget, QToolBar

from rater_desktop.batch.protocol import RUN_AUDIT
from rater_desktop.gui.qa.files_panel import ResultsPanel
from rater_desktop.gui.qa.window import QaWindow
from rater_desktop.qa_review.roster import Roster

PARTS = ["files", "views", "menus", "toolbar"]


class Turns(QObject):
    """Counts event-loop turns (a repeating zero timer fires once per turn) and notes the
    turn and the parts built at the window's first paint."""

    def __init__(self, window: QaWindow) -> None:
        super().__init__(window)
        self.window_ = window
        self.count = 0
        self.at_paint: tuple[int, list[str]] | None = None
        self.built_at: dict[str, int] = {}
        self.timer = QTimer(self)
        self.timer.setInterval(0)
        self.timer.timeout.connect(self._tick)
        self.timer.start()
        window.installEventFilter(self)
        original = window.shell._build

        def build(part: Any) -> None:
            self.built_at[part.name] = self.count
            original(part)

        window.shell._build = build  # type: ignore[method-assign]

    def _tick(self) -> None:
        self.count += 1

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and self.at_paint is None:
            self.at_paint = (self.count, list(self.window_.shell.order))
        return False


def _window(qtbot: Any, settings: QSettings, tmp_path: Path) -> QaWindow:
    window = QaWindow(settings=settings, data_dir=tmp_path, store=None,
                      roster=Roster(tmp_path / "allowed_signers"))
    qtbot.addWidget(window)
    return window


def test_the_window_paints_before_its_parts_which_come_one_per_later_turn(
        qtbot: Any, temp_settings: QSettings, tmp_path: Path) -> None:
    window = _window(qtbot, temp_settings, tmp_path)
    turns = Turns(window)
    # What the constructor made: an empty page, the menus' titles, the status bar, no more.
    assert window.findChild(QTabWidget) is None and window.findChild(ResultsPanel) is None
    assert [m.title() for m in window.menus] == ["&File", "&View", "&Help"]
    assert [a.objectName() for a in window.menus[0].actions()] == ["actionQaStore"]
    assert not window.menus[1].actions() and not window.menus[2].actions()
    assert window.findChild(QToolBar) is None and window.shell.order == []
    window.show()
    qtbot.waitUntil(lambda: window.shell.done, timeout=10_000)
    assert turns.at_paint is not None
    painted_turn, built_then = turns.at_paint
    assert built_then == []  # the first paint showed the shell alone
    assert window.shell.order == PARTS and window.shell.on_demand == []
    built = [turns.built_at[name] for name in PARTS]
    assert painted_turn < built[0]  # after the first paint
    assert built == sorted(set(built))  # each on a turn of its own
    # And then the window is whole: the files panel, the menus, the tabs, the toolbar.
    assert window.tabs.widget(0) is window.files_panel
    assert window.tabs.count() == 4 and window.findChild(QToolBar, "qaToolBar") is not None
    file_menu = [a.objectName() for a in window.menus[0].actions() if a.objectName()]
    assert file_menu[0] == "actionQaOpenBatch"
    assert file_menu[-2:] == ["actionQaStore", "actionQaClose"]  # the store above Close


def test_a_part_asked_for_before_its_turn_is_built_at_once_and_only_once(
        qtbot: Any, temp_settings: QSettings, tmp_path: Path) -> None:
    window = _window(qtbot, temp_settings, tmp_path)
    window.menus[1].popup(QPoint(0, 0))  # View opened before the menus' turn: filled now
    assert [a.text() for a in window.menus[1].actions()][:1] == ["Results files"]
    window.menus[1].hide()
    assert window.shell.on_demand == ["menus", "views", "files"]  # its tab entries: not dead
    assert all(action.isEnabled() for action in window.actions_.tabs)
    window.actions_.tabs[1].trigger()  # View > Disagreements
    assert window.tabs.tabText(window.tabs.currentIndex()) == "Disagreements"
    window.show()
    qtbot.waitUntil(lambda: window.shell.done, timeout=10_000)
    assert sorted(window.shell.order) == sorted(PARTS)  # the later turns skip built parts
    assert len(window.menus[1].actions()) == 4 and window.tabs.count() == 4


def test_a_shortcut_pressed_before_the_actions_exist_runs_when_they_do(
        qtbot: Any, temp_settings: QSettings, tmp_path: Path) -> None:
    window = _window(qtbot, temp_settings, tmp_path)
    window.show()
    qtbot.keyClick(window, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)  # Disagreements
    assert not window.shell.built("menus") and len(window.held_keys.held) == 1
    assert window.tabs.currentIndex() == 0
    qtbot.waitUntil(lambda: window.shell.done, timeout=10_000)
    assert window.tabs.tabText(window.tabs.currentIndex()) == "Disagreements"
    assert window.held_keys.held == [] and not window.held_keys.holding
    qtbot.keyClick(window, Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)  # as shown
    assert window.tabs.currentIndex() == 0


def test_a_batch_opened_before_the_tabs_turn_still_has_the_guidelines_tabs(
        qtbot: Any, temp_settings: QSettings, tmp_path: Path) -> None:
    window = _window(qtbot, temp_settings, tmp_path)
    window.batch = SimpleNamespace(manifest=SimpleNamespace(protocol=RUN_AUDIT))  # type: ignore[assignment]
    window.shell.ensure("views")  # as opening that batch does
    assert set(window.views) == {"guideline", RUN_AUDIT}  # the guideline's made at start
    assert window.view is window.views[RUN_AUDIT]
    guideline = [window.tabs.indexOf(t.widget) for t in window.views["guideline"].tabs]
    assert guideline and not any(window.tabs.isTabVisible(i) for i in guideline)


def test_a_window_closed_before_its_parts_builds_none_later_and_runs_no_held_key(
        qtbot: Any, temp_settings: QSettings, tmp_path: Path) -> None:
    window = _window(qtbot, temp_settings, tmp_path)
    window.show()
    qtbot.keyClick(window, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    window.close()
    qtbot.wait(300)  # the turns the parts would have had
    assert window.shell.order == [] and not window.shell.done
    assert window.held_keys.held == [] and not window.held_keys.holding
