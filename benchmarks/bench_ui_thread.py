"""How long the window's thread is held by the rules and the text display on hostile
items: per item display and per keystroke, over an adversarial corpus (issue 23).

    python benchmarks/bench_ui_thread.py [--tiny] [--units N] [--json PATH]

The corpus: every hostile unit of ``rating.detect.hostile.UNITS`` repeated to the batch's
limit (20,000 characters) as both responses of one item, plus three long ordinary
answers. In the real window (offscreen, rating binding attached, a fresh profile):

- display: the item is selected in the item list; the event loop then runs until it is
  idle and the rules' worker (if any) has delivered;
- keystroke: one character added to a field already holding 20,000 hostile characters
  (the main goal on the case file page, the AIP justification on its page, the final
  justification on the verdict page), through the service as the field's edit handler
  calls it, then the same wait.

A 5 ms QTimer measures the longest gap between its ticks while that happens: the
longest the thread could not react to the rater. The floor is the same meter over an
idle stretch of the event loop in the same run (timer jitter and the machine's load);
ratios are against it. ``--tiny`` (a few units, seconds) is for CI: it only checks the
benchmark still runs. No threshold is asserted anywhere.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from bench_window import StallMeter, build_window, run_until  # noqa: E402


class CpuStallMeter(StallMeter):
    """The 5 ms timer also reads this thread's CPU clock: a gap's CPU time is how long
    the window's thread itself worked through it, whatever else loads the machine."""

    def __init__(self) -> None:
        super().__init__()
        self.cpu_gaps: list[float] = []
        self._cpu_taken = 0
        self._last_cpu = time.thread_time()

    def start(self) -> None:
        self.cpu_gaps.clear()
        self._cpu_taken = 0
        self._last_cpu = time.thread_time()
        super().start()

    def _tick(self) -> None:
        now = time.thread_time()
        self.cpu_gaps.append((now - self._last_cpu) * 1000)
        self._last_cpu = now
        super()._tick()

    def take_max_both(self) -> tuple[float, float]:
        wall = self.take_max()
        cpu = max(self.cpu_gaps[self._cpu_taken:], default=0.0)
        self._cpu_taken = len(self.cpu_gaps)
        return wall, cpu

ORDINARY = (
    "I searched the shop for wide running shoes and opened each product page. " * 250,
    "| Shoe | Price | Stock |\n|---|---|---|\n" + "| Pacer Glide 5 Wide | $109.95 | In stock |\n" * 350,
    "- Step {n}: clicked the size filter and checked the price.\n" * 300,
)
FIELDS = (("main_goal", "CASE_FILE", "caseFileMainGoal"),
          ("tc_justification", "TASK_COMPLETION", "tcJustification{A}"),
          ("aip_justification", "AI_PERFORMANCE", "aipJustification{A}"),
          ("verdict_justification", "VERDICT", "verdictJustification"))


def corpus(units: int | None, ordinary: int = len(ORDINARY)) -> list[tuple[str, str]]:
    """(label, text) pairs: hostile units at the limit, then ordinary long answers."""
    from rater_desktop.rating.detect.hostile import TEXT_LIMIT, UNITS, repeated

    chosen = UNITS if units is None else UNITS[:units]
    texts = [(repr(unit), repeated(unit, TEXT_LIMIT)) for unit in chosen]
    texts += [(f"ordinary {n + 1}", text[:TEXT_LIMIT]) for n, text in enumerate(ORDINARY[:ordinary])]
    return texts


def write_batch(root: Path, texts: list[tuple[str, str]]) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    manifest = {"format": "rater-desktop-batch", "format_version": "1.0",
                "batch_id": "hostile-ui", "title": "Hostile texts", "created": "2026-12-01T00:00:00Z"}
    (root / "batch.json").write_text(json.dumps(manifest), encoding="utf-8")
    lines = [json.dumps({"id": f"h-{n:03d}", "prompt": f"Hostile text {label}",
                         "responses": [{"identity": "a", "text": text},
                                       {"identity": "b", "text": text}]})
             for n, (label, text) in enumerate(texts)]
    (root / "items.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


def settled(binding: Any) -> bool:
    """No rules and no Markdown still being worked out off the window's thread (the
    workers are absent before issue 23: then everything was done on it)."""
    workers = [getattr(binding, "rule_worker", None)]
    for pane in binding.window.item_view.panes.values():
        workers += [getattr(pane, "_markdown", None), getattr(pane, "_fill", None)]
    return not any(w is not None and w.busy for w in workers)


def measure(meter: CpuStallMeter, binding: Any, action: Any) -> tuple[float, float]:
    """The longest stall (wall, CPU ms) while ``action`` runs and its work settles."""
    from PySide6.QtCore import QTimer

    meter.take_max_both()
    QTimer.singleShot(0, action)
    run_until(lambda: settled(binding), timeout_s=60)
    run_until(lambda: settled(binding), timeout_s=60)  # a delivery may queue more
    return meter.take_max_both()


def keystroke(binding: Any, field: str, step_name: str, widget: str, text: str) -> Any:
    """(prepare, type one character): the field's editor as the rater types into it."""
    from PySide6.QtGui import QTextCursor
    from PySide6.QtWidgets import QPlainTextEdit

    from rater_desktop.rating.model import Step

    service = binding.service

    def prepare() -> None:  # not measured: a field already full of hostile text, shown
        rating = service.rating
        rating.revealed = True
        rating.current_step = Step[step_name]
        if field == "main_goal":
            service.set_main_goal(text)
        elif field == "tc_justification":
            service.set_tc_justification(0, text)
        elif field == "aip_justification":
            service.set_aip_justification(0, text)
        else:
            service.set_verdict_justification(text)

    def type_one() -> None:
        name = widget.format(A=service.order.display_label(0))
        editor = binding.panel.findChild(QPlainTextEdit, name)
        assert editor is not None, name
        cursor = editor.textCursor()
        cursor.movePosition(QTextCursor.MoveOperation.End)
        editor.setTextCursor(cursor)
        editor.insertPlainText("x")  # what a key press does: textChanged -> the service

    return prepare, type_one


def floor(meter: CpuStallMeter, binding: Any, seconds: float = 0.3) -> tuple[float, float]:
    end = time.perf_counter() + seconds
    return measure(meter, binding, lambda: run_until(lambda: time.perf_counter() > end))


class GcClock:
    """The longest garbage collection pass (they run on whichever thread allocates)."""

    def __init__(self) -> None:
        import gc

        self.longest = {0: 0.0, 1: 0.0, 2: 0.0}
        self._started = 0.0
        gc.callbacks.append(self._event)

    def _event(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            spent = (time.perf_counter() - self._started) * 1000
            generation = info["generation"]
            self.longest[generation] = max(self.longest[generation], spent)


def run(units: int | None, ordinary: int = len(ORDINARY), *, freeze: bool = True) -> dict[str, Any]:
    import gc

    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    home = Path(tempfile.mkdtemp(prefix="bench-ui-thread-"))
    os.environ["RATER_DESKTOP_HOME"] = str(home)
    texts = corpus(units, ordinary)
    batch = write_batch(home / "batch", texts)
    window, binding, _ = build_window(str(batch), home)
    if freeze:  # as the app does once the rating core is attached (gc_pauses.py)
        from rater_desktop.gc_pauses import freeze_startup

        freeze_startup()
    gc_clock = GcClock()
    meter = CpuStallMeter()
    meter.start()
    idle = [floor(meter, binding) for _ in range(3)]
    display: list[tuple[tuple[float, float], str]] = []
    keys: list[tuple[tuple[float, float], str]] = []
    ids = [entry.item_id for entry in window.batch.index]
    for item_id, (label, text) in zip(ids, texts, strict=True):
        display.append((measure(meter, binding, lambda i=item_id: window.item_list.select_item(i)), label))
        for field, step, widget in FIELDS:
            prepare, type_one = keystroke(binding, field, step, widget, text)
            measure(meter, binding, prepare)
            keys.append((measure(meter, binding, type_one), f"{field} {label}"))
        # leave the item as found, so the next display starts from a fresh rating
        measure(meter, binding, lambda: binding.service.set_main_goal(""))
    meter.stop()
    binding.shutdown()
    app.processEvents()
    return {"floor_ms": statistics.median(w for w, _ in idle),
            "floor_cpu_ms": statistics.median(c for _, c in idle),
            "display": display, "keystroke": keys, "gc_ms": gc_clock.longest,
            "frozen": gc.get_freeze_count()}


def summary(result: dict[str, Any]) -> str:
    base, base_cpu = max(result["floor_ms"], 1e-3), max(result["floor_cpu_ms"], 1e-3)
    lines = [f"floor (idle event loop, 5 ms timer): wall {base:.1f} ms, CPU {base_cpu:.1f} ms",
             "longest garbage collection (wall ms) by generation: "
             + ", ".join(f"{g}: {v:.1f}" for g, v in sorted(result["gc_ms"].items()))
             + f" ({result['frozen']} objects frozen after start-up)"]
    for kind in ("display", "keystroke"):
        for name, index, floor_value in (("wall", 0, base), ("CPU", 1, base_cpu)):
            stalls = sorted(((s[index], label) for s, label in result[kind]), reverse=True)
            values = [v for v, _ in stalls]
            over = sum(v > 50 for v in values)
            lines.append(
                f"{kind} ({name}): {len(values)} cases, median {statistics.median(values):.1f} ms, "
                f"worst {values[0]:.1f} ms ({values[0] / floor_value:.1f} x floor) on "
                f"{stalls[0][1]}, {over} over 50 ms")
            lines += [f"    {v:8.1f} ms  {label}" for v, label in stalls[:3]]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tiny", action="store_true",
                        help="2 hostile units and 1 ordinary answer (seconds; for CI)")
    parser.add_argument("--units", type=int, help="only the first N hostile units")
    parser.add_argument("--json", type=Path, help="write the raw stalls here")
    parser.add_argument("--no-freeze", action="store_true",
                        help="leave start-up's objects to the garbage collector (as before)")
    args = parser.parse_args()
    freeze = not args.no_freeze
    result = run(2, 1, freeze=freeze) if args.tiny else run(args.units, freeze=freeze)
    print(summary(result))
    if args.json:
        args.json.write_text(json.dumps(result, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
