"""Screenshots of the real rater window for the docs, taken on a virtual screen.

Run under Xvfb, e.g. (``QT_SCALE_FACTOR=1.5`` in front for the 150 % look)::

    Xvfb :24 -screen 0 1920x1080x24 &
    DISPLAY=:24 .venv/bin/python tools/take_screenshots.py 1366 768 light
    DISPLAY=:24 .venv/bin/python tools/take_screenshots.py 1920 1080 dark --qa

The window is given WIDTHxHEIGHT, a sample item is rated part of the way through the
service (as a rater would by hand) and the window grabs itself at every step, then the
screenshot viewer (and with ``--qa`` the QA compare view) into ``OUT`` (default
/tmp/shots). Each shot's clipped texts (``gui/text_fit``) are printed; the exit status
is 1 if there were any. ``--docs STEP`` also copies that shot to docs/.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from rater_desktop.gui.main_window import MainWindow
    from rater_desktop.rating.service import RatingService

REPO = Path(__file__).resolve().parent.parent
Grab = Callable[[str, "QWidget"], None]


def _rate_sample(svc: RatingService, grab: Callable[[str], None]) -> None:
    from rater_desktop.rating.model import ClaimRating, Step, SubRequestKind

    grab("1-case-file")
    svc.set_main_goal("Find 2-3 wide road running shoes under $120 on StrideHouse")
    for kind, text in (
        ("quantity", "Size 9 wide"),
        ("quantity", "Under $120"),
        ("location", "On StrideHouse"),
        ("action", "Send the links"),
    ):
        svc.add_sub_request(SubRequestKind(kind), text)
    svc.set_checklist(
        ["Should list 2 or 3 shoes sold in size 9 wide", "Should NOT list shoes over $120"]
    )
    svc.set_step(Step.TASK_COMPLETION)
    side_a = svc.order.true_index("A")
    svc.set_main_goal_met(side_a, True)
    svc.set_tc(side_a, 5)
    grab("2-task-completion")
    svc.set_step(Step.CLAIMS)
    svc.add_claim_from_selection(side_a, "Three road shoes meet every requirement")
    claim = svc.rating.responses[side_a].claims[0].id
    svc.set_claim_objective(side_a, claim, True)
    grab("3-claims")
    svc.set_step(Step.FACT_CHECKS)
    svc.set_claim_rating(side_a, claim, ClaimRating.ACCURATE)
    svc.set_claim_sources(side_a, claim, ["https://stridehouse.example/shoes?size=9W"])
    grab("4-fact-checks")
    svc.set_step(Step.AI_PERFORMANCE)
    grab("5-ai-performance")
    svc.set_step(Step.VERDICT)
    grab("6-verdict")
    svc.set_step(Step.ROADBLOCKS_FEEDBACK)
    grab("7-roadblocks")


def _viewer(window: MainWindow, grab: Grab) -> None:
    pane = window.item_view.pane_for_true_index(0)
    if not pane.frames:
        return
    viewer = window.open_viewer(0, min(1, len(pane.frames) - 1), "A")
    viewer.resize(int(window.width() * 0.9), int(window.height() * 0.9))
    grab("8-viewer", viewer)
    viewer.close()
    window.open_batch_path(str(REPO / "sample_batches" / "standardweb-runs"))
    frames = window.item_view.pane_for_true_index(0).frames
    step = next((i for i, frame in enumerate(frames) if frame.is_step), None)
    if step is not None:
        viewer = window.open_viewer(0, step, "A")
        grab("8-trajectory-viewer", viewer)
        viewer.close()


def _qa_compare(args: argparse.Namespace, grab: Grab) -> None:
    """The QA reviewer's compare view over three raters' signed exports (test fixtures)."""
    sys.path[:0] = [str(REPO), str(REPO / "tests"), str(REPO / "tests" / "core")]
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication
    from test_qa_review_support import build_setup  # type: ignore[import-not-found]

    from rater_desktop.gui.qa import open_qa_window
    from tests.conftest import MemoryKeyring

    folder = Path(tempfile.mkdtemp())
    keyring = MemoryKeyring()
    setup = build_setup(folder, keyring)
    settings = QSettings(str(folder / "qa.ini"), QSettings.Format.IniFormat)
    window = open_qa_window(parent=None, settings=settings, data_dir=folder / "profiles",
                            batch_path=str(setup.batch_path), profile="quinn",
                            keyring=keyring, roster_path=setup.roster, resamples=40)
    window.setGeometry(0, 0, args.width, args.height)

    def idle() -> bool:
        QApplication.processEvents()
        return window.session is not None and not window.runner.busy

    _wait(idle)
    window.import_paths([setup.files[name] for name in ("alice", "bob", "carol")])
    _wait(idle)
    item_id = next(iter(window.session.item_infos())) if window.session else ""
    window.view.open_in_compare(item_id)
    grab("9-qa-compare", window)
    window.close()


def _wait(ready: Callable[[], Any], seconds: float = 30.0) -> None:
    import time

    end = time.monotonic() + seconds
    while not ready() and time.monotonic() < end:
        time.sleep(0.02)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("width", type=int)
    parser.add_argument("height", type=int)
    parser.add_argument("theme", nargs="?", default="light", choices=["light", "dark"])
    parser.add_argument("--batch", default=str(REPO / "sample_batches" / "consumer-tasks"))
    parser.add_argument("--out", default="/tmp/shots")
    parser.add_argument("--docs", default="", help="step name to copy to docs/screenshot-WIDTH.png")
    parser.add_argument("--qa", action="store_true", help="also the QA compare view")
    args = parser.parse_args()

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    app = QApplication(sys.argv)
    from rater_desktop.gui.app import create_main_window
    from rater_desktop.gui.rating_binding import RatingBinding
    from rater_desktop.gui.text_fit import clipped_texts
    from rater_desktop.gui.theme import apply_theme
    from rater_desktop.rating.store import MemoryRatingStore

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "shots.ini"), QSettings.Format.IniFormat)
    settings.setValue("view/theme", args.theme)
    apply_theme(app, args.theme)
    window = create_main_window(settings=settings)
    binding = RatingBinding(window, store=MemoryRatingStore(), rater_id="docs")
    window.showNormal()
    window.setGeometry(0, 0, args.width, args.height)  # Xvfb may be larger than the shot
    window.show()
    window.open_batch_path(args.batch)
    problems = 0

    def grab(name: str, widget: QWidget | None = None) -> None:
        nonlocal problems
        target = widget or window
        window.step_dock.raise_()  # compact: the rating tab in front of the instructions
        for _ in range(30):
            app.processEvents()
        path = out / f"window-{args.width}-{args.theme}-{name}.png"
        target.grab().save(str(path))
        for problem in clipped_texts(target):
            problems += 1
            print(f"{path.name}: {problem}")
        if name == args.docs:
            shutil.copy(path, REPO / "docs" / f"screenshot-{args.width}.png")

    if binding.service is None:
        print("the batch did not open", file=sys.stderr)
        return 1
    _rate_sample(binding.service, grab)
    _viewer(window, grab)
    if args.qa:
        _qa_compare(args, grab)
    window.close()
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
