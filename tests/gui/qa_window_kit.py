"""Shared setup of the QA window tests: three raters' signed exports (plus an unknown
signer and a tampered copy) built by tests/core/test_qa_review_support.py, and a QA
window on temp folders. No tests here."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))

from test_qa_review_support import Setup, build_setup  # noqa: E402

from rater_desktop.gui.qa import QaWindow, open_qa_window  # noqa: E402

__all__ = ["Setup", "build_setup", "Errors", "compare_window", "make_qa_window", "open_in_compare",
           "stored_decision", "wait_idle"]

Errors = list[tuple[str, str]]


def wait_idle(qtbot: Any, window: QaWindow, *, figures: bool = False) -> None:
    """Until the background jobs ran (and, if asked, the dashboard got its figures)."""
    def ready() -> bool:
        done = window.session is not None and not window.runner.busy
        return done and (not figures or (window.view.dashboard.figures is not None
                                         and not window.view.dashboard.drawing))

    qtbot.waitUntil(ready, timeout=30_000)


def make_qa_window(qtbot: Any, setup: Setup, *, settings: QSettings, keyring: Any,
                   errors: Errors, batch_path: Path | None = None,
                   **dependencies: Any) -> QaWindow:
    def report(_parent: Any, title: str, text: str, _details: str) -> None:
        errors.append((title, text))

    window = open_qa_window(
        parent=None, settings=settings, data_dir=setup.batch_path.parent / "profiles",
        batch_path=str(batch_path or setup.batch_path), profile="quinn", keyring=keyring,
        roster_path=setup.roster, resamples=40, report_error=report, **dependencies)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    wait_idle(qtbot, window)
    return window


def result_files(setup: Setup, *names: str) -> list[Path]:
    return [setup.files[name] for name in names]


Factory = Callable[..., QaWindow]


def open_in_compare(qtbot: Any, window: QaWindow, item_id: str) -> None:
    """Show ``item_id`` in Compare and wait until its raters' answers were read (a job)."""
    window.view.open_in_compare(item_id)
    compare = window.view.compare
    qtbot.waitUntil(lambda: compare.comparison() is not None
                    and compare.comparison().item_id == item_id
                    and not compare.responses_pending and not compare.answers_pending,
                    timeout=30_000)


def compare_window(qtbot: Any, setup: Setup, settings: QSettings, keyring: Any) -> QaWindow:
    """The QA window with three raters' results, shown and active, Compare on its first
    item."""
    from PySide6.QtWidgets import QApplication

    window = make_qa_window(qtbot, setup, settings=settings, keyring=keyring, errors=[])
    assert window.import_paths(result_files(setup, "alice", "bob", "carol"))
    qtbot.waitUntil(lambda: not window.runner.busy and len(window.state.raters) == 3,
                    timeout=30_000)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5_000)
    open_in_compare(qtbot, window, window.view.compare.items.item_at(0))
    return window


def stored_decision(window: QaWindow, item_id: str) -> tuple[str, str] | None:
    """The decision and note of ``item_id`` as the QA store holds them."""
    assert window.store is not None and window.session is not None
    row = window.store.adjudication(batch_sha256=window.session.batch_sha256, item_id=item_id)
    return None if row is None else (row.decision, row.note)
