"""Screenshots of the real rater window for the docs, taken on a virtual screen.

Run under Xvfb at the screen size wanted, e.g.::

    xvfb-run -a -s "-screen 0 1366x768x24" .venv/bin/python tools/take_screenshots.py 1366 768 light
    xvfb-run -a -s "-screen 0 1920x1080x24" .venv/bin/python tools/take_screenshots.py 1920 1080 dark

The window is maximised on that screen, a sample item is rated part of the way through
the service (as a rater would by hand) and the window grabs itself at several steps into
``OUT`` (default /tmp/shots). ``--docs`` also copies the chosen step to docs/.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rater_desktop.gui.main_window import MainWindow
    from rater_desktop.rating.service import RatingService

REPO = Path(__file__).resolve().parent.parent


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


def _show_tools(window: MainWindow, grab: Callable[[str], None]) -> None:
    """The find bar with a query, then the Tools dock (instructions, then notes)."""
    window.find_bar.open_bar()
    window.find_bar.field.setText("shoe")
    window.find_bar.find_next()
    grab("7-find")
    window.find_bar.close_bar()
    window.tools_dock.raise_()
    grab("8-tools-instructions")
    window.tools_dock.tabs.setCurrentIndex(1)
    window.tools_dock.notes.setPlainText("Recheck the price of the second shoe.")
    grab("9-tools-notes")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("width", type=int)
    parser.add_argument("height", type=int)
    parser.add_argument("theme", nargs="?", default="light", choices=["light", "dark"])
    parser.add_argument("--batch", default=str(REPO / "sample_batches" / "consumer-tasks"))
    parser.add_argument("--out", default="/tmp/shots")
    parser.add_argument("--docs", default="", help="step name to copy to docs/screenshot-WIDTH.png")
    args = parser.parse_args()

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    app = QApplication(sys.argv)
    from rater_desktop.gui.app import create_main_window
    from rater_desktop.gui.rating_binding import RatingBinding
    from rater_desktop.gui.theme import apply_theme
    from rater_desktop.rating.store import MemoryRatingStore

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "shots.ini"), QSettings.Format.IniFormat)
    apply_theme(app, args.theme)
    window = create_main_window(settings=settings)
    binding = RatingBinding(window, store=MemoryRatingStore(), rater_id="docs")
    screen = app.primaryScreen()
    if screen is not None:  # Xvfb has no window manager to maximise for us
        window.setGeometry(screen.availableGeometry())
    window.show()
    window.open_batch_path(args.batch)

    def grab(name: str) -> None:
        for _ in range(30):
            app.processEvents()
        path = out / f"window-{args.width}-{args.theme}-{name}.png"
        window.grab().save(str(path))
        if name == args.docs:
            shutil.copy(path, REPO / "docs" / f"screenshot-{args.width}.png")

    if binding.service is None:
        print("the batch did not open", file=sys.stderr)
        return 1
    _rate_sample(binding.service, grab)
    _show_tools(window, grab)
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
