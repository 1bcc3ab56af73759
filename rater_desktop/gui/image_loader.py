"""Screenshots decoded off the UI thread, with a bounded in-memory cache.

Reading goes through the batch (serialised by a lock: zip readers share one file handle);
decoding runs in a small private thread pool. Results come back on the UI thread through a
queued signal and are handed to the callbacks registered for that image.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal
from PySide6.QtGui import QImage

from rater_desktop.gui.batch_source import ImageDecodeError, decode_to_qimage

ReadBytes = Callable[[str], bytes]
ImageCallback = Callable[[QImage | None, str], None]

THUMB_SIDE = 320
DEFAULT_CACHE_BYTES = 192 * 1024 * 1024


def image_key(path: str, max_side: int | None) -> str:
    return f"{path}@{max_side or 0}"


class _Relay(QObject):
    # QImage (a Qt value type) rather than ``object``: queued across threads it is copied by
    # Qt, with no Python reference counts crossing threads.
    finished = Signal(int, str, QImage, str)  # generation, key, image (null on error), error


class _DecodeJob(QRunnable):
    def __init__(
        self, *, relay: _Relay, generation: int, key: str, path: str, max_side: int | None,
        read_bytes: ReadBytes, read_lock: threading.Lock,
    ) -> None:
        super().__init__()
        self._relay = relay
        self._generation = generation
        self._key = key
        self._path = path
        self._max_side = max_side
        self._read_bytes = read_bytes
        self._read_lock = read_lock

    def run(self) -> None:
        image = QImage()
        error = ""
        try:
            with self._read_lock:
                data = self._read_bytes(self._path)
            image = decode_to_qimage(data, max_side=self._max_side, name=self._path)
        except ImageDecodeError as exc:
            error = str(exc)
        except Exception as exc:  # noqa: BLE001 - any failure becomes a visible message
            error = getattr(getattr(exc, "problem", None), "message", None) or str(exc)
        self._relay.finished.emit(self._generation, self._key, image, error)


class ImageLoader(QObject):
    """Asynchronous, cached screenshot decoding for one batch at a time."""

    imageReady = Signal(str)
    imageFailed = Signal(str, str)

    def __init__(self, parent: QObject | None = None, *,
                 cache_bytes: int = DEFAULT_CACHE_BYTES, threads: int = 2) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(max(1, threads))
        self._relay = _Relay(self)
        self._relay.finished.connect(self._on_finished)
        self._read_lock = threading.Lock()
        self._read_bytes: ReadBytes | None = None
        self._generation = 0
        self._cache: OrderedDict[str, QImage] = OrderedDict()
        self._cache_bytes = 0
        self._cache_limit = cache_bytes
        self._waiting: dict[str, list[ImageCallback]] = {}
        self._errors: dict[str, str] = {}

    def set_source(self, read_bytes: ReadBytes | None) -> None:
        """Switch to another batch: forget cached images and pending callbacks."""
        self._generation += 1
        self._pool.clear()
        self._read_bytes = read_bytes
        self._cache.clear()
        self._cache_bytes = 0
        self._waiting.clear()
        self._errors.clear()

    @property
    def generation(self) -> int:
        """Goes up on every ``set_source``: the same path may now mean another image."""
        return self._generation

    def cached(self, path: str, max_side: int | None) -> QImage | None:
        key = image_key(path, max_side)
        image = self._cache.get(key)
        if image is not None:
            self._cache.move_to_end(key)
        return image

    def request(self, path: str, max_side: int | None, callback: ImageCallback) -> None:
        """Call ``callback(image, error)`` on the UI thread once ``path`` is decoded."""
        key = image_key(path, max_side)
        image = self.cached(path, max_side)
        if image is not None or key in self._errors:
            callback(image, self._errors.get(key, ""))
            return
        if key in self._waiting:
            self._waiting[key].append(callback)
            return
        if self._read_bytes is None:
            callback(None, "no batch is open")
            return
        self._waiting[key] = [callback]
        self._pool.start(_DecodeJob(
            relay=self._relay, generation=self._generation, key=key, path=path,
            max_side=max_side, read_bytes=self._read_bytes, read_lock=self._read_lock,
        ))

    def wait_idle(self, msecs: int = 5000) -> bool:
        """Block until running decodes end (tests and shutdown only)."""
        return bool(self._pool.waitForDone(msecs))

    def shutdown(self) -> None:
        self.set_source(None)
        self._pool.waitForDone(3000)

    @property
    def cache_size_bytes(self) -> int:
        return self._cache_bytes

    def _store(self, key: str, image: QImage) -> None:
        self._cache[key] = image
        self._cache_bytes += image.sizeInBytes()
        while self._cache_bytes > self._cache_limit and len(self._cache) > 1:
            _, old = self._cache.popitem(last=False)
            self._cache_bytes -= old.sizeInBytes()

    def _on_finished(self, generation: int, key: str, image: QImage, error: str) -> None:
        if generation != self._generation:
            return
        result = image if not image.isNull() and not error else None
        if result is not None:
            self._store(key, result)
            self.imageReady.emit(key)
        else:
            self._errors[key] = error or "the image could not be read"
            self.imageFailed.emit(key, self._errors[key])
        for callback in self._waiting.pop(key, []):
            try:
                callback(result, self._errors.get(key, ""))
            except RuntimeError:
                # The widget that asked was deleted meanwhile (item switched): ignore.
                continue
