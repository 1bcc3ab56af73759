"""Shared pieces of the standardweb runs: step recorder, prompt and report builders."""

from __future__ import annotations

from typing import Any

from samples_common import Shots
from samples_draw import Box, Page

Step = dict[str, Any]


class Recorder:
    """Numbers the steps of one run and saves each step's screenshot."""

    def __init__(self, shots: Shots, prefix: str) -> None:
        self.shots = shots
        self.prefix = prefix
        self.steps: list[Step] = []

    def __call__(self, page_and_boxes: tuple[Page, dict[str, Box]], action: str, *,
                 thought: str, observation: str, box: str = "", target: str = "",
                 value: str = "") -> None:
        page, boxes = page_and_boxes
        name = f"{self.prefix}_{len(self.steps) + 1:02d}"
        self.steps.append(self.shots.step(page, name, action=action, thought=thought,
                                          observation=observation, target=target, value=value,
                                          box=boxes[box] if box else None))


def prompt(host: str, name: str, objective: str) -> str:
    return (f"WEBSITE: {host} ({name})\n\nOBJECTIVE: {objective}\n\nStay on this website, "
            "never sign in or enter personal or payment details, do not submit anything, and do "
            "not try to solve or get round a CAPTCHA or other human check (one reload is "
            "allowed). When finished, return the standardweb run report.")


CONTEXT = ("Recorded under standardweb protocol t0.1 on November 24, 2026, from a fresh browser "
           "profile. Checkpoints: **C1** landed, **C2** found, **C3** detail, **C4** acted. "
           "Compare each run report with the recorded steps before you trust it.")


def report(host: str, outcome: str, checkpoints: list[str], *, block: dict[str, str] | None,
            item: dict[str, str] | None, final_url: str, actions: int, evidence: list[str],
            notes: str = "") -> dict[str, Any]:
    return {"host": host, "outcome": outcome, "checkpoints": checkpoints, "block": block,
            "item": item, "final_url": final_url, "actions": actions, "evidence": evidence,
            "notes": notes}
