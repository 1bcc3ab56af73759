"""Screenshots of the preference window for the docs, taken on a virtual screen.

    xvfb-run -a -s "-screen 0 1366x768x24" .venv/bin/python tools/take_preference_screenshots.py 1366 768 light --docs
    xvfb-run -a -s "-screen 0 1920x1080x24" .venv/bin/python tools/take_preference_screenshots.py 1920 1080 dark --docs

The window is maximised on that screen with both rating bindings (as the app builds it)
on sample_batches/preference-quick; the first item is judged with the keys' actions (a
choice, then an explanation) and the window grabs itself into ``OUT`` (default
/tmp/shots). ``--docs`` copies the judged state to docs/screenshot-preference-WIDTH.png.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("width", type=int)
    parser.add_argument("height", type=int)
    parser.add_argument("theme", nargs="?", default="light", choices=["light", "dark"])
    parser.add_argument("--out", default="/tmp/shots")
    parser.add_argument("--docs", action="store_true", help="copy the judged state to docs/")
    args = parser.parse_args()

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    app = QApplication(sys.argv)
    from rater_desktop.gui.app import create_main_window
    from rater_desktop.gui.preference.binding import PreferenceBinding
    from rater_desktop.gui.rating_binding import RatingBinding
    from rater_desktop.gui.theme import apply_theme
    from rater_desktop.rating.store import MemoryRatingStore

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "shots.ini"), QSettings.Format.IniFormat)
    apply_theme(app, args.theme)
    window = create_main_window(settings=settings)
    store = MemoryRatingStore()
    RatingBinding(window, store=store, rater_id="docs")
    binding = PreferenceBinding(window, store=store, rater_id="docs", ask_survey=lambda *_: None)
    screen = app.primaryScreen()
    if screen is not None:  # Xvfb has no window manager to maximise for us
        window.setGeometry(screen.availableGeometry())
    window.show()
    window.open_batch_path(str(REPO / "sample_batches" / "preference-quick"))
    if binding.service is None:
        print("the batch did not open as a preference batch", file=sys.stderr)
        return 1

    def grab(name: str) -> Path:
        deadline = time.monotonic() + 0.6  # past the save indicator's poll ("Saved")
        while time.monotonic() < deadline:
            app.processEvents()
            time.sleep(0.02)
        path = out / f"preference-{args.width}-{args.theme}-{name}.png"
        window.step_dock.raise_()  # compact: the rating tab in front of the instructions
        app.processEvents()
        window.grab().save(str(path))
        return path

    grab("1-open")
    better = binding.service.order_for("q01-sort").display_label(1)  # the file's answer B
    other = "A" if better == "B" else "B"
    binding.choose(better)
    binding.panel.explanation.setPlainText(
        f"{better} gives the exact call for both cases; {other} only sends the user elsewhere.")
    judged = grab("2-judged")
    if args.docs:
        shutil.copy(judged, REPO / "docs" / f"screenshot-preference-{args.width}.png")
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
