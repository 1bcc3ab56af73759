"""A brand-new rater, end to end through the real startup wiring: no profile and no usable
keyring; the first-run dialog is answered with real keys (Enter moves on), the sample batch
opens, the practice tour runs over its first item, and the rater lands in Main goal with
nothing red on the screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication

from rater_desktop import appdirs, profiles
from rater_desktop.first_run import practice_seen
from rater_desktop.gui import startup
from rater_desktop.gui.app import create_main_window
from rater_desktop.gui.first_run_dialog import FirstRunDialog
from rater_desktop.gui.practice import PracticeTour
from rater_desktop.gui.steps.badges import RuleBadge
from rater_desktop.rating.model import Step
from rater_desktop.signing import keystore

SAMPLE = Path(__file__).resolve().parents[2] / "sample_batches" / "consumer-tasks"


def _answer_first_run(qtbot: Any, seen: dict[str, Any]) -> None:
    dialog = QApplication.activeModalWidget()
    if not isinstance(dialog, FirstRunDialog):
        QTimer.singleShot(20, lambda: _answer_first_run(qtbot, seen))
        return
    seen["needs_passphrase"] = dialog.needs_passphrase
    seen["red_at_start"] = [w.objectName() for w in dialog.findChildren(type(dialog.problem))
                            if w.property("tone") == "error" and w.isVisible()]
    for text in ("Noor Haddad", None, "a long passphrase", "a long passphrase"):
        field = dialog.focusWidget()
        if text is not None:
            qtbot.keyClicks(field, text)
        qtbot.keyClick(field, Qt.Key.Key_Return)  # Enter: next field, then create


def test_a_new_rater_reaches_main_goal_without_a_red_message(
        qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from keyring.backends import fail

    monkeypatch.setattr(keystore, "default_keyring", lambda: fail.Keyring())
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = create_main_window(settings=settings)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    window.activateWindow()
    seen: dict[str, Any] = {}
    QTimer.singleShot(0, lambda: _answer_first_run(qtbot, seen))
    startup.attach_rating(window, then=lambda: window.open_batch_path(str(SAMPLE)))
    qtbot.waitUntil(lambda: window.property("ratingBinding") is not None, timeout=8000)
    assert seen == {"needs_passphrase": True, "red_at_start": []}
    profile = profiles.load_profile(data_dir=appdirs.data_dir(), rater_id="noor-haddad")
    assert profile.key_storage is profiles.KeyStorage.ENCRYPTED_FILE

    qtbot.waitUntil(lambda: window.findChild(PracticeTour) is not None
                    and window.findChild(PracticeTour).isVisible(), timeout=8000)
    tour = window.findChild(PracticeTour)
    assert tour.title.text() == "The prompt"
    qtbot.keyClick(tour, Qt.Key.Key_Escape)  # skipped: not shown again
    assert practice_seen(data_dir=appdirs.data_dir(), rater_id="noor-haddad")

    binding = window.property("ratingBinding")
    page = binding.panel.page(Step.CASE_FILE)
    qtbot.waitUntil(lambda: window.focusWidget() is page.main_goal, timeout=3000)
    tones = {b.result.rule_id: b.property("tone") for b in page.findChildren(RuleBadge)
             if b.isVisibleTo(page)}
    assert tones and set(tones.values()) == {"todo"}
    assert binding.panel.reason.property("tone") != "block"
    assert "problem" not in {b.property("state") for b in binding.panel.crumbs.values()}
    window.close()
