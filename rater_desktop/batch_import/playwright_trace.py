"""Playwright traces (``trace.zip`` from ``context.tracing.stop(path=...)``), read in place.

The zip holds ``trace.trace`` (or chunks ``0-trace.trace``, ``1-trace.trace``, ...): one
JSON event per line. ``before`` events are API calls (``apiName`` or ``class``/``method``,
``params`` with ``url``, ``selector``, ``value``, ``key``), ``input`` events their click
point (and, from v9, the target ``box``), ``after`` events their error;
``screencast-frame`` events name a JPEG (``sha1`` under ``resources/``, or from v9 ``file``,
the member's path) with a timestamp on the calls' clock; ``frame-snapshot`` and ``navigated``
events give the page URL. Each user action (navigation, click, fill, press, ...) becomes a
step shown on the newest frame of its page taken before the action started; queries
(``getAttribute``, ``isVisible``, ...) and routing are left out. The trace records the
click point; the target box only since format v9 (``input`` events' ``box``; older traces
mark the element only in the DOM snapshot, which has no layout), and no final answer.

The zip is never extracted: members are read by name, their declared and actual sizes
capped, and a member whose name is absolute or climbs out (``../``) refuses the trace.
"""

from __future__ import annotations

import json
import re
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from rater_desktop.batch_import.runs import PendingImages, Run, clip
from rater_desktop.batch_import.writer import ImportInputError

MAX_TRACE_ZIP_BYTES = 2 * 1024**3
MAX_TRACE_MEMBER_BYTES = 512 * 1024**2
MAX_FRAME_BYTES = 64 * 1024**2
MAX_MEMBERS = 100_000
_CHUNK = re.compile(r"(?:(\d+)-)?trace\.trace")
# Playwright protocol method -> the batch format's step action; other calls are not steps.
ACTIONS = {
    "goto": "navigate", "setContent": "navigate", "goBack": "back", "goForward": "forward",
    "reload": "reload", "click": "click", "dblclick": "click", "tap": "click", "check": "click",
    "uncheck": "click", "mouseClick": "click", "fill": "type", "type": "type",
    "keyboardType": "type", "keyboardInsertText": "type", "press": "keys", "keyboardPress": "keys",
    "selectOption": "select", "hover": "move", "mouseMove": "move", "dragAndDrop": "drag",
    "mouseWheel": "scroll", "setInputFiles": "upload", "waitForTimeout": "wait",
}  # fmt: skip


@dataclass
class _Call:
    step: dict[str, Any]
    page: str
    start: float


@dataclass
class _Trace:
    calls: dict[str, _Call] = field(default_factory=dict)
    frames: dict[str, list[tuple[float, str]]] = field(default_factory=dict)
    urls: dict[str, str] = field(default_factory=dict)


def _read_capped(handle: IO[bytes], limit: int, name: str, where: str) -> bytes:
    data = handle.read(limit + 1)
    if len(data) > limit:
        raise ImportInputError(f"{where}: zip member {name!r} unpacks to more than {limit // 2**20} MiB")
    return data


def _open_zip(path: Path, where: str) -> zipfile.ZipFile:
    try:
        if path.stat().st_size > MAX_TRACE_ZIP_BYTES:
            raise ImportInputError(f"{where}: {path.name} is larger than 2 GiB")
        archive = zipfile.ZipFile(path)
    except (OSError, zipfile.BadZipFile, ValueError) as exc:
        raise ImportInputError(f"{where}: {path.name} is not a readable zip ({exc})") from exc
    infos = archive.infolist()
    bad = next((i.filename for i in infos if i.filename.startswith(("/", "\\")) or ".." in
                re.split(r"[/\\]", i.filename) or ":" in i.filename), None)  # fmt: skip
    problem = (f"member {bad!r} would unpack outside the archive" if bad is not None
               else f"more than {MAX_MEMBERS} members" if len(infos) > MAX_MEMBERS else None)  # fmt: skip
    big = next((i.filename for i in infos if i.file_size > MAX_TRACE_MEMBER_BYTES), None)
    if problem is None and big is not None:
        problem = f"member {big!r} unpacks to more than {MAX_TRACE_MEMBER_BYTES // 2**20} MiB"
    if problem is not None:
        archive.close()
        raise ImportInputError(f"{where}: {path.name}: {problem}; refused")
    return archive


def _events(archive: zipfile.ZipFile, where: str) -> Iterator[dict[str, Any]]:
    chunks = sorted((int(m.group(1) or 0), name) for name in archive.namelist()
                    if (m := _CHUNK.fullmatch(name)))  # fmt: skip
    if not chunks:
        raise ImportInputError(f"{where}: no trace.trace inside; is this a Playwright trace?")
    for _, name in chunks:
        read = 0
        with archive.open(name) as handle:
            for number, raw in enumerate(handle, start=1):
                read += len(raw)
                if read > MAX_TRACE_MEMBER_BYTES:
                    raise ImportInputError(f"{where}: {name} unpacks to more than 512 MiB")
                try:
                    event = json.loads(raw)
                except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
                    raise ImportInputError(f"{where}: {name} line {number} is not JSON ({exc})") from exc
                if isinstance(event, dict):
                    yield event


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _box(raw: dict[str, Any]) -> dict[str, float] | None:
    box = {k: _number(raw.get(k)) for k in ("x", "y", "width", "height")}
    if any(v is None or abs(v) >= 1e6 for v in box.values()):
        return None
    ok = {k: float(v) for k, v in box.items() if v is not None}
    return ok if ok["width"] >= 0 and ok["height"] >= 0 else None


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _before(event: dict[str, Any], trace: _Trace, steps: list[dict[str, Any]]) -> None:
    method = str(event.get("method") or "")
    action = ACTIONS.get(method)
    if action is None or event.get("class") in ("Route", "BrowserContext", "Tracing"):
        return
    params = _dict(event.get("params"))
    page = str(event.get("pageId") or "")
    step: dict[str, Any] = {"action": action}
    title = clip(event.get("apiName") or event.get("title"), 200)
    if title and title.split(".")[-1] != method:
        step["thought"] = title
    target = clip(params.get("selector"), 2000)
    if target:
        step["target"] = target
    value = next((params[k] for k in ("url", "value", "text", "key") if isinstance(params.get(k), str)), None)
    if isinstance(params.get("html"), str):
        value = "(page content set)"
    if clip(value):
        step["value"] = clip(value)
    point = (_number(params.get("x")), _number(params.get("y")))
    if point[0] is not None and point[1] is not None and method.startswith("mouse"):
        step["click"] = {"x": point[0], "y": point[1]}
    url = params.get("url") if method == "goto" else trace.urls.get(page)
    if clip(url, 8000):
        step["url"] = clip(url, 8000)
    trace.calls[str(event.get("callId"))] = _Call(step, page, _number(event.get("startTime")) or 0.0)
    steps.append(step)


def _note(event: dict[str, Any], trace: _Trace, steps: list[dict[str, Any]]) -> None:
    kind = event.get("type")
    if kind == "before":
        _before(event, trace, steps)
    elif kind == "input" and str(event.get("callId")) in trace.calls:
        point = _dict(event.get("point"))
        x, y = _number(point.get("x")), _number(point.get("y"))
        if x is not None and y is not None and 0 <= x < 1e6 and 0 <= y < 1e6:
            trace.calls[str(event["callId"])].step["click"] = {"x": x, "y": y}
        box = _box(_dict(event.get("box")))  # recorded since trace format v9
        if box is not None:
            trace.calls[str(event["callId"])].step["bbox"] = box
    elif kind == "after" and str(event.get("callId")) in trace.calls:
        error = _dict(event.get("error"))
        message = error.get("message") or _dict(error.get("error")).get("message")
        if clip(message):
            trace.calls[str(event["callId"])].step["observation"] = f"error: {clip(message)}"
    elif kind == "screencast-frame" and isinstance(event.get("sha1") or event.get("file"), str):
        # up to v8: resources/<sha1>; v9: "file", the member's own path (screencast/...)
        name = f"resources/{event['sha1']}" if isinstance(event.get("sha1"), str) else event["file"]
        trace.frames.setdefault(str(event.get("pageId")), []).append(
            (_number(event.get("timestamp")) or 0.0, name))
    elif kind == "frame-snapshot" and isinstance(event.get("snapshot"), dict):
        snap = event["snapshot"]
        if isinstance(snap.get("frameUrl"), str) and snap["frameUrl"] != "about:blank":
            trace.urls[str(snap.get("pageId"))] = snap["frameUrl"]
    elif kind == "event" and event.get("method") == "navigated" and isinstance(event.get("params"), dict):
        if isinstance(event["params"].get("url"), str):
            trace.urls[str(event.get("pageId"))] = event["params"]["url"]


class _Frames:
    """Screencast frames read from the zip once each, checked and held for the record."""

    def __init__(self, archive: zipfile.ZipFile, images: PendingImages, where: str) -> None:
        self.archive, self.images, self.where = archive, images, where
        self.names = set(archive.namelist())
        self.stored: dict[str, str] = {}

    def get(self, name: str) -> str | None:
        if name in self.stored:
            return self.stored[name]
        if name not in self.names:
            return None  # a frame the trace names but does not hold is left out
        info = self.archive.getinfo(name)
        if info.file_size > MAX_FRAME_BYTES:
            raise ImportInputError(f"{self.where}: frame {name!r} is larger than 64 MiB")
        with self.archive.open(info) as handle:
            data = _read_capped(handle, MAX_FRAME_BYTES, name, self.where)
        self.stored[name] = self.images.add(data, f"{self.where} {name}")
        return self.stored[name]


def _nearest(frames: list[tuple[float, str]], start: float) -> str | None:
    before = [f for f in frames if f[0] <= start]
    if before:
        return max(before)[1]
    return min(frames)[1] if frames else None


def load_trace(path: Path, images: PendingImages, where: str) -> Run:
    """One ``trace.zip``: its user actions as steps, each on its nearest screencast frame."""
    steps: list[dict[str, Any]] = []
    trace = _Trace()
    with _open_zip(path, where) as archive:
        try:
            for event in _events(archive, where):
                _note(event, trace, steps)
            if not steps:
                raise ImportInputError(f"{where}: the trace holds no user action (goto, click, fill, ...)")
            frames = _Frames(archive, images, where)
            for call in trace.calls.values():
                frame = _nearest(trace.frames.get(call.page, []), call.start)
                shot = frames.get(frame) if frame else None
                if shot:
                    call.step["screenshot"] = shot
            every = sorted(f for page in trace.frames.values() for f in page)
            last = frames.get(every[-1][1]) if every else None
        except (OSError, zipfile.BadZipFile, EOFError, ValueError, NotImplementedError) as exc:
            if isinstance(exc, ImportInputError):
                raise
            raise ImportInputError(f"{where}: {path.name} cannot be read ({exc})") from exc
    return Run(steps=steps, last_screenshot=last, last_caption="Last frame of the trace")


def is_trace(path: Path) -> bool:
    return path.suffix.lower() == ".zip" and path.is_file()
