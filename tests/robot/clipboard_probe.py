"""Reading what the screen shows without widget access.

* The clipboard: a click into a pane, Ctrl+A, Ctrl+C (keys a rater could press), read by
  a separate X client (``clipboard_helper.py``). Before each copy the helper takes the
  clipboard with a sentinel, so a copy that did not happen never reads as one.
* The cover: a rectangle of the window colour over the responses, found in a screenshot.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from PIL import Image
from xsession import XSession

HELPER = Path(__file__).with_name("clipboard_helper.py")
SENTINEL = "rater-robot-sentinel"


class Clipboard:
    """The X clipboard through a helper process started (and ended) by the robot."""

    def __init__(self, session: XSession) -> None:
        self.session = session
        self.process: subprocess.Popen[str] | None = None

    def _ask(self, line: str) -> str:
        if self.process is None:
            self.process = subprocess.Popen(
                [sys.executable, str(HELPER)], env=self.session.env(), stdin=subprocess.PIPE,
                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            assert self.process.stdout is not None
            json.loads(self.process.stdout.readline())  # "ready"
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(line.replace("\n", " ") + "\n")
        self.process.stdin.flush()
        return str(json.loads(self.process.stdout.readline()))

    def set_sentinel(self) -> None:
        self._ask(f"set {SENTINEL}")

    def text(self) -> str:
        return self._ask("get")

    def copied(self, timeout: float = 0.8) -> str:
        """The clipboard once it is no longer the sentinel; "" when nothing was copied."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.text()
            if text != SENTINEL:
                return text
            time.sleep(0.05)
        return ""

    def close(self) -> None:
        if self.process is not None and self.process.poll() is None:
            assert self.process.stdin is not None
            self.process.stdin.close()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None


@dataclass(frozen=True)
class Rect:
    left: int
    top: int
    right: int
    bottom: int

    @property
    def width(self) -> int:
        return self.right - self.left + 1

    @property
    def height(self) -> int:
        return self.bottom - self.top + 1


def window_colour(image: Image.Image) -> tuple[int, int, int]:
    """The palette's window colour: what most of the status bar (the bottom rows of the
    window ``image``) shows behind its short texts."""
    width, height = image.size
    counts: dict[tuple[int, int, int], int] = {}
    for y in range(max(0, height - 30), height, 2):  # the status bar, maybe a frame edge
        for x in range(0, width, 3):
            pixel = image.getpixel((x, y))
            assert isinstance(pixel, tuple)
            colour = (int(pixel[0]), int(pixel[1]), int(pixel[2]))
            counts[colour] = counts.get(colour, 0) + 1
    return max(counts, key=lambda c: counts[c])


def _runs(image: Image.Image, y: int, colour: tuple[int, int, int], minimum: int) -> list[tuple[int, int]]:
    width, _ = image.size
    pixels = image.load()
    assert pixels is not None
    runs: list[tuple[int, int]] = []
    start = None
    for x in range(width + 1):
        same = x < width and pixels[x, y][:3] == colour
        if same and start is None:
            start = x
        elif not same and start is not None:
            if x - start >= minimum:
                runs.append((start, x - 1))
            start = None
    return runs


def _extent(image: Image.Image, x: int, y: int, colour: tuple[int, int, int]) -> tuple[int, int]:
    pixels = image.load()
    assert pixels is not None
    _, height = image.size
    top = y
    while top > 0 and pixels[x, top - 1][:3] == colour:
        top -= 1
    bottom = y
    while bottom < height - 1 and pixels[x, bottom + 1][:3] == colour:
        bottom += 1
    return top, bottom


def find_cover_on_screen(image: Image.Image, window: Rect) -> Rect | None:
    """``find_cover`` inside the window's client area, in screen coordinates."""
    inside = image.crop((window.left, window.top, window.right + 1, window.bottom + 1))
    rect = find_cover(inside)
    if rect is None:
        return None
    return Rect(rect.left + window.left, rect.top + window.top, rect.right + window.left,
                rect.bottom + window.top)


def find_cover(image: Image.Image) -> Rect | None:
    """The largest plain window-coloured rectangle in the middle of the screen (the cover
    over the responses: opaque palette(window), its message centred), else None."""
    width, height = image.size
    colour = window_colour(image)
    best: Rect | None = None
    for y in range(int(height * 0.5), int(height * 0.95), max(4, height // 60)):
        for left, right in _runs(image, y, colour, int(width * 0.28)):
            if left < width * 0.02 and right > width * 0.98:
                continue  # a whole empty row (e.g. a window without any content)
            top, bottom = _extent(image, left + 4, y, colour)
            top2, bottom2 = _extent(image, right - 4, y, colour)
            rect = Rect(left, max(top, top2), right, min(bottom, bottom2))
            if rect.height < height * 0.3 or rect.right > width * 0.93:
                continue  # the rating panel's empty space sits at the right edge
            if not _has_centred_message(image, rect, colour):
                continue
            if best is None or rect.width * rect.height > best.width * best.height:
                best = rect
    return best


def _has_centred_message(image: Image.Image, rect: Rect, colour: tuple[int, int, int]) -> bool:
    """The cover's message: ink in the middle third, none along the left and right edges."""
    pixels = image.load()
    assert pixels is not None
    middle = range(rect.left + rect.width // 3, rect.right - rect.width // 3, 2)
    ink = any(pixels[x, y][:3] != colour for x in middle
              for y in range(rect.top + rect.height // 4, rect.bottom - rect.height // 4, 2))
    edges = any(pixels[x, y][:3] != colour for x in (rect.left + 2, rect.right - 2)
                for y in range(rect.top, rect.bottom + 1, 3))
    return ink and not edges
