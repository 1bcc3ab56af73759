"""Inputs for the batch importers, written in the real shapes (tests only, temp dirs only)."""

from __future__ import annotations

import base64
import io
import json
from pathlib import Path
from typing import Any

from PIL import Image


def png_bytes(color: tuple[int, int, int] = (30, 90, 200), size: tuple[int, int] = (64, 40)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, color).save(buffer, format="PNG")
    return buffer.getvalue()


def write_inside(folder: Path, name: str, data: bytes | str) -> Path:
    """Write ``folder/name``; refuses a name that leaves ``folder`` (hostile names stay data)."""
    target = (folder / name).resolve()
    if not target.is_relative_to(folder.resolve()):
        raise ValueError(f"test kit refuses to write outside {folder}: {name}")
    target.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        target.write_text(data, encoding="utf-8")
    else:
        target.write_bytes(data)
    return target


def history_entry(action: dict[str, Any], *, url: str, title: str, screenshot: dict[str, str],
                  done_text: str | None = None, click: tuple[int, int] | None = None,
                  element: dict[str, Any] | None = None) -> dict[str, Any]:  # fmt: skip
    """One AgentHistory as AgentHistory.model_dump() writes it (browser-use 0.13)."""
    result: dict[str, Any] = {"is_done": done_text is not None, "include_extracted_content_only_once": False,
                              "include_in_memory": False}  # fmt: skip
    if done_text is not None:
        result.update(success=True, extracted_content=done_text, long_term_memory=done_text)
    if click is not None:
        result["metadata"] = {"click_x": click[0], "click_y": click[1]}
    return {
        "model_output": {
            "evaluation_previous_goal": "Success - the page loaded.",
            "memory": "Working on the task.",
            "next_goal": f"Do {next(iter(action))}.",
            "action": [action],
        },
        "result": [result],
        "state": {
            "tabs": [{"url": url, "title": title, "target_id": "T1", "parent_target_id": None}],
            "interacted_element": [element],
            "url": url,
            "title": title,
            **screenshot,
        },
        "metadata": {"step_start_time": 1.0, "step_end_time": 2.5, "step_number": 1, "step_interval": None},
        "state_message": None,
    }


def element(name: str, bounds: tuple[float, float, float, float]) -> dict[str, Any]:
    x, y, w, h = bounds
    return {"node_id": 12, "backend_node_id": 34, "frame_id": None, "node_type": 1, "node_value": "",
            "node_name": "BUTTON", "attributes": {"class": "btn"}, "x_path": "html/body/button",
            "element_hash": 99, "stable_hash": 98, "bounds": {"x": x, "y": y, "width": w, "height": h},
            "ax_name": name}  # fmt: skip


def browser_use_history(folder: Path, name: str, *, answer: str, base64_shots: bool) -> Path:
    """A three-step history; screenshots inline as base64 or as files beside the history."""
    shots = []
    for index, color in enumerate(((200, 40, 40), (40, 200, 40), (40, 40, 200))):
        data = png_bytes(color)
        if base64_shots:
            shots.append({"screenshot": base64.b64encode(data).decode()})
        else:
            write_inside(folder, f"{name}-shots/{index}.png", data)
            shots.append({"screenshot_path": f"{name}-shots/{index}.png"})
    history = [
        history_entry({"navigate": {"url": "https://shop.example/", "new_tab": False}},
                      url="https://shop.example/", title="Shop", screenshot=shots[0]),
        history_entry({"click": {"index": 7}}, url="https://shop.example/", title="Shop",
                      screenshot=shots[1], click=(30, 20), element=element("Add to cart", (10, 12, 40, 16))),
        history_entry({"done": {"text": answer, "success": True}}, url="https://shop.example/cart",
                      title="Cart", screenshot=shots[2], done_text=answer),
    ]  # fmt: skip
    data = {"history": history, "usage": None}
    return write_inside(folder, f"{name}.json", json.dumps(data))


def standardweb_report(outcome: str = "completed") -> dict[str, Any]:
    return {"host": "shop.example", "outcome": outcome, "checkpoints": ["C1", "C2", "C3", "C4"],
            "block": None, "item": {"name": "Ridge Lamp", "price": "$34.99"},
            "final_url": "https://shop.example/cart", "actions": 3,
            "evidence": ["Cart shows 1 item"], "notes": ""}  # fmt: skip
