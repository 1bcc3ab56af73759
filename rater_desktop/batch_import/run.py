"""One import from start to end: read records, write the batch, validate it."""

from __future__ import annotations

import shutil
import zlib
from collections.abc import Callable, Iterator
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rater_desktop.batch.protocol import PROTOCOLS, RUN, item_shape
from rater_desktop.batch.quickcheck import FlatItem
from rater_desktop.batch_import.harnesses import HARNESS_KINDS, harness_records
from rater_desktop.batch_import.writer import (
    BatchWriter,
    ImportInputError,
    ImportOutputError,
    ImportReport,
    WrittenItems,
    run_import,
)

KINDS = ("pairs", "chosen-rejected", "browser-use", "standardweb", "assistantbench",
         *HARNESS_KINDS)
RUN_KINDS = ("browser-use", "standardweb", *HARNESS_KINDS)  # kinds that can write one recorded run per item
Records = Iterator[dict[str, Any] | FlatItem | ImportInputError]


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
    link_images: bool = True  # screenshot files hard-linked where the disk allows (writer.py)
    protocol: str | None = None  # the batch's rating protocol (None: the guideline)


def _records(request: ImportRequest, writer: BatchWriter) -> Records:
    def store(data: bytes | Path, where: str) -> str:
        return writer.store_image(data, where=where)

    source = request.source
    if item_shape(request.protocol) == RUN:
        return _run_records(request, store)
    if request.kind == "pairs":
        from rater_desktop.batch_import.generic import FieldMapping, read_generic

        return read_generic(source, FieldMapping.parse(request.mapping, request.constants))
    if request.kind == "chosen-rejected":
        from rater_desktop.batch_import.chosen_rejected import read_chosen_rejected

        return read_chosen_rejected(source)
    if request.kind == "browser-use":
        from rater_desktop.batch_import.browser_use import read_history_pairs, read_history_runs

        if source.is_dir():
            return read_history_runs(source, store=store, root=request.root)
        return read_history_pairs(source, store=store, root=request.root)
    if request.kind == "standardweb":
        from rater_desktop.batch_import.standardweb import read_standardweb_runs

        return read_standardweb_runs(source, store=store)
    if request.kind == "assistantbench":
        from rater_desktop.batch_import.assistantbench import read_assistantbench

        return read_assistantbench(source)
    if request.kind in HARNESS_KINDS:
        def store_checked(data: bytes, where: str) -> str:
            return writer.store_image(data, where=where)  # the writer checks the stored copy's header only

        return harness_records(request.kind, source, store=store_checked, root=request.root)
    raise ValueError(f"unknown import kind {request.kind!r}; choose one of {', '.join(KINDS)}")


def _run_records(request: ImportRequest, store: Callable[[bytes | Path, str], str]) -> Records:
    """One recorded run per item (a protocol that audits single runs)."""
    from rater_desktop.batch_import.single_runs import (
        read_browser_use_single_runs,
        read_standardweb_single_runs,
    )

    if request.kind == "standardweb":
        return read_standardweb_single_runs(request.source, store=store)
    if request.kind in HARNESS_KINDS:
        from rater_desktop.batch_import.harness_single_runs import read_harness_single_runs

        return read_harness_single_runs(request.kind, request.source, store=store, root=request.root)
    return read_browser_use_single_runs(request.source, store=store, root=request.root)


def check_protocol(kind: str, protocol: str | None) -> None:
    """A ValueError when ``kind`` cannot write items of ``protocol``'s shape."""
    if protocol is not None and protocol not in PROTOCOLS:
        raise ValueError(f"unknown protocol {protocol!r}; choose one of {', '.join(PROTOCOLS)}")
    if item_shape(protocol) == RUN and kind not in RUN_KINDS:
        raise ValueError(f"--protocol {protocol} needs one recorded run per item: import "
                         f"{' or '.join(RUN_KINDS)} runs; {kind} makes items of two responses")


def _check_source(request: ImportRequest) -> None:
    wants_folder = request.kind == "standardweb"
    if wants_folder and not request.source.is_dir():
        raise ImportOutputError(f"{request.source} is not a folder of runs.")
    if not wants_folder and not request.source.exists():
        raise ImportOutputError(f"{request.source} does not exist.")
    if request.kind not in ("browser-use", *HARNESS_KINDS) and not wants_folder and not request.source.is_file():
        raise ImportOutputError(f"{request.source} is not a file.")
    if request.source.is_file() and request.kind != "standardweb" and (
            request.kind != "pairs" or request.source.suffix.lower() != ".csv"):  # fmt: skip
        from rater_desktop.batch_import.generic import check_json_lines

        check_json_lines(request.source)  # one message for a JSON array, not one per line
    out = request.output.resolve()
    if out == request.source.resolve() or request.source.resolve() in out.parents:
        raise ImportOutputError("The output must not be inside the input; choose another place.")


def import_batch(request: ImportRequest, *, progress: Callable[[int], None] | None = None) -> ImportReport:
    """Write the batch; on no items or a failed validation nothing is left behind."""
    check_protocol(request.kind, request.protocol)
    _check_source(request)
    extra = {"format_version": "1.1", "protocol": request.protocol} if request.protocol else None
    writer = BatchWriter(request.output, batch_id=request.batch_id, title=request.title,
                         instructions=request.instructions, overwrite=request.overwrite,
                         link_images=request.link_images, manifest_extra=extra)  # fmt: skip
    report = ImportReport(output=request.output)
    try:
        if request.kind == "pairs" and request.source.suffix.lower() != ".csv" \
                and item_shape(request.protocol) != RUN:
            from rater_desktop.batch_import.generic import FieldMapping
            from rater_desktop.batch_import.pairs_fast import import_pairs_jsonl

            mapping = FieldMapping.parse(request.mapping, request.constants)
            import_pairs_jsonl(writer, request.source, mapping, progress=progress, report=report)
        else:
            run_import(writer, _records(request, writer), progress=progress, report=report,
                       source=request.source)
    except BaseException:
        writer.abandon()
        raise
    if report.items == 0:
        writer.abandon()
        return report
    try:
        writer.finish()
    except BaseException:
        writer.abandon()  # e.g. the disk filled up: no .partial is left behind
        raise
    report.validation = [p.render() for p in check_written_batch(request.output, writer.written)]
    if report.validation:
        _remove(request.output)
    return report


def check_written_batch(path: Path, written: WrittenItems | None = None) -> list[Any]:
    """The problems ``rater-desktop validate`` reports for the batch at ``path`` (errors).

    With ``written`` (the writer's record of items.jsonl) the items are not parsed again,
    and the result is still validate's: every line was checked as it was written with
    the loader's own item check (``parse_item`` or its proven fast path), on the very dict
    whose JSON encoding was written; the encoding reads back as that dict; each line fits
    the line limit and carries its id first where the index looks, ids are unique and at
    most max_items. What could still differ is the file itself, so it is read back whole
    and must match the written size and CRC-32: an items.jsonl changed or damaged after
    the write no longer matches and gets the full validation instead. The manifest, the
    container (zip) and the instructions are checked by the loader's code as validate does.
    """
    from rater_desktop.batch.container import open_source
    from rater_desktop.batch.errors import BatchError
    from rater_desktop.batch.limits import DEFAULT_LIMITS
    from rater_desktop.batch.loader import read_instructions, read_manifest

    if written is None:
        return _validate(path)
    limits = DEFAULT_LIMITS
    try:
        source = open_source(path, limits=limits)
        with closing(source):
            manifest, _warnings = read_manifest(source, limits)
            if manifest.items_file != written.name or not _items_match(source, written):
                return _validate(path)
            read_instructions(source, manifest, limits)
    except BatchError as exc:
        return list(exc.problems)
    return []


def _items_match(source: Any, written: WrittenItems) -> bool:
    """Whether the items file holds exactly the bytes written (any trouble reading: no)."""
    from rater_desktop.batch.errors import BatchError

    size, crc = 0, 0
    try:
        # No size limit of its own: a file longer than written is a mismatch anyway.
        for chunk in source.iter_chunks(written.name, max_bytes=written.size + 1):
            size, crc = size + len(chunk), zlib.crc32(chunk, crc)
    except BatchError:
        return False
    return (size, crc) == (written.size, written.crc32)


def _validate(path: Path) -> list[Any]:
    from rater_desktop.batch.validate import validate_batch

    return list(validate_batch(path).errors)


def _remove(path: Path) -> None:
    if path.is_dir():
        shutil.rmtree(path, ignore_errors=True)
    else:
        path.unlink(missing_ok=True)
