"""Decode screenshots safely and keep thumbnails in a bounded cache (no Qt here).

Only PNG, JPEG and WebP are accepted, recognised by their first bytes; the pixel count
is checked from the header before any pixel is decoded, so a decompression bomb is
refused without allocating it. Decoding runs on worker threads, never the UI thread.
"""

from __future__ import annotations

import io
import threading
import warnings
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import BinaryIO

from rater_desktop.batch.limits import DEFAULT_LIMITS, BatchLimits

_SIGNATURES = {
    "PNG": (b"\x89PNG\r\n\x1a\n",),
    "JPEG": (b"\xff\xd8\xff",),
}


class ImageProblem(Exception):
    """An image could not be shown; the message says why and what to do."""


@dataclass(frozen=True)
class DecodedImage:
    """RGBA pixels ready for the window (``rgba`` is width*height*4 bytes)."""

    width: int
    height: int
    rgba: bytes
    source_width: int
    source_height: int

    @property
    def nbytes(self) -> int:
        return len(self.rgba)


def sniff_format(data: bytes) -> str | None:
    """PNG, JPEG or WEBP from the file's first bytes; None for anything else."""
    for name, signatures in _SIGNATURES.items():
        if any(data.startswith(sig) for sig in signatures):
            return name
    if len(data) >= 12 and data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "WEBP"
    return None


def decode_image(
    data: bytes,
    *,
    max_side: int | None = None,
    name: str = "image",
    limits: BatchLimits = DEFAULT_LIMITS,
) -> DecodedImage:
    """Decode ``data`` to RGBA, optionally scaled so its longer side is ``max_side``."""
    from PIL import Image  # Pillow is loaded on a worker thread, after first paint

    fmt = sniff_format(data)
    if fmt is None:
        raise ImageProblem(f"{name} is not a PNG, JPEG or WebP image; it cannot be shown.")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data), formats=[fmt])
            width, height = image.size
            _check_dimensions(width, height, name=name, limits=limits)
            if max_side is not None and fmt == "JPEG":
                image.draft("RGB", (max_side, max_side))
            image.load()
            if max_side is not None:
                image.thumbnail((max_side, max_side))
            rgba = image.convert("RGBA")
    except ImageProblem:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise ImageProblem(_too_many_pixels(name, limits)) from exc
    except (OSError, ValueError, SyntaxError) as exc:
        raise ImageProblem(f"{name} is damaged or truncated ({exc}); it cannot be shown.") from exc
    return DecodedImage(rgba.width, rgba.height, rgba.tobytes(), width, height)


_PNG_END = b"\x00\x00\x00\x00IEND\xaeB`\x82"


def _complete(stream: BinaryIO, fmt: str, head: bytes) -> bool:
    """Whether the file ends as a whole image does (a truncated file does not)."""
    size = stream.seek(0, 2)
    stream.seek(max(0, size - 1024))
    tail = stream.read()
    if fmt == "PNG":
        return tail.endswith(_PNG_END)
    if fmt == "JPEG":
        return b"\xff\xd9" in tail  # end of image (some writers append a few bytes after it)
    return size >= int.from_bytes(head[4:8], "little") + 8  # WebP: the RIFF size


def check_header(stream: BinaryIO, *, name: str = "image", limits: BatchLimits = DEFAULT_LIMITS) -> str:
    """The format of the image in ``stream`` after checking it without decoding a pixel:
    format by content, dimensions from the header, and that the file is whole (ends with
    the format's end marker), as an importer checks before it stores. Not decoding keeps
    a thousand screenshots at about the cost of reading them; damage inside the pixel data
    is still refused by a deep ``validate`` and shown as damaged in the window."""
    from PIL import Image

    head = stream.read(32)
    fmt = sniff_format(head)
    if fmt is None:
        raise ImageProblem(f"{name}: not a PNG, JPEG or WebP image")
    try:
        if not _complete(stream, fmt, head):
            raise ImageProblem(f"{name} is damaged or truncated (it does not end as a {fmt} file does)")
        if fmt == "PNG" and head[12:16] == b"IHDR":  # the size is the first chunk's first 8 bytes
            _check_dimensions(int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big"),
                              name=name, limits=limits)  # fmt: skip
            return fmt
        stream.seek(0)
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(stream, formats=[fmt])
            _check_dimensions(*image.size, name=name, limits=limits)
    except ImageProblem:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise ImageProblem(_too_many_pixels(name, limits)) from exc
    except (OSError, ValueError, SyntaxError, EOFError) as exc:
        raise ImageProblem(f"{name} is damaged or truncated ({exc}); it cannot be shown.") from exc
    return fmt


def _check_dimensions(width: int, height: int, *, name: str, limits: BatchLimits) -> None:
    if width <= 0 or height <= 0:
        raise ImageProblem(f"{name} has no pixels.")
    if (
        width > limits.max_image_side
        or height > limits.max_image_side
        or width * height > limits.max_image_pixels
    ):
        raise ImageProblem(_too_many_pixels(name, limits))


def _too_many_pixels(name: str, limits: BatchLimits) -> str:
    return (
        f"{name} is larger than the limit of {limits.max_image_pixels // 1_000_000} megapixels "
        f"({limits.max_image_side} pixels a side); it is not decoded"
    )


class ThumbnailCache:
    """An LRU cache of decoded images bounded by total bytes."""

    def __init__(self, *, max_bytes: int = 96 * 1024 * 1024) -> None:
        self.max_bytes = max_bytes
        self.used = 0
        self._entries: OrderedDict[tuple[str, int], DecodedImage] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[str, int]) -> DecodedImage | None:
        with self._lock:
            image = self._entries.get(key)
            if image is not None:
                self._entries.move_to_end(key)
            return image

    def put(self, key: tuple[str, int], image: DecodedImage) -> None:
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self.used -= old.nbytes
            if image.nbytes > self.max_bytes:
                return
            self._entries[key] = image
            self.used += image.nbytes
            while self.used > self.max_bytes:
                _, evicted = self._entries.popitem(last=False)
                self.used -= evicted.nbytes

    def __len__(self) -> int:
        return len(self._entries)


class ThumbnailLoader:
    """Decodes batch images on worker threads into a shared cache.

    ``read`` fetches the bytes of a batch file (``Batch.read_bytes``); results arrive
    as futures, so the window can hand them to its UI thread with a signal.
    """

    def __init__(
        self,
        *,
        read: Callable[[str], bytes],
        cache: ThumbnailCache | None = None,
        workers: int = 2,
    ) -> None:
        self.read = read
        self.cache = cache or ThumbnailCache()
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="thumbs")

    def request(self, path: str, *, max_side: int | None) -> Future[DecodedImage]:
        key = (path, max_side or 0)
        cached = self.cache.get(key)
        if cached is not None:
            done: Future[DecodedImage] = Future()
            done.set_result(cached)
            return done
        return self._pool.submit(self._decode, path, max_side, key)

    def _decode(self, path: str, max_side: int | None, key: tuple[str, int]) -> DecodedImage:
        from rater_desktop.batch.errors import BatchError

        try:
            data = self.read(path)
        except BatchError as exc:
            raise ImageProblem(exc.problem.render()) from exc
        image = decode_image(data, max_side=max_side, name=path)
        self.cache.put(key, image)
        return image

    def shutdown(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
