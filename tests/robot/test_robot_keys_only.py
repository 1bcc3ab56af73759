"""KEYS-ONLY on the guideline samples: one whole item rated and exported with the keyboard
alone (recorded scripts, see keys_only.py), within the key budget of README.md and with no
recovery keys; the record must hold the completed item and the export must verify."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from keys_only import (
    MISSING,
    Action,
    answers,
    key_counts,
    leaves,
    load_script,
    shows,
)
from record import BatchFacts
from robot_kit import PASSPHRASE, REPO, Robot
from xsession import wait_until

DATA = Path(__file__).with_name("data")
# Command keys per item with no recovery key (README.md, "Key budgets"): what the
# recorded scripts need today.
BUDGETS = {"assistantbench-qualification": 54, "consumer-tasks": 72, "standardweb-runs": 67}
ANSWER_WAIT = 15.0  # seconds for the record to show an answer (autosave ~0.25 s), loaded CI


@pytest.mark.timeout(300)
@pytest.mark.parametrize("batch", sorted(b for b in BUDGETS if (DATA / f"keys-{b}.tsv").exists()))
def test_guideline_item_by_keys_alone(make_robot, batch: str) -> None:  # type: ignore[no-untyped-def]
    robot = make_robot("1366x768", rater_id="keys-rater")
    robot.home.create_profile(robot.rater_id)
    facts = BatchFacts.load(REPO / "sample_batches" / batch)
    actions = load_script(DATA / f"keys-{batch}.tsv")
    keys, recovery, typed = key_counts(actions)
    robot.launch(facts.path)
    robot.wait_ready(facts)
    first = facts.item_ids[0]
    robot.expect(lambda: robot.record.current_item(facts.batch_id) == first, 20,
                 f"the record's current item {first} (the item is open)")
    replay(robot, facts, first, actions[:-1])
    finish_item(robot, facts, first, actions[-1])
    robot.check(recovery == 0 and keys <= BUDGETS[batch],
                f"KEYS-ONLY: {batch}: the item took {keys} command keys (budget "
                f"{BUDGETS[batch]}), {recovery} of them recovery keys (Tab through widgets "
                f"outside the answer), and {typed} typed characters")
    export_by_keys(robot, facts)
    robot.quit()
    robot.finish()


def replay(robot: Robot, facts: BatchFacts, item_id: str, actions: list[Action]) -> None:
    """Each action through xdotool. At a step boundary (before and after a step key) wait
    until the record shows what the step's actions did when recorded: the app has then
    handled every key before it, and a key that went astray is named by its line."""
    def record() -> dict[str, Any]:
        return answers(robot.record.document(facts.batch_id, item_id))

    synced, pending = record(), []
    for number, action in enumerate(actions, start=1):
        if action.step is not None and pending:
            sync(robot, facts, record, synced, pending)
            synced, pending = record(), []
        if action.kind == "type":
            robot.x.type(action.value)
        else:
            robot.x.key(action.value)
        if action.expect != "-":
            pending.append((number, action))
        if action.step is not None:
            sync(robot, facts, record, synced, pending)
            synced, pending = record(), []


def sync(robot: Robot, facts: BatchFacts, record: Callable[[], dict[str, Any]],
         synced: dict[str, Any], pending: list[tuple[int, Action]]) -> None:
    """Wait until the record shows every pending action (line number, action; ``synced``:
    the record at the last boundary); a value a later action set again is checked for
    the later one only."""
    last = {path: number for number, action in pending for path in action.sets}
    for number, action in pending:
        sets = {p: v for p, v in action.sets.items() if last[p] == number}

        def shown(action: Action = action, sets: dict[str, Any] = sets) -> bool:
            now = record()
            if action.sets:
                found = leaves(now)
                return all(found.get(p, MISSING) == v for p, v in sets.items())
            return shows(action, synced, now)
        try:
            wait_until(shown, ANSWER_WAIT, "the record")
        except TimeoutError:
            found = leaves(record())
            robot.fail(f"KEYS-ONLY: line {number} of keys-{facts.path.name}.tsv "
                       f"({action.kind} {action.value[:40]!r}, focus recorded on "
                       f"{action.focus}): after {ANSWER_WAIT:.0f} s the record does not show "
                       f"{action.expect[:200]}; it holds "
                       f"{ {p: found.get(p) for p in sets} or record().get('current_step')}")


def finish_item(robot: Robot, facts: BatchFacts, item_id: str, last: Action) -> None:
    """The script's last key (Ctrl+Shift+Enter: complete, open the next item); Enter on
    the warnings question if it comes ("Complete anyway", as recorded)."""
    assert last.value == "ctrl+shift+Return", last
    robot.x.key(last.value)
    asked = robot.expect(lambda: "question" if facts.title not in robot.x.active_window_name()
                         else robot.record.status(facts.batch_id, item_id) == "complete",
                         ANSWER_WAIT, f"KEYS-ONLY: {item_id} complete or a question after "
                         "Ctrl+Shift+Enter")
    if asked == "question":
        robot.settle()
        robot.x.key("Return")
    robot.expect(lambda: robot.record.status(facts.batch_id, item_id) == "complete",
                 ANSWER_WAIT, f"KEYS-ONLY: {item_id} complete after the keys of the script")
    robot.expect(lambda: facts.title in robot.x.active_window_name(), ANSWER_WAIT,
                 "the main window active again after completing")


def export_by_keys(robot: Robot, facts: BatchFacts) -> None:
    """Ctrl+E, the passphrase typed where the cursor is, Enter; the file must verify."""
    robot.x.key("ctrl+e")
    robot.x.wait_active("Export results", timeout=20)
    robot.settle()
    robot.x.type(PASSPHRASE)
    robot.x.key("Return")
    robot.x.wait_active("Results exported", timeout=60)
    found = robot.expect(lambda: sorted(robot.home.root.rglob("*.results.json")), 10,
                         "KEYS-ONLY: the export written (Ctrl+E, passphrase, Enter)")
    robot.settle()
    robot.x.key("Return")  # the "exported" message
    robot.x.wait_active(facts.title, timeout=20)
    roster = robot.home.root / "allowed_signers"
    shown = subprocess.run([sys.executable, "-m", "rater_desktop", "key", "show"],
                           env=robot.home.env({}), capture_output=True, text=True, timeout=60)
    roster.write_text("".join(line + "\n" for line in shown.stdout.splitlines()
                              if line.startswith(robot.rater_id + " ")))
    verified = subprocess.run(
        [sys.executable, "-m", "rater_desktop", "verify", str(found[0]), "--allowed-signers",
         str(roster), "--batch", str(facts.path)], env=robot.home.env({}),
        capture_output=True, text=True, timeout=60)
    robot.check(verified.returncode == 0, f"KEYS-ONLY: the export {found[0]} does not verify: "
                f"{verified.stdout} {verified.stderr}")
