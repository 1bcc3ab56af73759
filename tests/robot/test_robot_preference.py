"""KEYS-ONLY on the preference sample: items judged with the keyboard alone, within the
key budget of README.md, each answer stored in file order for the display label pressed."""

from __future__ import annotations

import pytest
from invariants import wait_document
from record import BatchFacts
from robot_kit import REPO

FILE_ORDER = ("A", "B")  # the record keeps choices in file order: true index 0 is "A"


@pytest.mark.timeout(120)
@pytest.mark.parametrize(("size", "theme"), [("1920x1080", "dark"), ("853x480", "light")])
def test_preference_items_by_keys_alone(make_robot, size: str, theme: str) -> None:  # type: ignore[no-untyped-def]
    robot = make_robot(size)
    robot.home.create_profile(robot.rater_id)
    robot.home.set_theme(theme)
    facts = BatchFacts.load(REPO / "sample_batches" / "preference-quick")
    robot.launch(facts.path)
    robot.wait_ready(facts)
    first, second = facts.item_ids[0], facts.item_ids[1]
    # At 853x480 Response A and B are tabs: F6 shows the other one first (both are read
    # before choosing; completing with one never shown would ask), one key more an item.
    other = ("F6",) if size == "853x480" else ()
    # Item 1: "1" (A is better), Ctrl+Enter completes and opens the next: 2 keys.
    robot.x.key(*other, "1", "ctrl+Return")
    wanted = FILE_ORDER[facts.shown_as(robot.rater_id, first, "A")]
    wait_document(robot, facts, first, lambda d: d.get("status") == "complete",
                  "KEYS-ONLY: item completed by 1, Ctrl+Enter")
    document = robot.record.document(facts.batch_id, first) or {}
    robot.check(document.get("choice") == wanted, f"KEYS-ONLY: {first}: pressed 1 (display A "
                f"is better); the record says {document.get('choice')!r}, display A is file "
                f"{wanted!r} for rater {robot.rater_id}")
    robot.expect(lambda: robot.record.current_item(facts.batch_id) == second, 10,
                 f"Ctrl+Enter to open {second}")
    robot.settle()
    # Item 2: "2", Alt+E to the explanation, typed words, Ctrl+Enter: 3 keys + the text.
    robot.x.key(*other, "2", "alt+e")  # item 2 opens on the tab item 1 ended on: B
    robot.settle()
    robot.x.type("clearer steps")
    robot.x.key("ctrl+Return")
    wanted = FILE_ORDER[facts.shown_as(robot.rater_id, second, "B")]
    wait_document(robot, facts, second, lambda d: d.get("status") == "complete",
                  "KEYS-ONLY: item completed by 2, Alt+E, text, Ctrl+Enter")
    document = robot.record.document(facts.batch_id, second) or {}
    robot.check(document.get("choice") == wanted and document.get("explanation")
                == "clearer steps", f"KEYS-ONLY/TYPED-LANDS: {second}: pressed 2 and typed "
                f"'clearer steps' after Alt+E; the record says choice "
                f"{document.get('choice')!r} (display B is file {wanted!r}), explanation "
                f"{document.get('explanation')!r}")
    robot.quit()
    robot.finish()
