"""UNSURE-LIST: an item marked unsure by keys (Ctrl+Shift+N, the reason typed, Enter) is
what the item list offers under "Marked unsure": with that filter chosen by keys, the next
item key opens the marked item, as the record says (its unsure entry and current item)."""

from __future__ import annotations

import pytest
from record import BatchFacts
from robot_kit import REPO

REASON = "robot not sure of the size"


@pytest.mark.timeout(180)
def test_the_item_list_offers_the_item_marked_unsure(make_robot) -> None:  # type: ignore[no-untyped-def]
    robot = make_robot("1366x768", rater_id="unsure-rater")
    robot.home.create_profile(robot.rater_id)
    facts = BatchFacts.load(REPO / "sample_batches" / "consumer-tasks")
    first, second = facts.item_ids[:2]
    robot.launch(facts.path)
    robot.wait_ready(facts)
    robot.expect(lambda: robot.record.current_item(facts.batch_id) == first, 20,
                 f"the record's current item {first} (the item is open)")
    robot.go("alt+Right", facts, second)
    robot.x.key("ctrl+shift+n")
    robot.x.wait_active("Unsure about this item")
    robot.x.type(REASON)
    robot.x.key("Return")
    robot.x.wait_active(facts.title)
    wanted = {"reason": "Other", "note": REASON}
    robot.expect(lambda: robot.record.batch_state(facts.batch_id).get("unsure", {}).get(
        second) == wanted, 10, f"UNSURE-LIST: the record's unsure mark {wanted} on {second}")
    robot.go("alt+Left", facts, first)
    # Ctrl+G: the list's search field; Shift+Tab: its filter; End: the last filter.
    robot.x.key("ctrl+g", "shift+Tab", "End")
    robot.settle()
    robot.x.key("alt+Right")
    robot.expect(lambda: robot.record.current_item(facts.batch_id) == second, 10,
                 f"UNSURE-LIST: the list filtered to 'Marked unsure' offers {second} "
                 f"(marked in the record) to the next item key, from {first}")
    robot.quit()
    robot.finish()
