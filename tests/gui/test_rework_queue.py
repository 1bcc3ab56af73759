"""File > Import QA feedback: a signed decisions file -> the rework queue, the note under
its field, F8 to the next rework item; a file not signed by a QA lead is refused."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from integration_kit import RATER, make_rig
from PySide6.QtWidgets import QLabel, QMessageBox, QWidget

from rater_desktop.batch.hashing import batch_sha256
from rater_desktop.results.export import write_signed_json
from rater_desktop.signing import keys

NAMESPACE = "rater-desktop-qa-decisions@v1"


def _decisions(tmp_path: Path, batch: Path, name: str = "round1") -> tuple[Path, str]:
    key = keys.generate_private_key()
    public = keys.openssh_public_key(key.public_key())
    document = {
        "format": "rater-desktop-qa-decisions", "format_version": "1.1",
        "reviewer": {"rater_id": "quinn", "fingerprint": keys.fingerprint(key.public_key())},
        "batch": {"batch_id": "b", "sha256": batch_sha256(batch)}, "sources": [],
        "decisions": [
            {"item_id": "item-000", "decision": "needs_fix", "note": "Say why A is cheaper.",
             "field": "verdict_justification", "raters": [RATER], "decided_at": "2026-12-01T10:00:00Z"},
            {"item_id": "item-001", "decision": "needs_fix", "note": "@someone-else Not yours.",
             "decided_at": "2026-12-01T10:00:00Z"},
            {"item_id": "item-002", "decision": "reject", "note": "[responses.A.tc] Too generous.",
             "decided_at": "2026-12-01T10:00:00Z"},
        ]}  # fmt: skip
    path = tmp_path / f"{name}.qa-decisions.json"
    write_signed_json(paths=(path, path.with_name(path.name + ".sig")), document=document,
                      private_key=key, namespace=NAMESPACE, what="decisions")  # fmt: skip
    return path, f"quinn {public}"


def test_imported_feedback_lists_the_rework_and_puts_the_note_under_its_field(
        qtbot: Any, make_window: Any, tmp_path: Path, small_batch: Path, memory_keyring: Any) -> None:  # fmt: skip
    decisions, lead = _decisions(tmp_path, small_batch)
    leads = tmp_path / "qa_leads"
    leads.write_text(lead + "\n")
    rig = make_rig(make_window, tmp_path, memory_keyring, rework_qa_leads=leads,
                   rework_choose=lambda *_: str(decisions))  # fmt: skip
    window, queue = rig.window, rig.parts["rework"]
    assert window.open_batch_path(str(small_batch))
    assert not queue.isVisible()
    window.findChild(type(queue.import_action), "actionImportFeedback").trigger()
    assert queue.isVisible()
    assert [queue.list.item(n).text() for n in range(queue.list.count())] == [
        "item-000: needs fix [verdict_justification]", "item-002: reject [responses.A.tc]"]  # not item-001
    qtbot.waitUntil(lambda: window.item is not None and window.item.id == "item-000")
    qtbot.waitUntil(lambda: bool(window.findChildren(QLabel, "reworkFieldNote")))
    note = window.findChild(QLabel, "reworkFieldNote")
    assert "Say why A is cheaper." in note.text()
    field = note.parentWidget().findChild(QWidget, "verdictJustification")
    layout = note.parentWidget().layout()
    assert layout.indexOf(note) == layout.indexOf(field) + 1  # right under its field
    queue.next_action.trigger()  # F8
    qtbot.waitUntil(lambda: window.item.id == "item-002")
    assert "Too generous." in queue.note.text()
    assert queue.next_action.shortcut().toString() == "F8"
    # Kept in the ratings database (through the rating service): the CLI and a later
    # window see the same queue, and moving between items did not drop it.
    from rater_desktop.feedback.rework import saved_rework

    rig.binding.flush()
    saved = saved_rework(rig.real_store.load_batch_state(window.batch.manifest.batch_id))
    assert sorted(saved) == ["item-000", "item-002"] and saved["item-000"].revision == 2


def test_feedback_from_a_key_not_in_the_qa_lead_roster_is_refused(
        qtbot: Any, make_window: Any, tmp_path: Path, small_batch: Path, memory_keyring: Any,
        monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    decisions, _lead = _decisions(tmp_path, small_batch)
    leads = tmp_path / "qa_leads"
    _other, other_lead = _decisions(tmp_path, small_batch, name="other")
    leads.write_text(other_lead + "\n")
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text, *a, **k: shown.append(text))
    rig = make_rig(make_window, tmp_path, memory_keyring, rework_qa_leads=leads,
                   rework_choose=lambda *_: str(decisions))  # fmt: skip
    assert rig.window.open_batch_path(str(small_batch))
    assert rig.parts["rework"].import_chosen() is None
    assert shown and "not a QA lead" in shown[0]
    assert rig.parts["rework"].list.count() == 0  # nothing kept
