"""Browser agent histories as the browser-use library saves them (``AgentHistoryList`` JSON).

Read from the saved JSON shape only (``history[]`` of ``model_output.action[]``,
``result[]``, ``state`` with ``url``, ``title``, ``interacted_element[]`` and a screenshot
as ``screenshot`` base64 in older versions or ``screenshot_path`` in newer ones); the
library itself is never imported. Each action becomes one trajectory step; click points
come from the result's ``click_x``/``click_y`` metadata, target boxes from the element's
``bounds``; the ``done`` action's text is the response and its final answer.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rater_desktop.batch_import.generic import clean_id, iter_jsonl
from rater_desktop.batch_import.writer import ImportInputError, decode_base64_image

MAX_HISTORY_BYTES = 512 * 1024 * 1024
MAX_IMAGE_BYTES = 64 * 1024 * 1024
StoreImage = Callable[[bytes, str], str]

# browser-use action names (old and new) -> the batch format's step actions.
ACTION_NAMES = {
    "go_to_url": "navigate", "navigate": "navigate", "open_tab": "navigate",
    "search_google": "search", "search": "search",
    "click_element": "click", "click_element_by_index": "click", "click": "click",
    "input_text": "type", "input": "type", "send_keys": "keys",
    "scroll": "scroll", "scroll_down": "scroll", "scroll_up": "scroll",
    "select_dropdown_option": "select", "select_dropdown": "select",
    "go_back": "back", "wait": "wait", "done": "done", "switch_tab": "switch_tab",
    "extract_content": "extract", "extract_structured_data": "extract", "extract": "extract",
}  # fmt: skip


@dataclass(frozen=True)
class InputRoot:
    """The folder every file named by the input must stay inside."""

    root: Path

    def resolve(self, name: str, *, base: Path, where: str) -> Path:
        candidate = (base / name).resolve()
        if not candidate.is_relative_to(self.root.resolve()):
            raise ImportInputError(f"{where}: {name!r} is outside the input folder {self.root}")
        if not candidate.is_file():
            raise ImportInputError(f"{where}: {name!r} does not exist")
        return candidate


def load_history(path: Path, *, where: str) -> list[Any]:
    """The ``history`` list of a saved AgentHistoryList file."""
    try:
        if path.stat().st_size > MAX_HISTORY_BYTES:
            raise ImportInputError(f"{where}: {path.name} is larger than 512 MiB")
        data = json.loads(path.read_bytes())
    except (OSError, json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
        raise ImportInputError(f"{where}: {path.name} is not a readable JSON history ({exc})") from exc
    history = data.get("history") if isinstance(data, dict) else None
    if not isinstance(history, list) or not history:
        raise ImportInputError(f"{where}: {path.name} has no 'history' list of steps")
    return history


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _target(element: Any) -> str | None:
    element = _dict(element)
    attributes = _dict(element.get("attributes"))
    for text in (element.get("ax_name"), attributes.get("aria-label"), attributes.get("title"),
                 attributes.get("placeholder"), attributes.get("name")):  # fmt: skip
        if isinstance(text, str) and text.strip():
            return text.strip()[:500]
    name = element.get("node_name")
    return str(name).lower() if isinstance(name, str) and name else None


def _bbox(element: Any) -> dict[str, float] | None:
    bounds = _dict(_dict(element).get("bounds"))
    try:
        box = {k: float(bounds[k]) for k in ("x", "y", "width", "height")}
    except (KeyError, TypeError, ValueError):
        return None
    return box if box["width"] >= 0 and box["height"] >= 0 else None


def _screenshot(state: dict[str, Any], *, store: StoreImage, files: InputRoot, base: Path,
                where: str) -> str | None:  # fmt: skip
    encoded = state.get("screenshot")
    if isinstance(encoded, str) and encoded:
        return store(decode_base64_image(encoded, where=where, max_bytes=MAX_IMAGE_BYTES), where)
    named = state.get("screenshot_path")
    if isinstance(named, str) and named:
        path = files.resolve(named, base=base, where=where)
        if path.stat().st_size > MAX_IMAGE_BYTES:
            raise ImportInputError(f"{where}: {named!r} is larger than 64 MiB")
        return store(path.read_bytes(), where)
    return None


def _step(action: dict[str, Any], result: dict[str, Any], element: Any,
          state: dict[str, Any]) -> dict[str, Any]:  # fmt: skip
    name, params = next(iter(action.items())) if action else ("unknown", {})
    params = _dict(params)
    step: dict[str, Any] = {"action": ACTION_NAMES.get(name, str(name)[:100])}
    for key in ("url", "text", "value", "query", "keys"):
        if isinstance(params.get(key), str) and params[key]:
            step["value"] = params[key][:20_000]
            break
    target = _target(element)
    if target:
        step["target"] = target
    if isinstance(state.get("url"), str) and state["url"]:
        step["url"] = state["url"][:2000]
    metadata = _dict(result.get("metadata"))
    if isinstance(metadata.get("click_x"), (int, float)) and isinstance(metadata.get("click_y"), (int, float)):
        step["click"] = {"x": float(metadata["click_x"]), "y": float(metadata["click_y"])}
    box = _bbox(element)
    if box is not None:
        step["bbox"] = box
    observation = result.get("extracted_content") or result.get("error")
    if isinstance(observation, str) and observation:
        step["observation"] = observation[:20_000]
    return step


def history_to_response(history: list[Any], *, identity: str, store: StoreImage, files: InputRoot,
                        base: Path, where: str, max_steps: int = 1000) -> dict[str, Any]:  # fmt: skip
    """A batch response (text, final answer, trajectory, last screenshot) from one history."""
    steps: list[dict[str, Any]] = []
    final_text: str | None = None
    last_shot: tuple[str, str] | None = None
    for number, entry in enumerate(history, start=1):
        entry = _dict(entry)
        state, output = _dict(entry.get("state")), _dict(entry.get("model_output"))
        actions = [a for a in output.get("action") or [] if isinstance(a, dict)]
        results = [_dict(r) for r in entry.get("result") or []]
        elements = state.get("interacted_element") or []
        shot = _screenshot(state, store=store, files=files, base=base, where=f"{where} step {number}")
        thought = " ".join(str(output[k]) for k in ("evaluation_previous_goal", "next_goal")
                           if isinstance(output.get(k), str) and output[k])  # fmt: skip
        for index, action in enumerate(actions or [{}]):
            result = results[index] if index < len(results) else {}
            element = elements[index] if isinstance(elements, list) and index < len(elements) else None
            step = _step(action, result, element, state)
            if shot:
                step["screenshot"] = shot
            if thought and index == 0:
                step["thought"] = thought[:20_000]
            steps.append(step)
            if result.get("is_done") and isinstance(result.get("extracted_content"), str):
                final_text = result["extracted_content"]
        if shot:
            last_shot = (shot, str(state.get("title") or state.get("url") or "last page")[:200])
    if len(steps) > max_steps:
        raise ImportInputError(f"{where}: {len(steps)} steps, more than the {max_steps} a batch allows")
    response: dict[str, Any] = {"identity": identity, "trajectory": steps}
    if final_text is not None and final_text.strip():
        response["text"] = final_text
        response["final_answer"] = final_text
    else:
        response["text"] = "_The agent stopped without a final answer._"
    if last_shot is not None:
        response["screenshots"] = [{"path": last_shot[0], "caption": f"Last page: {last_shot[1]}"}]
    return response


def _pair_item(record: Any, *, number: int, where: str, store: StoreImage, files: InputRoot,
               base: Path) -> dict[str, Any]:  # fmt: skip
    if not isinstance(record, dict):
        raise ImportInputError(f"{where}: expected an object with task, a and b")
    task = record.get("task")
    if not isinstance(task, str) or not task.strip():
        raise ImportInputError(f"{where}: 'task' (the user's request) is missing")
    responses = []
    for side in ("a", "b"):
        name = record.get(side)
        if not isinstance(name, str) or not name:
            raise ImportInputError(f"{where}: '{side}' must name a history file")
        path = files.resolve(name, base=base, where=where)
        identity = str(record.get(f"identity_{side}") or Path(name).stem)
        responses.append(history_to_response(
            load_history(path, where=where), identity=identity, store=store, files=files,
            base=path.parent, where=f"{where} ({side}: {name})"))  # fmt: skip
    return {"id": clean_id(str(record.get("id") or ""), f"run-{number:06d}"), "prompt": task,
            "responses": responses}  # fmt: skip


def read_history_pairs(pairs: Path, *, store: StoreImage, root: Path | None = None
                       ) -> Iterator[dict[str, Any] | ImportInputError]:  # fmt: skip
    """Items from a JSONL file of ``{"task", "a", "b"}`` lines naming two history files."""
    files = InputRoot(root or pairs.parent)
    for count, row in enumerate(iter_jsonl(pairs), start=1):
        if isinstance(row, ImportInputError):
            yield row
            continue
        number, record = row
        try:
            yield _pair_item(record, number=count, where=f"{pairs} line {number}", store=store,
                             files=files, base=pairs.parent)  # fmt: skip
        except ImportInputError as exc:
            yield exc


def read_history_runs(folder: Path, *, store: StoreImage) -> Iterator[dict[str, Any] | ImportInputError]:
    """Items from ``FOLDER/<task>/task.txt`` + exactly two ``*.json`` histories per task."""
    files = InputRoot(folder)
    for number, task_dir in enumerate(sorted(p for p in folder.iterdir() if p.is_dir()), start=1):
        where = f"{folder}/{task_dir.name}"
        histories = sorted(p.name for p in task_dir.glob("*.json") if p.is_file())
        task_file = task_dir / "task.txt"
        if len(histories) != 2 or not task_file.is_file():
            yield ImportInputError(
                f"{where}: needs task.txt and exactly two history .json files (found {len(histories)})"
            )
            continue
        record = {"id": task_dir.name, "task": task_file.read_text(encoding="utf-8", errors="replace"),
                  "a": histories[0], "b": histories[1]}  # fmt: skip
        try:
            yield _pair_item(record, number=number, where=where, store=store, files=files,
                             base=task_dir)  # fmt: skip
        except ImportInputError as exc:
            yield exc
