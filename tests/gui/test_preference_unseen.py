"""A preference judged in the compact window (853x480: Response A and B are tabs) says
which response was never on screen and asks once before completing; at 1366x768 (side
by side) nothing is said."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from layout_walk import settle
from PySide6.QtCore import QSettings

from rater_desktop.gui.app import create_main_window
from rater_desktop.gui.preference.binding import PreferenceBinding
from rater_desktop.gui.rating_binding import RatingBinding
from rater_desktop.rating.store import MemoryRatingStore

SMALL = (853, 480)  # 1280x720 at 150 %
WIDE = (1366, 768)
PREFERENCE = Path(__file__).resolve().parents[2] / "sample_batches" / "preference-quick"


def _open(qtbot: Any, tmp_path: Path, size: tuple[int, int],
          answers: list[bool]) -> tuple[Any, PreferenceBinding, list[str]]:
    """The window at ``size`` on the sample preference batch; the question about an unseen
    response answers from ``answers`` (True: "Complete anyway") and records its side."""
    asked: list[str] = []

    def ask(_parent: Any, side: str) -> bool:
        asked.append(side)
        return answers.pop(0)

    settings = QSettings(str(tmp_path / "w.ini"), QSettings.Format.IniFormat)
    window = create_main_window(settings=settings)
    qtbot.addWidget(window)
    store = MemoryRatingStore()
    RatingBinding(window, store=store, rater_id="seen")
    binding = PreferenceBinding(window, store=store, rater_id="seen", ask_unseen=ask)
    window.setProperty("preferenceBinding", binding)
    window.showNormal()
    window.resize(*size)
    window.show()
    settle()
    assert window.open_batch_path(str(PREFERENCE))
    settle()
    return window, binding, asked


def test_compact_choice_without_b_says_so_until_b_is_viewed(qtbot: Any, tmp_path: Path) -> None:
    window, binding, asked = _open(qtbot, tmp_path, SMALL, answers=[False])
    view, panel = window.item_view, binding.panel
    assert view.tabbed and view.panes["A"].isVisible() and not view.panes["B"].isVisible()
    assert panel.unseen_note.isHidden()  # nothing chosen yet: nothing to say
    panel.buttons["B"].click()
    assert panel.unseen_note.isVisible()
    assert panel.unseen_note.text().startswith("Response B was not viewed")
    assert "F6" in panel.unseen_note.text()
    window.compact.switch_action.trigger()  # F6: Response B on screen
    assert view.panes["B"].isVisible() and panel.unseen_note.isHidden()
    window.compact.switch_action.trigger()  # back to A: B stays viewed
    assert panel.unseen_note.isHidden() and not asked


def test_compact_complete_with_b_unseen_asks_once_and_goes_to_b(qtbot: Any,
                                                                 tmp_path: Path) -> None:
    window, binding, asked = _open(qtbot, tmp_path, SMALL, answers=[False, True])
    view, panel = window.item_view, binding.panel
    first = window.item.id
    binding.choose_tie()
    assert not binding.complete_and_next()  # "View Response B" (the default)
    assert asked == ["B"] and window.item.id == first
    assert view.panes["B"].isVisible() and panel.unseen_note.isHidden()
    assert binding.complete_and_next() and window.item.id != first
    assert asked == ["B"]  # B was viewed: not asked again
    # The next item opens on A again (every item starts there): B is the unseen one.
    second = window.item.id
    assert view.panes["A"].isVisible() and not view.panes["B"].isVisible()
    binding.choose_a()
    assert panel.unseen_note.text().startswith("Response B was not viewed")
    assert binding.complete_and_next() and window.item.id != second  # "Complete anyway"
    assert asked == ["B", "B"]
    assert _saved(binding, first)["sides_viewed"] == ["A", "B"]  # file order
    assert len(_saved(binding, second)["sides_viewed"]) == 1  # recorded for the export


def test_side_by_side_nothing_is_said(qtbot: Any, tmp_path: Path) -> None:
    window, binding, asked = _open(qtbot, tmp_path, WIDE, answers=[])
    assert not window.item_view.tabbed
    first = window.item.id
    binding.choose_b()
    assert binding.panel.unseen_note.isHidden()
    assert binding.complete_and_next() and window.item.id != first
    assert not asked
    assert _saved(binding, first)["sides_viewed"] == ["A", "B"]


def _saved(binding: PreferenceBinding, item_id: str) -> Any:
    binding.flush()
    assert binding.service is not None
    return binding.store.load_item(binding.service.batch_key, item_id)


def _complete_with_b_unseen_then_view_b(qtbot: Any, tmp_path: Path) -> tuple[Any, Any, str]:
    """Compact: the first item completed with B never shown ("Complete anyway"), then the
    rater goes back to it and views B."""
    window, binding, asked = _open(qtbot, tmp_path, SMALL, answers=[True])
    first = window.item.id
    binding.choose_a()
    assert binding.complete_and_next() and asked == ["B"]
    assert len(_saved(binding, first)["sides_viewed"]) == 1
    window.item_list.step(-1)
    assert window.item.id == first
    window.compact.switch_action.trigger()  # F6: Response B on screen
    assert window.item_view.panes["B"].isVisible()
    return window, binding, first


def test_undo_that_completes_the_item_again_records_the_sides_viewed(
        qtbot: Any, tmp_path: Path) -> None:
    window, binding, first = _complete_with_b_unseen_then_view_b(qtbot, tmp_path)
    binding.choose_b()  # reopens the item
    assert binding.service.rating.status.value == "in_progress"
    window.actions_.undo.trigger()  # Edit > Undo: the item is complete again
    assert binding.service.rating.status.value == "complete"
    assert _saved(binding, first)["sides_viewed"] == ["A", "B"]


def test_redo_that_completes_the_item_again_records_the_sides_viewed(
        qtbot: Any, tmp_path: Path) -> None:
    window, binding, first = _complete_with_b_unseen_then_view_b(qtbot, tmp_path)
    window.actions_.undo.trigger()  # takes the choice back: the item is open again
    assert binding.service.rating.status.value != "complete"
    window.actions_.redo.trigger()  # Edit > Redo: the completed answer, complete again
    assert binding.service.rating.status.value == "complete"
    assert _saved(binding, first)["sides_viewed"] == ["A", "B"]


def test_the_button_and_the_key_record_the_sides_viewed(qtbot: Any, tmp_path: Path) -> None:
    window, binding, asked = _open(qtbot, tmp_path, WIDE, answers=[])
    first = window.item.id
    binding.choose_a()
    binding.panel.complete_button.click()  # "Complete and next"
    second = window.item.id
    assert second != first
    binding.choose_b()
    binding.shortcuts["preference_complete"][0].activated.emit()  # Ctrl+Enter
    assert window.item.id != second and not asked
    assert _saved(binding, first)["sides_viewed"] == ["A", "B"]
    assert _saved(binding, second)["sides_viewed"] == ["A", "B"]
