"""Generic pairs from JSONL in one loop: the common line read, checked and written inline.

``import_pairs_jsonl`` gives the same batch and the same messages as ``run_import`` over
``read_generic`` (tests/core/test_pairs_fast.py compares both on hostile input). The file
is read in blocks of whole lines, each decoded once and scanned from line to line. A line
whose JSON object holds just the four mapped keys (prompt, two responses, id) as text is
handed straight to ``BatchWriter.add_plain_pair``, which runs the loader's item check (its
proven fast path) and the duplicate check; every other line, and any line that fast path
declines, goes through ``jsonl_row``, ``generic_item`` and ``feed_record``, the steps of
the general path, as its own bytes. What the loop saves is the per-line work of three
generators, a FlatItem, the field walk and a decode per line; nothing is checked less.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

from rater_desktop.batch_import.generic import (
    GZIP_ERRORS,
    MAX_LINE_BYTES,
    FieldMapping,
    _Compiled,
    _compiled,
    generic_item,
    jsonl_row,
    open_input,
    skip_line,
)
from rater_desktop.batch_import.jsonline import scan_once
from rater_desktop.batch_import.writer import (
    BatchWriter,
    ImportInputError,
    ImportReport,
    feed_record,
)

BLOCK_BYTES = 1 << 18
# A line of at most this many characters has at most MAX_LINE_BYTES bytes in UTF-8.
_SAFE_CHARS = MAX_LINE_BYTES // 4


def _plain_keys(plan: _Compiled) -> tuple[str, str, str, str] | None:
    """The keys of prompt, response_a, response_b and id when a JSON object of exactly
    these four keys leaves every other field empty (no constant fills one); else None."""
    if plan.keys is None or any(position >= 4 for position, _ in plan.constants):
        return None
    prompt, text_a, text_b, item_id = plan.keys[:4]
    if len({prompt, text_a, text_b, item_id}) != 4 or set(plan.keys[4:]) & set(plan.keys[:4]):
        return None
    return prompt, text_a, text_b, item_id


def _blocks(handle: BinaryIO, size: int) -> Iterator[bytes]:
    """The file in blocks of whole lines (the last line may lack its newline); a line
    over MAX_LINE_BYTES ends its block cut short (still over the limit, so refused) and its
    rest is skipped, never read whole."""
    while block := handle.read(size):
        if block[-1:] != b"\n":
            tail = handle.readline(MAX_LINE_BYTES + 1)
            if len(tail) > MAX_LINE_BYTES and not tail.endswith(b"\n"):
                skip_line(handle)
                tail += b"\n"  # the cut line ends here; the next block starts a new line
            block += tail
        yield block


def _split(block: bytes) -> list[bytes]:
    """The lines of a block as iterating the file gives them (split at b"\\n" only)."""
    parts = block.split(b"\n")
    lines = [part + b"\n" for part in parts[:-1]]
    return lines + [parts[-1]] if parts[-1] else lines


class _Loop:
    """The state of one import: lines seen, rows counted (read_generic's numbering)."""

    def __init__(self, writer: BatchWriter, path: Path, mapping: FieldMapping,
                 progress: Callable[[int], None] | None, report: ImportReport) -> None:  # fmt: skip
        self.writer, self.path, self.progress, self.report = writer, path, progress, report
        self.plan = _compiled(mapping)
        # No JSON key is a NUL: without plain keys no line takes the inline path.
        self.keys = _plain_keys(self.plan) or ("\0",) * 4
        self.number = 0  # lines read
        self.count = 0  # rows as read_generic numbers them: every line but the blank ones

    def general(self, raw: bytes) -> None:
        """One line the general way (its problem noted, or its item written)."""
        self.number += 1
        row = jsonl_row(self.path, self.number, raw)
        if row is not None:
            self.count += 1
            item = generic_item(self.path, row, self.plan, self.count)
            feed_record(self.writer, item, progress=self.progress, report=self.report,
                        source=self.path)  # fmt: skip

    def block(self, text: str) -> None:
        """The lines of one decoded block; the common line inline, the rest ``general``."""
        add_pair, skipped, scan, find = self.writer.add_plain_pair, self.report.skipped, scan_once, text.find
        prompt_key, a_key, b_key, id_key = self.keys
        pos, size = 0, len(text)
        while pos < size:
            stop = find("\n", pos)
            stop = size if stop < 0 else stop  # the line is text[pos:stop], then "\n"
            # Taken inline as loads_line takes it: the scanner consumes the line up to its
            # end (or a final "\r"), not past its newline; short enough to be under 8 MiB.
            try:
                record, end = scan(text, pos)
            except (StopIteration, ValueError, RecursionError):
                record = end = None
            if (type(record) is dict and len(record) == 4 and stop - pos < _SAFE_CHARS
                    and (end == stop or (end == stop - 1 and text[end] == "\r"))):  # fmt: skip
                get = record.get
                prompt, text_a, text_b = get(prompt_key), get(a_key), get(b_key)
                if (type(prompt) is str and type(text_a) is str and type(text_b) is str
                        and prompt and text_a and text_b
                        and not (prompt.isspace() or text_a.isspace() or text_b.isspace())):  # fmt: skip
                    try:
                        added = add_pair(get(id_key), prompt, text_a, text_b)
                    except ImportInputError as exc:
                        self.number, self.count = self.number + 1, self.count + 1
                        skipped.append(f"{self.path} line {self.number}: {exc}")
                        pos = stop + 1
                        continue
                    if added:
                        self.number, self.count = self.number + 1, self.count + 1
                        if self.progress is not None and self.writer.count % 10_000 == 0:
                            self.progress(self.writer.count)
                        pos = stop + 1
                        continue
            self.general(text[pos : stop + 1].encode("utf-8"))
            pos = stop + 1


def import_pairs_jsonl(
    writer: BatchWriter,
    path: Path,
    mapping: FieldMapping,
    *,
    progress: Callable[[int], None] | None,
    report: ImportReport,
    block_bytes: int = BLOCK_BYTES,
) -> None:
    """``run_import(writer, read_generic(path, mapping), ...)`` for a JSONL file, faster."""
    loop = _Loop(writer, path, mapping, progress, report)
    with open_input(path) as handle:
        try:
            for block in _blocks(handle, block_bytes):
                _feed(loop, block)
        except GZIP_ERRORS as exc:
            report.skipped.append(f"{path}: the gzip data is damaged after line {loop.number} ({exc})")
    report.items = writer.count


def _feed(loop: _Loop, block: bytes) -> None:
    try:
        text = block.decode("utf-8")
    except UnicodeDecodeError:  # each line on its own, as the general path reads it
        for raw in _split(block):
            loop.general(raw)
        return
    loop.block(text)


__all__ = ["BLOCK_BYTES", "import_pairs_jsonl"]
