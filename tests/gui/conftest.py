"""Fixtures for GUI tests: tiny batches built in tmp_path and a window on temp settings."""

from __future__ import annotations

import functools
import io
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageDraw
from PySide6.QtCore import QSettings

PNG_SIZE = (640, 400)


@functools.cache
def png_bytes(color: tuple[int, int, int] = (220, 230, 245),
              size: tuple[int, int] = PNG_SIZE, label: str = "") -> bytes:
    image = Image.new("RGB", size, (255, 255, 255))
    draw = ImageDraw.Draw(image)
    w, h = size
    draw.rectangle((0, 0, w, h * 0.12), fill=color)
    draw.rectangle((w * 0.06, h * 0.22, w * 0.94, h * 0.35), outline=(120, 120, 120), width=2)
    draw.rectangle((w * 0.06, h * 0.42, w * 0.31, h * 0.52), fill=(60, 110, 210))
    if label:
        draw.text((w * 0.08, h * 0.04), label, fill=(20, 20, 20))
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=1)
    return out.getvalue()


def make_png(path: Path, *, color: tuple[int, int, int] = (220, 230, 245),
             size: tuple[int, int] = PNG_SIZE, label: str = "") -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(png_bytes(color, size, label))


def response(identity: str, text: str, *, shots: int = 2, steps: int = 3,
             prefix: str = "a", final_answer: str | None = None,
             report: bool = True) -> dict[str, Any]:
    body: dict[str, Any] = {
        "identity": identity,
        "text": text,
        "screenshots": [{"path": f"screens/{prefix}{i}.png", "caption": f"{prefix} shot {i}"}
                        for i in range(shots)],
        "trajectory": [
            {"action": "click", "target": f"Button {i}", "url": f"https://shop.example/p{i}",
             "screenshot": f"screens/{prefix}step{i}.png",
             "click": {"x": 120, "y": 190}, "bbox": {"x": 40, "y": 170, "width": 160,
                                                     "height": 40},
             "thought": f"thinking {i}", "observation": f"saw page {i}"}
            for i in range(steps)
        ],
    }
    if final_answer is not None:
        body["final_answer"] = final_answer
    if report:
        body["run_report"] = {
            "host": "shop.example", "outcome": "completed", "checkpoints": ["C1", "C2", "C3"],
            "block": None, "item": {"name": "Blue kettle", "price": "$19.99"},
            "final_url": "https://shop.example/cart", "actions": steps,
            "evidence": ["Cart shows the kettle"], "notes": "",
        }
    return body


def write_batch(root: Path, items: list[dict[str, Any]], *, title: str = "Test batch",
                batch_id: str = "test-batch", instructions: str | None = None,
                label_pngs: bool = False) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    manifest: dict[str, Any] = {"format": "rater-desktop-batch", "format_version": "1.0",
                                "batch_id": batch_id, "title": title,
                                "created": "2026-11-30T09:00:00Z"}
    if instructions is not None:
        (root / "instructions.md").write_text(instructions, encoding="utf-8")
        manifest["instructions"] = "instructions.md"
    (root / "batch.json").write_text(json.dumps(manifest), encoding="utf-8")
    lines = [json.dumps(item) for item in items]
    (root / "items.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    for item in items:
        for resp in item["responses"]:
            paths = [s["path"] for s in resp.get("screenshots", [])]
            paths += [s["screenshot"] for s in resp.get("trajectory", []) if s.get("screenshot")]
            for relpath in paths:
                if not (root / relpath).exists():
                    make_png(root / relpath, label=relpath if label_pngs else "")
    return root


def standard_items(count: int = 3) -> list[dict[str, Any]]:
    items = []
    for i in range(count):
        items.append({
            "id": f"item-{i:03d}",
            "kind": "qualification" if i == 2 else "standard",
            "prompt": f"Find the cheapest blue kettle number {i}.",
            "context": "Budget is **$25**.",
            "responses": [
                response("model-x", f"First response text {i}. [shop](https://shop.example)",
                         prefix=f"x{i}_", final_answer=f"$19.99 ({i})"),
                response("model-y", f"Second response text {i}.", prefix=f"y{i}_", shots=1,
                         steps=2, report=False),
            ],
        })
    return items


@pytest.fixture
def batch_factory(tmp_path: Path) -> Callable[..., Path]:
    def build(name: str = "batch", items: list[dict[str, Any]] | None = None,
              **kwargs: Any) -> Path:
        return write_batch(tmp_path / name, items if items is not None else standard_items(),
                           **kwargs)

    return build


@pytest.fixture
def small_batch(batch_factory: Callable[..., Path]) -> Path:
    return batch_factory()


@pytest.fixture
def temp_settings(tmp_path: Path) -> Iterator[QSettings]:
    settings = QSettings(str(tmp_path / "settings" / "window.ini"), QSettings.Format.IniFormat)
    yield settings
    settings.sync()


@pytest.fixture
def make_window(qtbot: Any, temp_settings: QSettings) -> Callable[..., Any]:
    """Build a MainWindow on temp settings; extra keyword arguments are dependencies."""
    from rater_desktop.gui.app import create_main_window

    def build(**dependencies: Any) -> Any:
        dependencies.setdefault("settings", temp_settings)
        window = create_main_window(**dependencies)
        qtbot.addWidget(window)
        window.resize(1366, 768)
        window.show()
        return window

    return build
