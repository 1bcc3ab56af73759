"""Mind2Web-style task records: one run per ``.json`` file (one record, or a list of one).

A record holds ``confirmed_task``, ``website``, ``actions[]`` (``operation`` with ``op``
and ``value``, ``pos_candidates[]`` whose ``attributes`` is a JSON string carrying
``bounding_box_rect`` as ``"x,y,width,height"``) and ``action_reprs[]``
(``"[button]  Search -> CLICK"``). Each action becomes a step: the operation as action,
its value, the element named by its action repr (or the candidate's tag and label) as
target, the candidate's box as target box and its centre as click point. Screenshots are
read when the record carries them, per action as ``screenshot`` (base64 or a data URL, or
``{"bytes": base64}`` as datasets export images) or ``screenshot_path`` (a file inside
the input). Mind2Web has no final answer; ``final_answer`` or ``answer`` is used when an
agent's record adds one. Other fields (``raw_html``, ``cleaned_html``, negatives) are
ignored. Online-Mind2Web's result folders (``online_mind2web``) are read by the same kind.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rater_desktop.batch_import.online_mind2web import (
    is_result_folder,
    is_result_record,
    load_result,
)
from rater_desktop.batch_import.runs import InputRoot, PendingImages, Run, clip, read_json
from rater_desktop.batch_import.writer import ImportInputError

OPERATIONS = {"CLICK": "click", "TYPE": "type", "SELECT": "select", "HOVER": "move", "ENTER": "keys"}
MAX_SHOT_FILE_BYTES = 64 * 1024 * 1024


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _attributes(candidate: dict[str, Any]) -> dict[str, Any]:
    raw = candidate.get("attributes")
    if isinstance(raw, str) and len(raw) < 1_000_000:
        try:
            raw = json.loads(raw)
        except (json.JSONDecodeError, RecursionError):
            return {}
    return _dict(raw)


def _box(attributes: dict[str, Any]) -> dict[str, float] | None:
    raw = attributes.get("bounding_box_rect")
    try:
        x, y, width, height = (float(v) for v in str(raw).split(","))
    except (TypeError, ValueError):
        return None
    ok = all(abs(v) < 1e6 for v in (x, y, width, height)) and width >= 0 and height >= 0
    return {"x": x, "y": y, "width": width, "height": height} if ok else None


def _target(candidate: dict[str, Any], attributes: dict[str, Any], repr_text: Any) -> str | None:
    if isinstance(repr_text, str) and repr_text.strip():
        return clip(repr_text.split(" -> ")[0].strip(), 500)
    label = next((attributes[k] for k in ("aria_label", "aria-label", "title", "name", "placeholder", "value")
                  if isinstance(attributes.get(k), str) and attributes[k].strip()), "")  # fmt: skip
    tag = candidate.get("tag")
    text = f"[{tag}] {label}".strip() if isinstance(tag, str) and tag else label
    return clip(text, 500)


def _screenshot(action: dict[str, Any], images: PendingImages, files: InputRoot, base: Path,
                where: str) -> str | None:  # fmt: skip
    shot = action.get("screenshot")
    if isinstance(shot, dict):
        shot = shot.get("bytes")
    if isinstance(shot, str) and shot:
        return images.add_base64(shot, where)
    named = action.get("screenshot_path")
    if isinstance(named, str) and named:
        path = files.resolve(named, base=base, where=where)
        if path.stat().st_size > MAX_SHOT_FILE_BYTES:
            raise ImportInputError(f"{where}: {named!r} is larger than 64 MiB")
        return images.add(path.read_bytes(), where)
    return None


def _step(action: dict[str, Any], repr_text: Any) -> dict[str, Any]:
    operation = _dict(action.get("operation"))
    op = str(operation.get("op") or operation.get("original_op") or "unknown").upper()
    step: dict[str, Any] = {"action": OPERATIONS.get(op, op.lower()[:100])}
    if clip(operation.get("value")):
        step["value"] = clip(operation.get("value"))
    candidates = [c for c in action.get("pos_candidates") or [] if isinstance(c, dict)]
    candidate = candidates[0] if candidates else {}
    attributes = _attributes(candidate)
    target = _target(candidate, attributes, repr_text)
    if target:
        step["target"] = target
    box = _box(attributes) or _box({"bounding_box_rect": ",".join(
        str(_dict(action.get("bbox")).get(k)) for k in ("x", "y", "width", "height"))})  # fmt: skip
    if box is not None:
        step["bbox"] = box
        step["click"] = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    return step


def load_record(path: Path, images: PendingImages, where: str) -> Run:
    """One Mind2Web-style record file as a run (its task includes the website), or an
    Online-Mind2Web result (a folder with ``result.json``, or that file itself)."""
    if path.is_dir():
        return load_result(path, images, where)
    data = read_json(path, where=where)
    if is_result_record(data):
        return load_result(path, images, where, data)
    if isinstance(data, list):
        if len(data) != 1:
            raise ImportInputError(f"{where}: {path.name} holds {len(data)} records; a run file holds one")
        data = data[0]
    actions = _dict(data).get("actions")
    if not isinstance(actions, list) or not actions:
        raise ImportInputError(f"{where}: {path.name} is not a Mind2Web record (no 'actions' list)")
    reprs = data.get("action_reprs") if isinstance(data.get("action_reprs"), list) else []
    files = InputRoot(path.parent)
    steps = []
    for number, action in enumerate(actions, start=1):
        action = _dict(action)
        step = _step(action, reprs[number - 1] if number <= len(reprs) else None)
        shot = _screenshot(action, images, files, path.parent, f"{where} action {number}")
        if shot:
            step["screenshot"] = shot
        steps.append(step)
    task = clip(data.get("confirmed_task") or data.get("task"))
    website = clip(data.get("website"), 200)
    if task and website:
        task = f"On {website}: {task}"
    answer = clip(data.get("final_answer")) or clip(data.get("answer"))
    return Run(steps=steps, final_answer=answer, task=task)


def is_record(path: Path) -> bool:
    return (path.suffix.lower() == ".json" and path.is_file()) or is_result_folder(path)
