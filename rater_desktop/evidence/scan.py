"""Recognizing a batch's screenshots in the background, cached per image content.

``OcrCache`` keeps one small JSON file per image (named by the SHA-256 of its bytes and
the model's tag) below the app's data folder, so a batch opened again, or a screenshot
shown in two batches, is read once. ``BatchOcr`` is the queue a worker thread drains;
the window asks it for results already in memory and never waits on it.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Protocol

from rater_desktop.batch.model import Item
from rater_desktop.evidence.model import OcrResult, from_json

MODEL_TAG = "ppocr4-1"
MAX_OCR_SIDE = 4096


class Engine(Protocol):
    def recognize(self, rgb: Any) -> OcrResult: ...


class OcrCache:
    """Recognized words per image content, one JSON file each, in ``folder``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    @staticmethod
    def key(data: bytes) -> str:
        return f"{hashlib.sha256(data).hexdigest()}-{MODEL_TAG}"

    def _path(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}.json"

    def get(self, key: str) -> OcrResult | None:
        try:
            data = json.loads(self._path(key).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return from_json(data)

    def put(self, key: str, result: OcrResult) -> None:
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
        temporary.write_text(json.dumps(result.to_json(), separators=(",", ":")), encoding="utf-8")
        os.replace(temporary, path)


def item_images(item: Item) -> list[str]:
    """Every screenshot path of an item, screenshots then steps, each once."""
    paths: list[str] = []
    for response in item.responses:
        paths.extend(shot.path for shot in response.screenshots)
        paths.extend(step.screenshot for step in response.trajectory if step.screenshot)
    return list(dict.fromkeys(paths))


def decode_rgb(data: bytes, name: str) -> Any:
    """The image as a (height, width, 3) uint8 array, decoded within the batch limits."""
    import numpy

    from rater_desktop.batch.images import decode_image

    image = decode_image(data, name=name)
    if max(image.width, image.height) > MAX_OCR_SIDE:
        image = decode_image(data, name=name, max_side=MAX_OCR_SIDE)
    rgba = numpy.frombuffer(image.rgba, dtype=numpy.uint8).reshape(image.height, image.width, 4)
    return numpy.ascontiguousarray(rgba[:, :, :3])


class BatchOcr:
    """The recognized words of one batch's screenshots, filled by ``run`` on a worker."""

    def __init__(self, read_bytes: Callable[[str], bytes], cache: OcrCache,
                 make_engine: Callable[[], Engine]) -> None:
        self._read_bytes = read_bytes
        self._cache = cache
        self._make_engine = make_engine
        self._engine: Engine | None = None
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)
        self._queue: list[str] = []
        self._results: dict[str, OcrResult] = {}
        self._failures: dict[str, str] = {}
        self._done = 0

    def lookup(self, path: str) -> OcrResult | None:
        """What was read of ``path`` so far (None: not yet, or unreadable)."""
        with self._lock:
            return self._results.get(path)

    def failure(self, path: str) -> str | None:
        with self._lock:
            return self._failures.get(path)

    def add(self, paths: Iterable[str], *, first: bool = False) -> None:
        """Queue ``paths`` (``first``: ahead of the rest, e.g. the item on screen)."""
        with self._lock:
            known = set(self._results) | set(self._failures)
            fresh = [p for p in dict.fromkeys(paths) if p not in known]
            if first:
                self._queue = fresh + [p for p in self._queue if p not in fresh]
            else:
                self._queue.extend(p for p in fresh if p not in self._queue)
            self._wake.notify_all()

    def progress(self) -> tuple[int, int]:
        """(read, read + waiting)."""
        with self._lock:
            return self._done, self._done + len(self._queue)

    def _next(self) -> str | None:
        with self._lock:
            return self._queue.pop(0) if self._queue else None

    def read_one(self, path: str) -> None:
        """Read ``path`` through the cache; a bad image is remembered with its reason."""
        try:
            data = self._read_bytes(path)
            key = OcrCache.key(data)
            result = self._cache.get(key)
            if result is None:
                if self._engine is None:
                    self._engine = self._make_engine()
                result = self._engine.recognize(decode_rgb(data, path))
                self._cache.put(key, result)
        except Exception as exc:  # noqa: BLE001 - one bad screenshot must not stop the others
            with self._lock:
                self._failures[path] = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
                self._done += 1
            return
        with self._lock:
            self._results[path] = result
            self._done += 1

    def run(self, stop: threading.Event, report: Callable[[int, int], None] | None = None) -> int:
        """Read queued images until the queue is empty or ``stop`` is set; how many read."""
        count = 0
        while not stop.is_set():
            path = self._next()
            if path is None:
                break
            self.read_one(path)
            count += 1
            if report is not None:
                report(*self.progress())
        return count


def finder_wanted(setting: Any, env: str | None) -> bool:
    """On unless the rater turned it off, or the environment says 0."""
    if env is not None and env.strip() in ("0", "off", "false"):
        return False
    if isinstance(setting, str):
        return setting.lower() not in ("0", "false", "no")
    return setting is None or bool(setting)
