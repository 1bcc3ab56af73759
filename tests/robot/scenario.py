"""The rater's walk the robot repeats on every batch, screen size and theme.

first launch (item 1 covered, case file typed, panes checked) -> Alt+Right (item 2
covered, its main goal typed) -> Alt+Left (panes) -> Alt+Right (typing after navigation)
-> Ctrl+Q -> restart (panes) -> the app started a second time (its read-only window:
panes, Alt+Right covered, Alt+Left panes, Ctrl+Q) -> Alt+Right (typing after restart)
-> Ctrl+Q.
"""

from __future__ import annotations

from clipboard_probe import Rect
from invariants import (
    check_no_response_reachable,
    check_panes,
    check_typing_lands,
    cover_rect,
    moved,
    wait_document,
    wait_uncovered,
    window_rect,
)
from record import BatchFacts
from robot_kit import Robot
from text_fit_check import check_text_fit

GOAL = "Do what the user asked within every stated limit"
SUB = "Stay inside the stated limits"


def write_case_file(robot: Robot, batch: BatchFacts, item_id: str, when: str) -> None:
    """Main goal (typed where the cursor starts), one sub-request of kind "other",
    Ctrl+Enter: the responses are revealed."""
    check_typing_lands(robot, batch, item_id, GOAL, field="case_file.main_goal",
                       when=f"{when}: main goal, the first key of an item")
    # Tab to "+ Add sub-request", Enter adds a row with the cursor in its text, Shift+Tab
    # to its kind list, "o" for other, Ctrl+Enter to the next step.
    robot.x.key("Tab", "Return")
    robot.x.type(SUB)  # at once, as a rater types ahead
    robot.x.key("shift+Tab", "o", "ctrl+Return")
    wait_document(robot, batch, item_id,
                  lambda d: d.get("current_step") == "task_completion"
                  and [s.get("text") for s in d["case_file"]["sub_requests"]] == [SUB],
                  "the case file written (main goal, one sub-request) and step 2 reached")


def read_only_window(robot: Robot, batch: BatchFacts, *, moved_from: tuple[Rect, Rect],
                     compact: bool, label: str) -> None:
    """The app started again on the same profile (the rater window shows the first item,
    its case file written; the second item's is not): SCREEN-AB as the read-only window
    opens, COVERED after Alt+Right there, SCREEN-AB after Alt+Left; then Ctrl+Q in it."""
    first, second = batch.item_ids[0], batch.item_ids[1]
    robot.open_second_window(batch)
    rect = moved(*moved_from, window_rect(robot))
    if rect is not None:  # else the panes are found by the cover on the second item
        check_panes(robot, batch, first, rect, compact=compact,
                    when=f"{label}, as it opens on {first}")
    robot.x.key("alt+Right")  # nothing is recorded: the cover shows the key was handled
    cover = cover_rect(robot, f"{label}, Alt+Right onto {second} (case file not written)",
                       hard=rect is None, wait=5.0)
    if cover is not None:
        # One probe a pane: the same cover as the rater window's, probed in full there.
        check_no_response_reachable(robot, batch, cover, compact=compact,
                                    when=f"{label}, item {second}", probes=1)
    robot.x.key("alt+Left")
    wait_uncovered(robot, f"{label}: Alt+Left back to {first} (case file written) uncovered")
    here = rect or cover
    assert here is not None  # without either, cover_rect above failed the walk
    check_panes(robot, batch, first, here, compact=compact,
                when=f"{label}, Alt+Left back to {first}")
    robot.close_second_window()


def guideline_walk(robot: Robot, batch: BatchFacts, *, compact: bool, label: str,
                   read_only: bool = False) -> None:
    """The walk above on a guideline batch with a fresh returning rater (profile exists);
    the read-only second window only when ``read_only`` (it costs ~15 s of the budget)."""
    first, second = batch.item_ids[0], batch.item_ids[1]
    robot.launch(batch.path)
    robot.wait_ready(batch)
    when = f"{label}, first launch"
    rect = cover_rect(robot, f"{when}, item {first} before its case file")
    assert rect is not None
    frame = window_rect(robot)  # the window the cover was measured in
    check_no_response_reachable(robot, batch, rect, compact=compact,
                                when=f"{when}, item {first}")
    write_case_file(robot, batch, first, when)
    check_panes(robot, batch, first, rect, compact=compact, when=f"{when}, item {first}")

    robot.go("alt+Right", batch, second)
    cover_rect(robot, f"{label}, Alt+Right onto {second} (case file not written)", hard=False)
    check_typing_lands(robot, batch, second, GOAL, field="case_file.main_goal",
                       when=f"{label}, after Alt+Right onto a new item {second}")
    robot.go("alt+Left", batch, first)
    check_panes(robot, batch, first, rect, compact=compact,
                when=f"{label}, Alt+Left back to {first}")
    robot.go("alt+Right", batch, second)
    check_typing_lands(robot, batch, second, " [after Alt+Right]", field="case_file.main_goal",
                       when=f"{label}, Alt+Right onto {second} whose main goal is written "
                       "(same launch)")
    robot.go("alt+Left", batch, first)
    robot.quit()

    robot.launch(batch.path)
    robot.wait_ready(batch)
    when = f"{label}, after a restart"
    check_panes(robot, batch, first, rect, compact=compact, when=f"{when}, item {first}")
    if read_only:
        read_only_window(robot, batch, moved_from=(rect, frame), compact=compact,
                         label=f"{when}, read-only second window")
    robot.go("alt+Right", batch, second)
    cover_rect(robot, f"{when}, {second} (case file not written)", hard=False)
    check_typing_lands(robot, batch, second, " [after restart]", field="case_file.main_goal",
                       when=f"{when}, Alt+Right onto {second} whose main goal is written")
    robot.quit()
    check_text_fit(robot, when=label)
