"""What the window needs from an opened batch, and the calls that open and decode.

The loader lives in ``rater_desktop.batch``; it is imported lazily so the window paints
before any batch code loads.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtGui import QImage

from rater_desktop.batch.model import IndexEntry, Item, Manifest

# Largest side of a screenshot decoded for the full-size viewer.
VIEWER_MAX_SIDE = 8192


class BatchLike(Protocol):
    """The part of ``rater_desktop.batch.loader.Batch`` the window uses."""

    @property
    def manifest(self) -> Manifest: ...

    @property
    def index(self) -> Sequence[IndexEntry]: ...

    def item(self, item_id: str) -> Item: ...

    def read_bytes(self, relpath: str) -> bytes: ...

    def instructions_markdown(self) -> str | None: ...


class ImageDecodeError(Exception):
    """A screenshot could not be decoded; the message says why."""


def open_batch_path(path: str | Path) -> BatchLike:
    """Open a batch .zip or folder; raises the loader's BatchError on a bad batch."""
    from rater_desktop.batch.loader import open_batch

    batch: BatchLike = open_batch(path)
    return batch


def close_batch(batch: BatchLike | None) -> None:
    closer = getattr(batch, "close", None)
    if callable(closer):
        closer()


SOURCE_WIDTH_KEY = "source-width"


def _decoded_to_qimage(decoded: Any) -> QImage:
    width, height = int(decoded.width), int(decoded.height)
    data = bytes(decoded.rgba)
    image = QImage(data, width, height, width * 4, QImage.Format.Format_RGBA8888)
    # copy() detaches from the Python buffer, which goes away after return.
    image = image.copy()
    image.setText(SOURCE_WIDTH_KEY, str(int(getattr(decoded, "source_width", width))))
    return image


def source_width(image: QImage) -> int:
    """Width of the original file's pixels (click points and boxes are in these)."""
    text = image.text(SOURCE_WIDTH_KEY)
    return int(text) if text.isdigit() else image.width()


def decode_to_qimage(data: bytes, *, max_side: int | None, name: str = "image") -> QImage:
    """Decode PNG/JPEG/WebP bytes with the batch's safety limits. Safe off the UI thread."""
    from rater_desktop.batch.images import ImageProblem, decode_image

    try:
        decoded = decode_image(data, max_side=max_side, name=name)
    except ImageProblem as exc:
        raise ImageDecodeError(str(exc)) from exc
    image = _decoded_to_qimage(decoded)
    if image.isNull():
        raise ImageDecodeError("the image could not be converted for display")
    return image


def changed_on_disk(batch: object) -> bool:
    """True when ``batch`` can tell that its files changed since it was opened."""
    check = getattr(batch, "changed_on_disk", None)
    return bool(check()) if callable(check) else False
