"""Build small valid batches for tests (folders or zips), with real PNG screenshots."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw


def png_bytes(width: int = 320, height: int = 200, color: str = "#3b6ea5", label: str = "") -> bytes:
    image = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, width, 24), fill=color)
    draw.rectangle((20, 50, width - 20, height - 20), outline=color, width=3)
    if label:
        draw.text((28, 60), label, fill="black")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def response(identity: str, text: str, shots: list[str] | None = None, **extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"identity": identity, "text": text}
    if shots:
        data["screenshots"] = [{"path": p, "caption": f"Screenshot {p}"} for p in shots]
    data.update(extra)
    return data


def item(item_id: str, *, prompt: str = "Find a red umbrella under $20.", kind: str = "standard",
         shots: bool = True, **extra: Any) -> dict[str, Any]:
    shot_a = [f"screens/{item_id}-a.png"] if shots else None
    shot_b = [f"screens/{item_id}-b.png"] if shots else None
    data: dict[str, Any] = {
        "id": item_id,
        "kind": kind,
        "prompt": prompt,
        "responses": [
            response("model-alpha", f"**Umbrella** for item {item_id}: [shop](https://shop.example/u)", shot_a),
            response("model-beta", f"I added the umbrella to your cart for item {item_id}.", shot_b),
        ],
    }
    data.update(extra)
    return data


def run_item(item_id: str, *, outcome: str = "completed", steps: int = 4, shots: bool = True,
             judge: str | None = "accurate", **extra: Any) -> dict[str, Any]:
    """One run audit item (``"protocol": "run-audit"``): a run of ``steps`` steps (each with
    a screenshot when ``shots``), the agent's report with ``outcome``, and a judge."""
    trajectory = [{"action": "navigate" if n == 0 else "click", "target": f"link {n + 1}",
                   "url": f"https://shop.example/page-{n + 1}",
                   **({"screenshot": f"screens/{item_id}-{n + 1}.png"} if shots else {})}
                  for n in range(steps)]
    reached = {"completed": ["C1", "C2", "C3", "C4"], "login_wall": ["C1", "C2", "C3"],
               "blocked": ["C1"]}.get(outcome, [])
    block = ({"at": "C4", "kind": "login_required", "quote": "Sign in to continue"}
             if outcome == "login_wall" else
             {"at": "C2", "kind": "captcha", "quote": "Verify you are human"}
             if outcome == "blocked" else None)
    report = {"host": "shop.example", "outcome": outcome, "checkpoints": reached,
              "block": block, "item": {"name": "Red umbrella", "price": "$18.00"},
              "final_url": f"https://shop.example/page-{steps}", "actions": steps,
              "evidence": ["The search showed umbrellas.", "The cart shows one umbrella."],
              "notes": ""}
    data: dict[str, Any] = {
        "id": item_id, "kind": "standard", "prompt": "Put a red umbrella under $20 in the cart.",
        "run": {"identity": "agent-one", "text": "", "trajectory": trajectory, "run_report": report},
    }
    if judge is not None:
        data["judge"] = {"verdict": judge, "identity": "judge-model", "explanation": "Looks right."}
    data.update(extra)
    return data


def manifest(**overrides: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": "rater-desktop-batch",
        "format_version": "1.0",
        "batch_id": "test-batch",
        "title": "Test batch",
        "created": "2026-11-30T09:00:00Z",
        "instructions": "instructions.md",
        "display_seed": "seed-1",
    }
    data.update(overrides)
    return data


def batch_files(items: list[dict[str, Any]] | None = None, **manifest_overrides: Any) -> dict[str, bytes]:
    """The files of a valid batch as a name -> bytes mapping."""
    items = items if items is not None else [item(f"item-{n}") for n in range(1, 4)]
    files: dict[str, bytes] = {
        "batch.json": json.dumps(manifest(**manifest_overrides)).encode(),
        "items.jsonl": "".join(json.dumps(i) + "\n" for i in items).encode(),
        "instructions.md": b"# Instructions\n\nRate carefully.\n",
    }
    for it in items:
        run = it.get("run")
        for step in run.get("trajectory", []) if isinstance(run, dict) else []:
            if isinstance(step, dict) and isinstance(step.get("screenshot"), str) \
                    and _is_plain_relative(step["screenshot"]):
                files.setdefault(step["screenshot"], png_bytes(label=step["screenshot"]))
        for resp in it.get("responses", []):
            for shot in resp.get("screenshots", []) if isinstance(resp, dict) else []:
                if _is_plain_relative(shot["path"]):
                    files.setdefault(shot["path"], png_bytes(label=shot["path"]))
    return files


def _is_plain_relative(name: str) -> bool:
    """True for paths that stay inside a folder; unsafe test paths are never written."""
    parts = name.split("/")
    return bool(name) and not name.startswith("/") and "\\" not in name and ":" not in name and ".." not in parts


def write_folder(root: Path, files: dict[str, bytes]) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        if not _is_plain_relative(name):
            raise ValueError(f"refusing to write {name!r} outside the test batch folder")
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return root


def zip_entry(name: str, method: int = zipfile.ZIP_DEFLATED) -> zipfile.ZipInfo:
    """A zip entry with a fixed timestamp, so generated zips are byte-for-byte stable."""
    info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
    info.compress_type = method
    info.external_attr = 0o644 << 16
    return info


def write_zip(path: Path, files: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(zip_entry(name), data)
    return path
