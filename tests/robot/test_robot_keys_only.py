"""KEYS-ONLY on the guideline samples: one whole item rated and exported with the keyboard
alone (recorded scripts, see keys_only.py), within the key budget of README.md and with no
recovery keys; the record must hold the completed item and the export must verify."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from keys_only import SETTLING_KEYS, key_counts, load_script
from record import BatchFacts
from robot_kit import PASSPHRASE, REPO

DATA = Path(__file__).with_name("data")
STEPS = ("case_file", "task_completion", "claims", "fact_checks", "ai_performance", "verdict",
         "roadblocks_feedback")
# Command keys per item with no recovery key (README.md, "Key budgets").
BUDGETS = {"assistantbench-qualification": 75, "consumer-tasks": 95, "standardweb-runs": 90}


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
    steps = iter(STEPS[1:])
    for number, action in enumerate(actions, start=1):
        if action.kind == "type":
            robot.x.type(action.value)
            continue
        robot.x.key(action.value)
        if action.value in SETTLING_KEYS:
            robot.settle()
        if action.value == "ctrl+Return":  # the next step, or the script went astray
            step = next(steps)
            robot.expect(lambda step=step: (robot.record.document(facts.batch_id, first) or {})
                         .get("current_step") == step, 10, f"KEYS-ONLY: line {number} of the "
                         f"script (Ctrl+Enter, focus recorded on {action.focus}) to reach {step}")
    robot.settle()
    if facts.title not in robot.x.active_window_name():
        robot.x.key("Return")  # "Complete anyway" on the warnings question, as recorded
    robot.expect(lambda: robot.record.status(facts.batch_id, first) == "complete", 10,
                 f"KEYS-ONLY: {first} complete after the {keys} keys of the script")
    robot.check(recovery == 0 and keys <= BUDGETS[batch],
                f"KEYS-ONLY: {batch}: the item took {keys} command keys (budget "
                f"{BUDGETS[batch]}), {recovery} of them recovery keys (Tab through widgets "
                f"outside the answer), and {typed} typed characters")
    export_by_keys(robot, facts)
    robot.quit()
    robot.finish()


def export_by_keys(robot, facts: BatchFacts) -> None:  # type: ignore[no-untyped-def]
    """Ctrl+E, the passphrase typed where the cursor is, Enter; the file must verify."""
    robot.x.key("ctrl+e")
    robot.x.wait_active("Export results", timeout=20)
    robot.settle()
    robot.x.type(PASSPHRASE)
    robot.x.key("Return")
    found = robot.expect(lambda: sorted(robot.home.root.rglob("*.results.json")), 30,
                         "KEYS-ONLY: the export written (Ctrl+E, passphrase, Enter)")
    robot.settle()
    if facts.title not in robot.x.active_window_name():
        robot.x.key("Return")  # the "exported" message
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
