"""What text recognition found in one image: words with their boxes, kept as plain data.

The cache stores these as JSON (``to_json``/``from_json``); a damaged or foreign cache
entry reads as ``None`` and is recognized again rather than trusted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

OCR_FORMAT = 1


@dataclass(frozen=True)
class Region:
    """A rectangle in the image's own pixels (left, top, width, height)."""

    x: float
    y: float
    width: float
    height: float

    def union(self, other: Region) -> Region:
        left = min(self.x, other.x)
        top = min(self.y, other.y)
        right = max(self.x + self.width, other.x + other.width)
        bottom = max(self.y + self.height, other.y + other.height)
        return Region(left, top, right - left, bottom - top)


@dataclass(frozen=True)
class OcrWord:
    """One recognized word, its box and the recognizer's confidence (0..1)."""

    text: str
    box: Region
    confidence: float
    line: int  # words of one detected text line share this number


@dataclass(frozen=True)
class OcrResult:
    """The words of one image (``width``/``height``: the image's own size)."""

    width: int
    height: int
    words: tuple[OcrWord, ...]

    def text(self) -> str:
        return " ".join(word.text for word in self.words)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": OCR_FORMAT,
            "width": self.width,
            "height": self.height,
            "words": [
                [w.text, round(w.box.x, 1), round(w.box.y, 1), round(w.box.width, 1),
                 round(w.box.height, 1), round(w.confidence, 3), w.line]
                for w in self.words
            ],
        }


def from_json(data: object) -> OcrResult | None:
    """An ``OcrResult`` from its JSON form, or None when the data is not one."""
    if not isinstance(data, dict) or data.get("format") != OCR_FORMAT:
        return None
    try:
        words = tuple(
            OcrWord(str(t), Region(float(x), float(y), float(w), float(h)), float(c), int(n))
            for t, x, y, w, h, c, n in data["words"]
        )
        return OcrResult(int(data["width"]), int(data["height"]), words)
    except (KeyError, TypeError, ValueError):
        return None
