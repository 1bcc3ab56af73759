"""The invariants the robot checks after its actions, each with a test id (see README.md).

SCREEN-AB   the left (or tab A) pane shows the response the record maps to display A,
            the right (tab B) pane the one mapped to B
TYPED-LANDS every typed character is stored, in order, in the field that has the focus
            (the current step's first field), with nothing before or after it
COVERED     no response text is reachable while the case file is not written
"""

from __future__ import annotations

import time
from typing import Any

from clipboard_probe import Rect, find_cover_on_screen
from record import BatchFacts, text_fields
from robot_kit import Robot

PROBE_DY = (44, 70, 100, 135, 175)  # below the pane's top: title, then the first lines
# What the app writes itself when an item is first touched (not text the rater typed).
BOOKKEEPING = ("item_id", "status", "reached_steps", "current_step")
SAVE_WINDOW = 3.0  # seconds the robot waits for autosave (~0.25 s) under a loaded CI


def cover_rect(robot: Robot, what: str, *, hard: bool = True, wait: float = 0.0) -> Rect | None:
    """The cover over the responses, which must be there now, or within ``wait`` seconds
    (after a key the record does not see: navigation in the read-only window) (COVERED)."""
    deadline = time.monotonic() + wait
    while True:
        robot.settle()
        rect = find_cover_on_screen(robot.x.screenshot(), window_rect(robot))
        if rect is not None or time.monotonic() >= deadline:
            break
        time.sleep(0.1)
    if rect is None:
        message = (f"COVERED: {what}: no cover over the responses (no plain window-coloured "
                   "area with its centred message where the responses are)")
        if hard:
            robot.fail(message)
        robot.check(False, message)
    return rect


def wait_uncovered(robot: Robot, what: str, timeout: float = 5.0) -> None:
    """Wait until the active window shows no cover (its item's case file is written)."""
    robot.expect(lambda: find_cover_on_screen(robot.x.screenshot(), window_rect(robot)) is None,
                 timeout, what)
    robot.settle()


def window_rect(robot: Robot) -> Rect:
    """The active window's client area on the screen."""
    return Rect(*robot.x.active_window_rect())


def moved(rect: Rect, old: Rect, new: Rect) -> Rect | None:
    """``rect``, measured in window ``old``, in a window ``new`` of the same size (the
    second window restores the first one's saved geometry and docks); None if they differ."""
    if (old.width, old.height) != (new.width, new.height):
        return None
    dx, dy = new.left - old.left, new.top - old.top
    return Rect(rect.left + dx, rect.top + dy, rect.right + dx, rect.bottom + dy)


def pane_points(rect: Rect, compact: bool) -> list[tuple[int, int]]:
    """Where a pane's text starts: left pane, right pane (one point in compact)."""
    if compact:
        return [(rect.left + 20, rect.top)]
    middle = (rect.left + rect.right) // 2
    return [(rect.left + 20, rect.top), (middle + 24, rect.top)]


def copy_at(robot: Robot, x: int, y: int, wait: float = 0.8) -> str:
    """Click at (x, y), Ctrl+A, Ctrl+C; what the clipboard got ("" when nothing)."""
    robot.clipboard.set_sentinel()
    robot.x.click(x, y)
    robot.x.key("ctrl+a", "ctrl+c")
    return robot.clipboard.copied(wait)


def read_pane(robot: Robot, batch: BatchFacts, item_id: str, point: tuple[int, int]
              ) -> tuple[int | None, str]:
    """(true index of the response the pane at ``point`` shows, copied text)."""
    last = ""
    for dy in PROBE_DY:
        text = copy_at(robot, point[0], point[1] + dy)
        if text:
            last = text
            index, _ = batch.which_response(item_id, text)
            if index is not None:
                return index, text
    return None, last


def check_panes(robot: Robot, batch: BatchFacts, item_id: str, rect: Rect, *,
                compact: bool, when: str) -> None:
    """SCREEN-AB for ``item_id`` (which must be the item on screen)."""
    robot.settle()
    expected = {label: batch.shown_as(robot.rater_id, item_id, label) for label in "AB"}
    points = pane_points(rect, compact)
    seen: dict[str, int | None] = {}
    for label, point in zip("AB", points * (2 if compact else 1), strict=True):
        if compact and label == "B":
            robot.x.key("F6")  # the other response's tab
            robot.settle()
        index, text = read_pane(robot, batch, item_id, point)
        robot.check(index is not None, f"SCREEN-AB: {when}: pane {label} of {item_id} shows "
                    f"no response text of this item (copied {text[:80]!r})")
        seen[label] = index
    if compact:
        robot.x.key("F6")
    robot.check(seen == expected, f"SCREEN-AB: {when}: item {item_id}: the screen shows true "
                f"responses A={seen['A']}, B={seen['B']} but the record maps display A to true "
                f"{expected['A']} and B to {expected['B']} (rater {robot.rater_id})")


def check_no_response_reachable(robot: Robot, batch: BatchFacts, rect: Rect, *,
                                compact: bool, when: str, probes: int = 3) -> None:
    """COVERED: clicks where the panes are plus Ctrl+A, Ctrl+C reach no response text
    (``probes`` points down each pane's first lines)."""
    for point in pane_points(rect, compact):
        for dy in PROBE_DY[:probes]:
            text = copy_at(robot, point[0], point[1] + dy, wait=0.3)
            found = batch.holds_any_response(text) if text else None
            robot.check(found is None, f"COVERED: {when}: response text of {found} was "
                        f"reachable (copied {text[:80]!r}) while the case file is not written")


def wait_document(robot: Robot, batch: BatchFacts, item_id: str, test: Any, what: str,
                  timeout: float = SAVE_WINDOW) -> dict[str, Any]:
    def look() -> dict[str, Any] | None:
        document = robot.record.document(batch.batch_id, item_id)
        return document if document is not None and test(document) else None
    found = robot.expect(look, timeout, f"{what} in the record of {item_id}")
    assert isinstance(found, dict)
    return found


def check_typing_lands(robot: Robot, batch: BatchFacts, item_id: str, marker: str, *,
                       field: str, when: str) -> None:
    """TYPED-LANDS: type ``marker``; the record must change in ``field`` only, by exactly
    the marker appended at the end (the cursor is where the rater left the text)."""
    before = text_fields(robot.record.document(batch.batch_id, item_id) or {})
    robot.x.type(marker)
    deadline = time.monotonic() + SAVE_WINDOW
    after: dict[str, str] = before
    while time.monotonic() < deadline:
        after = text_fields(robot.record.document(batch.batch_id, item_id) or {})
        if any(marker in value for value in after.values()):
            break
        time.sleep(0.05)
    time.sleep(0.4)  # anything typed lands within the durability window
    after = text_fields(robot.record.document(batch.batch_id, item_id) or {})
    changed = {k: (before.get(k, ""), v) for k, v in after.items()
               if before.get(k, "") != v and not k.startswith(BOOKKEEPING)}
    wanted = (before.get(field) or "") + marker
    robot.check(after.get(field) == wanted and set(changed) <= {field},
                f"TYPED-LANDS: {when}: typed {marker!r} on item {item_id}; expected "
                f"{field} = {wanted[-90:]!r}, the record changed {_describe(changed)}")


def _describe(changed: dict[str, tuple[str | None, str]]) -> str:
    if not changed:
        return "nothing (the keys were lost)"
    return "; ".join(f"{k}: {(old or '')[-60:]!r} -> {new[-90:]!r}" for k, (old, new)
                     in changed.items())
