"""Computer-use transcripts as the Anthropic Messages API and the OpenAI Responses API hold them.

Anthropic: the ``messages`` list (a JSON list, or an object with ``messages``): assistant
``tool_use`` blocks (``input.action``, ``coordinate``, ``text``) and the user's
``tool_result`` blocks with ``image`` blocks (``source.type == "base64"``). OpenAI: the
item list (a JSON list, or an object with ``input`` and/or ``output`` lists, or ``items``):
``computer_call`` items (``action.type``, ``x``, ``y``, ``text``, ``keys``) and their
``computer_call_output`` items (``output.image_url`` as a ``data:`` URL, ``current_url``).
Each action becomes a step shown on the screenshot the model saw when it chose it (the
latest one before the action), its coordinate as the click point; the last assistant text
is the final answer, the first user text the task. Screenshots named by URL are never
fetched: the importer makes no network request.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rater_desktop.batch_import.runs import PendingImages, Run, clip, read_json
from rater_desktop.batch_import.writer import ImportInputError

ACTIONS = {
    "left_click": "click", "right_click": "click", "middle_click": "click",
    "double_click": "click", "triple_click": "click", "click": "click",
    "mouse_move": "move", "move": "move", "left_click_drag": "drag", "drag": "drag",
    "type": "type", "key": "keys", "keypress": "keys", "hold_key": "keys",
    "scroll": "scroll", "wait": "wait", "screenshot": "screenshot",
    "cursor_position": "cursor_position", "left_mouse_down": "mouse_down", "left_mouse_up": "mouse_up",
}  # fmt: skip
OPENAI_TYPES = {"computer_call", "computer_call_output", "reasoning"}


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _point(x: Any, y: Any) -> dict[str, float] | None:
    ok = all(isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v < 1e6 for v in (x, y))
    return {"x": float(x), "y": float(y)} if ok else None


def _texts(content: Any, kinds: tuple[str, ...]) -> list[str]:
    if isinstance(content, str):
        return [content] if content.strip() else []
    blocks = content if isinstance(content, list) else []
    return [b["text"] for b in blocks if isinstance(b, dict) and b.get("type") in kinds
            and isinstance(b.get("text"), str) and b["text"].strip()]  # fmt: skip


def _step(name: str, params: dict[str, Any], point: dict[str, float] | None, value: Any,
          thought: list[str], shot: str | None) -> dict[str, Any]:  # fmt: skip
    step: dict[str, Any] = {"action": ACTIONS.get(name, name[:100] or "unknown")}
    if name not in ACTIONS and params:
        value = value or params.get("command") or params.get("path")
    if ACTIONS.get(name) == "click" and name not in ("click", "left_click"):
        step["target"] = name.replace("_", " ")
    text = clip(value) if isinstance(value, str) else None
    if text:
        step["value"] = text
    if point is not None:
        step["click"] = point
    if thought:
        step["thought"] = clip("\n".join(thought)) or ""
        thought.clear()
    if shot:
        step["screenshot"] = shot
    return step


def _anthropic_image(block: dict[str, Any], images: PendingImages, where: str) -> str | None:
    source = _dict(block.get("source"))
    if block.get("type") != "image" or source.get("type") != "base64" or not isinstance(source.get("data"), str):
        return None
    return images.add_base64(source["data"], where)


def _anthropic_value(name: str, params: dict[str, Any]) -> Any:
    if name == "scroll" and params.get("scroll_direction"):
        return f"{params.get('scroll_direction')} {params.get('scroll_amount', '')}".strip()
    if name == "left_click_drag" and isinstance(params.get("start_coordinate"), list):
        return f"from {params['start_coordinate']}"
    if name == "wait" and isinstance(params.get("duration"), (int, float)):
        return f"{params['duration']} s"
    return params.get("text")


def _anthropic(messages: list[Any], images: PendingImages, where: str) -> Run:
    run, thought = Run(steps=[]), []
    steps_by_id: dict[str, dict[str, Any]] = {}
    shot: str | None = None
    answer: str | None = None
    for number, message in enumerate(messages, start=1):
        message = _dict(message)
        blocks = message.get("content")
        if message.get("role") == "user":
            if run.task is None and _texts(blocks, ("text",)):
                run.task = _texts(blocks, ("text",))[0]
            for block in blocks if isinstance(blocks, list) else []:
                block = _dict(block)
                inner = block.get("content") if block.get("type") == "tool_result" else [block]
                for part in inner if isinstance(inner, list) else []:
                    image = _anthropic_image(_dict(part), images, f"{where} message {number}")
                    shot = image or shot
                step = steps_by_id.get(str(block.get("tool_use_id")))
                result_text = _texts(inner, ("text",)) if step is not None else []
                if step is not None and result_text:
                    step["observation"] = clip("\n".join(result_text)) or ""
            run.last_screenshot = shot
            continue
        texts = _texts(blocks, ("text",))
        thought.extend(texts)
        answer = texts[-1] if texts else answer
        for block in blocks if isinstance(blocks, list) else []:
            block = _dict(block)
            if block.get("type") != "tool_use":
                continue
            params = _dict(block.get("input"))
            name = str(params.get("action") or block.get("name") or "unknown")
            coord = params.get("coordinate")
            point = _point(*coord) if isinstance(coord, list) and len(coord) == 2 else None
            step = _step(name, params, point, _anthropic_value(name, params), thought, shot)
            steps_by_id[str(block.get("id"))] = step
            run.steps.append(step)
            answer = None  # an answer is the text after the last action
    run.final_answer = answer
    return run


def _openai_action(action: dict[str, Any]) -> tuple[str, dict[str, float] | None, Any]:
    kind = str(action.get("type") or "unknown")
    point = _point(action.get("x"), action.get("y"))
    path = action.get("path")
    if kind == "drag" and isinstance(path, list) and path:
        point = _point(_dict(path[0]).get("x"), _dict(path[0]).get("y"))
    value: Any = action.get("text")
    if kind == "keypress" and isinstance(action.get("keys"), list):
        value = "+".join(str(k) for k in action["keys"])
    if kind == "scroll":
        value = f"scroll_x={action.get('scroll_x', 0)} scroll_y={action.get('scroll_y', 0)}"
    if kind == "click" and action.get("button") not in (None, "left"):
        kind = f"{action['button']}_click"
    return kind, point, value


def _openai(items: list[Any], images: PendingImages, where: str) -> Run:
    run, thought = Run(steps=[]), []
    steps_by_id: dict[str, dict[str, Any]] = {}
    shot: str | None = None
    url: str | None = None
    for number, item in enumerate(items, start=1):
        item = _dict(item)
        kind, role = item.get("type"), item.get("role")
        if role == "user" and run.task is None:
            run.task = next(iter(_texts(item.get("content"), ("input_text", "text"))), None)
        elif role == "assistant" or kind == "message":
            texts = _texts(item.get("content"), ("output_text", "text"))
            thought.extend(texts)
            run.final_answer = texts[-1] if texts else run.final_answer
        elif kind == "reasoning":
            thought.extend(_texts(item.get("summary"), ("summary_text",)))
        elif kind == "computer_call":
            name, point, value = _openai_action(_dict(item.get("action")))
            step = _step(name, {}, point, value, thought, shot)
            if url:
                step["url"] = url
            steps_by_id[str(item.get("call_id"))] = step
            run.steps.append(step)
            run.final_answer = None
        elif kind == "computer_call_output":
            output = _dict(item.get("output"))
            if isinstance(output.get("image_url"), str) and output["image_url"].startswith("data:"):
                shot = images.add_base64(output["image_url"], f"{where} item {number}")
                run.last_screenshot = shot
            url = clip(output.get("current_url"), 8000) or clip(item.get("current_url"), 8000) or url
    return run


def _flavour(data: Any, where: str) -> tuple[str, list[Any]]:
    if isinstance(data, dict):
        if isinstance(data.get("messages"), list):
            return "anthropic", data["messages"]
        listed: list[list[Any]] = [data[k] for k in ("items", "input", "output") if isinstance(data.get(k), list)]
        data = [entry for part in listed for entry in part]
    if isinstance(data, list):
        if any(_dict(e).get("type") in OPENAI_TYPES for e in data):
            return "openai", data
        if any(isinstance(_dict(e).get("content"), list) and any(
                _dict(b).get("type") in ("tool_use", "tool_result") for b in _dict(e)["content"])
               for e in data):  # fmt: skip
            return "anthropic", data
    raise ImportInputError(f"{where}: neither Anthropic tool_use messages nor OpenAI computer_call items")


def load_transcript(path: Path, images: PendingImages, where: str) -> Run:
    """One saved computer-use transcript (either API's shape, told apart by its content)."""
    flavour, entries = _flavour(read_json(path, where=where), where)
    run = (_anthropic if flavour == "anthropic" else _openai)(entries, images, where)
    if not run.steps:
        raise ImportInputError(f"{where}: the transcript holds no computer action")
    return run


def is_transcript(path: Path) -> bool:
    return path.suffix.lower() == ".json" and path.is_file()
