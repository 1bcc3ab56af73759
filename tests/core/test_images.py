"""Safe image decoding and the bounded thumbnail cache."""

from __future__ import annotations

import io

import pytest
from batchkit import png_bytes
from PIL import Image

from rater_desktop.batch.images import (
    DecodedImage,
    ImageProblem,
    ThumbnailCache,
    ThumbnailLoader,
    decode_image,
    sniff_format,
)
from rater_desktop.batch.limits import BatchLimits


def _encode(fmt: str) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (400, 300), "teal").save(out, format=fmt)
    return out.getvalue()


@pytest.mark.parametrize("fmt", ["PNG", "JPEG", "WEBP"])
def test_supported_formats_decode_and_scale(fmt: str) -> None:
    image = decode_image(_encode(fmt), max_side=100)
    assert sniff_format(_encode(fmt)) == fmt
    assert (image.source_width, image.source_height) == (400, 300)
    assert max(image.width, image.height) <= 100
    assert len(image.rgba) == image.width * image.height * 4


@pytest.mark.parametrize("fmt", ["GIF", "BMP", "TIFF"])
def test_other_formats_are_refused(fmt: str) -> None:
    with pytest.raises(ImageProblem, match="not a PNG, JPEG or WebP"):
        decode_image(_encode(fmt))


def test_pixel_limit_is_checked_before_decoding() -> None:
    with pytest.raises(ImageProblem, match="larger than the limit"):
        decode_image(_encode("PNG"), limits=BatchLimits(max_image_pixels=1000))


def test_truncated_image_is_a_clear_problem() -> None:
    with pytest.raises(ImageProblem, match="damaged or truncated"):
        decode_image(png_bytes()[:150])


def test_cache_is_bounded_by_bytes() -> None:
    cache = ThumbnailCache(max_bytes=10_000)
    for n in range(40):
        cache.put((f"p{n}", 0), DecodedImage(10, 10, b"x" * 400, 10, 10))
    assert cache.used <= 10_000
    assert len(cache) == 25
    assert cache.get(("p0", 0)) is None
    assert cache.get(("p39", 0)) is not None


def test_loader_decodes_off_thread_and_caches() -> None:
    reads: list[str] = []

    def read(path: str) -> bytes:
        reads.append(path)
        return png_bytes(640, 400)

    loader = ThumbnailLoader(read=read)
    try:
        first = loader.request("a.png", max_side=128).result(timeout=10)
        second = loader.request("a.png", max_side=128).result(timeout=10)
    finally:
        loader.shutdown()
    assert first is second
    assert reads == ["a.png"]
    assert first.width == 128


def test_loader_reports_bad_bytes_as_image_problem() -> None:
    loader = ThumbnailLoader(read=lambda path: b"not an image")
    try:
        with pytest.raises(ImageProblem):
            loader.request("a.png", max_side=64).result(timeout=10)
    finally:
        loader.shutdown()
