"""The agent-harness import kinds: which reader loads a run, and what counts as a run.

Every kind takes a JSONL of ``{"task"?, "a", "b", "id"?, "identity_a"?, "identity_b"?}``
naming two saved runs, or a folder ``TASK/{task.txt?, two runs}`` (see ``runs``).
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


def _computer_use() -> HarnessKind:
    from rater_desktop.batch_import.computer_use import is_transcript, load_transcript

    return HarnessKind(lambda: load_transcript, is_transcript)


def _playwright() -> HarnessKind:
    from rater_desktop.batch_import.playwright_trace import is_trace, load_trace

    return HarnessKind(lambda: load_trace, is_trace)


def _mind2web() -> HarnessKind:
    from rater_desktop.batch_import.mind2web import is_record, load_record

    return HarnessKind(lambda: load_record, is_record)


HARNESSES: dict[str, Callable[[], HarnessKind]] = {
    "computer-use": _computer_use,
    "playwright-trace": _playwright,
    "mind2web": _mind2web,
}
HARNESS_KINDS = tuple(HARNESSES)


def harness_records(kind: str, source: Path, *, store: StoreImage, root: Path | None
                    ) -> Iterator[dict[str, Any] | ImportInputError]:  # fmt: skip
    """Items of ``kind`` from ``source`` (a pairs JSONL or a folder of task folders)."""
    harness = HARNESSES[kind]()
    if source.is_dir():
        return read_run_folders(source, load=harness.load(), store=store, is_run=harness.is_run)
    return read_run_pairs(source, load=harness.load(), store=store, root=root, folders=harness.folders)
