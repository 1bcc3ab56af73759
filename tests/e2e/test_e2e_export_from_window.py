"""End to end through the real startup wiring: a profile with an encrypted key file, the
window attaches the rating core and its store services, the sample batch is hashed and
registered, one item is rated, and File > Export results writes a file that verifies."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication, QCheckBox, QDialog, QLineEdit, QPushButton

from rater_desktop import appdirs, profiles
from rater_desktop.gui import startup
from rater_desktop.gui.app import create_main_window
from rater_desktop.results.verify import VerifyStatus, verify_results_file

SAMPLE = Path(__file__).resolve().parents[2] / "sample_batches" / "standardweb-runs"
PASSPHRASE = "correct horse battery staple"


def _fill_export_dialog(out: Path) -> None:
    dialog = QApplication.activeModalWidget()
    if not isinstance(dialog, QDialog) or dialog.objectName() != "exportDialog":
        QTimer.singleShot(20, lambda: _fill_export_dialog(out))
        return
    dialog.findChild(QLineEdit, "exportPathField").setText(str(out))
    dialog.findChild(QCheckBox, "exportIncludeIncomplete").setChecked(True)
    dialog.findChild(QPushButton, "exportStart").click()


def test_export_from_the_real_window(qtbot: Any, tmp_path: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    data_dir = appdirs.data_dir()

    class NoKeyring:  # the key lives in the encrypted file; the keyring is never asked
        def get_password(self, *_: str) -> None:
            raise AssertionError("keyring used")

    profile = profiles.create_profile(rater_id="e2e-rater", display_name="E2E",
                                      keyring=NoKeyring(), data_dir=data_dir,
                                      passphrase=PASSPHRASE)
    monkeypatch.setenv("RATER_DESKTOP_PASSPHRASE", PASSPHRASE)
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = create_main_window(settings=settings)
    qtbot.addWidget(window)
    window.show()
    startup.attach_rating(window)
    qtbot.waitUntil(lambda: window.property("ratingBinding") is not None, timeout=5000)
    assert window.actions_.profile.isEnabled()
    assert window.open_batch_path(str(SAMPLE))
    qtbot.waitUntil(lambda: window.batch_hash_label.text().startswith("Batch "), timeout=8000)
    binding = window.property("ratingBinding")
    binding.service.set_main_goal("Add the first in-stock headlamp to the cart")
    out = tmp_path / "exports" / "mine.results.json"
    out.parent.mkdir()
    QTimer.singleShot(0, lambda: _fill_export_dialog(out))
    window.actions_.export.trigger()
    qtbot.waitUntil(lambda: window.findChild(QDialog, "exportDoneMessage") is not None,
                    timeout=15000)
    roster = tmp_path / "allowed_signers"
    roster.write_text(profile.allowed_signers_line + "\n")
    from rater_desktop.batch.hashing import batch_sha256

    outcome = verify_results_file(results_path=out, allowed_signers=roster,
                                  batch_sha256=batch_sha256(SAMPLE))
    assert outcome.status is VerifyStatus.VALID, outcome.message
    window.close()
