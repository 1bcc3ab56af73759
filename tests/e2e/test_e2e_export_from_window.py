"""End to end through the real startup wiring: a profile with an encrypted key file, the
window attaches the rating core and its store services, the sample batch is hashed and
registered, one item is rated, and File > Export results writes a file that verifies."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from window_kit import SAMPLES, StartWindow, export_verified


def test_export_from_the_real_window(qtbot: Any, tmp_path: Path,
                                     rater_window: StartWindow) -> None:
    started = rater_window(rater_id="e2e-rater", display_name="E2E", activate=False,
                           settings_name="settings.ini")
    window = started.window
    assert window.actions_.profile.isEnabled()
    sample = SAMPLES / "standardweb-runs"
    assert window.open_batch_path(str(sample))
    qtbot.waitUntil(lambda: window.batch_hash_label.text().startswith("Batch "), timeout=8000)
    binding = window.property("ratingBinding")
    binding.service.set_main_goal("Add the first in-stock headlamp to the cart")
    from rater_desktop.batch.hashing import batch_sha256

    export_verified(qtbot, started, tmp_path / "exports" / "mine.results.json",
                    include_incomplete=True, batch_sha256=batch_sha256(sample))
    window.close()
