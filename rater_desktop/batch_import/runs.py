"""What the agent-harness importers share: pairing runs per task, files kept inside the
input, and screenshots held back until the whole record is known to be good.

A harness reader turns one saved run (a file or a folder) into a batch response with
``load_run``; this module finds two runs per task (a JSONL of ``{"task", "a", "b"}`` or a
folder ``TASK/{task.txt?, two runs}``), builds the item and writes its screenshots only
once the item passed the loader's item check, so a refused record leaves nothing behind.
A task with a single run is refused with a message saying so: single runs become run audit
items with ``--protocol run-audit`` (``harness_single_runs``, ``single_runs``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rater_desktop.batch.errors import ProblemList
from rater_desktop.batch.images import ImageProblem, decode_image, sniff_format
from rater_desktop.batch.limits import DEFAULT_LIMITS
from rater_desktop.batch.parse import parse_item
from rater_desktop.batch.protocol import PAIR
from rater_desktop.batch_import.generic import clean_id, map_jsonl, unique_id
from rater_desktop.batch_import.writer import ImportInputError, decode_base64_image

StoreImage = Callable[[bytes, str], str]
MAX_RUN_FILE_BYTES = 256 * 1024 * 1024
MAX_TEXT = 20_000
SINGLE_RUN = ("one run only: give two runs of the task, or import single runs as a run "
              "audit batch (--protocol run-audit)")  # fmt: skip


@dataclass(frozen=True)
class InputRoot:
    """The folder every file named by the input must stay inside (symlinks resolved)."""

    root: Path

    def resolve(self, name: str, *, base: Path, where: str, folder: bool = False) -> Path:
        candidate = (base / name).resolve()
        if not candidate.is_relative_to(self.root.resolve()):
            raise ImportInputError(f"{where}: {name!r} is outside the input folder {self.root}")
        if not (candidate.is_dir() if folder else candidate.is_file()):
            raise ImportInputError(f"{where}: {name!r} does not exist")
        return candidate


def read_json(path: Path, *, where: str, max_bytes: int = MAX_RUN_FILE_BYTES) -> Any:
    """Parsed JSON of ``path``, its size checked before it is read."""
    try:
        if path.stat().st_size > max_bytes:
            raise ImportInputError(f"{where}: {path.name} is larger than {max_bytes // 2**20} MiB")
        return json.loads(path.read_bytes())
    except (OSError, json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
        raise ImportInputError(f"{where}: {path.name} is not readable JSON ({exc})") from exc


@dataclass
class PendingImages:
    """Screenshots of one record, checked now and written only when the record is kept."""

    images: dict[str, tuple[bytes, str]] = field(default_factory=dict)

    def add(self, data: bytes, where: str) -> str:
        limits = DEFAULT_LIMITS
        if len(data) > limits.max_image_bytes:
            raise ImportInputError(f"{where}: the image is larger than the batch limit")
        if sniff_format(data) is None:
            raise ImportInputError(f"{where}: not a PNG, JPEG or WebP image")
        try:
            decode_image(data, max_side=32, name=where, limits=limits)
        except ImageProblem as exc:
            raise ImportInputError(str(exc)) from exc
        token = f"screens/pending/{len(self.images):07d}.png"
        self.images[token] = (data, where)
        return token

    def add_base64(self, text: str, where: str) -> str:
        return self.add(decode_base64_image(text, where=where, max_bytes=DEFAULT_LIMITS.max_image_bytes), where)

    def commit(self, item: dict[str, Any], store: StoreImage, *, shape: str = PAIR) -> dict[str, Any]:
        """Check ``item`` as the loader would, then write its images and name them."""
        problems = ProblemList()
        parse_item(item, problems=problems, file="items.jsonl", line=1, shape=shape,
                   screenshot_exists=self.images.__contains__, limits=DEFAULT_LIMITS)  # fmt: skip
        if problems.errors:
            raise ImportInputError(f"{item.get('id')}: " + "; ".join(p.render() for p in problems.errors[:3]))
        names = {token: store(data, where) for token, (data, where) in self.images.items()}
        for response in item["responses"] if shape == PAIR else [item["run"]]:
            for step in response.get("trajectory", []):
                if "screenshot" in step:
                    step["screenshot"] = names[step["screenshot"]]
            for shot in response.get("screenshots", []):
                shot["path"] = names[shot["path"]]
        return item


@dataclass
class Run:
    """One run read from its harness's files: steps, final answer, the task if it says."""

    steps: list[dict[str, Any]]
    final_answer: str | None = None
    task: str | None = None
    last_caption: str = "Last screen"
    last_screenshot: str | None = None


LoadRun = Callable[[Path, PendingImages, str], Run]


def response_of(run: Run, identity: str) -> dict[str, Any]:
    """A batch response: the final answer as text, the steps, the last screenshot under it."""
    response: dict[str, Any] = {"identity": identity[:200], "trajectory": run.steps}
    if run.final_answer and run.final_answer.strip():
        response["text"] = run.final_answer[:MAX_TEXT]
        response["final_answer"] = run.final_answer[:MAX_TEXT]
    else:
        response["text"] = "_The agent stopped without a final answer._"
    shots = [s["screenshot"] for s in run.steps if "screenshot" in s]
    last = run.last_screenshot or (shots[-1] if shots else None)
    if last:
        response["screenshots"] = [{"path": last, "caption": run.last_caption[:200]}]
    return response


def clip(value: Any, limit: int = MAX_TEXT) -> str | None:
    """``value`` as text of at most ``limit`` characters, or None when it is no text."""
    return value[:limit] if isinstance(value, str) and value.strip() else None


def pair_item(runs: list[tuple[Path, str]], *, task: str | None, item_id: str, load: LoadRun,
               store: StoreImage, where: str) -> dict[str, Any]:  # fmt: skip
    """One item from two runs (path, identity); its screenshots written only if it is kept."""
    pending = PendingImages()
    loaded = [(load(path, pending, f"{where} ({path.name})"), identity) for path, identity in runs]
    prompt = task or loaded[0][0].task or loaded[1][0].task
    if not prompt or not prompt.strip():
        raise ImportInputError(f"{where}: no task: give 'task' (or task.txt), the runs do not say it")
    item = {"id": item_id, "prompt": prompt[:MAX_TEXT],
            "responses": [response_of(run, identity) for run, identity in loaded]}  # fmt: skip
    return pending.commit(item, store)


def read_run_pairs(pairs: Path, *, load: LoadRun, store: StoreImage, root: Path | None = None,
                   folders: bool = False) -> Iterator[dict[str, Any] | ImportInputError]:  # fmt: skip
    """Items from a JSONL of ``{"task"?, "a", "b", "id"?, "identity_a"?, "identity_b"?}``."""
    files = InputRoot(root or pairs.parent)
    seen: set[str] = set()

    def build(record: Any, *, where: str, number: int) -> dict[str, Any]:
        if not isinstance(record, dict):
            raise ImportInputError(f"{where}: expected an object with task, a and b")
        runs = []
        for side in ("a", "b"):
            name = record.get(side)
            if not isinstance(name, str) or not name:
                raise ImportInputError(f"{where}: '{side}' must name a saved run")
            path = files.resolve(name, base=pairs.parent, where=where, folder=folders)
            runs.append((path, str(record.get(f"identity_{side}") or Path(name).stem)))
        item_id = unique_id(seen, record.get("id"), f"run-{number:06d}", where)
        return pair_item(runs, task=clip(record.get("task")), load=load, store=store, where=where,
                         item_id=item_id)  # fmt: skip

    yield from map_jsonl(pairs, build)


def read_run_folders(folder: Path, *, load: LoadRun, store: StoreImage,
                     is_run: Callable[[Path], bool]) -> Iterator[dict[str, Any] | ImportInputError]:  # fmt: skip
    """Items from ``FOLDER/<task>/`` holding ``task.txt`` (optional) and two runs."""
    files = InputRoot(folder)
    for number, task_dir in enumerate(sorted(p for p in folder.iterdir() if p.is_dir()), start=1):
        where = f"{folder}/{task_dir.name}"
        try:
            found = sorted(p for p in task_dir.iterdir() if p.name != "task.txt" and is_run(p))
            runs = [(files.resolve(p.name, base=task_dir, where=where, folder=p.is_dir()), p.stem)
                    for p in found]  # fmt: skip
            if len(runs) == 1:
                raise ImportInputError(f"{where}: {SINGLE_RUN}")
            if len(runs) != 2:
                raise ImportInputError(f"{where}: needs exactly two runs (found {len(runs)})")
            task = None
            task_file = task_dir / "task.txt"
            if task_file.is_file():
                task_file = files.resolve("task.txt", base=task_dir, where=where)
                if task_file.stat().st_size > 4 * MAX_TEXT:
                    raise ImportInputError(f"{where}: task.txt is longer than a prompt may be")
                task = task_file.read_text(encoding="utf-8", errors="replace").strip()
            yield pair_item(runs, task=task, item_id=clean_id(task_dir.name, f"run-{number:06d}"),
                             load=load, store=store, where=where)  # fmt: skip
        except ImportInputError as exc:
            yield exc
