"""standardweb runs (seed 002): two agents' runs of one objective become one item.

Layout (one folder per objective, one sub-folder per agent, exactly two agents)::

    RUNS/<objective-id>/objective.json   {"host", "name", "objective", "protocol"?}
    RUNS/<objective-id>/<agent>/history.json   the recorded run (browser-use history JSON)
    RUNS/<objective-id>/<agent>/report.json    the agent's final JSON run report (optional:
                                               else the run's final answer is parsed as JSON)
    RUNS/<objective-id>/<agent>/judge.json     optional {"consistent": bool, "notes": "..."}

The run report is checked against the protocol's shape; the judge's verdict is written under
the report in the response, where the rater compares the report with the recorded steps.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rater_desktop.batch_import.browser_use import (
    InputRoot,
    PreparedHistory,
    StoreImage,
    history_to_response,
    prepare_history,
    task_folders,
)
from rater_desktop.batch_import.generic import clean_id
from rater_desktop.batch_import.writer import ImportInputError

OUTCOMES = ("completed", "login_wall", "blocked", "unreachable", "incomplete")
CHECKPOINTS = ("C1", "C2", "C3", "C4")
BLOCK_KINDS = ("captcha", "access_denied", "bot_notice", "rate_limit", "login_required", "error", "other")
MAX_SMALL_FILE = 1024 * 1024


def _small_json(path: Path, *, files: InputRoot, where: str) -> Any:
    path = files.resolve(path.name, base=path.parent, where=where)  # a link out is refused
    try:
        if path.stat().st_size > MAX_SMALL_FILE:
            raise ImportInputError(f"{where}: {path.name} is larger than 1 MiB")
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
        raise ImportInputError(f"{where}: {path.name} is not valid JSON ({exc})") from exc


def check_run_report(report: Any, *, where: str) -> dict[str, Any]:
    """The run report in the protocol's shape; a clear message for each wrong field."""
    if not isinstance(report, dict):
        raise ImportInputError(f"{where}: the run report is not a JSON object")
    if not isinstance(report.get("host"), str) or not report["host"]:
        raise ImportInputError(f"{where}: the run report has no host")
    if report.get("outcome") not in OUTCOMES:
        raise ImportInputError(f"{where}: outcome {report.get('outcome')!r} is not one of {', '.join(OUTCOMES)}")
    checkpoints = report.get("checkpoints", [])
    if not isinstance(checkpoints, list) or any(c not in CHECKPOINTS for c in checkpoints):
        raise ImportInputError(f"{where}: checkpoints must be a list of C1..C4")
    block = report.get("block")
    if block is not None and (not isinstance(block, dict) or block.get("kind") not in (*BLOCK_KINDS, None)):
        raise ImportInputError(f"{where}: block must be null or an object with a known kind")
    if isinstance(block, dict) and isinstance(block.get("quote"), str):
        block = {**block, "quote": block["quote"][:300]}
    clean = {k: report[k] for k in ("host", "outcome", "checkpoints", "item", "final_url",
                                    "actions", "evidence", "notes") if k in report}  # fmt: skip
    clean["block"] = block
    if "actions" in clean and not isinstance(clean["actions"], int):
        raise ImportInputError(f"{where}: actions must be a whole number")
    if not isinstance(clean.get("evidence", []), list):
        raise ImportInputError(f"{where}: evidence must be a list of strings")
    clean["evidence"] = [str(e)[:500] for e in clean.get("evidence", [])][:6]
    return clean


_MARKDOWN = re.compile(r"([\\`*_\[\]<>#|~])")


def md_inline(value: Any) -> str:
    """Agent-written text as one line of plain Markdown text: line breaks become spaces and
    Markdown's marks are escaped, so a ``|`` cannot break the table and a note cannot
    render as a quote, heading or list (such as a line that reads like the judge's)."""
    text = " ".join(str(value).split())
    return _MARKDOWN.sub(r"\\\1", text)


def _report_markdown(report: dict[str, Any], judge: dict[str, Any] | None) -> str:
    reached = ", ".join(report.get("checkpoints") or []) or "none"
    lines = [f"**Outcome: {report['outcome']}** (checkpoints reached: {reached})", ""]
    item = report.get("item") if isinstance(report.get("item"), dict) else None
    rows = [("Item", (item or {}).get("name")), ("Price", (item or {}).get("price")),
            ("Final URL", report.get("final_url")), ("Actions", report.get("actions"))]  # fmt: skip
    lines += ["| Field | Value |", "|---|---|"]
    lines += [f"| {name} | {md_inline(value)} |" for name, value in rows if value not in (None, "")]
    if report.get("block"):
        block = report["block"]
        lines += ["", f"Blocked at {md_inline(block.get('at', '?'))} ({md_inline(block.get('kind', '?'))}): "
                      f"\"{md_inline(block.get('quote', ''))}\""]  # fmt: skip
    if report.get("evidence"):
        lines += ["", *[f"- {md_inline(e)}" for e in report["evidence"]]]
    if report.get("notes"):
        lines += ["", f"The agent's notes: {md_inline(report['notes'])}"]
    # Only judge.json makes a judge's verdict: nothing above can render as one.
    if judge is not None:
        verdict = ("the run report matches the recorded steps" if judge.get("consistent")
                   else "the run report DOES NOT match the recorded steps")  # fmt: skip
        note = f" {md_inline(judge['notes'])}" if isinstance(judge.get("notes"), str) and judge["notes"] else ""
        lines += ["", f"> Independent judge: {verdict}.{note}"]
    return "\n".join(lines)


_FENCE = re.compile(r"\A\s*```[A-Za-z]*[ \t]*\n(.*)\n[ \t]*```\s*\Z", re.DOTALL)


def _report_from_history(response: dict[str, Any], *, where: str) -> Any:
    answer = response.get("final_answer")
    if not isinstance(answer, str):
        raise ImportInputError(f"{where}: no report.json and the run has no final answer")
    fenced = _FENCE.match(answer)  # models often wrap the JSON in ```json fences anyway
    try:
        return json.loads(fenced.group(1) if fenced else answer)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise ImportInputError(f"{where}: the final answer is not the JSON run report ({exc})") from exc


def _present(path: Path) -> bool:
    return path.is_file() or path.is_symlink()  # a link is resolved (and checked) when read


def _prepare_agent(agent_dir: Path, *, files: InputRoot, where: str) -> PreparedHistory:
    """An agent's history read and checked (limits, links) before any image is stored."""
    if not _present(agent_dir / "history.json"):
        raise ImportInputError(f"{where}: history.json is missing")
    history_file = files.resolve("history.json", base=agent_dir, where=where)
    return prepare_history(history_file, files=files, base=agent_dir, where=where)


def _agent_response(agent_dir: Path, prepared: PreparedHistory, *, store: StoreImage, files: InputRoot,
                    where: str) -> dict[str, Any]:  # fmt: skip
    response = history_to_response(prepared, identity=agent_dir.name, store=store, where=where)
    report_file, judge_file = agent_dir / "report.json", agent_dir / "judge.json"
    raw = (_small_json(report_file, files=files, where=where) if _present(report_file)
           else _report_from_history(response, where=where))  # fmt: skip
    report = check_run_report(raw, where=where)
    judge = _small_json(judge_file, files=files, where=where) if _present(judge_file) else None
    response["run_report"] = report
    response["text"] = _report_markdown(report, judge if isinstance(judge, dict) else None)
    response.pop("final_answer", None)
    return response


def objective_prompt(objective: Any, *, where: str) -> str:
    if not isinstance(objective, dict) or not isinstance(objective.get("objective"), str):
        raise ImportInputError(f"{where}: objective.json needs an 'objective' text")
    host, name = objective.get("host", ""), objective.get("name", "")
    site = f"{host} ({name})" if name else str(host)
    return f"WEBSITE: {site}\n\nOBJECTIVE: {objective['objective']}"


def read_standardweb_runs(folder: Path, *, store: StoreImage) -> Iterator[dict[str, Any] | ImportInputError]:
    """Items from a folder of objectives, each with two agents' runs."""
    files = InputRoot(folder)
    for number, task_dir, where, outside in task_folders(folder, files):
        if outside is not None:
            yield outside
            continue
        agents = sorted(p for p in task_dir.iterdir() if p.is_dir() and not p.is_symlink())
        try:
            if len(agents) != 2:
                raise ImportInputError(f"{where}: needs exactly two agent folders (found {len(agents)})")
            objective = _small_json(task_dir / "objective.json", files=files, where=where)
            item: dict[str, Any] = {
                "id": clean_id(task_dir.name, f"objective-{number:04d}"),
                "prompt": objective_prompt(objective, where=where),
            }
            prepared = [_prepare_agent(a, files=files, where=f"{where}/{a.name}") for a in agents]
            item["responses"] = [_agent_response(a, p, store=store, files=files, where=f"{where}/{a.name}")
                                 for a, p in zip(agents, prepared, strict=True)]  # fmt: skip
            protocol = objective.get("protocol")
            item["context"] = (f"Recorded under standardweb protocol {protocol}. " if protocol else "") + (
                "Compare each run report with the recorded steps before you trust it.")
            yield item
        except ImportInputError as exc:
            yield exc
