"""Offline text recognition of screenshots: the bundled PP-OCR models on ONNX Runtime, CPU.

The models (``resources/ocr/``) ship with the app; nothing is ever downloaded. ONNX
Runtime and numpy are imported only when an engine is made, on the worker that runs it.
Where they are missing (an install without them), ``availability`` says so in one line
and the evidence finder stays off.
"""

from __future__ import annotations

import importlib.util
import math
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from rater_desktop.evidence.model import OcrResult, OcrWord, Region
from rater_desktop.paths import resource_file

if TYPE_CHECKING:
    import numpy as np

DET_MODEL = "text_det.onnx"
REC_MODEL = "text_rec.onnx"
DET_MIN_SIDE = 736
DET_MAX_SIDE = 4096
REC_HEIGHT = 48
REC_BATCH = 6
REC_MIN_WIDTH = 320
MIN_CONFIDENCE = 0.5


@dataclass(frozen=True)
class Availability:
    """Whether text recognition can run here, and if not, the one-line reason."""

    ok: bool
    message: str


def models_dir() -> Path:
    return resource_file("ocr")


def availability(folder: Path | None = None) -> Availability:
    """Can this installation recognize text? Checked without importing the runtime."""
    folder = folder or models_dir()
    for name in (DET_MODEL, REC_MODEL):
        if not (folder / name).is_file():
            return Availability(False, f"Evidence finder off: its text model {name} is missing; reinstall the app.")
    for module in ("numpy", "onnxruntime"):
        if importlib.util.find_spec(module) is None:
            return Availability(False, f"Evidence finder off: {module} is not installed with this app.")
    return Availability(True, "")


class OcrEngine:
    """Detects text lines, then reads them; one engine per worker thread."""

    def __init__(self, folder: Path | None = None, *, threads: int = 1) -> None:
        import numpy
        import onnxruntime

        folder = folder or models_dir()
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        options.log_severity_level = 3
        providers = ["CPUExecutionProvider"]
        self._np = numpy
        self._det = onnxruntime.InferenceSession(
            str(folder / DET_MODEL), sess_options=options, providers=providers
        )
        self._rec = onnxruntime.InferenceSession(
            str(folder / REC_MODEL), sess_options=options, providers=providers
        )
        chars = self._rec.get_modelmeta().custom_metadata_map.get("character", "")
        # CTC: index 0 is the blank, the model's dictionary, then a space.
        self._chars = ["", *chars.splitlines(), " "]

    def recognize(self, rgb: np.ndarray) -> OcrResult:
        """The words of an RGB image given as a (height, width, 3) uint8 array."""
        from rater_desktop.evidence.ocr_boxes import text_boxes

        xp = self._np
        height, width = rgb.shape[:2]
        bgr = xp.ascontiguousarray(rgb[:, :, ::-1])
        prob, scale_x, scale_y = self._detect(bgr)
        boxes = text_boxes(prob)
        crops: list[tuple[Region, np.ndarray]] = []
        for box in boxes:
            left = max(0, int(box.left / scale_x))
            top = max(0, int(box.top / scale_y))
            right = min(width, int(math.ceil(box.right / scale_x)))
            bottom = min(height, int(math.ceil(box.bottom / scale_y)))
            if right - left >= 3 and bottom - top >= 3:
                crops.append((Region(left, top, right - left, bottom - top), bgr[top:bottom, left:right]))
        words: list[OcrWord] = []
        for line, (region, read) in enumerate(zip((c[0] for c in crops), self._read(crops), strict=True)):
            words.extend(_words_of_line(region, read, line))
        return OcrResult(width, height, tuple(words))

    def _detect(self, bgr: np.ndarray) -> tuple[np.ndarray, float, float]:
        xp = self._np
        from PIL import Image

        height, width = bgr.shape[:2]
        ratio = max(1.0, DET_MIN_SIDE / min(height, width))
        ratio = min(ratio, DET_MAX_SIDE / max(height, width))
        new_h = max(32, int(round(height * ratio / 32)) * 32)
        new_w = max(32, int(round(width * ratio / 32)) * 32)
        image = bgr
        if (new_h, new_w) != (height, width):
            image = xp.asarray(Image.fromarray(bgr).resize((new_w, new_h), Image.Resampling.BILINEAR))
        tensor = (image.astype(xp.float32) / 255.0 - 0.5) / 0.5
        tensor = tensor.transpose(2, 0, 1)[None]
        prob = self._det.run(None, {self._det.get_inputs()[0].name: tensor})[0][0, 0]
        return prob, new_w / width, new_h / height

    def _read(self, crops: list[tuple[Region, np.ndarray]]) -> list[_LineRead]:
        """Each crop's text, with the x (in crop pixels) of every character."""
        xp = self._np
        ratios = [c[1].shape[1] / max(1, c[1].shape[0]) for c in crops]
        order = sorted(range(len(crops)), key=ratios.__getitem__)
        reads: list[_LineRead | None] = [None] * len(crops)
        for begin in range(0, len(order), REC_BATCH):
            chunk = order[begin : begin + REC_BATCH]
            max_ratio = max([REC_MIN_WIDTH / REC_HEIGHT, *(ratios[i] for i in chunk)])
            batch_w = int(REC_HEIGHT * max_ratio)
            tensors = [self._rec_input(crops[i][1], batch_w) for i in chunk]
            out = self._rec.run(None, {self._rec.get_inputs()[0].name: xp.stack([t for t, _ in tensors])})[0]
            for row, index in enumerate(chunk):
                resized_w = tensors[row][1]
                px_per_step = batch_w / out.shape[1] * crops[index][1].shape[1] / resized_w
                reads[index] = self._decode(out[row], px_per_step)
        return [r if r is not None else _LineRead("", (), 0.0) for r in reads]

    def _rec_input(self, crop: np.ndarray, batch_w: int) -> tuple[np.ndarray, int]:
        xp = self._np
        from PIL import Image

        h, w = crop.shape[:2]
        resized_w = min(batch_w, int(math.ceil(REC_HEIGHT * w / max(1, h))))
        image = xp.asarray(Image.fromarray(crop).resize((max(1, resized_w), REC_HEIGHT), Image.Resampling.BILINEAR))
        padded = xp.zeros((3, REC_HEIGHT, batch_w), dtype=xp.float32)
        padded[:, :, :resized_w] = (image.astype(xp.float32).transpose(2, 0, 1) / 255.0 - 0.5) / 0.5
        return padded, max(1, resized_w)

    def _decode(self, steps: np.ndarray, px_per_step: float) -> _LineRead:
        xp = self._np
        best = steps.argmax(axis=1)
        probs = steps.max(axis=1)
        keep = best != 0
        keep[1:] &= best[1:] != best[:-1]
        index = xp.flatnonzero(keep)
        if len(index) == 0:
            return _LineRead("", (), 0.0)
        chars = "".join(self._chars[i] if i < len(self._chars) else "" for i in best[index])
        xs = tuple((float(t) + 0.5) * px_per_step for t in index)
        return _LineRead(chars, xs, float(probs[index].mean()))


@dataclass(frozen=True)
class _LineRead:
    text: str
    xs: tuple[float, ...]  # the centre of each character, in crop pixels
    confidence: float


def _words_of_line(region: Region, read: _LineRead, line: int) -> list[OcrWord]:
    """Split a line on spaces; each word's box spans its characters' centres, padded."""
    if read.confidence < MIN_CONFIDENCE or not read.text.strip():
        return []
    words: list[OcrWord] = []
    start = None
    for pos, char in enumerate([*read.text, " "]):
        if char != " " and start is None:
            start = pos
        elif char == " " and start is not None:
            xs = read.xs[start:pos]
            pad = (xs[-1] - xs[0]) / max(1, pos - start - 1) / 2 if pos - start > 1 else region.height / 4
            left = max(0.0, xs[0] - pad)
            right = min(region.width, xs[-1] + pad)
            box = Region(region.x + left, region.y, max(1.0, right - left), region.height)
            words.append(OcrWord(read.text[start:pos], box, read.confidence, line))
            start = None
    return words
