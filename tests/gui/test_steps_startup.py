"""The real window gets the rating core after its first paint: profile, store, binding."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from batchkit import batch_files, write_folder
from steps_kit import rating_items

from rater_desktop import appdirs, profiles
from rater_desktop.gui import startup
from rater_desktop.gui.first_run_dialog import FirstRunDialog
from rater_desktop.signing import keystore


def _binding(qtbot: Any, window: Any) -> Any:
    qtbot.waitUntil(lambda: window.property("ratingBinding") is not None, timeout=5000)
    return window.property("ratingBinding")


def test_attaches_with_the_existing_profile(qtbot: Any, make_window: Any, tmp_path: Path,
                                            memory_keyring: Any) -> None:
    profiles.create_profile(rater_id="ana", display_name="Ana", keyring=memory_keyring,
                            data_dir=appdirs.data_dir())
    window = make_window()
    startup.attach_rating(window)
    assert window.property("ratingBinding") is None  # only after the first paint
    binding = _binding(qtbot, window)
    assert binding.rater_id == "ana"
    assert window.open_batch_path(str(write_folder(tmp_path / "b", batch_files(rating_items()))))
    assert binding.service.current_item_id == "item-1"
    binding.service.set_main_goal("Goal")
    window.close()
    assert (appdirs.data_dir() / "profiles" / "ana" / "ratings.sqlite3").is_file()


def _fill_and_create(name: str, *, passphrase: str | None = None) -> Any:
    """Stands in for exec(): types into the real dialog and presses Create."""

    def run(dialog: Any) -> int:
        dialog.display_name.setText(name)
        dialog._name_edited(name)  # as textEdited would: suggests the rater id
        if passphrase is not None:
            assert dialog.needs_passphrase
            dialog.passphrase.setText(passphrase)
            dialog.confirmation.setText(passphrase)
        dialog.submit()
        return int(dialog.result())

    return run


def test_first_run_creates_a_profile(qtbot: Any, make_window: Any, memory_keyring: Any,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(FirstRunDialog, "exec", _fill_and_create("Bo Rater"))
    monkeypatch.setattr(keystore, "default_keyring", lambda: memory_keyring)
    window = make_window()
    startup.attach_rating(window)
    binding = _binding(qtbot, window)
    assert binding.rater_id == "bo-rater"
    assert profiles.load_profile(data_dir=appdirs.data_dir(), rater_id="bo-rater"
                                 ).display_name == "Bo Rater"
    window.close()


def test_first_run_without_keyring_keeps_the_key_in_an_encrypted_file(
        qtbot: Any, make_window: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from keyring.backends import fail

    monkeypatch.setattr(FirstRunDialog, "exec",
                        _fill_and_create("Cy", passphrase="correct horse"))
    monkeypatch.setattr(keystore, "default_keyring", lambda: fail.Keyring())
    window = make_window()
    startup.attach_rating(window)
    binding = _binding(qtbot, window)
    assert binding.rater_id == "cy"
    profile = profiles.load_profile(data_dir=appdirs.data_dir(), rater_id="cy")
    key_files = list((appdirs.data_dir() / "keys").glob("cy*"))
    assert key_files and b"PRIVATE KEY" in key_files[0].read_bytes()
    assert profiles.load_private_key(profile, keyring=fail.Keyring(), data_dir=appdirs.data_dir(),
                                     passphrase="correct horse") is not None
    window.close()


def test_a_second_window_on_the_same_profile_stays_read_only(
        qtbot: Any, make_window: Any, memory_keyring: Any,
        monkeypatch: pytest.MonkeyPatch) -> None:
    profiles.create_profile(rater_id="dee", display_name="Dee", keyring=memory_keyring,
                            data_dir=appdirs.data_dir())
    warnings: list[str] = []
    monkeypatch.setattr(startup.QMessageBox, "warning",
                        lambda _parent, _title, text: warnings.append(text))
    first = make_window()
    startup.attach_rating(first)
    assert _binding(qtbot, first).rater_id == "dee"
    second = make_window()
    done: list[bool] = []
    startup.attach_rating(second, then=lambda: done.append(True))
    qtbot.waitUntil(lambda: done == [True], timeout=5000)
    assert second.property("ratingBinding") is None
    assert warnings and "already open for rater 'dee'" in warnings[0]
    first.property("profileLock").unlock()  # as when the first window's process ends
    assert _lock_free()


def _lock_free() -> bool:
    from rater_desktop.gui.profile_lock import claim_profile_lock

    lock = claim_profile_lock(appdirs.data_dir(), "dee")
    if lock is None:
        return False
    lock.unlock()
    return True
