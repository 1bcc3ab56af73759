"""The QA window without a reviewer profile: reading and comparing work, the decision
panel's controls are unavailable with a note saying why and "Create profile..." in place;
a profile made there decides at once (no restart), and an older store's decision that
names nobody shows as by an unknown reviewer."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QWidget
from qa_window_kit import Setup, build_setup, open_in_compare, result_files, wait_idle
from sqlalchemy import text

from rater_desktop.gui.qa import QaWindow, open_qa_window
from rater_desktop.gui.qa.adjudication_panel import AdjudicationPanel
from rater_desktop.gui.qa.reviewer import reviewer_of
from rater_desktop.gui.theme import apply_theme
from rater_desktop.profiles import create_profile
from rater_desktop.qa_review.adjudication import AdjudicationError, Decision


@pytest.fixture
def setup(tmp_path: Path, memory_keyring: Any) -> Setup:
    return build_setup(tmp_path, memory_keyring)


def _window_without_profile(qtbot: Any, setup: Setup, home: Path, settings: QSettings,
                            keyring: Any, errors: list[str]) -> QaWindow:
    """As ``rater-desktop open --qa`` on a computer where no profile exists."""
    window = open_qa_window(
        parent=None, settings=settings, data_dir=home, batch_path=str(setup.batch_path),
        profile=None, keyring=keyring, roster_path=setup.roster, resamples=40,
        report_error=lambda _p, title, body, _d: errors.append(f"{title}: {body}"))
    qtbot.addWidget(window)
    window.resize(1366, 768)
    wait_idle(qtbot, window)
    assert window.import_paths(result_files(setup, "alice", "bob", "carol"))
    wait_idle(qtbot, window)
    return window


def _controls(panel: Any) -> list[Any]:
    return [*panel.buttons.values(), panel.clear_button, panel.verdict_combo, panel.note]


def test_without_a_profile_decisions_wait_for_one_made_in_place(
        qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any,
        tmp_path: Path) -> None:
    home, errors = tmp_path / "no-profile-home", []
    window = _window_without_profile(qtbot, setup, home, temp_settings, memory_keyring, errors)
    assert window.session is not None and window.session.reviewer_id == ""
    with window.store.engine.begin() as conn:  # an older store's decision that names nobody
        conn.execute(text(
            "INSERT INTO qa_adjudications (batch_sha256, item_id, decision, note,"
            " corrected_verdict, reviewer_id, decided_at, version)"
            " VALUES (:sha, 's1', 'accept', '', NULL, '', '2026-11-30T09:00:00Z', 1)"),
            {"sha": window.session.batch_sha256})
    open_in_compare(qtbot, window, "s2")
    compare, panel = window.view.compare, window.view.compare.adjudication
    # Reading and comparing work without a profile.
    assert compare.comparison() is not None and compare.comparison().item_id == "s2"
    assert window.view.disagreements.rows.total > 0
    # The decision does not: visibly unavailable, and why, with the way out in place.
    assert not any(c.isEnabled() for c in _controls(panel))
    assert panel.no_reviewer.isVisible() and panel.create_profile_button.isEnabled()
    assert "need a reviewer profile" in panel.no_reviewer_note.text()
    panel.choose(Decision.ACCEPT)  # Compare's decision key: nothing happens
    assert panel.chosen() is None and window.session.adjudication("s2") is None
    # Nothing can write one that names nobody (the core refuses; the panel says so).
    with pytest.raises(AdjudicationError, match="reviewer profile"):
        window.session.set_adjudication("s2", decision="reject")
    panel.buttons[Decision.REJECT].setChecked(True)  # however a check got there
    assert "Not saved" in panel.status.text() and "reviewer profile" in panel.status.text()
    assert [a.item_id for a in window.session.adjudications()] == ["s1"]
    open_in_compare(qtbot, window, "s1")
    assert panel.status.text() == "Saved: Accept, 2026-11-30 09:00 UTC by unknown reviewer"

    reviewer = reviewer_of(window)
    reviewer.make_profile = lambda: None  # the dialog closed: nothing changes
    panel.create_profile_button.click()
    assert not any(c.isEnabled() for c in _controls(panel)) and panel.no_reviewer.isVisible()
    reviewer.make_profile = lambda: create_profile(
        rater_id="lee", display_name="Lee", keyring=memory_keyring, data_dir=home)
    open_in_compare(qtbot, window, "s2")
    panel.create_profile_button.click()
    assert all(c.isEnabled() for c in _controls(panel)) and not panel.no_reviewer.isVisible()
    assert panel.status.text() == "You decide as lee."
    panel.buttons[Decision.NEEDS_FIX].click()
    found = window.session.adjudication("s2")
    assert found is not None and (found.decision, found.reviewer_id) == (Decision.NEEDS_FIX, "lee")
    assert panel.status.text().endswith(" by lee")

    from rater_desktop.gui.qa import exports

    (tmp_path / "out").mkdir()
    exported = exports.export_decisions_to(window, tmp_path / "out" / "review")
    assert exported is not None, errors
    document = json.loads(exported.results_path.read_text("utf-8"))
    assert document["reviewer"]["rater_id"] == "lee"
    assert {d["item_id"]: d["reviewer_id"] for d in document["decisions"]} == {
        "s1": None, "s2": "lee"}  # the old decision is not claimed for lee


def _ink(image: QImage) -> float:
    """How dark the darkest pixel is against the window colour (text drawn greyed is
    lighter): the sum of the channel differences."""
    back = image.pixelColor(1, 1)
    return max(abs(QColor(image.pixel(x, y)).red() - back.red())
               + abs(QColor(image.pixel(x, y)).green() - back.green())
               + abs(QColor(image.pixel(x, y)).blue() - back.blue())
               for x in range(image.width()) for y in range(image.height()))


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_unavailable_controls_look_unavailable(qtbot: Any, tmp_path: Path,
                                                   memory_keyring: Any, theme: str) -> None:
    """The corrected verdict and the flat Clear link were drawn in their enabled colours
    when disabled (the style sheet's rules for them outranked ``:disabled``)."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    apply_theme(app, theme)
    host = QWidget()
    qtbot.addWidget(host)
    host.data_dir, host.profile, host.keyring, host.session = (  # type: ignore[attr-defined]
        tmp_path / "home", None, memory_keyring, None)
    reviewer = reviewer_of(host)
    panel = AdjudicationPanel(save=lambda *_a: None, clear=lambda *_a: None,  # type: ignore[arg-type,return-value]
                              reviewer=reviewer)
    qtbot.addWidget(panel)
    panel.resize(640, 300)
    panel.show()
    qtbot.waitExposed(panel)
    try:
        panel.show_item("s1", identities=("", ""), current=None)
        assert not panel.verdict_combo.isEnabled() and panel.no_reviewer.isVisible()
        combo, clear = panel.verdict_combo.grab().toImage(), panel.clear_button.grab().toImage()
        reviewer.make_profile = lambda: create_profile(
            rater_id="lee", display_name="Lee", keyring=memory_keyring, data_dir=tmp_path / "home")
        panel.create_profile_button.click()
        assert panel.verdict_combo.isEnabled() and not panel.no_reviewer.isVisible()
        assert clear != panel.clear_button.grab().toImage()  # not the link's own colour
        assert _ink(combo) < 0.8 * _ink(panel.verdict_combo.grab().toImage())  # greyed text
    finally:
        apply_theme(app, "light")
