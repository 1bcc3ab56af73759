"""Single agent runs from the harness kinds as run audit items (``batch import KIND SOURCE
--protocol run-audit`` for computer-use, playwright-trace, mind2web and browsergym).

SOURCE is a folder whose task folders each hold ``task.txt`` (optional when the run says
its task), exactly one saved run, and ``report.json`` / ``judge.json`` (optional); a run
lying directly in SOURCE is an item of its own. Or SOURCE is a JSONL of ``{"task"?, "run",
"id"?, "identity"?, "report"?, "judge"?}``. The agent's seed-002 report is ``report.json``
(or the line's ``report``), else the run's final answer parsed as that JSON report; a run
with neither is refused, as the run audit protocol shows the rater the agent's own report.
The run's screenshots are written only once the whole item passed the loader's check.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rater_desktop.batch.protocol import RUN
from rater_desktop.batch_import.generic import clean_id, map_jsonl, unique_id
from rater_desktop.batch_import.harnesses import HARNESSES, HarnessKind
from rater_desktop.batch_import.runs import (
    MAX_TEXT,
    InputRoot,
    LoadRun,
    PendingImages,
    StoreImage,
    read_json,
    response_of,
)
from rater_desktop.batch_import.single_runs import SIDE_FILES, judge_verdict, run_of
from rater_desktop.batch_import.writer import ImportInputError

MAX_SIDE_FILE_BYTES = 4 * 1024 * 1024


def read_harness_single_runs(kind: str, source: Path, *, store: StoreImage, root: Path | None
                             ) -> Iterator[dict[str, Any] | ImportInputError]:  # fmt: skip
    """Run audit items of ``kind`` from ``source`` (a folder or a JSONL naming runs)."""
    harness = HARNESSES[kind]()
    if source.is_dir():
        yield from _folder_runs(source, harness, store=store)
    else:
        yield from _line_runs(source, harness.load(), store=store, files=InputRoot(root or source.parent),
                              folders=harness.folders)  # fmt: skip


def _is_run(harness: HarnessKind, path: Path) -> bool:
    return path.name not in (*SIDE_FILES, "task.txt") and harness.is_run(path)


def _side_json(folder: Path, name: str, files: InputRoot, where: str) -> Any:
    path = folder / name
    if not (path.is_file() or path.is_symlink()):
        return None
    return read_json(files.resolve(name, base=folder, where=where), where=where, max_bytes=MAX_SIDE_FILE_BYTES)


def _folder_runs(folder: Path, harness: HarnessKind, *, store: StoreImage
                 ) -> Iterator[dict[str, Any] | ImportInputError]:  # fmt: skip
    files, load = InputRoot(folder), harness.load()
    for number, child in enumerate(sorted(folder.iterdir()), start=1):
        where = f"{folder}/{child.name}"
        try:
            if _is_run(harness, child):
                path = files.resolve(child.name, base=folder, where=where, folder=child.is_dir())
                yield run_item(path, identity=child.stem, task=None, report=None, judge=None,
                               item_id=clean_id(child.stem, f"run-{number:06d}"), load=load,
                               store=store, where=where)  # fmt: skip
            elif child.is_dir() and not child.is_symlink():
                yield _task_folder_item(child, harness, number=number, files=files, store=store, where=where)
        except ImportInputError as exc:
            yield exc


def _task_folder_item(task_dir: Path, harness: HarnessKind, *, number: int, files: InputRoot,
                      store: StoreImage, where: str) -> dict[str, Any]:  # fmt: skip
    found = sorted(p for p in task_dir.iterdir() if _is_run(harness, p))
    if len(found) != 1:
        raise ImportInputError(f"{where}: a run audit task folder holds exactly one run besides "
                               f"task.txt, report.json and judge.json (found {len(found)})")  # fmt: skip
    run = found[0]
    path = files.resolve(run.name, base=task_dir, where=where, folder=run.is_dir())
    task = None
    if (task_dir / "task.txt").is_file():
        task_file = files.resolve("task.txt", base=task_dir, where=where)
        if task_file.stat().st_size > 4 * MAX_TEXT:
            raise ImportInputError(f"{where}: task.txt is longer than a prompt may be")
        task = task_file.read_text(encoding="utf-8", errors="replace").strip()
    report = _side_json(task_dir, "report.json", files, where)
    judge = _side_json(task_dir, "judge.json", files, where)
    return run_item(path, identity=run.stem, task=task, report=report, judge=judge, load=harness.load(),
                    item_id=clean_id(task_dir.name, f"run-{number:06d}"), store=store, where=where)  # fmt: skip


def _line_runs(pairs: Path, load: LoadRun, *, store: StoreImage, files: InputRoot, folders: bool
               ) -> Iterator[dict[str, Any] | ImportInputError]:  # fmt: skip
    seen: set[str] = set()

    def build(record: Any, *, where: str, number: int) -> dict[str, Any]:
        if not isinstance(record, dict):
            raise ImportInputError(f"{where}: expected an object with run (and task)")
        name = record.get("run")
        if not isinstance(name, str) or not name:
            raise ImportInputError(f"{where}: 'run' must name a saved run")
        path = files.resolve(name, base=pairs.parent, where=where, folder=folders)
        item_id = unique_id(seen, record.get("id"), f"run-{number:06d}", where)
        task = record.get("task") if isinstance(record.get("task"), str) else None
        return run_item(path, identity=str(record.get("identity") or Path(name).stem), task=task,
                        report=record.get("report"), judge=record.get("judge"), item_id=item_id,
                        load=load, store=store, where=where)  # fmt: skip

    yield from map_jsonl(pairs, build)


def run_item(path: Path, *, identity: str, task: str | None, report: Any, judge: Any, item_id: str,
             load: LoadRun, store: StoreImage, where: str) -> dict[str, Any]:  # fmt: skip
    """One run audit item from one saved run; its screenshots written only if it is kept."""
    pending = PendingImages()
    run = load(path, pending, f"{where} ({path.name})")
    prompt = (task or "").strip() or run.task
    if not prompt or not prompt.strip():
        raise ImportInputError(f"{where}: no task: give task.txt (or 'task'); the run does not say it")
    checked_judge = judge_verdict(judge, where=where)
    item: dict[str, Any] = {"id": item_id, "prompt": prompt[:MAX_TEXT],
                            "run": run_of(response_of(run, identity), report, where=where)}  # fmt: skip
    if checked_judge is not None:
        item["judge"] = checked_judge
    return pending.commit(item, store, shape=RUN)
