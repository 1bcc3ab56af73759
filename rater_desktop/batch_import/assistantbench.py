"""AssistantBench-style tasks: a task, its gold answer, and two systems' answers.

One JSON line per task: ``{"id", "task", "gold_answer", "answers": {SYSTEM: ANSWER, ...}}``
with exactly two systems (``answers`` may also be a list of ``{"system", "answer"}``).
``question`` is accepted for ``task`` and ``answer``/``gold`` for ``gold_answer``, the
names AssistantBench's own files use. Each answer is both the response text and its final
answer, so QA scores it against the gold answer with the AssistantBench metrics.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rater_desktop.batch_import.generic import clean_id, map_jsonl
from rater_desktop.batch_import.writer import ImportInputError


def _answer_text(value: Any) -> str:
    # Answers may be numbers, lists or objects; keep them as the JSON the system gave.
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _answers(record: dict[str, Any], *, where: str) -> list[tuple[str, str]]:
    raw = record.get("answers")
    if isinstance(raw, dict):
        pairs = [(str(k), v) for k, v in raw.items()]
    elif isinstance(raw, list):
        pairs = [(str(e.get("system")), e.get("answer")) for e in raw if isinstance(e, dict)]
    else:
        raise ImportInputError(f"{where}: 'answers' must map two systems to their answers")
    if len(pairs) != 2:
        raise ImportInputError(f"{where}: 'answers' has {len(pairs)} systems; exactly two are needed")
    if any(answer is None for _, answer in pairs):
        raise ImportInputError(f"{where}: a system's answer is missing (use \"\" for no answer)")
    return [(system, _answer_text(answer)) for system, answer in pairs]


def task_to_item(record: Any, *, where: str, number: int) -> dict[str, Any]:
    if not isinstance(record, dict):
        raise ImportInputError(f"{where}: expected a JSON object")
    task = record.get("task", record.get("question"))
    if not isinstance(task, str) or not task.strip():
        raise ImportInputError(f"{where}: 'task' is missing")
    gold = record.get("gold_answer", record.get("answer", record.get("gold")))
    if gold is None:
        raise ImportInputError(f"{where}: 'gold_answer' is missing")
    responses = [{"identity": system, "text": answer or "_No answer._", "final_answer": answer}
                 for system, answer in _answers(record, where=where)]  # fmt: skip
    return {
        "id": clean_id(str(record.get("id") or ""), f"task-{number:06d}"),
        "prompt": task,
        "responses": responses,
        "gold": {"expected_answer": _answer_text(gold)},
    }


def read_assistantbench(path: Path) -> Iterator[dict[str, Any] | ImportInputError]:
    return map_jsonl(path, task_to_item)
