"""``durable.fsync_dir``: the one folder flush the signed files and the backups share."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rater_desktop import durable
from rater_desktop.signing import atomic_files
from rater_desktop.storage import backup


def test_the_folder_itself_is_flushed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    flushed: list[int] = []
    real_fsync = os.fsync

    def record(fd: int) -> None:
        flushed.append(os.fstat(fd).st_ino)
        real_fsync(fd)

    monkeypatch.setattr(durable.os, "name", "posix")
    monkeypatch.setattr(durable.os, "fsync", record)
    durable.fsync_dir(tmp_path)
    assert flushed == [tmp_path.stat().st_ino]


def test_nothing_to_flush_off_posix(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(durable.os, "name", "nt")
    monkeypatch.setattr(durable.os, "open", lambda *_a: pytest.fail("opened a folder"))
    durable.fsync_dir(tmp_path)


def test_the_writer_and_the_backups_share_it() -> None:
    assert atomic_files.fsync_dir is durable.fsync_dir
    assert backup.fsync_dir is durable.fsync_dir
