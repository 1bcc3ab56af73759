"""Keyboard-only rating is a test: for each sample batch, one full item is rated with key
events on the focused widget only (case file, TC, a claim from a text selection, a fact
check with sources, AIP, verdict, completion), then exported with Ctrl+E, the passphrase
typed into its own field, and the export verifies."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from keyboard_kit import (
    CTRL,
    SHIFT,
    Plan,
    Side,
    answer_modal,
    focused,
    key,
    rate_case_file,
    rate_claims,
    rate_fact_checks,
    rate_performance,
    rate_task_completion,
    rate_verdict,
    type_text,
)
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QDialog

from rater_desktop import appdirs, profiles
from rater_desktop.first_run import mark_practice_seen
from rater_desktop.gui import startup
from rater_desktop.gui.app import create_main_window
from rater_desktop.results.verify import VerifyStatus, verify_results_file

SAMPLES = Path(__file__).resolve().parents[2] / "sample_batches"
PASSPHRASE = "correct horse battery staple"
URLS = {
    "consumer-tasks": ["https://www.stridehouse.example/p/tempo-rise-3-wide-mens",
                       "https://www.stridehouse.example/p/pacer-glide-5-wide-mens"],
    "standardweb-runs": ["https://www.trailgear.example/p/ridgeline-450-headlamp",
                         "https://www.trailgear.example/cart"],
    "assistantbench-qualification": [
        "https://en.wikipedia.org/wiki/J%C3%B8rn_Utzon",
        "https://www.pritzkerprize.com/laureates/2003"],
}


def _plans(batch: str, good: str) -> Plan:
    """The better response's display label is ``good`` (the A/B order is per rater)."""
    bad = "B" if good == "A" else "A"
    phrases = {
        "consumer-tasks": {"good": "meet every requirement", "bad": "All three are available"},
        "standardweb-runs": {"good": "Stopped before checkout", "bad": "I stopped before"},
        "assistantbench-qualification": {"good": "His biography lists the",
                                         "bad": "the same year the building opened"},
    }[batch]
    subs = {
        "consumer-tasks": [("Size 9 wide", "f"), ("Under 120 dollars", "q"),
                           ("On StrideHouse", "l")],
        "standardweb-runs": [("First in-stock headlamp", "o"), ("Add it to the cart", "a")],
        "assistantbench-qualification": [("The year of the Pritzker Prize", "t")],
    }[batch]
    sides = {
        good: Side(main_goal=True, subs=[True] * len(subs), tc=5, claim=phrases["good"],
                   accurate=True, fa=5, aip=4),
        bad: Side(main_goal=False, subs=[False] * len(subs), tc=2, claim=phrases["bad"],
                  accurate=False, fa=3, aip=3),
    }
    return Plan(goal=f"Answer the user's request in the {batch} prompt correctly and "
                "completely, keeping to every stated constraint",
                subs=subs,
                checklist=["Should meet the main goal", "Should NOT break a constraint"],
                sides=sides, verdict=1 if good == "A" else 7, sources=URLS[batch])


def _open(qtbot: Any, tmp_path: Path, batch: str) -> tuple[Any, Any, Any]:
    class NoKeyring:  # the key lives in the encrypted file
        def get_password(self, *_: str) -> None:
            raise AssertionError("keyring used")

    profile = profiles.create_profile(rater_id="keys-rater", display_name="Keys",
                                      keyring=NoKeyring(), data_dir=appdirs.data_dir(),
                                      passphrase=PASSPHRASE)
    # A returning rater: the practice tour was seen (tests/gui/test_practice.py covers it).
    mark_practice_seen(data_dir=appdirs.data_dir(), rater_id=profile.rater_id)
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("export/lastFolder", str(tmp_path))
    window = create_main_window(settings=settings)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=3000)
    startup.attach_rating(window)
    qtbot.waitUntil(lambda: window.property("ratingBinding") is not None, timeout=5000)
    assert window.open_batch_path(str(SAMPLES / batch))
    qtbot.waitUntil(lambda: window.batch_hash_label.text().startswith("Batch "), timeout=8000)
    binding = window.property("ratingBinding")
    qtbot.waitUntil(lambda: binding.service is not None
                    and binding.service.current_item_id is not None, timeout=3000)
    return window, binding, profile


def _good_label(window: Any, binding: Any, batch: str) -> str:
    """Which display label shows the better response (true index 0 in these samples)."""
    return "A" if binding.service.order.true_index("A") == 0 else "B"


def _complete(qtbot: Any, binding: Any) -> str:
    item_id = binding.service.current_item_id
    panel = binding.panel
    assert panel.complete_button.isEnabled(), panel.reason.toolTip() or panel.reason.text()
    stop = answer_modal(qtbot, "completeWarningsQuestion",  # Enter: "Complete anyway"
                        lambda box: qtbot.keyClick(box.focusWidget() or box, Qt.Key.Key_Return))
    key(qtbot, Qt.Key.Key_Return, CTRL | SHIFT)  # complete, then the next unfinished item
    qtbot.waitUntil(lambda: binding.service.current_item_id != item_id, timeout=3000)
    stop()  # an item with no warnings asks no question
    window = binding.window
    window.activateWindow()  # the window manager gives the window back after a question
    qtbot.waitUntil(window.isActiveWindow, timeout=3000)
    # the panel follows the switch a turn later (keys typed meanwhile are held for it)
    qtbot.waitUntil(lambda: not binding.second_turn.pending, timeout=3000)
    step = binding.service.rating.current_step
    assert panel.page(step).isAncestorOf(focused()), "the next item is ready to type in"
    return str(item_id)


def _undo_reopens_visibly_and_redo_completes(qtbot: Any, window: Any, binding: Any,
                                             rated: str) -> None:
    """Back on the completed item, one Ctrl+Z takes back the last typing burst of the
    verdict justification: the verdict step is shown, the item says it was reopened;
    Ctrl+Shift+Z makes it complete again."""
    key(qtbot, Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)
    assert binding.service.current_item_id == rated
    key(qtbot, Qt.Key.Key_Z, CTRL)
    service, panel = binding.service, binding.panel
    assert service.rating.current_step.value == "verdict"
    assert panel.page(service.rating.current_step).justification.hasFocus()
    assert service.rating.verdict_justification.startswith("The deciding difference")
    assert service.rating.status.value == "in_progress"
    assert "reopened" in panel.message.text() and panel.message.isVisibleTo(panel)
    assert window.item_list.model.progress(rated).state == "in_progress"
    key(qtbot, Qt.Key.Key_Z, CTRL | SHIFT)
    assert service.rating.status.value == "complete", panel.message.text()
    assert window.item_list.model.progress(rated).state == "complete"
    assert "complete again" in window.statusBar().currentMessage()


def _export(qtbot: Any, window: Any, tmp_path: Path) -> Path:
    def fill(dialog: Any) -> None:
        assert focused().objectName() == "exportPassphrase"
        type_text(qtbot, PASSPHRASE)
        assert dialog.findChild(type(focused()), "exportPathField").text().endswith(
            ".results.json"), "the passphrase never lands in the file name"
        key(qtbot, Qt.Key.Key_Return)

    stop = answer_modal(qtbot, "exportDialog", fill)
    key(qtbot, Qt.Key.Key_E, CTRL)
    qtbot.waitUntil(lambda: window.findChild(QDialog, "exportDoneMessage") is not None,
                    timeout=20000)
    stop()
    found = sorted(tmp_path.glob("*.results.json"))
    assert len(found) == 1
    return found[0]


# About 19 s of CPU each; on 2 busy cores (CI runs two more suites beside it) they took
# 47-86 s of wall time at a load of 5-7, too near a 120 s limit.
@pytest.mark.timeout(240)
@pytest.mark.parametrize("batch", sorted(URLS))
def test_rate_and_export_one_item_with_keys_only(qtbot: Any, tmp_path: Path, batch: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RATER_DESKTOP_PASSPHRASE", raising=False)
    window, binding, profile = _open(qtbot, tmp_path, batch)
    good = _good_label(window, binding, batch)
    plan = _plans(batch, good)
    rate_case_file(qtbot, binding, plan)
    assert binding.service.rating.revealed, binding.panel.reason.text()
    rate_task_completion(qtbot, binding, plan)
    rate_claims(qtbot, window, binding, plan)
    rate_fact_checks(qtbot, binding, plan)
    rate_performance(qtbot, binding, plan)
    rate_verdict(qtbot, binding, plan)
    rated = _complete(qtbot, binding)
    assert window.item_list.model.progress(rated).state == "complete"
    _undo_reopens_visibly_and_redo_completes(qtbot, window, binding, rated)
    out = _export(qtbot, window, tmp_path)
    roster = tmp_path / "allowed_signers"
    roster.write_text(profile.allowed_signers_line + "\n")
    from rater_desktop.batch.hashing import batch_sha256

    outcome = verify_results_file(results_path=out, allowed_signers=roster,
                                  batch_sha256=batch_sha256(SAMPLES / batch))
    assert outcome.status is VerifyStatus.VALID, outcome.message
    window.close()
