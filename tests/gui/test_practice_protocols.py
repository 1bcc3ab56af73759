"""The practice tour speaks the open batch's protocol: a run audit batch gets the run
audit's cards (RA-1..RA-6), a preference batch the preference's (PR-1..PR-4), each
pointing at parts its window really has; the guideline's tour stays its own."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from batchkit import batch_files, item, write_folder
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from run_audit_kit import bind, run_audit_batch

from rater_desktop import appdirs
from rater_desktop.gui import protocols as window_protocols
from rater_desktop.gui.practice import CARDS, PracticeTour, install_practice, tour_cards
from rater_desktop.gui.preference.binding import PreferenceBinding
from rater_desktop.gui.rating_binding import RatingBinding
from rater_desktop.gui.single_binding import focus_open_work
from rater_desktop.rating.store import MemoryRatingStore


def _walk(qtbot: Any, window: Any) -> list[str]:
    """Start the tour from Help and read every card's title and text."""
    controller = install_practice(window, data_dir=appdirs.data_dir(), rater_id="r1",
                                  focus_work=lambda: None)
    qtbot.waitUntil(lambda: controller.tour is not None, timeout=3000)
    tour: PracticeTour = controller.tour
    seen = []
    for _ in range(len(tour._cards)):
        seen.append(f"{tour.title.text()}\n{tour.text.text()}")
        tour.advance()
    assert controller.tour is None  # the last Next ended it
    return seen


def _targets_exist(window: Any, cards: Any) -> None:
    for card in cards:
        assert not card.target or window.findChild(QWidget, card.target) is not None, \
            card.target


def test_a_run_audit_batch_gets_the_run_audit_tour(qtbot: Any, make_window: Any,
                                                   tmp_path: Path) -> None:
    window, _binding = bind(make_window, run_audit_batch(tmp_path / "b"), qtbot)
    cards = tour_cards(window.batch)
    assert cards == tuple(window_protocols.get("run-audit").tour) and cards != CARDS
    _targets_exist(window, cards)
    text = "\n".join(_walk(qtbot, window))
    assert "One recorded run" in text and "Response A" not in text
    for rule in ("RA-1", "RA-2", "RA-3", "RA-4", "RA-5", "RA-6"):
        assert rule in text
    assert "Seven steps" not in text and "case file" not in text


def test_a_preference_batch_gets_the_preference_tour(qtbot: Any, make_window: Any,
                                                     tmp_path: Path) -> None:
    root = write_folder(tmp_path / "p", batch_files([item("i-1", shots=False)],
                                                    protocol="preference"))
    window = make_window()
    store = MemoryRatingStore()
    RatingBinding(window, store=store, rater_id="r1")
    PreferenceBinding(window, store=store, rater_id="r1")
    window.show()
    assert window.open_batch_path(str(root))
    cards = tour_cards(window.batch)
    _targets_exist(window, cards)
    text = "\n".join(_walk(qtbot, window))
    assert "One choice per item (PR-1)" in text and "Tie" in text
    assert "Seven steps" not in text and "case file" not in text


def test_after_the_tour_the_cursor_is_in_the_run_audit_panel(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    window, binding = bind(make_window, run_audit_batch(tmp_path / "b"), qtbot)
    controller = install_practice(window, data_dir=appdirs.data_dir(), rater_id="r1",
                                  focus_work=lambda: focus_open_work(window))
    qtbot.waitUntil(lambda: controller.tour is not None, timeout=3000)
    qtbot.keyClick(controller.tour, Qt.Key.Key_Escape)
    assert controller.tour is None
    focused = QApplication.focusWidget()
    assert focused is not None and binding.panel.isAncestorOf(focused)
    assert focused.objectName() == "ra_checkpoints_C1"  # the first row still to answer


def test_the_guideline_keeps_its_own_tour() -> None:
    assert tour_cards(None) == CARDS == tuple(window_protocols.get("guideline").tour)
    assert any(card.title == "Seven steps, one at a time" for card in CARDS)
