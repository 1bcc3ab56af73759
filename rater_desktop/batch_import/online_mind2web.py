"""Online-Mind2Web result folders: ``RUN/result.json`` and ``RUN/trajectory/*.png``.

This is the shape the Online-Mind2Web benchmark asks agents to submit and its judges
(WebJudge, Autonomous eval, AgentTrek eval) read: ``result.json`` holds ``task``,
``final_result_response``, ``action_history`` (one line per action, ``"<element> -> OP"``
or ``"<element> -> OP: value"``; some agents write free text), ``thoughts`` (one per
action) and optionally ``urls``; the screenshots are the image files of ``trajectory/``,
in the order of the first number in their names (``0.png``, ``3_full_screenshot.png``,
``step_012.png``), as the benchmark's own scripts sort them. Screenshot *i* belongs to
action *i* (the page the agent acted on); a screenshot past the last action is the last
screen. Files are read only inside the run folder (symlinks resolved), each size-checked
before it is read.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from rater_desktop.batch_import.runs import InputRoot, PendingImages, Run, clip, read_json
from rater_desktop.batch_import.writer import ImportInputError

RESULT = "result.json"
MAX_SHOTS = 500
MAX_SHOT_FILE_BYTES = 64 * 1024 * 1024
IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".webp"}
OPERATIONS = {"CLICK": "click", "TYPE": "type", "SELECT": "select", "HOVER": "move", "PRESS": "keys",
              "ENTER": "keys", "SCROLL": "scroll", "NAVIGATE": "navigate", "GOTO": "navigate"}  # fmt: skip
_ACTION = re.compile(r"^(?P<target>.*\S)\s*->\s*(?P<op>[A-Za-z_]+)(?:\s*:?\s*(?P<value>.*))?$", re.S)
_NUMBER = re.compile(r"\d+")


def is_result_folder(path: Path) -> bool:
    """Whether ``path`` is a run folder holding ``result.json``."""
    return path.is_dir() and (path / RESULT).is_file()


def is_result_record(data: Any) -> bool:
    """Whether parsed JSON is an Online-Mind2Web result (``action_history``, no ``actions``)."""
    return isinstance(data, dict) and isinstance(data.get("action_history"), list) and "actions" not in data


def _step(line: Any, thought: Any, url: Any) -> dict[str, Any]:
    text = clip(line, 2_000) or ""
    match = _ACTION.match(text.strip())
    step: dict[str, Any]
    if match:
        op = match["op"].upper()
        step = {"action": OPERATIONS.get(op, op.lower()[:100]), "target": clip(match["target"], 500)}
        value = (match["value"] or "").strip().strip("'\"")
        if value:
            step["value"] = value[:2_000]
    else:
        step = {"action": "step", "value": text} if text else {"action": "step"}
    if clip(thought):
        step["thought"] = clip(thought)
    if clip(url, 2_000):
        step["url"] = clip(url, 2_000)
    return {k: v for k, v in step.items() if v is not None}


def _shot_key(path: Path) -> tuple[int, str]:
    found = _NUMBER.search(path.stem)
    return (int(found.group()) if found else 1 << 30, path.name)


def _screenshots(run_dir: Path, images: PendingImages, where: str) -> list[str]:
    folder = run_dir / "trajectory"
    if not folder.is_dir():
        return []
    files = InputRoot(run_dir)
    inside = files.resolve("trajectory", base=run_dir, where=where, folder=True)
    found = sorted((p for p in inside.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES), key=_shot_key)
    if len(found) > MAX_SHOTS:
        raise ImportInputError(f"{where}: trajectory/ holds {len(found)} images; at most {MAX_SHOTS} are read")
    tokens = []
    for shot in found:
        path = files.resolve(f"trajectory/{shot.name}", base=run_dir, where=where)
        if path.stat().st_size > MAX_SHOT_FILE_BYTES:
            raise ImportInputError(f"{where}: trajectory/{shot.name} is larger than 64 MiB")
        tokens.append(images.add(path.read_bytes(), f"{where} trajectory/{shot.name}"))
    return tokens


def _list(data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key)
    return value if isinstance(value, list) else []


def load_result(path: Path, images: PendingImages, where: str, data: Any = None) -> Run:
    """One Online-Mind2Web run (its folder, or its ``result.json``) as a run."""
    run_dir = path if path.is_dir() else path.parent
    if data is None:
        data = read_json(run_dir / RESULT, where=where)
    if not is_result_record(data):
        raise ImportInputError(f"{where}: {RESULT} is not an Online-Mind2Web result (no 'action_history' list)")
    history = _list(data, "action_history")
    if len(history) > MAX_SHOTS:
        raise ImportInputError(f"{where}: {len(history)} actions; at most {MAX_SHOTS} are read")
    thoughts, urls = _list(data, "thoughts"), _list(data, "urls")
    steps = [_step(line, thoughts[i] if i < len(thoughts) else None, urls[i] if i < len(urls) else None)
             for i, line in enumerate(history)]  # fmt: skip
    shots = _screenshots(run_dir, images, where)
    for step, shot in zip(steps, shots, strict=False):
        step["screenshot"] = shot
    if len(shots) > len(steps) and not steps:
        steps = [{"action": "screenshot", "screenshot": shot} for shot in shots]
    last = shots[-1] if len(shots) > len(steps) else None
    answer = clip(data.get("final_result_response")) or clip(data.get("agent_answer"))
    task = clip(data.get("task")) or clip(data.get("confirmed_task"))
    website = clip(data.get("website"), 200)
    if task and website:
        task = f"On {website}: {task}"
    return Run(steps=steps, final_answer=answer, task=task, last_screenshot=last)
