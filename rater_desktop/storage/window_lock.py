"""Is a window rating as this profile right now? (Qt-free; the window holds a QLockFile.)

The window claims ``profiles/<id>/window.lock`` with Qt's QLockFile, which on POSIX also
holds an flock on it; a command that writes ratings (``rate``) asks here first, because
the window's next autosave would overwrite what the command wrote.
"""

from __future__ import annotations

import os
import socket
from pathlib import Path

LOCK_NAME = "window.lock"


def _pid_alive(pid: int) -> bool:
    if os.name == "nt":  # os.kill(pid, 0) would END the process on Windows
        import ctypes

        kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined,unused-ignore]
        handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return False
        code = ctypes.c_ulong()
        kernel32.GetExitCodeProcess(handle, ctypes.byref(code))
        kernel32.CloseHandle(handle)
        return code.value == 259  # STILL_ACTIVE
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _flock_held(path: Path) -> bool | None:
    """True/False when POSIX flock can tell; None where it cannot."""
    try:
        import fcntl
    except ImportError:
        return None
    try:
        with path.open("rb") as handle:
            try:
                fcntl.flock(handle, fcntl.LOCK_SH | fcntl.LOCK_NB)
            except OSError:
                return True
            fcntl.flock(handle, fcntl.LOCK_UN)
            return False
    except OSError:
        return None


def window_holds_profile(profile_dir: Path) -> bool:
    """True while a live window holds the profile's lock (a crashed one's lock is stale)."""
    path = profile_dir / LOCK_NAME
    if not path.is_file():
        return False
    held = _flock_held(path)
    if held is not None:
        return held
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        pid = int(lines[0])
    except (OSError, ValueError, IndexError):
        return True  # unreadable: take the careful answer
    if len(lines) > 2 and lines[2] and lines[2] != socket.gethostname():
        return True  # held from another computer (a shared folder): cannot tell, so yes
    return _pid_alive(pid)
