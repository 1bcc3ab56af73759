"""One recorded run per item, for batches whose protocol audits single runs (``batch
import ... --protocol run-audit``): the objective, the run's steps and screenshots, the
agent's own seed-002 report and, when given, the automated judge's verdict.

Inputs:
- standardweb: ``RUNS/<objective>/objective.json`` and one or more ``<agent>/`` folders
  (``history.json``, ``report.json``? else the final answer parsed as the report,
  ``judge.json``?); every agent's run is its own item ``<objective>.<agent>``.
- browser-use: a folder ``TASK/{task.txt, one history .json, report.json?, judge.json?}``,
  or a JSONL of ``{"task", "run", "id"?, "identity"?, "report"?, "judge"?}`` naming one
  history file each (``report``, ``judge``: the objects themselves).

judge.json: ``{"verdict": "accurate" | "overstated" | "understated", "notes"?}``, or the
seed-002 judge's ``{"consistent": bool, "notes"?}``: consistent is "accurate", not
consistent is "overstated" (a judge that disputes the account says it claims what did not
happen: seed 002's disputed completion).

The report stays covered in the window until the rater has done their own part, so
nothing of it is left in the run: the run's text is empty and the ``done`` step keeps its
action but not its text (which is the report).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rater_desktop.batch.run_fields import REPORT_VERDICTS
from rater_desktop.batch_import.browser_use import (
    InputRoot,
    StoreImage,
    history_to_response,
    prepare_history,
    read_small_text,
    task_folders,
)
from rater_desktop.batch_import.generic import clean_id, map_jsonl
from rater_desktop.batch_import.standardweb import (
    _present,
    _report_from_history,
    _small_json,
    check_run_report,
    objective_prompt,
)
from rater_desktop.batch_import.writer import ImportInputError

SIDE_FILES = ("report.json", "judge.json")
DONE_NOTE = "(the agent's final report: shown once you have marked what you saw)"


def judge_verdict(raw: Any, *, where: str) -> dict[str, Any] | None:
    """The judge object of a run audit item from judge.json's content (None: no verdict)."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise ImportInputError(f"{where}: judge.json is not a JSON object")
    verdict = raw.get("verdict")
    if verdict is None and isinstance(raw.get("consistent"), bool):
        verdict = "accurate" if raw["consistent"] else "overstated"
    if verdict not in REPORT_VERDICTS:
        raise ImportInputError(f"{where}: the judge's verdict must be one of "
                               f"{', '.join(REPORT_VERDICTS)} (or 'consistent': true/false)")
    judge: dict[str, Any] = {"verdict": verdict}
    notes = raw.get("notes", raw.get("explanation"))
    if isinstance(notes, str) and notes.strip():
        judge["explanation"] = notes[:20_000]
    if isinstance(raw.get("identity"), str) and raw["identity"].strip():
        judge["identity"] = raw["identity"][:200]
    return judge


def run_of(response: dict[str, Any], report: Any, *, where: str) -> dict[str, Any]:
    """A batch ``run`` from a converted history: the checked report in, its text out."""
    if report is None:
        report = _report_from_history(response, where=where)
    run = {k: v for k, v in response.items() if k not in ("final_answer", "text")}
    run["text"] = ""
    run["trajectory"] = [_without_report(step) for step in response.get("trajectory", [])]
    run["run_report"] = check_run_report(report, where=where)
    return run


def _without_report(step: dict[str, Any]) -> dict[str, Any]:
    if step.get("action") != "done":
        return step
    kept = {k: v for k, v in step.items() if k not in ("value", "observation")}
    kept["value"] = DONE_NOTE
    return kept


def _optional_json(path: Path, *, files: InputRoot, where: str) -> Any:
    return _small_json(path, files=files, where=where) if _present(path) else None


def _folder_run(agent_dir: Path, history: Path, *, identity: str, store: StoreImage,
                files: InputRoot, where: str) -> dict[str, Any]:  # fmt: skip
    """history + report.json? + judge.json? of one folder as (run, judge) in one item dict."""
    history_file = files.resolve(history.name, base=agent_dir, where=where)
    prepared = prepare_history(history_file, files=files, base=agent_dir, where=where)
    report = _optional_json(agent_dir / "report.json", files=files, where=where)
    judge = judge_verdict(_optional_json(agent_dir / "judge.json", files=files, where=where),
                          where=where)
    # read and checked before any screenshot is stored
    response = history_to_response(prepared, identity=identity, store=store, where=where)
    item: dict[str, Any] = {"run": run_of(response, report, where=where)}
    if judge is not None:
        item["judge"] = judge
    return item


def read_standardweb_single_runs(folder: Path, *, store: StoreImage
                                 ) -> Iterator[dict[str, Any] | ImportInputError]:  # fmt: skip
    """One item per agent run of every objective folder."""
    files = InputRoot(folder)
    for number, task_dir, where, outside in task_folders(folder, files):
        if outside is not None:
            yield outside
            continue
        try:
            objective = _small_json(task_dir / "objective.json", files=files, where=where)
            prompt = objective_prompt(objective, where=where)
        except ImportInputError as exc:
            yield exc
            continue
        agents = sorted(p for p in task_dir.iterdir() if p.is_dir() and not p.is_symlink())
        if not agents:
            yield ImportInputError(f"{where}: has no agent folder")
        for agent in agents:
            agent_where = f"{where}/{agent.name}"
            try:
                if not _present(agent / "history.json"):
                    raise ImportInputError(f"{agent_where}: history.json is missing")
                item = _folder_run(agent, agent / "history.json", identity=agent.name,
                                   store=store, files=files, where=agent_where)
                yield {"id": clean_id(f"{task_dir.name}.{agent.name}", f"run-{number:04d}"),
                       "prompt": prompt, **item}
            except ImportInputError as exc:
                yield exc


def read_browser_use_single_runs(source: Path, *, store: StoreImage, root: Path | None = None
                                 ) -> Iterator[dict[str, Any] | ImportInputError]:  # fmt: skip
    """One item per task folder (one history) or per JSONL line (``run`` names it)."""
    if source.is_dir():
        yield from _task_folder_runs(source, store=store, root=root)
        return
    files = InputRoot(root or source.parent)
    yield from map_jsonl(source, lambda record, where, number: _line_run(
        record, number=number, where=where, store=store, files=files, base=source.parent))


def _task_folder_runs(folder: Path, *, store: StoreImage, root: Path | None
                      ) -> Iterator[dict[str, Any] | ImportInputError]:  # fmt: skip
    files = InputRoot(root or folder)
    for _number, task_dir, where, outside in task_folders(folder, files):
        if outside is not None:
            yield outside
            continue
        histories = sorted(p for p in task_dir.glob("*.json")
                           if p.is_file() and p.name not in SIDE_FILES)
        if len(histories) != 1 or not (task_dir / "task.txt").is_file():
            yield ImportInputError(f"{where}: needs task.txt and exactly one history .json file "
                                   f"besides report.json and judge.json (found {len(histories)})")
            continue
        try:
            task = read_small_text(task_dir / "task.txt", files, where=where)
            item = _folder_run(task_dir, histories[0], identity=histories[0].stem, store=store,
                               files=files, where=where)
            yield {"id": clean_id(task_dir.name, f"run-{_number:06d}"), "prompt": task, **item}
        except ImportInputError as exc:
            yield exc


def _line_run(record: Any, *, number: int, where: str, store: StoreImage, files: InputRoot,
              base: Path) -> dict[str, Any]:  # fmt: skip
    if not isinstance(record, dict):
        raise ImportInputError(f"{where}: expected an object with task and run")
    task, name = record.get("task"), record.get("run")
    if not isinstance(task, str) or not task.strip():
        raise ImportInputError(f"{where}: 'task' (the objective) is missing")
    if not isinstance(name, str) or not name:
        raise ImportInputError(f"{where}: 'run' must name a history file")
    path = files.resolve(name, base=base, where=where)
    prepared = prepare_history(path, files=files, base=path.parent, where=where)
    judge = judge_verdict(record.get("judge"), where=where)
    response = history_to_response(prepared, identity=str(record.get("identity") or Path(name).stem)[:200],
                                   store=store, where=where)  # fmt: skip
    item: dict[str, Any] = {"id": clean_id(str(record.get("id") or ""), f"run-{number:06d}"),
                            "prompt": task, "run": run_of(response, record.get("report"), where=where)}
    if judge is not None:
        item["judge"] = judge
    return item
