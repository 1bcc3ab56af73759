"""Text recognition with the bundled models (offline, CPU) and its clean absence."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from rater_desktop.evidence import ocr_engine
from rater_desktop.evidence.ocr_boxes import text_boxes
from rater_desktop.evidence.ocr_engine import OcrEngine, availability
from rater_desktop.evidence.scan import decode_rgb


def test_the_bundled_models_read_a_sample_screenshot_with_word_boxes(sample_batches_dir: Path) -> None:
    shot = sample_batches_dir / "consumer-tasks" / "screens" / "consumer" / "grocery_a_cart.png"
    result = OcrEngine().recognize(decode_rgb(shot.read_bytes(), shot.name))
    words = {w.text: w for w in result.words}
    assert (result.width, result.height) == (1280, 800)
    assert "Subtotal" in words and "$11.28" in words
    subtotal = words["Subtotal"].box
    # The subtotal sits in the order summary on the right, below its title.
    assert 880 < subtotal.x < 1000 and 320 < subtotal.y < 370 and subtotal.width < 120


def test_a_blank_map_has_no_text_and_a_blob_is_one_box() -> None:
    import numpy

    prob = numpy.zeros((64, 128), dtype=numpy.float32)
    assert text_boxes(prob) == []
    prob[20:30, 10:90] = 0.9
    boxes = text_boxes(prob)
    assert len(boxes) == 1 and boxes[0].left < 10 and boxes[0].right > 90


def test_missing_models_or_runtime_turn_the_finder_off_with_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    missing = availability(tmp_path)
    assert not missing.ok and "text_det.onnx is missing" in missing.message
    real = importlib.util.find_spec
    monkeypatch.setattr(ocr_engine.importlib.util, "find_spec",
                        lambda name, *a: None if name == "onnxruntime" else real(name, *a))
    off = availability()
    assert not off.ok and off.message == "Evidence finder off: onnxruntime is not installed with this app."
    assert "\n" not in off.message


def test_cli_reads_an_image_and_refuses_a_bad_one_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from PIL import Image, ImageDraw, ImageFont

    from rater_desktop.cli import main

    shot = tmp_path / "subtotal.png"
    image = Image.new("RGB", (760, 740), "white")
    ImageDraw.Draw(image).text((20, 30), "Subtotal $11.28", fill="black",
                               font=ImageFont.load_default(size=28))
    image.save(shot)
    bad = tmp_path / "bad.png"
    bad.write_bytes(b"not an image at all")
    assert main(["evidence", "read", str(shot), str(bad)]) == 1
    out, err = capsys.readouterr()
    assert "Subtotal $11.28" in out
    assert err.strip().count("\n") == 0 and "bad.png" in err and "Traceback" not in err
