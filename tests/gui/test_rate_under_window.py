"""`rater-desktop rate` while a window rates as the same profile: refused, not overwritten later."""

from __future__ import annotations

from pathlib import Path

import pytest

from rater_desktop.cli import main
from rater_desktop.signing import keystore

REPO = Path(__file__).resolve().parents[2]


def test_rate_refuses_while_the_window_lock_is_held(
        monkeypatch: pytest.MonkeyPatch, memory_keyring,  # type: ignore[no-untyped-def]
        capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    from rater_desktop.appdirs import data_dir
    from rater_desktop.gui.profile_lock import claim_profile_lock

    monkeypatch.setattr(keystore, "default_keyring", lambda: memory_keyring)
    assert main(["profile", "create", "--rater-id", "ann", "--name", "Ann"]) == 0
    lock = claim_profile_lock(data_dir(), "ann")  # the window's own lock
    assert lock is not None
    ratings = REPO / "packaging" / "smoke" / "consumer-tasks.ratings.jsonl"
    batch = REPO / "sample_batches" / "consumer-tasks"
    try:
        capsys.readouterr()
        assert main(["rate", "--batch", str(batch), "--ratings", str(ratings)]) == 1
        assert "Rater Desktop is open for rater 'ann'" in capsys.readouterr().err
    finally:
        lock.unlock()
    # Closed (or crashed: Qt's stale lock file stays behind): rate works again.
    assert main(["rate", "--batch", str(batch), "--ratings", str(ratings)]) == 0
