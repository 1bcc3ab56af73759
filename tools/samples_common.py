"""Shared plumbing for the sample batch generator: screenshot saving and batch writing."""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from samples_draw import HEIGHT, WIDTH, Box, Page

FORMAT = "rater-desktop-batch"
FORMAT_VERSION = "1.0"
VIEWPORT = {"width": WIDTH, "height": HEIGHT}


@dataclass
class Shots:
    """Saves pages under ``<batch>/screens/<group>/`` and hands back format-v1 dicts."""

    root: Path
    group: str
    written: list[str] = field(default_factory=list)

    def save(self, page: Page, name: str) -> str:
        rel = f"screens/{self.group}/{name}.png"
        if rel in self.written:
            raise ValueError(f"screenshot written twice: {rel}")
        page.save(self.root / rel)
        self.written.append(rel)
        return rel

    def shot(self, page: Page, name: str, caption: str) -> dict[str, str]:
        return {"path": self.save(page, name), "caption": caption}

    def step(self, page: Page, name: str, *, action: str, thought: str, observation: str,
             target: str = "", value: str = "", box: Box | None = None) -> dict[str, Any]:
        """One trajectory step; a click lands in the middle of ``box``."""
        step: dict[str, Any] = {"action": action}
        if target:
            step["target"] = target
        step["url"] = page.url
        if value:
            step["value"] = value
        step["screenshot"] = self.save(page, name)
        step["viewport"] = dict(VIEWPORT)
        if box is not None:
            step["click"] = box.center()
            step["bbox"] = box.bbox()
        step["thought"] = thought
        step["observation"] = observation
        return step


def response(identity: str, text: str, *, screenshots: list[dict[str, str]] | None = None,
             **extra: Any) -> dict[str, Any]:
    """A response dict with keys in a stable, readable order."""
    out: dict[str, Any] = {"identity": identity, "text": text.strip() + "\n"}
    if screenshots:
        out["screenshots"] = screenshots
    out.update(extra)
    return out


def reset_batch_dir(root: Path) -> None:
    """Start from an empty folder so stale screenshots never linger."""
    if root.exists():
        shutil.rmtree(root)
    root.mkdir(parents=True)


def write_batch(root: Path, *, manifest: dict[str, Any], items: list[dict[str, Any]],
                instructions: str) -> None:
    """Write batch.json, items.jsonl and instructions.md (screens are already saved)."""
    header = {"format": FORMAT, "format_version": FORMAT_VERSION}
    header.update(manifest)
    (root / "batch.json").write_text(json.dumps(header, indent=2, ensure_ascii=False) + "\n",
                                     encoding="utf-8")
    lines = [json.dumps(item, ensure_ascii=False, separators=(",", ":")) for item in items]
    (root / "items.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (root / "instructions.md").write_text(instructions.strip() + "\n", encoding="utf-8")
