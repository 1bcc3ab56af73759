"""Generic pairs from JSONL in one loop: the common line read, checked and written inline.

``import_pairs_jsonl`` gives the same batch and the same messages as ``run_import`` over
``read_generic`` (tests/core/test_pairs_fast.py compares both on hostile input). A line
whose JSON object holds just the four mapped keys (prompt, two responses, id) as text is
handed straight to ``BatchWriter.add_plain_pair``, which runs the loader's item check (its
proven fast path) and the duplicate check; every other line, and any line that fast path
declines, goes through ``jsonl_row``, ``generic_item`` and ``feed_record``, the steps of
the general path, one call each. What the loop saves is the per-line work of three
generators, a FlatItem and the field walk; nothing is checked less.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rater_desktop.batch_import.generic import (
    MAX_LINE_BYTES,
    FieldMapping,
    _Compiled,
    _compiled,
    generic_item,
    jsonl_row,
)
from rater_desktop.batch_import.jsonline import LINE_ENDS, scan_once
from rater_desktop.batch_import.writer import (
    BatchWriter,
    ImportInputError,
    ImportReport,
    feed_record,
)


def _plain_keys(plan: _Compiled) -> tuple[str, str, str, str] | None:
    """The keys of prompt, response_a, response_b and id when a JSON object of exactly
    these four keys leaves every other field empty (no constant fills one); else None."""
    if plan.keys is None or any(position >= 4 for position, _ in plan.constants):
        return None
    prompt, text_a, text_b, item_id = plan.keys[:4]
    if len({prompt, text_a, text_b, item_id}) != 4 or set(plan.keys[4:]) & set(plan.keys[:4]):
        return None
    return prompt, text_a, text_b, item_id


def import_pairs_jsonl(
    writer: BatchWriter,
    path: Path,
    mapping: FieldMapping,
    *,
    progress: Callable[[int], None] | None,
    report: ImportReport,
) -> None:
    """``run_import(writer, read_generic(path, mapping), ...)`` for a JSONL file, faster."""
    plan = _compiled(mapping)
    keys = _plain_keys(plan)
    if keys is None:
        keys = ("\0",) * 4  # no JSON key is a NUL, so no line takes the inline path
    prompt_key, a_key, b_key, id_key = keys
    add_pair, skipped, scan, ends = writer.add_plain_pair, report.skipped, scan_once, LINE_ENDS
    count = 0  # the rows read_generic numbers: every line but the blank ones
    with path.open("rb") as handle:
        for number, raw in enumerate(handle, start=1):
            # The line as loads_line reads it when the C scanner takes it whole: else
            # (BOM, blanks, trailing data, errors, too long) the general path reads it.
            try:
                text = raw.decode("utf-8")
                record, end = scan(text, 0)
            except (UnicodeDecodeError, StopIteration, ValueError, RecursionError):
                record = end = None
            if (type(record) is dict and len(record) == 4 and text[end:] in ends
                    and len(raw) <= MAX_LINE_BYTES):  # fmt: skip
                get = record.get
                prompt, text_a, text_b = get(prompt_key), get(a_key), get(b_key)
                if (type(prompt) is str and type(text_a) is str and type(text_b) is str
                        and prompt and text_a and text_b
                        and not (prompt.isspace() or text_a.isspace() or text_b.isspace())):  # fmt: skip
                    try:
                        added = add_pair(get(id_key), prompt, text_a, text_b)
                    except ImportInputError as exc:
                        count += 1
                        skipped.append(f"{path} line {number}: {exc}")
                        continue
                    if added:
                        count += 1
                        if progress is not None and writer.count % 10_000 == 0:
                            progress(writer.count)
                        continue
            row = jsonl_row(path, number, raw)
            if row is not None:
                count += 1
                item = generic_item(path, row, plan, count)
                feed_record(writer, item, progress=progress, report=report, source=path)
    report.items = writer.count


__all__ = ["import_pairs_jsonl"]
