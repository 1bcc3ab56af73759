"""The pictures of one response in viewing order, without Qt (``response_frames``)."""

from __future__ import annotations

from rater_desktop.batch.model import Response, Screenshot, TrajectoryStep
from rater_desktop.response_frames import frame_index_of_step, response_frames, step_title

RESPONSE = Response(
    identity="model-a", text="done",
    screenshots=(Screenshot("shots/home.png", "Home page"), Screenshot("shots/sub/cart.png")),
    trajectory=(TrajectoryStep("navigate", screenshot="shots/s0.png"),
                TrajectoryStep("click", target="Add to cart"),
                TrajectoryStep("done", screenshot="shots/s2.png")),
)


def test_screenshots_first_then_the_steps_in_order() -> None:
    frames = response_frames(RESPONSE)
    assert [f.caption for f in frames] == ["Home page", "cart.png", "Step 1: navigate",
                                           "Step 2: click \u2192 Add to cart", "Step 3: done"]
    assert [f.is_step for f in frames] == [False, False, True, True, True]
    assert [f.step_index for f in frames[2:]] == [0, 1, 2]
    assert frames[3].path is None and frames[3].step == RESPONSE.trajectory[1]


def test_a_step_is_found_by_its_index_else_the_first_frame() -> None:
    frames = response_frames(RESPONSE)
    assert frame_index_of_step(frames, 0) == 2
    assert frame_index_of_step(frames, 2) == 4
    assert frame_index_of_step(frames, 9) == 0


def test_a_step_title_names_its_target_only_when_it_has_one() -> None:
    assert step_title(4, TrajectoryStep("type", target="Search")) == "Step 5: type \u2192 Search"
    assert step_title(0, TrajectoryStep("scroll")) == "Step 1: scroll"


def test_cited_evidence_is_found_among_the_frames() -> None:
    from rater_desktop.rating.model import ShownEvidence, ShownEvidenceKind
    from rater_desktop.response_frames import frame_index_of

    frames = response_frames(RESPONSE)
    shot = ShownEvidence(ShownEvidenceKind.SCREENSHOT, path="shots/sub/cart.png")
    step = ShownEvidence(ShownEvidenceKind.STEP, path="shots/s2.png", step=2)
    assert frame_index_of(frames, shot) == 1
    assert frame_index_of(frames, step) == 4
    # a step's screenshot path is not a screenshot of the response
    assert frame_index_of(frames, ShownEvidence(ShownEvidenceKind.SCREENSHOT,
                                                path="shots/s0.png")) is None
    assert frame_index_of(frames, ShownEvidence(ShownEvidenceKind.STEP, step=7)) is None
