"""The pictures of one response in viewing order: screenshots, then trajectory steps."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rater_desktop.batch.model import Response, TrajectoryStep

if TYPE_CHECKING:  # the window's first paint imports this module, never the rating core
    from rater_desktop.rating.model import ShownEvidence


@dataclass(frozen=True)
class Frame:
    """One thing the screenshot viewer can show."""

    path: str | None
    caption: str
    step_index: int | None = None  # index into response.trajectory, None for a screenshot
    step: TrajectoryStep | None = None

    @property
    def is_step(self) -> bool:
        return self.step_index is not None


def step_title(index: int, step: TrajectoryStep) -> str:
    target = f" \u2192 {step.target}" if step.target else ""
    return f"Step {index + 1}: {step.action}{target}"


def response_frames(response: Response) -> list[Frame]:
    frames = [Frame(path=s.path, caption=s.caption or s.path.rsplit("/", 1)[-1])
              for s in response.screenshots]
    for i, step in enumerate(response.trajectory):
        frames.append(Frame(path=step.screenshot, caption=step_title(i, step),
                            step_index=i, step=step))
    return frames


def frame_index_of_step(frames: list[Frame], step_index: int) -> int:
    for i, frame in enumerate(frames):
        if frame.step_index == step_index:
            return i
    return 0


def frame_index_of(frames: list[Frame], ref: ShownEvidence) -> int | None:
    """Where the viewer shows ``ref`` among a response's frames."""
    for index, frame in enumerate(frames):
        if ref.step is not None and frame.step_index == ref.step:
            return index
        if ref.step is None and frame.step_index is None and frame.path == ref.path:
            return index
    return None
