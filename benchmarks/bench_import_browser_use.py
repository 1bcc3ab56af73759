"""browser-use import speed: histories with screenshot files vs reading the same input alone.

    python benchmarks/bench_import_browser_use.py [--steps 1000] [--tiny]

Input: a pairs JSONL of items, each two browser-use histories (0.13 shape) of 50 steps,
every step with its own 1280x800 PNG screenshot file beside the history. Floor: what any
importer must do, json.loads every history and read every screenshot file. The import
reads, checks every screenshot (format by content, dimensions from the header), writes
the batch and validates it. Second: a 10,000-step history refused for its step count,
against json.loads of that history alone (the limit is checked before any image is read).
Times are wall clock and CPU of this process, best of --repeat runs.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402

from rater_desktop.batch_import.run import ImportRequest, import_batch  # noqa: E402

STEPS_PER_HISTORY = 50


def screenshot(seed: int) -> bytes:
    """A 1280x800 PNG with a page-like mix of flat areas and noise (~100-300 KB)."""
    import io

    rng = random.Random(seed)
    image = Image.new("RGB", (1280, 800), (250, 250, 250))
    noise = Image.frombytes("RGB", (1280, 120), rng.randbytes(1280 * 120 * 3))
    image.paste(noise, (0, rng.randrange(0, 680)))
    for _ in range(30):
        x, y = rng.randrange(0, 1200), rng.randrange(0, 760)
        image.paste((rng.randrange(256), rng.randrange(256), rng.randrange(256)), (x, y, x + 80, y + 30))
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def entry(number: int, shot: str) -> dict[str, object]:
    action = {"click": {"index": number}} if number % 2 else {"navigate": {"url": f"https://shop.example/{number}"}}
    return {"model_output": {"thinking": "Looking for the lamp.", "evaluation_previous_goal": "Success",
                             "memory": "On the shop.", "next_goal": "Click the next link.", "action": [action]},
            "result": [{"is_done": False, "extracted_content": f"Step {number} done.",
                        "metadata": {"click_x": 100, "click_y": 200}}],
            "state": {"url": f"https://shop.example/{number}", "title": "Shop", "interacted_element": [None],
                      "screenshot_path": shot},
            "metadata": {"step_start_time": 1.0, "step_end_time": 2.0, "step_number": number}}  # fmt: skip


def make_input(folder: Path, steps: int) -> tuple[Path, list[Path], list[Path]]:
    """(pairs file, history files, screenshot files) for ``steps`` steps in all."""
    images = [screenshot(seed) for seed in range(20)]
    histories, shots, lines = [], [], []
    for item in range(max(1, steps // (2 * STEPS_PER_HISTORY))):
        names = []
        for side in ("a", "b"):
            name = f"run-{item:04d}-{side}"
            (folder / name).mkdir(parents=True)
            entries = []
            for number in range(1, STEPS_PER_HISTORY + 1):
                shot = folder / name / f"step_{number}.png"
                shot.write_bytes(images[(item * 7 + number) % len(images)])
                shots.append(shot)
                entries.append(entry(number, f"{name}/step_{number}.png"))
            history = folder / f"{name}.json"
            history.write_text(json.dumps({"history": entries}))
            histories.append(history)
            names.append(history.name)
        lines.append(json.dumps({"id": f"item-{item}", "task": "Buy a lamp.", "a": names[0], "b": names[1]}))
    pairs = folder / "pairs.jsonl"
    pairs.write_text("\n".join(lines) + "\n")
    return pairs, histories, shots


def best(repeat: int, run: Callable[[], object]) -> tuple[float, float]:
    """Best (wall, CPU) seconds of ``repeat`` runs."""
    times = []
    for _ in range(repeat):
        started, cpu = time.perf_counter(), time.process_time()
        run()
        times.append((time.perf_counter() - started, time.process_time() - cpu))
    return min(t[0] for t in times), min(t[1] for t in times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--steps", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--tiny", action="store_true", help="a few seconds (CI): 100 steps, 1,200-step refusal")
    args = parser.parse_args()
    steps, big = (100, 1200) if args.tiny else (args.steps, 10_000)
    with tempfile.TemporaryDirectory(prefix="bench-bu-") as tmp:
        folder = Path(tmp) / "in"
        pairs, histories, shots = make_input(folder, steps)
        out = Path(tmp) / "out"

        def floor() -> None:
            for history in histories:
                json.loads(history.read_bytes())
            for shot in shots:
                shot.read_bytes()

        def run(link: bool) -> None:
            shutil.rmtree(out, ignore_errors=True)
            report = import_batch(ImportRequest(kind="browser-use", source=pairs, output=out,
                                                batch_id="bench", title="bench", link_images=link))  # fmt: skip
            assert report.ok and not report.skipped, report.skipped[:3] + report.validation[:3]

        def copy() -> None:  # for scale: copying the screenshot bytes alone, nothing else
            shutil.rmtree(out, ignore_errors=True)
            out.mkdir()
            for number, shot in enumerate(shots):
                shutil.copyfile(shot, out / f"{number}.png")

        floor()  # warm the page cache for both
        floor_wall, floor_cpu = best(args.repeat, floor)
        size = sum(s.stat().st_size for s in shots) / 2**20
        print(f"{len(shots)} steps with screenshots ({size:.0f} MiB); floor (json.loads + read the files) "
              f"{floor_wall:.2f} s wall / {floor_cpu:.2f} s CPU")
        for label, work in (("import --copy-screenshots", lambda: run(False)), ("import (hard links, default)", lambda: run(True)),
                            ("copying the files alone", copy)):  # fmt: skip
            wall, cpu = best(args.repeat, work)
            print(f"  {label:26s} {wall:6.2f} s / {cpu:5.2f} s = {wall / floor_wall:5.2f}x / {cpu / floor_cpu:5.2f}x")

        huge = folder / "huge.json"
        huge.write_text(json.dumps({"history": [entry(n, "run-0000-a/step_1.png") for n in range(1, big + 1)]}))
        shutil.copy(histories[1], folder / "ok.json")
        big_pairs = folder / "big.jsonl"
        big_pairs.write_text(json.dumps({"task": "t", "a": "ok.json", "b": "huge.json"}) + "\n")

        def refuse() -> None:
            shutil.rmtree(out, ignore_errors=True)
            report = import_batch(ImportRequest(kind="browser-use", source=big_pairs, output=out,
                                                batch_id="bench", title="bench"))  # fmt: skip
            assert report.items == 0 and "more than the 1000" in report.skipped[0], report.skipped

        json_wall, _ = best(args.repeat, lambda: json.loads(huge.read_bytes()))
        refuse_wall, _ = best(args.repeat, refuse)
        print(f"{big}-step history refused in {refuse_wall:.3f} s; json.loads of it alone {json_wall:.3f} s "
              f"= {refuse_wall / json_wall:.2f}x")


if __name__ == "__main__":
    main()
