"""BrowserGym / AgentLab experiment folders, read from their non-pickle files only.

An AgentLab experiment folder (``<date>_<agent>_on_<task>_<seed>_<hash>/``) holds
``summary_info.json`` (``n_steps``, ``err_msg``, ``terminated``, ``truncated``, rewards),
``screenshot_step_N.png`` (the page the agent saw before its N-th action), pickles
(``exp_args.pkl``, ``step_N.pkl.gz``, ``goal_object.pkl.gz``) and ``experiment.log``.
The pickles are NEVER opened: unpickling runs code named by the file, and a restricted
loader that builds only plain builtins would refuse every step file anyway (each is a
pickled ``StepInfo`` object). So actions come from ``experiment.log`` when it was written
at DEBUG level (``Agent chose action:`` lines), and thoughts and the goal text, which live
only in the pickles, are not read: give the task as ``task.txt`` or ``task`` (else the
task name and seed from the folder name stand in). ``send_msg_to_user("...")`` /
``report_infeasible("...")`` is the final answer; the run's error is the last step's
observation. Rewards are the benchmark's verdict and are not shown to the rater.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rater_desktop.batch_import.generic import clean_id
from rater_desktop.batch_import.runs import (
    SINGLE_RUN,
    InputRoot,
    LoadRun,
    PendingImages,
    Run,
    StoreImage,
    clip,
    pair_item,
    read_json,
)  # fmt: skip
from rater_desktop.batch_import.writer import ImportInputError

MAX_LOG_BYTES = 64 * 1024 * 1024
MAX_SHOT_BYTES = 64 * 1024 * 1024
_SHOT = re.compile(r"screenshot_step_(\d{1,6})\.(?:png|jpe?g|webp)")
_ACTION = re.compile(r"Agent chose action:\n ?(.*?)(?=\n\d{4}-\d\d-\d\d \d\d:\d\d:\d\d|\Z)", re.S)
_ANSWER = re.compile(r"(?:send_msg_to_user|report_infeasible)\((.*)\)\s*$", re.S)
_FOLDER = re.compile(r".*_on_(?P<task>.+)_(?P<seed>\d+)_[0-9a-f]{4,}")


def _actions(folder: Path, files: InputRoot, where: str) -> list[str]:
    log = folder / "experiment.log"
    if not log.is_file():
        return []
    log = files.resolve("experiment.log", base=folder, where=where)
    if log.stat().st_size > MAX_LOG_BYTES:
        raise ImportInputError(f"{where}: experiment.log is larger than 64 MiB")
    text = log.read_text(encoding="utf-8", errors="replace")
    return [m.group(1).strip() for m in _ACTION.finditer(text)]


def _answer(action: str) -> str | None:
    match = _ANSWER.search(action)
    if match is None or len(match.group(1)) > 100_000:
        return None
    try:
        value = ast.literal_eval(match.group(1).strip())  # a string literal only, never code
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return None
    return value if isinstance(value, str) else None


def _step(action: str | None, shot: str | None) -> dict[str, Any]:
    name = re.match(r"\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\(", action or "")
    step: dict[str, Any] = {"action": name.group(1)[:100] if name else ("act" if action else "observe")}
    if clip(action):
        step["value"] = clip(action)
    if shot:
        step["screenshot"] = shot
    return step


def load_experiment(folder: Path, images: PendingImages, where: str) -> Run:
    """One experiment folder: a step per action (or per screenshot), never a pickle read."""
    files = InputRoot(folder)
    summary = read_json(files.resolve("summary_info.json", base=folder, where=where), where=where,
                        max_bytes=16 * 1024 * 1024)  # fmt: skip
    if not isinstance(summary, dict):
        raise ImportInputError(f"{where}: summary_info.json is not an object")
    shots: dict[int, Path] = {}
    for path in folder.iterdir():
        match = _SHOT.fullmatch(path.name)
        if match:
            shots[int(match.group(1))] = files.resolve(path.name, base=folder, where=where)
    actions = _actions(folder, files, where)
    if len(shots) > 1001 or len(actions) > 1000:
        raise ImportInputError(f"{where}: more than the 1000 steps a batch allows")
    count = max(len(actions), max(shots, default=-1) + (0 if actions else 1))
    run, stored = Run(steps=[]), {}
    for number in sorted(shots):
        if shots[number].stat().st_size > MAX_SHOT_BYTES:
            raise ImportInputError(f"{where}: {shots[number].name} is larger than 64 MiB")
        stored[number] = images.add(shots[number].read_bytes(), f"{where} {shots[number].name}")
    for number in range(count):
        action = actions[number] if number < len(actions) else None
        run.steps.append(_step(action, stored.get(number)))
        run.final_answer = _answer(action) if action else run.final_answer
    run.last_screenshot = stored.get(max(stored)) if stored else None
    if not run.steps:
        raise ImportInputError(f"{where}: no screenshot_step_N image and no logged action to show")
    error = clip(summary.get("err_msg"))
    if error:
        run.steps[-1]["observation"] = f"error: {error}"
    match = _FOLDER.fullmatch(folder.name)
    run.task = f"BrowserGym task {match['task']} (seed {match['seed']})" if match else None
    return run


def is_experiment(path: Path) -> bool:
    return path.is_dir() and (path / "summary_info.json").is_file()


def read_study(folder: Path, *, load: LoadRun, store: StoreImage) -> Iterator[dict[str, Any] | ImportInputError]:
    """A study folder of experiment folders: runs of one task and seed are paired."""
    groups: dict[str, list[Path]] = {}
    for path in sorted(p for p in folder.iterdir() if is_experiment(p)):
        match = _FOLDER.fullmatch(path.name)
        groups.setdefault(f"{match['task']}_{match['seed']}" if match else path.name, []).append(path)
    files = InputRoot(folder)
    for number, (key, paths) in enumerate(sorted(groups.items()), start=1):
        where = f"{folder}/{key}"
        try:
            if len(paths) != 2:
                raise ImportInputError(f"{where}: {SINGLE_RUN}" if len(paths) == 1 else
                                       f"{where}: {len(paths)} runs of this task and seed; give two")  # fmt: skip
            runs = [(files.resolve(p.name, base=folder, where=where, folder=True), p.name.split("_on_")[0])
                    for p in paths]  # fmt: skip
            yield pair_item(runs, task=None, item_id=clean_id(key, f"run-{number:06d}"), load=load,
                            store=store, where=where)  # fmt: skip
        except ImportInputError as exc:
            yield exc
