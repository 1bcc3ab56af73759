"""What the end-to-end tests of the real window share: a rater profile whose key lives in
an encrypted file (the keyring is never asked), the window started through the real
startup wiring on temp settings, keys sent where the focus is, and an export through
File > Export results that is verified against the profile's key."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QCheckBox, QDialog, QLineEdit, QPushButton

from rater_desktop import appdirs, profiles
from rater_desktop.gui import startup
from rater_desktop.gui.app import create_main_window
from rater_desktop.results.verify import VerifyStatus, verify_results_file

PASSPHRASE = "correct horse battery staple"
SAMPLES = Path(__file__).resolve().parents[2] / "sample_batches"
CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
ALT = Qt.KeyboardModifier.AltModifier
NONE = Qt.KeyboardModifier.NoModifier


class NoKeyring:
    """A keyring that fails the test when asked: the key lives in the encrypted file."""

    def get_password(self, *_: str) -> None:
        raise AssertionError("keyring used")


@dataclass(frozen=True)
class Started:
    """The window with the rating core attached, and the profile it signs with."""

    window: Any
    profile: Any


StartWindow = Callable[..., Started]


def start_window(qtbot: Any, tmp_path: Path, monkeypatch: Any, *, rater_id: str,
                 display_name: str = "Keys", activate: bool = True,
                 settings_name: str = "s.ini") -> Started:
    """A profile for ``rater_id`` (its passphrase in the environment) and the real window,
    shown (and active, with ``activate``) once the rating core is attached."""
    profile = profiles.create_profile(rater_id=rater_id, display_name=display_name,
                                      keyring=NoKeyring(), data_dir=appdirs.data_dir(),
                                      passphrase=PASSPHRASE)
    monkeypatch.setenv("RATER_DESKTOP_PASSPHRASE", PASSPHRASE)
    window = create_main_window(settings=QSettings(str(tmp_path / settings_name),
                                                   QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    if activate:
        window.activateWindow()
    startup.attach_rating(window)
    qtbot.waitUntil(lambda: window.property("ratingBinding") is not None, timeout=5000)
    return Started(window=window, profile=profile)


def press(key: Qt.Key, modifier: Qt.KeyboardModifier = NONE) -> None:
    """One key click on the focus widget (else the active window)."""
    QTest.keyClick(QApplication.focusWidget() or QApplication.activeWindow(), key, modifier)


def fill_export_dialog(out: Path, *, include_incomplete: bool) -> None:
    """Fill and start the export dialog once it is open (looked for every 20 ms)."""
    dialog = QApplication.activeModalWidget()
    if not isinstance(dialog, QDialog) or dialog.objectName() != "exportDialog":
        QTimer.singleShot(20, lambda: fill_export_dialog(out, include_incomplete=include_incomplete))
        return
    dialog.findChild(QLineEdit, "exportPathField").setText(str(out))
    dialog.findChild(QCheckBox, "exportIncludeIncomplete").setChecked(include_incomplete)
    dialog.findChild(QPushButton, "exportStart").click()


def export_verified(qtbot: Any, started: Started, out: Path, *, include_incomplete: bool,
                    batch_sha256: str | None = None) -> dict[str, Any]:
    """File > Export results to ``out``; the file verifies against the profile's key (and
    the batch's hash when given); its document."""
    out.parent.mkdir()
    QTimer.singleShot(0, lambda: fill_export_dialog(out, include_incomplete=include_incomplete))
    started.window.actions_.export.trigger()
    qtbot.waitUntil(lambda: started.window.findChild(QDialog, "exportDoneMessage") is not None,
                    timeout=15000)
    roster = out.parent.parent / "allowed_signers"
    roster.write_text(started.profile.allowed_signers_line + "\n")
    outcome = verify_results_file(results_path=out, allowed_signers=roster,
                                  batch_sha256=batch_sha256)
    assert outcome.status is VerifyStatus.VALID, outcome.message
    document: dict[str, Any] = json.loads(out.read_bytes())
    return document
