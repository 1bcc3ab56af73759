"""Screenshots decode off the UI thread into a bounded cache."""

from __future__ import annotations

import threading
from typing import Any

from PySide6.QtGui import QImage

from rater_desktop.gui.image_loader import ImageLoader
from tests.gui.conftest import png_bytes


def test_decodes_in_a_worker_thread_and_caches(qtbot: Any) -> None:
    threads: list[str] = []
    data = png_bytes(size=(200, 100))

    def read(path: str) -> bytes:
        threads.append(threading.current_thread().name)
        return data

    loader = ImageLoader()
    loader.set_source(read)
    results: list[tuple[QImage | None, str]] = []
    with qtbot.waitSignal(loader.imageReady, timeout=5000):
        loader.request("screens/a.png", 50, lambda image, error: results.append((image, error)))
        assert results == [], "the answer comes later, not inside request()"
    assert threads and threads[0] != threading.main_thread().name
    image, error = results[0]
    assert error == "" and image is not None and (image.width(), image.height()) == (50, 25)
    loader.request("screens/a.png", 50, lambda image, error: results.append((image, error)))
    assert len(results) == 2 and len(threads) == 1, "second request served from the cache"
    loader.shutdown()


def test_cache_is_bounded(qtbot: Any) -> None:
    data = png_bytes(size=(100, 100))
    loader = ImageLoader(cache_bytes=100 * 100 * 4 * 3)
    loader.set_source(lambda _p: data)
    for i in range(8):
        with qtbot.waitSignal(loader.imageReady, timeout=5000):
            loader.request(f"s/{i}.png", None, lambda *_: None)
    assert loader.cache_size_bytes <= 100 * 100 * 4 * 3
    assert loader.cached("s/7.png", None) is not None
    assert loader.cached("s/0.png", None) is None
    loader.shutdown()


def test_bad_image_reports_a_message(qtbot: Any) -> None:
    loader = ImageLoader()
    loader.set_source(lambda _p: b"GIF89a not allowed")
    results: list[str] = []
    with qtbot.waitSignal(loader.imageFailed, timeout=5000):
        loader.request("s/x.gif", 64, lambda _image, error: results.append(error))
    assert results and "PNG, JPEG or WebP" in results[0]
    loader.shutdown()


def test_switching_batch_drops_late_results(qtbot: Any) -> None:
    gate = threading.Event()
    data = png_bytes(size=(10, 10))

    def slow_read(_path: str) -> bytes:
        gate.wait(5)
        return data

    loader = ImageLoader()
    loader.set_source(slow_read)
    late: list[Any] = []
    loader.request("s/a.png", None, lambda *args: late.append(args))
    loader.set_source(lambda _p: data)
    gate.set()
    loader.wait_idle()
    qtbot.wait(50)
    assert late == []
    assert loader.cached("s/a.png", None) is None
    loader.shutdown()
