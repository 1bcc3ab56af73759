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
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path, PurePath
from typing import Any

from rater_desktop.batch_import.generic import clean_id, map_jsonl
from rater_desktop.batch_import.writer import ImportInputError, decode_base64_image

MAX_HISTORY_BYTES = 512 * 1024 * 1024
MAX_IMAGE_BYTES = 64 * 1024 * 1024
StoreImage = Callable[[bytes | Path, str], str]  # image bytes, or a file to copy

# browser-use action names (old and new) -> the batch format's step actions.
ACTION_NAMES = {
    "go_to_url": "navigate", "navigate": "navigate", "open_tab": "navigate",
    "search_google": "search", "search": "search",
    "click_element": "click", "click_element_by_index": "click", "click": "click",
    "input_text": "type", "input": "type", "send_keys": "keys",
    "scroll": "scroll", "scroll_down": "scroll", "scroll_up": "scroll",
    "select_dropdown_option": "select", "select_dropdown": "select",
    "go_back": "back", "wait": "wait", "done": "done", "switch_tab": "switch_tab", "switch": "switch_tab",
    "extract_content": "extract", "extract_structured_data": "extract", "extract": "extract",
}  # fmt: skip


@dataclass(frozen=True)
class InputRoot:
    """The folder every file named by the input must stay inside."""

    root: Path

    @cached_property
    def real(self) -> Path:
        """The folder with its links followed (once: an import asks for every screenshot)."""
        return self.root.resolve()

    def inside(self, path: Path) -> bool:
        """Whether ``path``, links followed, is inside the input folder."""
        return path.resolve().is_relative_to(self.real)

    def resolve(self, name: str, *, base: Path, where: str) -> Path:
        candidate = (base / name).resolve()
        if not candidate.is_relative_to(self.real):
            raise ImportInputError(f"{where}: {name!r} is outside the input folder {self.root}")
        if not candidate.is_file():
            raise ImportInputError(f"{where}: {name!r} does not exist")
        return candidate

    def find_screenshot(self, name: str, *, base: Path) -> Path | None:
        """The file a ``screenshot_path`` names, or None; never one outside the input folder.

        browser-use writes absolute paths into its temp folder, gone once the run is
        moved: then a file of that name in the run folder (or its ``screenshots/``) is it.
        """
        parts = PurePath(name).parts
        tails = [os.path.join(*parts[-2:]), parts[-1]] if parts else []
        root = str(self.real)
        for candidate in (os.path.join(base, name), *(os.path.join(base, tail) for tail in tails)):
            try:
                resolved = os.path.realpath(candidate, strict=False)
            except (OSError, ValueError):  # a link loop, a NUL
                continue
            if resolved.startswith(root + os.sep) and os.path.isfile(resolved):
                return Path(resolved)
        return None


@dataclass
class Shot:
    """Where one history step's screenshot comes from: inline base64, a file, or nowhere."""

    encoded: str | None = None
    path: Path | None = None
    missing: str | None = None  # the note shown with a step whose screenshot is gone


@dataclass
class PreparedHistory:
    """A history read and checked against every limit, before any image is read or decoded."""

    entries: list[dict[str, Any]]
    shots: list[Shot | None]
    final: tuple[str | None, bool | None] | None = None  # (output, success) of a cloud task view


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _cloud_action(raw: Any) -> dict[str, Any]:
    if isinstance(raw, str):  # the cloud API gives each action as its JSON text
        try:
            raw = json.loads(raw)
        except (json.JSONDecodeError, RecursionError):
            return {"unknown": {"text": raw}}
    return raw if isinstance(raw, dict) and raw else {"unknown": {}}


def _cloud_entries(data: dict[str, Any]) -> tuple[list[Any], tuple[str | None, bool | None]]:
    """A Browser Use Cloud task view (API v1 snake_case or v2 camelCase) as history entries."""
    entries = []
    for step in _list(data.get("steps")):
        step = _dict(step)
        output = {"evaluation_previous_goal": step.get("evaluationPreviousGoal", step.get("evaluation_previous_goal")),
                  "memory": step.get("memory"), "next_goal": step.get("nextGoal", step.get("next_goal")),
                  "action": [_cloud_action(a) for a in _list(step.get("actions"))]}  # fmt: skip
        entries.append({"model_output": output, "result": [], "state": {"url": step.get("url")}})
    success = data.get("isSuccess", data.get("is_success"))
    if not isinstance(success, bool):
        success = False if data.get("status") in ("failed", "stopped") else None
    answer = data.get("output")
    text = answer if isinstance(answer, str) else None if answer is None else json.dumps(answer)
    return entries, (text, success)


def load_history(path: Path, *, where: str) -> tuple[list[Any], tuple[str | None, bool | None] | None]:
    """The steps of a saved AgentHistoryList file or a Browser Use Cloud task view, and
    the cloud view's (output, success)."""
    try:
        if path.stat().st_size > MAX_HISTORY_BYTES:
            raise ImportInputError(f"{where}: {path.name} is larger than 512 MiB")
        data = json.loads(path.read_bytes())
    except (OSError, json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
        raise ImportInputError(f"{where}: {path.name} is not a readable JSON history ({exc})") from exc
    final = None
    history = data.get("history") if isinstance(data, dict) else None
    if history is None and isinstance(data, dict) and isinstance(data.get("steps"), list):
        history, final = _cloud_entries(data)
    if not isinstance(history, list) or not history:
        raise ImportInputError(f"{where}: {path.name} has no 'history' (or cloud 'steps') list of steps")
    return history, final


def _actions(entry: dict[str, Any]) -> list[dict[str, Any]]:
    return [a for a in _list(_dict(entry.get("model_output")).get("action")) if isinstance(a, dict)]


def _plan_shot(state: dict[str, Any], *, files: InputRoot, base: Path, where: str) -> Shot | None:
    encoded = state.get("screenshot")
    if isinstance(encoded, str) and encoded:
        if len(encoded) > (MAX_IMAGE_BYTES * 4) // 3 + 64:  # base64 of 64 MiB, and a data: prefix
            raise ImportInputError(f"{where}: the screenshot is larger than {MAX_IMAGE_BYTES // 2**20} MiB")
        return Shot(encoded=encoded)
    named = state.get("screenshot_path")
    if not isinstance(named, str) or not named:
        return None
    path = files.find_screenshot(named, base=base)
    if path is None:
        return Shot(missing=f"Screenshot missing: {PurePath(named).name!r} is not in the run folder.")
    if path.stat().st_size > MAX_IMAGE_BYTES:
        raise ImportInputError(f"{where}: {named!r} is larger than 64 MiB")
    return Shot(path=path)


def prepare_history(path: Path, *, files: InputRoot, base: Path, where: str,
                    max_steps: int = 1000) -> PreparedHistory:  # fmt: skip
    """Read a history and check its limits (steps, each screenshot's size) from the JSON
    and file sizes alone: a history over a limit is refused before any image is decoded."""
    history, final = load_history(path, where=where)
    entries = [_dict(entry) for entry in history]
    steps = sum(max(1, len(_actions(entry))) for entry in entries)
    if steps > max_steps:
        raise ImportInputError(f"{where}: {steps} steps, more than the {max_steps} a batch allows")
    shots = [_plan_shot(_dict(entry.get("state")), files=files, base=base, where=f"{where} step {number}")
             for number, entry in enumerate(entries, start=1)]  # fmt: skip
    return PreparedHistory(entries, shots, final)


def _store_shot(shot: Shot | None, *, store: StoreImage, where: str) -> str | None:
    if shot is None or shot.missing is not None:
        return None
    if shot.encoded is not None:
        return store(decode_base64_image(shot.encoded, where=where, max_bytes=MAX_IMAGE_BYTES), where)
    assert shot.path is not None
    return store(shot.path, where)


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


def _scroll(name: str, params: dict[str, Any]) -> str | None:
    """The scroll's direction and amount (``scroll{down, pages}``, ``num_pages`` before 0.13, older
    ``scroll_down``/``scroll_up{amount}``), which the action name alone loses."""
    if name == "scroll":
        direction = "down" if params.get("down", True) is not False else "up"
    elif name in ("scroll_down", "scroll_up"):
        direction = name.removeprefix("scroll_")
    else:
        return None
    pages, amount = params.get("pages", params.get("num_pages")), params.get("amount")
    if _number(pages):
        return f"{direction} {pages:g} page{'' if pages == 1 else 's'}"
    if _number(amount):
        return f"{direction} {amount:g} px"
    return direction


def _observation(result: dict[str, Any], name: str) -> str | None:
    """What the step gave back: its content, a failed done marked, an error as an error."""
    parts = []
    content = result.get("extracted_content")
    if isinstance(content, str) and content:
        failed = name == "done" and result.get("success") is False
        parts.append(f"Reported failure: {content}" if failed else content)
    error = result.get("error")
    if isinstance(error, str) and error:
        parts.append(f"Error: {error}")
    return "\n\n".join(parts)[:20_000] if parts else None


def _step(action: dict[str, Any], result: dict[str, Any], element: Any,
          state: dict[str, Any]) -> dict[str, Any]:  # fmt: skip
    name, params = next(iter(action.items())) if action else ("unknown", {})
    params = _dict(params)
    step: dict[str, Any] = {"action": ACTION_NAMES.get(name, str(name)[:100])}
    for key in ("url", "text", "value", "query", "keys"):
        if isinstance(params.get(key), str) and params[key]:
            step["value"] = params[key][:20_000]
            break
    scroll = _scroll(str(name), params)
    if scroll is not None:
        step["value"] = scroll
    target = _target(element)
    if target:
        step["target"] = target
    if isinstance(state.get("url"), str) and state["url"]:
        step["url"] = state["url"][:2000]
    metadata = _dict(result.get("metadata"))
    points: tuple[tuple[Any, Any], ...] = ((metadata.get("click_x"), metadata.get("click_y")),
                                           (params.get("coordinate_x"), params.get("coordinate_y")))
    for x, y in points:  # the result's click point, else a click by coordinate
        if _number(x) and _number(y):
            step["click"] = {"x": float(x), "y": float(y)}
            break
    box = _bbox(element)
    if box is not None:
        step["bbox"] = box
    observation = _observation(result, str(name))
    if observation:
        step["observation"] = observation
    return step


_THOUGHTS = (("thinking", "Thinking"), ("evaluation_previous_goal", "Evaluation"), ("memory", "Memory"),
             ("next_goal", "Next goal"))  # fmt: skip


def _thought(output: dict[str, Any]) -> str:
    """The model's thoughts: 0.13 keeps them on the output, 0.1.x under ``current_state``."""
    source = {**_dict(output.get("current_state")), **output}
    return "\n".join(f"{label}: {source[key]}" for key, label in _THOUGHTS
                     if isinstance(source.get(key), str) and source[key].strip())[:20_000]  # fmt: skip


def _final(prepared: PreparedHistory) -> tuple[str | None, bool | None]:
    """(final text, success) from the last done result, or the cloud view's output."""
    if prepared.final is not None:
        return prepared.final
    for entry in reversed(prepared.entries):
        for result in reversed(_list(entry.get("result"))):
            result = _dict(result)
            if result.get("is_done"):
                text = result.get("extracted_content")
                success = result.get("success")
                return (text if isinstance(text, str) else None,
                        success if isinstance(success, bool) else None)  # fmt: skip
    return None, None


def _entry_steps(entry: dict[str, Any], shot: Shot | None, stored: str | None) -> list[dict[str, Any]]:
    state, output = _dict(entry.get("state")), _dict(entry.get("model_output"))
    results = [_dict(r) for r in _list(entry.get("result"))]
    elements = state.get("interacted_element") or []
    thought = _thought(output)
    steps = []
    for index, action in enumerate(_actions(entry) or [{}]):
        result = results[index] if index < len(results) else {}
        element = elements[index] if isinstance(elements, list) and index < len(elements) else None
        step = _step(action, result, element, state)
        if stored:
            step["screenshot"] = stored
        if index == 0 and thought:
            step["thought"] = thought
        if index == 0 and shot is not None and shot.missing:
            step["observation"] = (shot.missing + "\n\n" + step.get("observation", ""))[:20_000].strip()
        steps.append(step)
    return steps


def history_to_response(prepared: PreparedHistory, *, identity: str, store: StoreImage,
                        where: str) -> dict[str, Any]:  # fmt: skip
    """A batch response (text, final answer, trajectory, last screenshot) from one history."""
    steps: list[dict[str, Any]] = []
    last_shot: tuple[str, str] | None = None
    for number, (entry, shot) in enumerate(zip(prepared.entries, prepared.shots, strict=True), start=1):
        stored = _store_shot(shot, store=store, where=f"{where} step {number}")
        steps += _entry_steps(entry, shot, stored)
        if stored:
            state = _dict(entry.get("state"))
            last_shot = (stored, str(state.get("title") or state.get("url") or "last page")[:200])
    response: dict[str, Any] = {"identity": identity, "trajectory": steps}
    final_text, success = _final(prepared)
    if final_text is not None and final_text.strip():
        response["final_answer"] = final_text
        response["text"] = final_text if success is not False else (
            "**The agent reported that it did not succeed** (done with success=false).\n\n" + final_text)
    elif success is False:
        response["text"] = "_The agent reported that it did not succeed, without a final answer._"
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
    prepared = []
    for side in ("a", "b"):  # both read and checked before any image of either is stored
        name = record.get(side)
        if not isinstance(name, str) or not name:
            raise ImportInputError(f"{where}: '{side}' must name a history file")
        path = files.resolve(name, base=base, where=where)
        identity = str(record.get(f"identity_{side}") or Path(name).stem)
        side_where = f"{where} ({side}: {name})"
        history = prepare_history(path, files=files, base=path.parent, where=side_where)
        prepared.append((history, identity, side_where))
    responses = [history_to_response(history, identity=identity, store=store, where=side_where)
                 for history, identity, side_where in prepared]  # fmt: skip
    return {"id": clean_id(str(record.get("id") or ""), f"run-{number:06d}"), "prompt": task,
            "responses": responses}  # fmt: skip


def read_history_pairs(pairs: Path, *, store: StoreImage, root: Path | None = None
                       ) -> Iterator[dict[str, Any] | ImportInputError]:  # fmt: skip
    """Items from a JSONL file of ``{"task", "a", "b"}`` lines naming two history files."""
    files = InputRoot(root or pairs.parent)
    yield from map_jsonl(pairs, lambda record, where, number: _pair_item(
        record, number=number, where=where, store=store, files=files, base=pairs.parent))


def task_folders(folder: Path, files: InputRoot) -> Iterator[tuple[int, Path, str, ImportInputError | None]]:
    """(number, folder, where, problem) per sub-folder; a link leaving the input is a problem."""
    if not files.inside(folder):
        raise ImportInputError(f"{folder} is outside the --root folder {files.root}")
    for number, task_dir in enumerate(sorted(p for p in folder.iterdir() if p.is_dir()), start=1):
        where = f"{folder}/{task_dir.name}"
        outside = None if files.inside(task_dir) else ImportInputError(
            f"{where}: links outside the input folder; not followed")  # fmt: skip
        yield number, task_dir, where, outside


def read_small_text(path: Path, files: InputRoot, *, where: str, limit: int = 1024 * 1024) -> str:
    """A small text file of the input (task.txt), refused if it links outside the input."""
    resolved = files.resolve(path.name, base=path.parent, where=where)
    if resolved.stat().st_size > limit:
        raise ImportInputError(f"{where}: {path.name} is larger than {limit // 1024} KiB")
    return resolved.read_text(encoding="utf-8", errors="replace")


def read_history_runs(folder: Path, *, store: StoreImage, root: Path | None = None
                      ) -> Iterator[dict[str, Any] | ImportInputError]:  # fmt: skip
    """Items from ``FOLDER/<task>/task.txt`` + exactly two ``*.json`` histories per task."""
    files = InputRoot(root or folder)
    for number, task_dir, where, outside in task_folders(folder, files):
        if outside is not None:
            yield outside
            continue
        histories = sorted(p.name for p in task_dir.glob("*.json") if p.is_file())
        task_file = task_dir / "task.txt"
        if len(histories) != 2 or not task_file.is_file():
            yield ImportInputError(
                f"{where}: needs task.txt and exactly two history .json files (found {len(histories)})"
            )
            continue
        try:
            record = {"id": task_dir.name, "task": read_small_text(task_file, files, where=where),
                      "a": histories[0], "b": histories[1]}  # fmt: skip
            yield _pair_item(record, number=number, where=where, store=store, files=files,
                             base=task_dir)  # fmt: skip
        except ImportInputError as exc:
            yield exc
