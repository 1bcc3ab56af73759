"""Long QA steps show progress and can be cancelled; the Compare tab draws its item only
when shown (issue 22: the QA window stays responsive with many exports)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from qa_window_kit import Errors, Setup, build_setup, make_qa_window, result_files, wait_idle

from rater_desktop.qa_review.offload import Offload, serve
from rater_desktop.qa_review.session import QaSession

RATERS = ("alice", "bob", "carol")


@pytest.fixture
def setup(tmp_path: Path, memory_keyring: Any) -> Setup:
    return build_setup(tmp_path, memory_keyring)


def test_an_import_on_a_thread_shows_progress_and_cancel_stops_after_the_current_file(
    qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    errors: Errors = []
    window = make_qa_window(qtbot, setup, settings=temp_settings, keyring=memory_keyring,
                            errors=errors, offload=None)  # on a thread: the patch applies
    window.show()
    gate, started = threading.Event(), threading.Event()
    original = QaSession._import_one

    def slow_import(self: QaSession, path: Path, signers: Any) -> Any:
        started.set()
        gate.wait(10)  # the first file waits until the test pressed Cancel
        return original(self, path, signers)

    monkeypatch.setattr(QaSession, "_import_one", slow_import)
    assert window.import_paths(result_files(setup, *RATERS))
    qtbot.waitUntil(started.is_set, timeout=10_000)
    qtbot.waitUntil(lambda: window.busy_bar.maximum() == 3, timeout=10_000)  # 0 of 3 files
    assert window.cancel_button.isVisible() and window.cancel_button.isEnabled()
    window.cancel_button.click()
    assert "Cancelling" in window.busy_label.text() and not window.cancel_button.isEnabled()
    gate.set()
    wait_idle(qtbot, window)
    assert [f.claimed_rater_id for f in window.state.files] == ["alice"]  # one file, then stop
    assert not window.cancel_button.isVisible() and not window.runner.cancelled()
    monkeypatch.undo()
    assert window.import_paths(result_files(setup, "bob", "carol"))  # a later import runs
    wait_idle(qtbot, window)
    assert len(window.state.files) == 3 and errors == []


def _gated_worker(conn: Any, cancel: Any) -> None:
    """The worker process, whose import waits before its second file until Cancel."""
    original = QaSession._import_one

    def gated(self: QaSession, path: Path, signers: Any) -> Any:
        if not path.name.startswith(RATERS[0]):
            cancel.wait(20)
        return original(self, path, signers)

    QaSession._import_one = gated  # type: ignore[method-assign]
    serve(conn, cancel)


def test_an_import_in_the_worker_process_shows_progress_and_cancel_stops_it(
    qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any,
) -> None:
    errors: Errors = []
    window = make_qa_window(qtbot, setup, settings=temp_settings, keyring=memory_keyring,
                            errors=errors, offload=Offload(target=_gated_worker))
    window.show()
    assert window.import_paths(result_files(setup, *RATERS))
    qtbot.waitUntil(lambda: window.busy_bar.maximum() == 3 and window.busy_bar.value() == 1,
                    timeout=60_000)  # alice done, bob waiting in the worker
    assert window.cancel_button.isVisible() and window.cancel_button.isEnabled()
    window.cancel_button.click()
    assert "Cancelling" in window.busy_label.text()
    wait_idle(qtbot, window)
    # bob, the file under way, is finished; carol is never started
    assert [f.claimed_rater_id for f in window.state.files] == ["alice", "bob"]
    assert window.state.raters == ("alice", "bob") and errors == []
    assert window.view.disagreements.rows.total > 0  # the tabs, from the store
    window.close()
    assert window.offload is not None and window.offload._process is None  # ended


def test_the_compare_tab_draws_its_item_only_when_shown(
    qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    errors: Errors = []
    window = make_qa_window(qtbot, setup, settings=temp_settings, keyring=memory_keyring,
                            errors=errors)
    window.show()
    drawn: list[str | None] = []
    original = type(window.view.compare).show_item
    monkeypatch.setattr(type(window.view.compare), "show_item",
                        lambda self, item_id: (drawn.append(item_id), original(self, item_id)))
    window.tabs.setCurrentWidget(window.files_panel)
    assert window.import_paths(result_files(setup, *RATERS))
    wait_idle(qtbot, window)
    assert drawn == []  # the import did not draw the hidden Compare tab
    window.tabs.setCurrentWidget(window.view.compare)
    qtbot.waitUntil(lambda: window.view.compare.item_id is not None, timeout=5_000)
    assert drawn == [window.view.compare.item_id]
    qtbot.waitUntil(lambda: window.view.compare.comparison() is not None, timeout=10_000)
    assert errors == []


def test_the_dashboard_shows_the_study_checks(
    qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any,
) -> None:
    errors: Errors = []
    window = make_qa_window(qtbot, setup, settings=temp_settings, keyring=memory_keyring,
                            errors=errors)
    assert window.import_paths(result_files(setup, *RATERS))
    wait_idle(qtbot, window, figures=True)
    text = window.view.dashboard.study.text()
    assert text.startswith("Study checks") and "Fleiss" in text and "AC1" in text
    assert "Most reliable (Dawid-Skene)" in text and "Top model" in text
    assert "Side bias (p < 0.01)" in text and errors == []


def test_a_batch_is_opened_off_the_ui_thread_and_a_bad_one_is_one_message(
    qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any,
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    from rater_desktop.gui.qa import window as window_module

    errors: Errors = []
    window = make_qa_window(qtbot, setup, settings=temp_settings, keyring=memory_keyring,
                            errors=errors)
    threads: list[bool] = []
    original = window_module.open_batch_path

    def recorded(path: str) -> Any:
        threads.append(threading.current_thread() is threading.main_thread())
        return original(path)

    monkeypatch.setattr(window_module, "open_batch_path", recorded)
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "batch.json").write_text("{not json")
    assert window.open_batch_path(str(broken))  # started; the answer comes from the job
    qtbot.waitUntil(lambda: bool(errors), timeout=10_000)
    assert errors[0][0] == "Cannot open batch" and threads == [False]
    assert window.opening_batch is None and window.session is not None  # the old one stays
    assert window.open_batch_path(str(setup.batch_path))
    wait_idle(qtbot, window)
    assert threads == [False, False] and window.session.batch_id == "qa-e2e"
