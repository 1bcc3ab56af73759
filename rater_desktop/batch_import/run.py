"""One import from start to end: read records, write the batch, validate it."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rater_desktop.batch_import.writer import (
    BatchWriter,
    ImportInputError,
    ImportOutputError,
    ImportReport,
    run_import,
)

KINDS = ("pairs", "chosen-rejected", "browser-use", "standardweb", "assistantbench")
Records = Iterator[dict[str, Any] | ImportInputError]


@dataclass
class ImportRequest:
    """What to import and where to: the CLI fills this from its arguments."""

    kind: str
    source: Path
    output: Path
    batch_id: str
    title: str
    mapping: list[str] = field(default_factory=list)
    constants: dict[str, str] = field(default_factory=dict)
    root: Path | None = None
    instructions: str | None = None
    overwrite: bool = False


def _records(request: ImportRequest, writer: BatchWriter) -> Records:
    def store(data: bytes, where: str) -> str:
        return writer.store_image(data, where=where)

    source = request.source
    if request.kind == "pairs":
        from rater_desktop.batch_import.generic import FieldMapping, read_generic

        return read_generic(source, FieldMapping.parse(request.mapping, request.constants))
    if request.kind == "chosen-rejected":
        from rater_desktop.batch_import.chosen_rejected import read_chosen_rejected

        return read_chosen_rejected(source)
    if request.kind == "browser-use":
        from rater_desktop.batch_import.browser_use import read_history_pairs, read_history_runs

        if source.is_dir():
            return read_history_runs(source, store=store)
        return read_history_pairs(source, store=store, root=request.root)
    if request.kind == "standardweb":
        from rater_desktop.batch_import.standardweb import read_standardweb_runs

        return read_standardweb_runs(source, store=store)
    if request.kind == "assistantbench":
        from rater_desktop.batch_import.assistantbench import read_assistantbench

        return read_assistantbench(source)
    raise ValueError(f"unknown import kind {request.kind!r}; choose one of {', '.join(KINDS)}")


def _check_source(request: ImportRequest) -> None:
    wants_folder = request.kind == "standardweb"
    if wants_folder and not request.source.is_dir():
        raise ImportOutputError(f"{request.source} is not a folder of runs.")
    if not wants_folder and not request.source.exists():
        raise ImportOutputError(f"{request.source} does not exist.")
    if request.kind != "browser-use" and not wants_folder and not request.source.is_file():
        raise ImportOutputError(f"{request.source} is not a file.")
    out = request.output.resolve()
    if out == request.source.resolve() or request.source.resolve() in out.parents:
        raise ImportOutputError("The output must not be inside the input; choose another place.")


def import_batch(request: ImportRequest, *, progress: Callable[[int], None] | None = None) -> ImportReport:
    """Write the batch; on no items or a failed validation nothing is left behind."""
    _check_source(request)
    writer = BatchWriter(request.output, batch_id=request.batch_id, title=request.title,
                         instructions=request.instructions, overwrite=request.overwrite)  # fmt: skip
    report = ImportReport(output=request.output)
    try:
        run_import(writer, _records(request, writer), progress=progress, report=report)
    except BaseException:
        writer.abandon()
        raise
    if report.items == 0:
        writer.abandon()
        return report
    writer.finish()
    # Every item passed the loader's item check as it was written; what is left of
    # `validate` is the batch as a whole: manifest, index (ids unique), instructions.
    report.validation = [p.render() for p in check_written_batch(request.output)]
    if report.validation:
        _remove(request.output)
    return report


def check_written_batch(path: Path) -> list[Any]:
    """Problems of the batch as a whole (what `validate` checks besides each item)."""
    from rater_desktop.batch.errors import BatchError
    from rater_desktop.batch.loader import open_batch

    try:
        with open_batch(path) as batch:
            problems: list[Any] = []
            try:
                batch.instructions_markdown()
            except BatchError as exc:
                problems.extend(exc.problems)
            return problems
    except BatchError as exc:
        return list(exc.problems)


def _remove(path: Path) -> None:
    if path.is_dir():
        shutil.rmtree(path, ignore_errors=True)
    else:
        path.unlink(missing_ok=True)
