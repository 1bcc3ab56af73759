"""Generate a large synthetic batch (folder or deflated zip) for load benchmarks.

    python benchmarks/make_large_batch.py --items 10000 --screenshots 4 --out benchmarks/out/big.zip --zip

Items carry realistic text (Markdown responses of 1-4 KB with lists and links, some
with trajectories and run reports). Screenshots are 1280x800 PNGs; only a few dozen
variants are rendered and their bytes are reused under distinct names, which is fine
for measuring how the loader scales with the number of files.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import shutil
import sys
import time
import zipfile
from pathlib import Path
from typing import Any, Protocol

WORDS = (
    "the price page cart shipping store product search result filter size colour review "
    "rating delivery checkout account order return policy stock available discount coupon "
    "umbrella lamp chair jacket kettle headphones backpack charger monitor keyboard desk "
    "found selected compared listed added opened clicked scrolled confirmed checked "
    "cheapest fastest lightest official reliable current verified matching exact total "
    "with for from under over about within before after between without across and or "
    "seller brand model warranty weight width height material battery screen cable box"
).split()
HOSTS = ("shop.example", "books.example", "travel.example", "news.example", "gov.example")
ACTIONS = ("navigate", "click", "type", "scroll", "select", "click", "wait")
VERDICTS = (
    "A_much_better", "A_better", "A_slightly_better", "about_same",
    "B_slightly_better", "B_better", "B_much_better",
)
WIDTH, HEIGHT = 1280, 800


class BatchWriter(Protocol):
    def add(self, name: str, data: bytes) -> None: ...

    def close(self) -> None: ...


class FolderWriter:
    """Writes batch files below a folder, creating sub-folders on demand."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._made: set[Path] = set()

    def add(self, name: str, data: bytes) -> None:
        path = self.root / name
        if path.parent not in self._made:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._made.add(path.parent)
        path.write_bytes(data)

    def close(self) -> None:
        return None


class ZipWriter:
    """Writes batch files into a deflated zip, as `zip -r` would."""

    def __init__(self, path: Path) -> None:
        self._zip = zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=6)

    def add(self, name: str, data: bytes) -> None:
        self._zip.writestr(name, data)

    def close(self) -> None:
        self._zip.close()


def render_variants(count: int) -> list[bytes]:
    """``count`` distinct, mostly flat 1280x800 PNGs that look vaguely like web pages."""
    from PIL import Image, ImageDraw

    variants: list[bytes] = []
    for number in range(count):
        rng = random.Random(number)
        image = Image.new("RGB", (WIDTH, HEIGHT), (248, 248, 250))
        draw = ImageDraw.Draw(image)
        bar = (rng.randrange(30, 90), rng.randrange(60, 140), rng.randrange(120, 200))
        draw.rectangle((0, 0, WIDTH, 56), fill=bar)
        draw.text((24, 20), f"{rng.choice(HOSTS)}  /  page {number}", fill=(255, 255, 255))
        for box in range(6):
            x, y = rng.randrange(20, 1000), rng.randrange(80, 650)
            grey = rng.randrange(200, 255)
            draw.rectangle(
                (x, y, x + rng.randrange(80, 260), y + rng.randrange(30, 140)),
                outline=(90, 90, 90), fill=(grey, grey, grey), width=2,
            )
            draw.text((x + 8, y + 8), f"Item {box}  ${rng.randrange(5, 99)}.99", fill=(20, 20, 20))
        out = io.BytesIO()
        image.save(out, format="PNG")
        variants.append(out.getvalue())
    return variants


def _sentence(rng: random.Random, low: int = 6, high: int = 16) -> str:
    words = rng.choices(WORDS, k=rng.randint(low, high))
    return " ".join(words).capitalize() + "."


def markdown_response(rng: random.Random, target_bytes: int) -> str:
    """Markdown of roughly ``target_bytes``: heading, paragraphs, lists and links."""
    parts = [f"## {_sentence(rng, 3, 6)[:-1]}", ""]
    size = 0
    while size < target_bytes:
        shape = rng.random()
        if shape < 0.4:
            block = " ".join(_sentence(rng) for _ in range(rng.randint(2, 4)))
        elif shape < 0.7:
            block = "\n".join(f"- **{rng.choice(WORDS)}**: {_sentence(rng, 4, 10)}" for _ in range(rng.randint(2, 5)))
        elif shape < 0.85:
            block = "\n".join(f"{k}. {_sentence(rng, 4, 9)}" for k in range(1, rng.randint(3, 5)))
        else:
            host = rng.choice(HOSTS)
            block = f"See [{rng.choice(WORDS)} on {host}](https://{host}/p/{rng.randrange(10**6)}) for details."
        parts.extend([block, ""])
        size += len(block) + 2
    return "\n".join(parts)


def _trajectory(rng: random.Random, shots: list[str]) -> list[dict[str, Any]]:
    steps: list[dict[str, Any]] = []
    host = rng.choice(HOSTS)
    for number in range(rng.randint(3, 6)):
        x, y = rng.randrange(20, 1100), rng.randrange(60, 700)
        steps.append({
            "action": "navigate" if number == 0 else rng.choice(ACTIONS),
            "target": _sentence(rng, 2, 4)[:-1],
            "url": f"https://{host}/step/{number}",
            "screenshot": shots[number % len(shots)],
            "viewport": {"width": WIDTH, "height": HEIGHT},
            "click": {"x": x + 20, "y": y + 10},
            "bbox": {"x": x, "y": y, "width": 120, "height": 32},
            "thought": _sentence(rng),
            "observation": _sentence(rng),
        })
    steps.append({"action": "done", "thought": _sentence(rng)})
    return steps


def _run_report(rng: random.Random, actions: int) -> dict[str, Any]:
    host = rng.choice(HOSTS)
    return {
        "host": host, "outcome": "completed", "checkpoints": ["C1", "C2", "C3", "C4"],
        "block": None, "item": {"name": _sentence(rng, 2, 4)[:-1], "price": "$19.99"},
        "final_url": f"https://{host}/cart", "actions": actions,
        "evidence": [_sentence(rng)], "notes": "",
    }


def _response(rng: random.Random, identity: str, shots: list[str], with_run: bool) -> dict[str, Any]:
    data: dict[str, Any] = {
        "identity": identity,
        "text": markdown_response(rng, rng.randint(1000, 4000)),
        "screenshots": [{"path": p, "caption": _sentence(rng, 3, 7)} for p in shots],
    }
    if with_run and shots:
        data["trajectory"] = _trajectory(rng, shots)
        data["run_report"] = _run_report(rng, len(data["trajectory"]))
    return data


def make_item(number: int, shots_per_item: int, rng: random.Random) -> tuple[dict[str, Any], list[str]]:
    """One item line and the screenshot paths it refers to."""
    item_id = f"item-{number:06d}"
    folder = f"screens/{number // 1000:03d}"
    half = (shots_per_item + 1) // 2
    shots = [f"{folder}/{item_id}-{'a' if k < half else 'b'}{k}.png" for k in range(shots_per_item)]
    item: dict[str, Any] = {"id": item_id}
    if number % 40 == 7:
        item["kind"] = "qualification"
    elif number % 101 == 13:
        item["kind"] = "attention"
    elif number % 2 == 0:
        item["kind"] = "standard"  # half the items leave the optional kind out
    item["prompt"] = _sentence(rng, 10, 24)
    if number % 3 == 0:
        item["context"] = markdown_response(rng, 300)
    item["responses"] = [
        _response(rng, "model-alpha", shots[:half], with_run=number % 4 == 0),
        _response(rng, "model-beta", shots[half:], with_run=number % 8 == 0),
    ]
    if item.get("kind") in ("qualification", "attention"):
        item["gold"] = {"expected_verdict": rng.choice(VERDICTS)}
        if item["kind"] == "attention":
            item["gold"]["attention_instruction"] = "Choose the verdict named in the prompt."
    return item, shots


def _manifest(items: int) -> dict[str, Any]:
    return {
        "format": "rater-desktop-batch",
        "format_version": "1.0",
        "batch_id": f"bench-{items}",
        "title": f"Benchmark batch ({items} items)",
        "created": "2026-11-30T09:00:00Z",
        "instructions": "instructions.md",
    }


def generate(*, items: int, screenshots: int, out: Path, as_zip: bool, variants: int = 50,
             seed: int = 1) -> dict[str, float]:
    """Write the batch to ``out``; return counts and sizes for the caller to print."""
    started = time.perf_counter()
    images = render_variants(variants)
    rng = random.Random(seed)
    writer: BatchWriter = ZipWriter(out) if as_zip else FolderWriter(out)
    lines: list[bytes] = []
    image_bytes = 0
    try:
        writer.add("batch.json", json.dumps(_manifest(items), indent=2).encode())
        writer.add("instructions.md", b"# Instructions\n\nCompare A and B and rate them.\n")
        for number in range(items):
            item, shots = make_item(number, screenshots, rng)
            lines.append(json.dumps(item, ensure_ascii=False).encode() + b"\n")
            for k, name in enumerate(shots):
                data = images[(number * screenshots + k) % len(images)]
                writer.add(name, data)
                image_bytes += len(data)
        items_blob = b"".join(lines)
        writer.add("items.jsonl", items_blob)
    finally:
        writer.close()
    return {
        "items": items, "screenshots": items * screenshots,
        "items_file_mb": len(items_blob) / 1e6, "image_mb": image_bytes / 1e6,
        "seconds": time.perf_counter() - started,
    }


def _prepare(out: Path, *, force: bool) -> None:
    if out.exists():
        if not force:
            sys.exit(f"{out} already exists; pass --force to replace it.")
        if out.is_dir():
            shutil.rmtree(out)
        else:
            out.unlink()
    out.parent.mkdir(parents=True, exist_ok=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--items", type=int, default=10_000)
    parser.add_argument("--screenshots", type=int, default=4, help="screenshots per item")
    parser.add_argument("--out", type=Path, required=True, help="folder, or .zip with --zip")
    parser.add_argument("--zip", action="store_true", help="write a deflated zip")
    parser.add_argument("--variants", type=int, default=50, help="distinct PNGs to render")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--force", action="store_true", help="replace --out if it exists")
    args = parser.parse_args(argv)
    _prepare(args.out, force=args.force)
    stats = generate(items=args.items, screenshots=args.screenshots, out=args.out,
                     as_zip=args.zip, variants=args.variants, seed=args.seed)
    size = args.out.stat().st_size / 1e6 if args.zip else stats["image_mb"] + stats["items_file_mb"]
    print(
        f"wrote {args.out}: {stats['items']} items, {stats['screenshots']} screenshots, "
        f"items file {stats['items_file_mb']:.1f} MB, total {size:.0f} MB "
        f"in {stats['seconds']:.1f} s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
