"""The ssh-keygen the OpenSSH interoperability tests run, found as the shell would."""

from __future__ import annotations

import os
import shutil

import pytest

REQUIRE_OPENSSH_ENV = "RATER_DESKTOP_REQUIRE_OPENSSH"  # CI sets it to 1


def ssh_keygen() -> str:
    """The path of ``ssh-keygen`` on PATH. Without one the calling test skips, or fails
    where ``RATER_DESKTOP_REQUIRE_OPENSSH=1`` says OpenSSH must be checked."""
    found = shutil.which("ssh-keygen")
    if found is not None:
        return found
    if os.environ.get(REQUIRE_OPENSSH_ENV) == "1":
        pytest.fail(f"ssh-keygen is not on PATH but {REQUIRE_OPENSSH_ENV}=1: OpenSSH "
                    "interoperability must be checked here")
    pytest.skip("ssh-keygen (OpenSSH) is not on PATH: OpenSSH interoperability not checked")
