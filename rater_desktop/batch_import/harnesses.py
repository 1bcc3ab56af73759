"""The agent-harness import kinds: which reader loads a run, and what counts as a run.

Every kind takes a JSONL of ``{"task"?, "a", "b", "id"?, "identity_a"?, "identity_b"?}``
naming two saved runs, or a folder ``TASK/{task.txt?, two runs}`` (see ``runs``); a kind
whose harness keeps runs side by side (an AgentLab study) may pair them itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rater_desktop.batch_import.runs import LoadRun, StoreImage, read_run_folders, read_run_pairs
from rater_desktop.batch_import.writer import ImportInputError


@dataclass(frozen=True)
class HarnessKind:
    """How one harness's saved runs are found and read."""

    load: Callable[[], LoadRun]
    is_run: Callable[[Path], bool]
    folders: bool = False  # a run is a folder (in a pairs file's a/b too)
    study: Callable[..., Iterator[dict[str, Any] | ImportInputError]] | None = None  # runs side by side


def _computer_use() -> HarnessKind:
    from rater_desktop.batch_import.computer_use import is_transcript, load_transcript

    return HarnessKind(lambda: load_transcript, is_transcript)


def _playwright() -> HarnessKind:
    from rater_desktop.batch_import.playwright_trace import is_trace, load_trace

    return HarnessKind(lambda: load_trace, is_trace)


def _mind2web() -> HarnessKind:
    from rater_desktop.batch_import.mind2web import is_record, load_record

    return HarnessKind(lambda: load_record, is_record)


def _browsergym() -> HarnessKind:
    from rater_desktop.batch_import.browsergym import is_experiment, load_experiment, read_study

    return HarnessKind(lambda: load_experiment, is_experiment, folders=True, study=read_study)


HARNESSES: dict[str, Callable[[], HarnessKind]] = {
    "computer-use": _computer_use,
    "playwright-trace": _playwright,
    "mind2web": _mind2web,
    "browsergym": _browsergym,
}
HARNESS_KINDS = tuple(HARNESSES)


def harness_records(kind: str, source: Path, *, store: StoreImage, root: Path | None
                    ) -> Iterator[dict[str, Any] | ImportInputError]:  # fmt: skip
    """Items of ``kind`` from ``source`` (a pairs JSONL or a folder of task folders)."""
    harness = HARNESSES[kind]()
    if source.is_dir() and harness.study is not None and any(harness.is_run(p) for p in source.iterdir()):
        return harness.study(source, load=harness.load(), store=store)
    if source.is_dir():
        return read_run_folders(source, load=harness.load(), store=store, is_run=harness.is_run)
    return read_run_pairs(source, load=harness.load(), store=store, root=root, folders=harness.folders)
