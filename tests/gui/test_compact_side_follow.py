"""Taking turns (853x480), the response on screen follows the rating the rater works on.

Seen under Xvfb: on Fact checks, Tab moved from Response A's Factual Accuracy into
Response B's while the pane still showed Response A, so B was scored beside A's text."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from layout_walk import SAMPLE, settle
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QRadioButton

from rater_desktop.gui.app import create_main_window
from rater_desktop.gui.rating_binding import RatingBinding
from rater_desktop.rating.model import Step, SubRequestKind
from rater_desktop.rating.steps import STEP_ORDER
from rater_desktop.rating.store import MemoryRatingStore

SMALL = (853, 480)  # 1280x720 at 150 %


def _rated_window(qtbot: Any, tmp_path: Path, size: tuple[int, int]) -> tuple[Any, Any]:
    settings = QSettings(str(tmp_path / "w.ini"), QSettings.Format.IniFormat)
    window = create_main_window(settings=settings)
    qtbot.addWidget(window)
    binding = RatingBinding(window, store=MemoryRatingStore(), rater_id="turns")
    window.showNormal()
    window.resize(*size)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    assert window.open_batch_path(str(SAMPLE))
    settle()
    window.step_dock.raise_()  # a batch's first visit brings its instructions forward
    service = binding.service
    service.set_main_goal("Find wide running shoes under $120")
    service.add_sub_request(SubRequestKind.QUANTITY, "Size 9 wide")
    service.set_checklist(["Should list 2 or 3 shoes in size 9 wide"])
    settle()
    return window, binding


def _focus_scale(qtbot: Any, binding: Any, step: Step, name: str) -> QRadioButton:
    for passed in STEP_ORDER[:STEP_ORDER.index(step) + 1]:
        binding.service.set_step(passed)  # a step opens once the ones before it were seen
    settle()
    assert binding.service.rating.current_step is step
    button = binding.panel.page(step).findChild(QRadioButton, name)
    assert button is not None, name
    qtbot.waitUntil(button.isVisible, timeout=2000)
    button.setFocus(Qt.FocusReason.TabFocusReason)
    settle()
    return button


def test_the_pane_follows_the_side_whose_rating_has_the_focus(qtbot: Any,
                                                             tmp_path: Path) -> None:
    window, binding = _rated_window(qtbot, tmp_path, SMALL)
    view = window.item_view
    assert view.tabbed and view.sides_on_screen() == {"A"}
    _focus_scale(qtbot, binding, Step.FACT_CHECKS, "faScaleB_5")
    assert view.sides_on_screen() == {"B"}
    assert view.panes["B"].isVisible() and not view.panes["A"].isVisible()
    _focus_scale(qtbot, binding, Step.TASK_COMPLETION, "tcScaleA_5")
    assert view.sides_on_screen() == {"A"}
    # F6 still shows the other response while the focus stays in A's rating
    view.switch_side()
    settle()
    assert view.sides_on_screen() == {"B"}


def test_side_by_side_nothing_moves(qtbot: Any, tmp_path: Path) -> None:
    window, binding = _rated_window(qtbot, tmp_path, (1366, 768))
    view = window.item_view
    _focus_scale(qtbot, binding, Step.FACT_CHECKS, "faScaleB_5")
    assert not view.tabbed and view.sides_on_screen() == {"A", "B"}
    assert view.panes["A"].isVisible() and view.panes["B"].isVisible()
