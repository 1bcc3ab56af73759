"""An X server of the robot's own (Xvfb + openbox) and OS-level input through xdotool.

Everything here talks to the X server as a person's keyboard, mouse and screen would: no
widget of the app is ever touched. Processes are started and stopped by their ids only.
"""

from __future__ import annotations

import os
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image, ImageGrab

DISPLAYS_ENV = "RATER_ROBOT_DISPLAYS"  # e.g. "60-64": the display numbers the robot may use
DEFAULT_DISPLAYS = "60-64"


def candidate_displays() -> list[int]:
    spec = os.environ.get(DISPLAYS_ENV, DEFAULT_DISPLAYS)
    first, _, last = spec.partition("-")
    return list(range(int(first), int(last or first) + 1))


def display_in_use(number: int) -> bool:
    return Path(f"/tmp/.X{number}-lock").exists() or Path(f"/tmp/.X11-unix/X{number}").exists()


def wait_until(test, timeout: float, what: str, interval: float = 0.05):  # type: ignore[no-untyped-def]
    """Poll ``test`` until it returns something truthy; raise TimeoutError naming ``what``."""
    deadline = time.monotonic() + timeout
    while True:
        value = test()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"waited {timeout:.0f} s for {what}")
        time.sleep(interval)


@dataclass
class XSession:
    """Xvfb at ``width`` x ``height`` with openbox, on a display number free at start."""

    width: int
    height: int
    workdir: Path
    number: int = 0
    processes: list[subprocess.Popen[bytes]] = field(default_factory=list)

    @property
    def display(self) -> str:
        return f":{self.number}"

    def env(self) -> dict[str, str]:
        env = dict(os.environ)
        env["DISPLAY"] = self.display
        env.pop("QT_QPA_PLATFORM", None)  # the real xcb platform, not offscreen
        return env

    def start(self) -> XSession:
        for number in candidate_displays():
            if display_in_use(number):
                continue
            self.number = number
            log = open(self.workdir / f"xvfb-{number}.log", "wb")  # noqa: SIM115 - child keeps it
            xvfb = subprocess.Popen(
                ["Xvfb", self.display, "-screen", "0", f"{self.width}x{self.height}x24",
                 "-nolisten", "tcp", "-noreset"], stdout=log, stderr=log)
            if self._ready(xvfb):
                self.processes.append(xvfb)
                break
            xvfb.kill()
            xvfb.wait()
        else:
            raise RuntimeError(f"no free X display among {candidate_displays()} "
                               f"(set {DISPLAYS_ENV}, e.g. 60-64)")
        wm_log = open(self.workdir / f"openbox-{self.number}.log", "wb")  # noqa: SIM115
        wm = subprocess.Popen(["openbox", "--sm-disable"], env=self.env(), stdout=wm_log,
                              stderr=wm_log)
        self.processes.append(wm)
        wait_until(lambda: b"_NET_SUPPORTING_WM_CHECK(WINDOW)" in self._run(
            ["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"]), 10, "openbox")
        return self

    def _ready(self, xvfb: subprocess.Popen[bytes]) -> bool:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if xvfb.poll() is not None:
                return False  # lost a race for the number: try the next one
            if subprocess.run(["xdpyinfo", "-display", self.display], capture_output=True,
                              check=False).returncode == 0:
                return True
            time.sleep(0.05)
        return False

    def stop(self) -> None:
        for process in reversed(self.processes):
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(5)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        self.processes.clear()

    # ------------------------------------------------------------------ input and screen

    def _run(self, args: list[str], timeout: float = 10) -> bytes:
        done = subprocess.run(args, env=self.env(), capture_output=True, timeout=timeout,
                              check=False)
        return done.stdout

    def xdotool(self, *args: str, timeout: float = 10) -> str:
        return self._run(["xdotool", *args], timeout=timeout).decode("utf-8", "replace").strip()

    def key(self, *keys: str) -> None:
        """Press keys one after another (xdotool names: ctrl+Return, alt+Right, Tab)."""
        self.xdotool("key", "--delay", "40", *keys)

    def type(self, text: str) -> None:
        self.xdotool("type", "--delay", "4", "--", text, timeout=60)

    def click(self, x: int, y: int) -> None:
        # A step aside first: ``mousemove --sync`` onto the spot the pointer is already on
        # waits for a motion that never comes (a probe clicking one point twice hung 10 s).
        self.xdotool("mousemove", str(x + 1), str(y), "mousemove", "--sync", str(x), str(y),
                     "click", "1")

    def active_window_name(self) -> str:
        return self.xdotool("getactivewindow", "getwindowname")

    def wait_active(self, pattern: str, timeout: float = 20) -> str:
        """Wait until the active window's title contains ``pattern``; the title."""
        def active() -> str:
            name = self.active_window_name()
            return name if pattern in name else ""
        return str(wait_until(active, timeout, f"an active window titled *{pattern}*"))

    def active_window_rect(self) -> tuple[int, int, int, int]:
        """(left, top, right, bottom) of the active window's client area on the screen
        (xwininfo's absolute position: xdotool's is off by the frame under openbox)."""
        window = self.xdotool("getactivewindow")
        out = self._run(["xwininfo", "-id", window]).decode("utf-8", "replace")
        values = {k.strip(): v.strip() for k, _, v in
                  (line.partition(":") for line in out.splitlines()) if v}
        left, top = int(values["Absolute upper-left X"]), int(values["Absolute upper-left Y"])
        width, height = int(values["Width"]), int(values["Height"])
        return (max(0, left), max(0, top), min(self.width, left + width) - 1,
                min(self.height, top + height) - 1)

    def window_names(self) -> list[str]:
        out = self.xdotool("search", "--onlyvisible", "--name", ".", "getwindowname", "%@")
        return [line for line in out.splitlines() if line]

    def screenshot(self) -> Image.Image:
        return ImageGrab.grab(xdisplay=self.display)

    def save_screenshot(self, path: Path) -> Path:
        self.screenshot().save(path)
        return path
