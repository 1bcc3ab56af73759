"""Where CI requires OpenSSH (RATER_DESKTOP_REQUIRE_OPENSSH=1), a missing ssh-keygen fails
the interoperability checks instead of skipping them quietly."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.openssh import REQUIRE_OPENSSH_ENV, ssh_keygen


def test_a_missing_ssh_keygen_fails_where_openssh_is_required(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # an empty folder: no ssh-keygen on it
    monkeypatch.setenv(REQUIRE_OPENSSH_ENV, "1")
    with pytest.raises(pytest.fail.Exception, match="ssh-keygen"):
        ssh_keygen()


def test_a_missing_ssh_keygen_skips_elsewhere(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv(REQUIRE_OPENSSH_ENV, raising=False)
    with pytest.raises(pytest.skip.Exception):
        ssh_keygen()


def test_the_ssh_keygen_on_path_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tool = tmp_path / "ssh-keygen"  # not in /usr/bin: the test used to look only there
    tool.write_text("#!/bin/sh\n")
    tool.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setenv(REQUIRE_OPENSSH_ENV, "1")
    assert ssh_keygen() == str(tool)
