"""Issue 13, item 2 in the window: a batch edited on disk while open is noticed when the
next item loads; the rater is told, the batch reopens and the changed-batch question
follows. Export from the window signs the rated batch's hash or refuses."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from integration_kit import make_rig

from rater_desktop.gui.batch_guard import BatchChangeChoice
from rater_desktop.rater_export import describe_export_failure, export_batch
from rater_desktop.results.binding import RatedBatchChangedError


def _edit_items_in_place(batch: Path) -> None:
    items_file = batch / "items.jsonl"
    lines = items_file.read_bytes().splitlines(keepends=True)
    first = json.loads(lines[0])
    first["prompt"] = "An edited prompt that is longer than before: " + first["prompt"]
    lines[0] = (json.dumps(first) + "\n").encode()
    with items_file.open("r+b") as handle:
        handle.write(b"".join(lines))
        handle.truncate()


def test_edit_on_disk_is_told_and_the_batch_reopens(qtbot: Any, make_window: Any,
                                                    tmp_path: Path, small_batch: Path,
                                                    memory_keyring: Any) -> None:
    asked: list[Any] = []
    told: list[str] = []
    reports: list[str] = []
    rig = make_rig(make_window, tmp_path, memory_keyring,
                   guard_ask=lambda _w, reg: asked.append(reg) or BatchChangeChoice.CANCEL,
                   guard_tell=lambda _w, text: told.append(text))
    rig.window._report_error = lambda _w, title, text, _d: reports.append(title)
    with qtbot.waitSignal(rig.parts["guard"].registered, timeout=5000):
        assert rig.window.open_batch_path(str(small_batch))
    first = rig.window.item.id
    rig.binding.service.set_main_goal("Find the cheapest kettle")
    rig.binding.service.flush()
    _edit_items_in_place(small_batch)
    rig.window.item_list.step(1)
    assert told and "changed on disk" in told[0]
    qtbot.waitUntil(lambda: bool(asked), timeout=5000)  # the reopened batch's hash differs
    assert asked[0].needs_confirmation
    qtbot.waitUntil(lambda: rig.window.batch is None, timeout=5000)  # the rater closed it
    assert reports == []  # never a "not valid JSON" or "cannot show item" message
    assert rig.real_store.load_item(asked[0].batch_key, first) is not None  # work kept


def test_window_export_refuses_a_batch_that_changed_since_rating(
        qtbot: Any, make_window: Any, tmp_path: Path, small_batch: Path,
        memory_keyring: Any) -> None:
    rig = make_rig(make_window, tmp_path, memory_keyring)
    with qtbot.waitSignal(rig.parts["guard"].registered, timeout=5000) as blocker:
        assert rig.window.open_batch_path(str(small_batch))
    rated = blocker.args[0].sha256
    service = rig.binding.service
    service.set_main_goal("Find the cheapest kettle")
    service.flush()
    batch = rig.window.batch
    (small_batch / "instructions.md").write_text("# Rewritten after rating\n")

    def run() -> Any:
        return export_batch(batch=batch, batch_path=str(small_batch), store=rig.real_store,
                            profile=rig.profile, rubric=service.rubric,
                            load_key=lambda: memory_keyring, include_incomplete=True,
                            out_path=tmp_path / "out", progress=lambda *_a: None)

    with pytest.raises(RatedBatchChangedError) as raised:
        run()
    text = describe_export_failure(raised.value)
    assert rated[:12] in text and "Keep my ratings" in text
    assert not (tmp_path / "out.results.json").exists()
