"""Issue 13, item 5: the read-only second window on a profile keeps the rater's display
order and the response cover, like the window that rates."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from batchkit import batch_files, write_folder
from steps_kit import rating_items

from rater_desktop import appdirs, profiles
from rater_desktop.gui import startup
from rater_desktop.gui.steps.cover import ResponseCover
from rater_desktop.rating.display_order import display_order


def _attached(qtbot: Any, window: Any, key: str) -> Any:
    qtbot.waitUntil(lambda: window.property(key) is not None, timeout=5000)
    return window.property(key)


def test_second_window_uses_the_raters_order_and_cover(
        qtbot: Any, make_window: Any, tmp_path: Path, memory_keyring: Any,
        monkeypatch: pytest.MonkeyPatch) -> None:
    profiles.create_profile(rater_id="dee", display_name="Dee", keyring=memory_keyring,
                            data_dir=appdirs.data_dir())
    monkeypatch.setattr(startup.QMessageBox, "warning", lambda *_a: None)
    batch = write_folder(tmp_path / "b", batch_files(rating_items(8)))
    first = make_window()
    startup.attach_rating(first)
    binding = _attached(qtbot, first, "ratingBinding")
    assert first.open_batch_path(str(batch))
    second = make_window()
    done: list[bool] = []
    startup.attach_rating(second, then=lambda: done.append(True))
    qtbot.waitUntil(lambda: done == [True], timeout=5000)
    assert second.property("ratingBinding") is None  # read-only: nothing can be written
    assert second.open_batch_path(str(batch))
    covers = second.findChildren(ResponseCover)
    assert len(covers) == 1
    cover = covers[0]
    seed = second.batch.manifest.display_seed
    swapped = 0
    for n in range(1, 9):
        item_id = f"item-{n}"
        assert first.item_list.select_item(item_id) and second.item_list.select_item(item_id)
        expected = display_order(batch_seed=seed, rater_id="dee", item_id=item_id).true_indices
        assert second.item_view.display_order == first.item_view.display_order == expected
        assert cover.covering and not cover.isHidden()  # no case file yet
        swapped += expected == (1, 0)
    assert 0 < swapped < 8  # the seed gives both orders here, so the check can fail

    # The rater writes the case file in the first window: the second one uncovers.
    assert first.item_list.select_item("item-1")
    service = binding.service
    service.rating.revealed = True  # what passing CF-1/CF-2 and moving on records
    binding.store.save_item(service.batch_key, "item-1", service.rating.to_dict())
    binding.store.flush()
    assert second.item_list.select_item("item-2") and cover.covering
    assert second.item_list.select_item("item-1")
    assert not cover.covering
    first.close()
    second.close()


def test_second_window_does_not_cover_a_batch_without_a_case_file(
        make_window: Any, tmp_path: Path, sample_batches_dir: Path) -> None:
    # Found walking the preference sample in a second window: its responses stayed
    # covered for good, under "... once this item's case file is written there" (a
    # preference judgment has no case file; the window that rates shows them at once).
    from rater_desktop.gui.read_only_view import ReadOnlyView

    window = make_window()
    view = ReadOnlyView(window, rater_id="dee", data_dir=tmp_path, peek=lambda **_k: None)
    assert window.open_batch_path(str(sample_batches_dir / "preference-quick"))
    assert not view.cover.covering
    assert window.open_batch_path(str(sample_batches_dir / "consumer-tasks"))
    assert view.cover.covering  # a guideline item: covered until its case file is written
