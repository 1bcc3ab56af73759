"""Walk the rater window through every step and the viewer, measuring each text."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QApplication, QWidget

from rater_desktop.gui.rating_binding import RatingBinding
from rater_desktop.gui.text_fit import Clipped, clipped_texts
from rater_desktop.rating.model import ClaimRating, Step, SubRequestKind
from rater_desktop.rating.service import RatingService

SAMPLES = Path(__file__).resolve().parents[2] / "sample_batches"
SAMPLE = SAMPLES / "consumer-tasks"
RUNS = SAMPLES / "standardweb-runs"  # trajectories: the viewer's step marks
Visit = Callable[[str, QWidget], None]


def settle() -> None:
    for _ in range(6):
        QApplication.processEvents()


def rate_part_way(svc: RatingService, visit: Callable[[str], None]) -> None:
    """A rater's answers on every step (enough for every kind of row to show)."""
    visit("1-case-file")
    svc.set_main_goal("Find 2-3 wide road running shoes under $120 on StrideHouse")
    for kind, text in (("quantity", "Size 9 wide"), ("quantity", "Under $120"),
                       ("location", "On StrideHouse"), ("action", "Send the links")):
        svc.add_sub_request(SubRequestKind(kind), text)
    svc.set_checklist(["Should list 2 or 3 shoes sold in size 9 wide",
                       "Should NOT list shoes over $120"])
    visit("1-case-file-filled")
    svc.set_step(Step.TASK_COMPLETION)
    side_a = svc.order.true_index("A")
    svc.set_main_goal_met(side_a, True)
    svc.set_tc(side_a, 5)
    visit("2-task-completion")
    svc.set_step(Step.CLAIMS)
    text = svc.item.responses[side_a].text if svc.item is not None else ""
    sentence = next((s.strip() for s in text.replace("\n", " ").split(".") if len(s) > 30), "")
    if sentence:
        svc.add_claim_from_selection(side_a, sentence)
        claim = svc.rating.responses[side_a].claims[0].id
        svc.set_claim_objective(side_a, claim, True)
    visit("3-claims")
    svc.set_step(Step.FACT_CHECKS)
    if sentence:
        svc.set_claim_rating(side_a, claim, ClaimRating.ACCURATE)
        svc.set_claim_sources(side_a, claim, ["https://stridehouse.example/shoes?size=9W"])
    visit("4-fact-checks")
    for step, name in ((Step.AI_PERFORMANCE, "5-ai-performance"), (Step.VERDICT, "6-verdict"),
                       (Step.ROADBLOCKS_FEEDBACK, "7-roadblocks")):
        svc.set_step(step)
        visit(name)


def walk(window: Any, binding: RatingBinding, visit: Visit) -> None:
    """Every step page, then the screenshot viewer; ``visit(name, top-level widget)``."""
    assert binding.service is not None
    rate_part_way(binding.service, lambda name: visit(name, window))
    viewer = window.open_viewer(0, 0, "A")
    viewer.resize(int(window.width() * 0.9), int(window.height() * 0.9))
    visit("8-viewer", viewer)
    viewer.close()
    assert window.open_batch_path(str(RUNS))
    settle()
    frames = window.item_view.pane_for_true_index(0).frames
    step = next(i for i, frame in enumerate(frames) if frame.is_step)
    viewer = window.open_viewer(0, step, "A")
    visit("9-trajectory-viewer", viewer)
    assert viewer.mark_box.isVisible()
    viewer.close()


def problems_of(widget: QWidget) -> list[Clipped]:
    settle()
    return clipped_texts(widget)
