"""File > Export results from the rater window: options, passphrase, background work with
a progress dialog, the success message with the verify command, and clear failures."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest
from integration_kit import RATER, make_rig
from PySide6.QtWidgets import QApplication, QCheckBox, QLineEdit, QProgressDialog, QPushButton

from rater_desktop.gui.export_flow import ExportOptionsDialog, ExportRequest
from rater_desktop.rater_export import ExportOutcome
from rater_desktop.results.verify import VerifyStatus, verify_results_file


class Recorder:
    """Stands in for the options dialog and the message box."""

    def __init__(self, request: ExportRequest | None) -> None:
        self.request = request
        self.summaries: list[str] = []
        self.messages: list[tuple[str, str, bool]] = []

    def ask(self, _parent: Any, default: ExportRequest, summary: str) -> ExportRequest | None:
        self.summaries.append(summary)
        self.default = default
        return self.request

    def inform(self, _parent: Any, title: str, text: str, *, error: bool = False) -> None:
        self.messages.append((title, text, error))


def _rig(make_window: Any, tmp_path: Path, keyring: Any, recorder: Recorder,
         **options: Any) -> Any:
    return make_rig(make_window, tmp_path, keyring, export_ask_options=recorder.ask,
                    export_inform=recorder.inform, **options)


def _export(qtbot: Any, rig: Any) -> Any:
    exporter = rig.parts["exporter"]
    with qtbot.waitSignal(exporter.finished, timeout=10000) as blocker:
        assert exporter.start()
        progress = exporter.progress
        assert isinstance(progress, QProgressDialog) and progress.isVisible()
        assert progress.objectName() == "exportProgress"
        assert not rig.window.actions_.export.isEnabled()  # no second export meanwhile
    assert exporter.progress is None and not progress.isVisible()
    return blocker.args[0]


def test_export_writes_signed_results_off_the_ui_thread(
        qtbot: Any, make_window: Any, tmp_path: Path, small_batch: Path,
        memory_keyring: Any) -> None:
    out = tmp_path / "out" / "mine"
    out.parent.mkdir()
    recorder = Recorder(ExportRequest(out, include_incomplete=True))
    rig = _rig(make_window, tmp_path, memory_keyring, recorder)
    assert not rig.window.actions_.export.isEnabled()
    assert rig.window.open_batch_path(str(small_batch))
    assert rig.window.actions_.export.isEnabled()
    rig.binding.service.set_main_goal("Find the cheapest kettle")  # not flushed yet
    outcome = _export(qtbot, rig)
    assert isinstance(outcome, ExportOutcome)
    assert outcome.results_path == tmp_path / "out" / "mine.results.json"
    assert outcome.exported == 1 and outcome.total == 3
    assert recorder.default.out_path.name == f"test-batch-{RATER}.results.json"
    assert recorder.default.out_path.parent != small_batch.parent  # never beside the batch
    assert recorder.summaries == ["0 of 3 items are complete; 1 more started but not complete."]
    document = json.loads(outcome.results_path.read_text())
    assert document["items"][0]["rating"]["case_file"]["main_goal"] == \
        "Find the cheapest kettle"
    roster = tmp_path / "allowed_signers"
    roster.write_text(rig.profile.allowed_signers_line + "\n")
    verdict = verify_results_file(results_path=outcome.results_path, allowed_signers=roster)
    assert verdict.status is VerifyStatus.VALID
    title, text, error = recorder.messages[-1]
    assert not error and title == "Results exported"
    assert str(outcome.results_path) in text and str(outcome.signature_path) in text
    assert f"rater-desktop verify {outcome.results_path} --batch {small_batch}" in text
    # Without a roster verify prints UNKNOWN SIGNER: the message says that is expected.
    assert "UNKNOWN SIGNER" in text and "expected" in text
    assert rig.window.actions_.export.isEnabled()


def test_export_work_runs_on_a_pool_thread(qtbot: Any, make_window: Any, tmp_path: Path,
                                           small_batch: Path, memory_keyring: Any) -> None:
    recorder = Recorder(ExportRequest(tmp_path / "r", include_incomplete=True))
    rig = _rig(make_window, tmp_path, memory_keyring, recorder)
    rig.window.open_batch_path(str(small_batch))
    rig.binding.service.set_main_goal("x")
    rig.binding.flush()
    seen: list[str] = []
    original = rig.store.__class__.__getattr__

    def spy(self: Any, name: str) -> Any:
        if name == "load_item":
            seen.append(threading.current_thread().name)
        return original(self, name)

    rig.store.__class__.__getattr__ = spy
    try:
        _export(qtbot, rig)
    finally:
        rig.store.__class__.__getattr__ = original
    workers = [name for name in seen if name != threading.main_thread().name]
    assert len(workers) == 3  # every item of the batch was read on a pool thread


def test_nothing_complete_and_bad_path_give_clear_messages(
        qtbot: Any, make_window: Any, tmp_path: Path, small_batch: Path,
        memory_keyring: Any) -> None:
    recorder = Recorder(ExportRequest(tmp_path / "r.results.json"))
    rig = _rig(make_window, tmp_path, memory_keyring, recorder)
    rig.window.open_batch_path(str(small_batch))
    rig.binding.service.set_main_goal("started only")
    _export(qtbot, rig)
    title, text, error = recorder.messages[-1]
    assert error and title == "Export failed"
    assert "none of the 3 items is complete" in text and "not complete" in text
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    recorder.request = ExportRequest(blocker / "r.results.json", include_incomplete=True)
    _export(qtbot, rig)
    _title, text, error = recorder.messages[-1]
    assert error and "no file was written" in text
    assert not (blocker.parent / "r.results.json").exists()


def test_encrypted_key_asks_for_the_passphrase(qtbot: Any, make_window: Any, tmp_path: Path,
                                               small_batch: Path, memory_keyring: Any,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RATER_DESKTOP_PASSPHRASE", raising=False)
    answers = ["wrong words", "still wrong", "correct horse battery"]
    problems: list[str] = []

    def ask(_parent: Any, rater_id: str, problem: str) -> str:
        assert rater_id == RATER
        problems.append(problem)
        return answers.pop(0)

    recorder = Recorder(ExportRequest(tmp_path / "r", include_incomplete=True))
    rig = _rig(make_window, tmp_path, memory_keyring, recorder,
               passphrase="correct horse battery", export_ask_for_passphrase=ask)
    rig.window.open_batch_path(str(small_batch))
    assert recorder.request is not None
    rig.binding.service.set_main_goal("x")
    exporter = rig.parts["exporter"]
    with qtbot.waitSignal(exporter.finished, timeout=15000) as blocker:
        assert exporter.start()  # one export: a wrong passphrase asks again, not ends it
    assert isinstance(blocker.args[0], ExportOutcome)
    assert problems[0] == "" and "2 of 3" in problems[1] and "3 of 3" in problems[2]
    assert recorder.messages[-1][0] == "Results exported"
    assert recorder.default.needs_passphrase


def test_three_wrong_passphrases_stop_the_export_with_a_message(
        qtbot: Any, make_window: Any, tmp_path: Path, small_batch: Path, memory_keyring: Any,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RATER_DESKTOP_PASSPHRASE", raising=False)
    asked: list[str] = []

    def ask(_parent: Any, _rater_id: str, problem: str) -> str:
        asked.append(problem)
        return "wrong words"

    recorder = Recorder(ExportRequest(tmp_path / "r", include_incomplete=True))
    rig = _rig(make_window, tmp_path, memory_keyring, recorder,
               passphrase="correct horse battery", export_ask_for_passphrase=ask)
    rig.window.open_batch_path(str(small_batch))
    rig.binding.service.set_main_goal("x")
    exporter = rig.parts["exporter"]
    with qtbot.waitSignal(exporter.finished, timeout=15000):
        assert exporter.start()
    assert len(asked) == 3
    title, text, error = recorder.messages[-1]
    assert error and "passphrase is not right" in text and "no file was written" in text
    assert not (tmp_path / "r").exists()


def test_options_dialog_browse_and_include_incomplete(qtbot: Any, tmp_path: Path) -> None:
    chosen = str(tmp_path / "picked.results.json")
    dialog = ExportOptionsDialog(None, ExportRequest(tmp_path / "default.results.json"),
                                 "2 of 5 items are complete.",
                                 choose_path=lambda _parent, start: chosen)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.findChild(QPushButton, "exportBrowse").click()
    assert dialog.findChild(QLineEdit, "exportPathField").text() == chosen
    dialog.findChild(QCheckBox, "exportIncludeIncomplete").setChecked(True)
    assert dialog.request() == ExportRequest(Path(chosen), include_incomplete=True)
    dialog.findChild(QLineEdit, "exportPathField").clear()
    assert not dialog.findChild(QPushButton, "exportStart").isEnabled()
    QApplication.processEvents()


def test_done_message_is_non_modal_and_copies_the_verify_command(qtbot: Any) -> None:
    from rater_desktop.gui.export_flow import ExportMessage

    command = "rater-desktop verify /data/r.results.json --batch /data/batch.zip"
    message = ExportMessage(None, "Results exported", f"Exported 2 of 2 items.\n\n{command}")
    qtbot.addWidget(message)
    message.show()
    assert not message.isModal() and message.objectName() == "exportDoneMessage"
    message.findChild(QPushButton, "exportCopyVerify").click()
    assert QApplication.clipboard().text() == command


def test_giving_up_after_a_wrong_passphrase_cancels_quietly(
        qtbot: Any, make_window: Any, tmp_path: Path, small_batch: Path, memory_keyring: Any,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RATER_DESKTOP_PASSPHRASE", raising=False)
    answers = ["wrong words", None]

    def ask(_parent: Any, _rater_id: str, _problem: str) -> str | None:
        return answers.pop(0)

    recorder = Recorder(ExportRequest(tmp_path / "r", include_incomplete=True))
    rig = _rig(make_window, tmp_path, memory_keyring, recorder,
               passphrase="correct horse battery", export_ask_for_passphrase=ask)
    rig.window.open_batch_path(str(small_batch))
    rig.binding.service.set_main_goal("x")
    exporter = rig.parts["exporter"]
    with qtbot.waitSignal(exporter.finished, timeout=15000):
        assert exporter.start()
    assert not answers and recorder.messages == []  # no "failed" box for a cancel
    assert "cancelled" in rig.window.statusBar().currentMessage()
