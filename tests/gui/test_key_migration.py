"""Issue 13, item 1 in the window: a key in a plain-file keyring is moved when it starts."""

from __future__ import annotations

from pathlib import Path

from keyrings.alt.file import PlaintextKeyring
from PySide6.QtWidgets import QWidget

from rater_desktop import appdirs, profiles
from rater_desktop.gui.key_migration import check_key_storage
from rater_desktop.signing import keys, keystore


def _old_profile(backend: PlaintextKeyring) -> profiles.Profile:
    private = keys.generate_private_key()
    backend.set_password(keystore.KEYRING_SERVICE, "signing-key:alice",
                         keys.private_key_to_secret(private))
    profile = profiles.Profile(
        rater_id="alice", display_name="Alice",
        public_key=keys.openssh_public_key(private.public_key()),
        fingerprint=keys.fingerprint(private.public_key()),
        key_storage=profiles.KeyStorage.KEYRING, created_at="2026-11-30T09:00:00Z")
    profiles.save_profile(profile, data_dir=appdirs.data_dir())
    return profile


def test_window_asks_for_a_passphrase_and_moves_the_key(qtbot, isolated_app_dirs: Path) -> None:  # type: ignore[no-untyped-def]
    backend = PlaintextKeyring()
    backend.file_path = str(isolated_app_dirs / "home" / "keyring_pass.cfg")
    profile = _old_profile(backend)
    parent = QWidget()
    qtbot.addWidget(parent)
    answers = iter(["short", "a long passphrase"])
    asked: list[str] = []
    told: list[str] = []
    moved: list[profiles.Profile] = []

    def ask(_parent: QWidget, rater_id: str) -> str | None:
        asked.append(rater_id)
        return next(answers)

    check_key_storage(parent, parent, profile, data_dir=appdirs.data_dir(),
                      on_moved=moved.append, keyring_factory=lambda: backend, ask=ask,
                      inform=lambda _p, title, _text: told.append(title))
    qtbot.waitUntil(lambda: bool(moved), timeout=5000)
    assert asked == ["alice", "alice"]  # the short passphrase was refused, then asked again
    assert told[-1] == "Signing key protected"
    assert moved[0].key_storage is profiles.KeyStorage.ENCRYPTED_FILE
    assert backend.get_password(keystore.KEYRING_SERVICE, "signing-key:alice") is None
    key = profiles.load_private_key(moved[0], keyring=backend, data_dir=appdirs.data_dir(),
                                    passphrase="a long passphrase")
    assert keys.fingerprint(key.public_key()) == profile.fingerprint


def test_window_leaves_a_secure_keyring_alone(qtbot, memory_keyring) -> None:  # type: ignore[no-untyped-def]
    profile = profiles.create_profile(rater_id="bob", display_name="Bob",
                                      keyring=memory_keyring, data_dir=appdirs.data_dir())
    parent = QWidget()
    qtbot.addWidget(parent)
    calls: list[str] = []
    check_key_storage(parent, parent, profile, data_dir=appdirs.data_dir(),
                      on_moved=lambda _p: calls.append("moved"),
                      keyring_factory=lambda: calls.append("judged") or memory_keyring,
                      ask=lambda *_a: calls.append("asked") or None)
    qtbot.waitUntil(lambda: "judged" in calls, timeout=5000)
    qtbot.wait(50)
    assert calls == ["judged"]


def test_window_takes_a_legacy_key_into_the_secure_keyring_next_to_it(  # type: ignore[no-untyped-def]
        qtbot, memory_keyring, isolated_app_dirs: Path, monkeypatch) -> None:
    """A secure backend installed after the key went to the plain-file one: the window
    moves the key into the secure backend at start, asking nothing."""
    import keyring as keyring_lib
    from keyring.backends import chainer

    backend = PlaintextKeyring()
    backend.file_path = str(isolated_app_dirs / "home" / "keyring_pass.cfg")
    profile = _old_profile(backend)
    monkeypatch.setattr(chainer.ChainerBackend, "backends", [memory_keyring, backend])
    previous = keyring_lib.get_keyring()
    keyring_lib.set_keyring(chainer.ChainerBackend())
    parent = QWidget()
    qtbot.addWidget(parent)
    asked: list[str] = []
    try:
        check_key_storage(parent, parent, profile, data_dir=appdirs.data_dir(),
                          on_moved=lambda _p: None, keyring_factory=keystore.default_keyring,
                          ask=lambda _p, rater: asked.append(rater) or None,
                          inform=lambda *_a: None)
        username = keystore.keyring_username("alice")
        qtbot.waitUntil(lambda: backend.get_password(keystore.KEYRING_SERVICE, username) is None,
                        timeout=5000)
    finally:
        keyring_lib.set_keyring(previous)
    assert memory_keyring.get_password(keystore.KEYRING_SERVICE, username) is not None
    assert asked == []
    key = profiles.load_private_key(profile, keyring=memory_keyring, data_dir=appdirs.data_dir())
    assert keys.fingerprint(key.public_key()) == profile.fingerprint
