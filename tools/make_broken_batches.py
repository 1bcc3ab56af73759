"""Write sample_batches/broken/: one small invalid batch per failure kind.

Each case is ``<name>`` (a folder) or ``<name>.zip`` plus ``<name>.expected`` holding the
exact problem line ``rater-desktop validate`` must print for it (``--deep`` cases have a
first line ``# deep``). Run from the repository root: ``python tools/make_broken_batches.py``.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import stat
import struct
import sys
import zipfile
import zlib
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import batchkit  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "sample_batches" / "broken"


def files_with(items: list[dict[str, Any]] | None = None, **manifest: Any) -> dict[str, bytes]:
    return batchkit.batch_files(items or [batchkit.item("item-1"), batchkit.item("item-2")], **manifest)


def folder(name: str, files: dict[str, bytes], expected: str, *, deep: bool = False) -> None:
    batchkit.write_folder(OUT / name, files)
    _expect(name, expected, deep)


def zipped(name: str, files: dict[str, bytes], expected: str) -> None:
    batchkit.write_zip(OUT / f"{name}.zip", files)
    _expect(name, expected, False)


def _expect(name: str, expected: str, deep: bool) -> None:
    (OUT / f"{name}.expected").write_text(("# deep\n" if deep else "") + expected + "\n", encoding="utf-8")


def manifest_cases() -> None:
    files = files_with()
    del files["batch.json"]
    folder("no-manifest", files, "[no-manifest] batch.json: the batch has no batch.json at its top level. A batch needs batch.json next to items.jsonl (not inside a sub-folder).")
    files = files_with()
    files["batch.json"] = b'{"format": "rater-desktop-batch", "format_version": "1.0",\n "batch_id": "x" "title": "t"}'
    folder("manifest-bad-json", files, "[bad-json] batch.json:2: is not valid JSON: Expecting ',' delimiter line 2, column 18. Fix the JSON syntax (a JSON validator shows the spot).")
    folder("wrong-format", files_with(format="some-other-tool"), "[wrong-format] batch.json, field 'format': is 'some-other-tool', not 'rater-desktop-batch'. This file is not a Rater Desktop batch.")
    folder("unsupported-version", files_with(format_version="2.0"), "[unsupported-version] batch.json, field 'format_version': version 2.0 is not supported (this app reads version 1.x). Update Rater Desktop, or ask for the batch in format version 1.")
    files = files_with()
    manifest = json.loads(files["batch.json"])
    del manifest["batch_id"]
    files["batch.json"] = json.dumps(manifest).encode()
    folder("manifest-missing-id", files, "[missing-field] batch.json, field 'batch_id': is missing. Add this field.")
    folder("unknown-protocol", files_with(format_version="1.1", protocol="ranking"), "[unknown-protocol] batch.json, field 'protocol': 'ranking' is not a protocol this app knows (it knows: guideline, preference, run-audit). Set \"protocol\" to one of guideline, preference, run-audit, or update Rater Desktop.")
    folder("bad-batch-id", files_with(batch_id="has spaces!"), "[bad-id] batch.json, field 'batch_id': 'has spaces!' is not a valid id. Use 1-128 characters of letters, digits, '.', '_', ':' or '-'.")


def item_cases() -> None:
    files = files_with()
    lines = files["items.jsonl"].decode().splitlines()
    lines[1] = lines[1][:-1]
    files["items.jsonl"] = ("\n".join(lines) + "\n").encode()
    folder("item-bad-json", files, "[bad-json] items.jsonl:2: is not valid JSON: Expecting ',' delimiter at column 480. Fix the JSON syntax (a JSON validator shows the spot).")
    files = files_with()
    files["items.jsonl"] = files["items.jsonl"].replace(b"Find a red", b"Find a r\xe9d", 1)
    folder("item-bad-utf8", files, "[bad-utf8] items.jsonl:1: is not valid UTF-8 (byte 56). Save the file as UTF-8.")
    folder("duplicate-id", files_with([batchkit.item("item-1"), batchkit.item("item-1")]), "[duplicate-id] items.jsonl:2, item 'item-1': item id 'item-1' is used again (first on line 1). Give every item a unique id.")
    three = batchkit.item("item-3")
    three["responses"].append(batchkit.response("model-gamma", "A third answer."))
    folder("three-responses", files_with([batchkit.item("item-1"), three]), "[response-count] items.jsonl:2, item 'item-3', field 'responses': has 3 responses; an item needs exactly 2. Each item compares two responses (A and B).")
    files = files_with()
    del files["screens/item-2-b.png"]
    folder("missing-screenshot", files, "[missing-screenshot] items.jsonl:2, item 'item-2', field 'responses[1].screenshots[0].path': screenshot 'screens/item-2-b.png' is not in the batch. Add the image to the batch or fix the path.")
    for name, bad_path, reason in (
        ("screenshot-dotdot", "../../etc/passwd", "contains '..'"),
        ("screenshot-absolute", "/etc/passwd", "is absolute"),
        ("screenshot-backslash", "screens\\\\a.png", "contains a backslash (use '/' between folders)"),
        ("screenshot-drive-letter", "C:/Windows/win.ini", "starts with a drive letter"),
    ):
        bad = batchkit.item("item-2")
        bad["responses"][0]["screenshots"] = [{"path": bad_path.replace("\\\\", "\\"), "caption": "x"}]
        shown = repr(bad_path.replace("\\\\", "\\"))
        folder(name, files_with([batchkit.item("item-1"), bad]), f"[unsafe-path] items.jsonl:2, item 'item-2', field 'responses[0].screenshots[0].path': path {shown} {reason}. Paths in a batch must be relative, use '/', and stay inside the batch.")
    files = files_with()
    files["items.jsonl"] = b""
    folder("no-items", files, "[no-items] items.jsonl: the items file holds no items. Add at least one item line.")
    missing_prompt = batchkit.item("item-2")
    del missing_prompt["prompt"]
    folder("missing-prompt", files_with([batchkit.item("item-1"), missing_prompt]), "[missing-field] items.jsonl:2, item 'item-2', field 'prompt': is missing. Add this field.")


def image_cases() -> None:
    files = files_with()
    files["screens/item-1-a.png"] = b"This is a text file pretending to be a screenshot.\n"
    folder("image-not-an-image", files, "[bad-image] screens/item-1-a.png, item 'item-1': screens/item-1-a.png is not a PNG, JPEG or WebP image; it cannot be shown. Replace the image with a valid PNG, JPEG or WebP file.", deep=True)
    files = files_with()
    files["screens/item-1-a.png"] = files["screens/item-1-a.png"][:200]
    folder("image-truncated", files, "[bad-image] screens/item-1-a.png, item 'item-1': screens/item-1-a.png is damaged or truncated (image file is truncated); it cannot be shown. Replace the image with a valid PNG, JPEG or WebP file.", deep=True)
    files = files_with()
    files["screens/item-1-a.png"] = png_header_only(30_000, 30_000)
    folder("image-pixel-bomb", files, "[bad-image] screens/item-1-a.png, item 'item-1': screens/item-1-a.png is larger than the limit of 64 megapixels (20000 pixels a side); it is not decoded. Replace the image with a valid PNG, JPEG or WebP file.", deep=True)


def png_header_only(width: int, height: int) -> bytes:
    """A PNG whose header claims a huge size, with a tiny compressed body."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b"")


def zip_cases() -> None:
    (OUT / "not-a-zip.zip").write_bytes(b"PK\x03\x04 this is not really a zip file at all")
    _expect("not-a-zip", "[bad-zip] not-a-zip.zip: this is not a readable zip file (File is not a zip file). Re-create the zip, or open the batch folder instead.", False)
    files = files_with()
    files["../outside.txt"] = b"zip slip"
    zipped("zip-slip", files, "[unsafe-path] zip-slip.zip, field 'zip entry': path '../outside.txt' contains '..'. Paths in a batch must be relative, use '/', and stay inside the batch.")
    files = files_with()
    files["/etc/cron.d/evil"] = b"absolute"
    zipped("zip-absolute-entry", files, "[unsafe-path] zip-absolute-entry.zip, field 'zip entry': path '/etc/cron.d/evil' is absolute. Paths in a batch must be relative, use '/', and stay inside the batch.")
    write_symlink_zip()
    write_duplicate_zip()
    write_overlap_zip()
    files = files_with()
    files["items.jsonl"] = b" " * (40 * 1024 * 1024)
    zipped("zip-bomb-ratio", files, "[compression-ratio] items.jsonl: the entry expands more than 250 times. This looks like a zip bomb; do not use it.")


def write_symlink_zip() -> None:
    path = OUT / "zip-symlink-entry.zip"
    batchkit.write_zip(path, files_with())
    with zipfile.ZipFile(path, "a") as archive:
        info = zipfile.ZipInfo("screens/link.png", date_time=(2026, 1, 1, 0, 0, 0))
        info.external_attr = (stat.S_IFLNK | 0o777) << 16
        archive.writestr(info, "/etc/passwd")
    _expect("zip-symlink-entry", "[symlink-entry] screens/link.png: the zip entry is a symbolic link. Store the real file in the zip, not a link.", False)


def write_duplicate_zip() -> None:
    path = OUT / "zip-duplicate-entry.zip"
    files = files_with()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(batchkit.zip_entry(name), data)
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            archive.writestr(batchkit.zip_entry("items.jsonl"), b'{"id": "evil"}\n')
    path.write_bytes(buffer.getvalue())
    _expect("zip-duplicate-entry", "[duplicate-entry] items.jsonl: the zip holds this entry twice. Re-create the zip with standard tools; this one was tampered with.", False)


def write_overlap_zip() -> None:
    """Two central-directory entries that point at the same local data (Fifield-style)."""
    path = OUT / "zip-overlapping-entries.zip"
    files = files_with()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        for name, data in files.items():
            archive.writestr(batchkit.zip_entry(name, zipfile.ZIP_STORED), data)
        archive.writestr(batchkit.zip_entry("screens/zz-extra.png", zipfile.ZIP_STORED), files["screens/item-1-a.png"])
    data = bytearray(buffer.getvalue())
    # Point the last entry's central record at the first entry's local header.
    cd_offset = struct.unpack("<I", data[-6:-2])[0]
    position = cd_offset
    last_record = position
    while data[position : position + 4] == b"PK\x01\x02":
        last_record = position
        name_len, extra_len, comment_len = struct.unpack("<3H", data[position + 28 : position + 34])
        position += 46 + name_len + extra_len + comment_len
    struct.pack_into("<I", data, last_record + 42, 0)
    path.write_bytes(bytes(data))
    _expect("zip-overlapping-entries", "[overlapping-entries] screens/zz-extra.png: zip entries overlap each other. This zip was crafted to expand enormously; do not use it.", False)


def symlink_case() -> None:
    files = files_with()
    batchkit.write_folder(OUT / "folder-symlink-outside", files)
    target = OUT / "folder-symlink-outside" / "screens" / "item-1-a.png"
    target.unlink()
    os.symlink("/etc/hostname", target)
    _expect("folder-symlink-outside", "[symlink-outside] items.jsonl:1, item 'item-1', field 'responses[0].screenshots[0].path': the path leads outside the batch folder (through a symlink). Copy the real file into the batch instead of linking to it.", False)


def main() -> None:
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True)
    manifest_cases()
    item_cases()
    image_cases()
    zip_cases()
    symlink_case()
    (OUT / "README.md").write_text(
        "# Broken batches\n\nOne invalid batch per failure kind, made by `tools/make_broken_batches.py`.\n"
        "Each `NAME.expected` holds the exact problem line `rater-desktop validate` prints for it\n"
        "(a first line `# deep` means it needs `--deep`). `tests/core/test_broken_batches.py` checks them all.\n",
        encoding="utf-8",
    )


if __name__ == "__main__":
    main()
