"""The rater robot: the real app as a process in a fresh home, driven by OS-level input.

``Robot`` owns one X session, one temporary home (never the user's: HOME, XDG folders and
RATER_DESKTOP_HOME all point into the test's temp dir, and the keyring is the "fail"
backend so the key lives in an encrypted key file) and at most one running app. Every
check reads the app's record (the profile's SQLite database, the batch, an export) or
the screen, never a widget. A failed check saves a screenshot and the app's stderr and
names both in its message.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from clipboard_probe import Clipboard
from record import BatchFacts, Record
from xsession import XSession, wait_until

REPO = Path(__file__).resolve().parents[2]
PASSPHRASE = "correct horse battery staple"
TEXT_FIT_ENV = "RATER_DESKTOP_TEXT_FIT_LOG"
ALREADY_OPEN = "Already open"  # the title of the second window's message (gui.startup)


class RobotFailure(AssertionError):
    """A broken invariant, with the saved evidence named in the message."""


@dataclass
class Home:
    """A fresh home for the app: its folders, settings and (optionally) a profile."""

    root: Path

    def __post_init__(self) -> None:
        for sub in ("home", "rd", "xdg/data", "xdg/config", "xdg/cache", "xdg/state"):
            (self.root / sub).mkdir(parents=True, exist_ok=True)

    @property
    def app_home(self) -> Path:
        return self.root / "rd"

    @property
    def data_dir(self) -> Path:
        return self.app_home / "data"

    def env(self, base: dict[str, str]) -> dict[str, str]:
        env = dict(base)
        env.update(HOME=str(self.root / "home"), RATER_DESKTOP_HOME=str(self.app_home),
                   XDG_DATA_HOME=str(self.root / "xdg/data"),
                   XDG_CONFIG_HOME=str(self.root / "xdg/config"),
                   XDG_CACHE_HOME=str(self.root / "xdg/cache"),
                   XDG_STATE_HOME=str(self.root / "xdg/state"),
                   PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring",
                   PYTHONPATH=str(REPO), PYTHONDONTWRITEBYTECODE="1")
        env.pop("RATER_DESKTOP_PASSPHRASE", None)  # the rater types it, as in real life
        return env

    def set_theme(self, theme: str) -> None:
        """The window settings the app reads at start (View > Theme writes the same key)."""
        path = self.app_home / "settings.ini"
        lines = [line for line in (path.read_text().splitlines() if path.exists() else [])]
        if "[view]" not in lines:
            lines += ["[view]", f"theme={theme}"]
        else:
            lines = [f"theme={theme}" if line.startswith("theme=") else line for line in lines]
        path.write_text("\n".join(lines) + "\n")

    def create_profile(self, rater_id: str) -> None:
        """A returning rater: profile with an encrypted key file, practice tour seen."""
        code = ("import sys; from pathlib import Path; from rater_desktop import profiles;"
                "from rater_desktop.first_run import mark_practice_seen;"
                "from rater_desktop.signing import keystore;"
                "d=Path(sys.argv[1]); p=profiles.create_profile(rater_id=sys.argv[2],"
                "display_name='Robo Rater', keyring=keystore.default_keyring(), data_dir=d,"
                "passphrase=sys.argv[3]); mark_practice_seen(data_dir=d, rater_id=p.rater_id)")
        subprocess.run([sys.executable, "-c", code, str(self.data_dir), rater_id, PASSPHRASE],
                       env=self.env(dict(os.environ)), check=True, capture_output=True)


class Robot:
    """One X session, one home, one app process at a time."""

    def __init__(self, session: XSession, home: Home, evidence: Path, rater_id: str = "robot"):
        self.x = session
        self.home = home
        self.evidence = evidence
        self.rater_id = rater_id
        self.record = Record(home.data_dir, rater_id)
        self.app: subprocess.Popen[bytes] | None = None
        self.second: subprocess.Popen[bytes] | None = None  # a read-only second window
        self.main_window = ""  # the X window id of the app's window (wait_ready)
        self.launches = 0
        self.clipboard = Clipboard(session)
        self.text_fit_log = evidence / "text-fit.log"
        self.failures: list[str] = []

    # ------------------------------------------------------------------ the app process

    @property
    def stderr_path(self) -> Path:
        return self.evidence / f"app-{self.launches}.stderr"

    def launch(self, batch: Path | None, *extra: str) -> None:
        assert self.app is None, "one app at a time"
        self.app = self._start(batch, *extra)

    def _start(self, batch: Path | None, *extra: str) -> subprocess.Popen[bytes]:
        self.launches += 1
        env = self.home.env(self.x.env())
        env[TEXT_FIT_ENV] = str(self.text_fit_log)
        args = [sys.executable, "-m", "rater_desktop", *extra] + ([str(batch)] if batch else [])
        return subprocess.Popen(args, env=env, cwd=self.home.root,
                                stdout=open(self.evidence / f"app-{self.launches}.stdout", "wb"),  # noqa: SIM115
                                stderr=open(self.stderr_path, "wb"))  # noqa: SIM115

    def wait_ready(self, batch: BatchFacts, timeout: float = 40) -> None:
        """The window is up and active, the batch registered in the record, the screen still."""
        self.expect(lambda: self.record.batch_registered(batch.batch_id), timeout,
                    f"the batch {batch.batch_id} registered in the ratings database")
        self.expect(lambda: batch.title in self.x.active_window_name(), timeout,
                    f"the window titled {batch.title!r} active")
        self.main_window = self.x.xdotool("getactivewindow")
        self.settle()

    def open_second_window(self, batch: BatchFacts, timeout: float = 40) -> None:
        """Start the app a second time on the same profile, as a rater does from the
        launcher while the first window is open: it says "Already open" (Enter, as the
        rater reads and accepts it) and stays read-only, on the same batch."""
        assert self.app is not None and self.second is None
        self.second = self._start(batch.path)
        self.expect(lambda: ALREADY_OPEN in self.x.active_window_name(), timeout,
                    f"the second start's message {ALREADY_OPEN!r} active")
        self.settle()
        self.x.key("Return")
        self.expect(lambda: self.x.xdotool("getactivewindow") not in ("", self.main_window)
                    and batch.title in self.x.active_window_name(), 20,
                    "the read-only second window active after Enter on \"Already open\"")
        self.settle()

    def close_second_window(self, timeout: float = 20) -> None:
        """Ctrl+Q in the read-only window; it must end by itself and the first window,
        which the window manager activates again, go on."""
        second = self.second
        assert second is not None
        self.x.key("ctrl+q")
        try:
            second.wait(timeout)
        except subprocess.TimeoutExpired:
            self.fail(f"the read-only window did not quit within {timeout:.0f} s of Ctrl+Q")
        finally:
            self.second = None
        self.expect(lambda: self.x.xdotool("getactivewindow") == self.main_window, 10,
                    "the first window active again after the read-only one quit")
        self.settle()

    def go(self, keys: str, batch: BatchFacts, item_id: str, timeout: float = 10) -> None:
        """Press ``keys`` (Alt+Right, Alt+Left) and wait until the record's current item is
        ``item_id`` and the screen has drawn it."""
        self.x.key(keys)
        self.expect(lambda: self.record.current_item(batch.batch_id) == item_id, timeout,
                    f"{keys} to open {item_id} (the record's current item)")
        time.sleep(0.2)  # the page is drawn after the state is queued for saving
        self.settle()

    def quit(self, timeout: float = 20) -> None:
        """Ctrl+Q, as a rater quits; the process must end by itself."""
        app = self.app
        assert app is not None
        self.x.key("ctrl+q")
        try:
            app.wait(timeout)
        except subprocess.TimeoutExpired:
            self.fail(f"the app did not quit within {timeout:.0f} s of Ctrl+Q")
        finally:
            self.app = None

    def stop(self) -> None:
        """Teardown: end the app processes this robot started, by their process ids."""
        for app in (self.second, self.app):
            if app is not None and app.poll() is None:
                app.terminate()
                try:
                    app.wait(10)
                except subprocess.TimeoutExpired:
                    app.kill()
                    app.wait()
        self.app = self.second = None
        self.clipboard.close()

    # ------------------------------------------------------------------ waiting and failing

    def settle(self, timeout: float = 8.0) -> None:
        """Wait until two screenshots 150 ms apart are the same (the app has drawn)."""
        deadline = time.monotonic() + timeout
        before = self.x.screenshot().tobytes()
        while time.monotonic() < deadline:
            time.sleep(0.15)
            now = self.x.screenshot().tobytes()
            if now == before:
                return
            before = now
        # A blinking cursor never settles; the caller's own checks decide.

    def expect(self, test, timeout: float, what: str):  # type: ignore[no-untyped-def]
        try:
            return wait_until(test, timeout, what)
        except TimeoutError as exc:
            self.fail(str(exc))

    def fail(self, message: str) -> None:
        """A failure the walk cannot go on from: raise now."""
        raise RobotFailure(self._evidence(message))

    def _evidence(self, message: str) -> str:
        stamp = f"{int(time.time() * 1000) % 10_000_000}"
        shot = self.evidence / f"failure-{stamp}.png"
        try:
            self.x.save_screenshot(shot)
        except Exception as exc:  # noqa: BLE001 - the message matters more than the picture
            shot = Path(f"(no screenshot: {exc})")
        if self.app is not None:
            self.app.poll()
        return (f"{message}\n  screenshot: {shot}\n  app stderr: {self.stderr_path}"
                f"\n  active window: {self.x.active_window_name()!r}")

    def check(self, condition: object, message: str) -> None:
        """A broken invariant: saved with its evidence; the walk goes on (finish() fails)."""
        if not condition:
            self.failures.append(self._evidence(message))

    def finish(self) -> None:
        """Fail the test with every broken invariant the walk met, in order."""
        if self.failures:
            raise RobotFailure(f"{len(self.failures)} broken invariants:\n\n"
                               + "\n\n".join(self.failures))


def load_json(path: Path) -> object:
    return json.loads(path.read_text(encoding="utf-8"))
