"""``rater-desktop batch import KIND SOURCE --out BATCH``: a batch from real data."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from rater_desktop.batch.protocol import PROTOCOLS
from rater_desktop.cli.keys import EXIT_FAILED, EXIT_OK

KIND_HELP = {
    "pairs": "JSONL or CSV, one prompt and two responses per line (--map FIELD=PATH)",
    "chosen-rejected": "JSONL of chosen/rejected 'Human: ... Assistant: ...' transcripts",
    "browser-use": "browser-use AgentHistoryList files: a JSONL of {task, a, b} or a folder TASK/{task.txt, 2 x .json}",
    "standardweb": "a folder OBJECTIVE/{objective.json, AGENT/{history.json, report.json?, judge.json?}}",
    "assistantbench": "JSONL of {task, gold_answer, answers: {SYSTEM: ANSWER, ...}}",
    "computer-use": "Anthropic tool_use / OpenAI computer_call transcripts (.json): a JSONL of {task?, a, b} or a folder TASK/{task.txt?, 2 x .json}",
    "playwright-trace": "Playwright trace.zip files: a JSONL of {task, a, b} or a folder TASK/{task.txt, 2 x .zip}",
    "mind2web": "Mind2Web-style task records (one record per .json): a JSONL of {task?, a, b} or a folder TASK/{2 x .json}",
    "browsergym": "AgentLab/BrowserGym experiment folders (pickles never opened): a study folder (runs paired by task and seed), TASK/{task.txt, 2 x run}, or a JSONL of {task, a, b}",
}


def register(subparsers: Any) -> None:
    batch = subparsers.add_parser("batch", help="build batches from real data")
    actions = batch.add_subparsers(dest="batch_command", metavar="ACTION", required=True)
    kinds = "\n".join(f"  {k:16s} {v}" for k, v in KIND_HELP.items())
    run = actions.add_parser(
        "import",
        help="write a valid batch from pairs, preference data, agent runs or tasks",
        description="Write a batch (a folder, or a .zip when OUT ends in .zip) from SOURCE, "
        "one item at a time, then check it as `validate` does. Each bad input line or file "
        f"is reported and skipped.\n\nkinds:\n{kinds}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    run.add_argument("kind", choices=list(KIND_HELP))
    run.add_argument("source", type=Path)
    run.add_argument("--out", required=True, type=Path, help="batch folder or .zip to write")
    run.add_argument("--batch-id", help="batch id (default: the output's name)")
    run.add_argument("--title", help="title shown in the window (default: the batch id)")
    run.add_argument("--map", action="append", default=[], metavar="FIELD=PATH",
                     help="pairs: where a field comes from (dotted JSON path or CSV column)")  # fmt: skip
    run.add_argument("--identity-a", help="pairs: identity of every response A")
    run.add_argument("--identity-b", help="pairs: identity of every response B")
    run.add_argument("--root", type=Path, help="browser-use and agent-run kinds: folder the run files must be in")
    run.add_argument("--instructions", type=Path, help="Markdown instructions for the raters")
    run.add_argument("--protocol", choices=list(PROTOCOLS),
                     help="the batch's rating protocol (default: guideline); run-audit makes one "
                          "item per recorded run (browser-use, standardweb)")
    run.add_argument("--force", action="store_true", help="replace an existing output")
    run.add_argument("--copy-screenshots", action="store_true",
                     help="browser-use, standardweb: copy screenshot files into the batch; by default they "
                          "are hard-linked when the input is on the same disk (as fast as reading them, "
                          "no second copy on disk; the batch's SHA-256 still notices an input screenshot "
                          "edited in place later)")  # fmt: skip
    run.set_defaults(handler=run_batch_import)


def _request(args: argparse.Namespace) -> Any:
    from rater_desktop.batch_import.generic import clean_id
    from rater_desktop.batch_import.run import ImportRequest

    name = args.out.name[: -len(".zip")] if args.out.name.lower().endswith(".zip") else args.out.name
    batch_id = clean_id(args.batch_id or name, "imported-batch")
    constants = {k: v for k, v in (("identity_a", args.identity_a),
                                   ("identity_b", args.identity_b)) if v}  # fmt: skip
    instructions = None
    if args.instructions is not None:
        instructions = args.instructions.read_text(encoding="utf-8")
    return ImportRequest(kind=args.kind, source=args.source, output=args.out, batch_id=batch_id,
                         title=args.title or batch_id, mapping=list(args.map),
                         constants=constants, root=args.root, instructions=instructions,
                         overwrite=args.force, link_images=not args.copy_screenshots,
                         protocol=args.protocol)  # fmt: skip


def run_batch_import(args: argparse.Namespace) -> int:
    from rater_desktop.batch_import.run import import_batch
    from rater_desktop.batch_import.writer import ImportOutputError

    def progress(count: int) -> None:
        print(f"... {count:,} items written", file=sys.stderr, flush=True)

    try:
        report = import_batch(_request(args), progress=progress)
    except (ImportOutputError, ValueError, OSError, UnicodeDecodeError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_FAILED
    for problem in report.skipped[:200]:
        print(f"skipped: {problem}", file=sys.stderr)
    if len(report.skipped) > 200:
        print(f"skipped: ... and {len(report.skipped) - 200} more", file=sys.stderr)
    if report.items == 0:
        print("error: no item could be imported; nothing was written.", file=sys.stderr)
        return EXIT_FAILED
    if report.validation:
        print("error: the written batch did not pass validation; it was removed:", file=sys.stderr)
        for problem in report.validation[:50]:
            print(f"  {problem}", file=sys.stderr)
        return EXIT_FAILED
    print(f"Wrote {report.output} with {report.items:,} items"
          + (f" ({len(report.skipped)} input records skipped)" if report.skipped else ""))  # fmt: skip
    return EXIT_OK
