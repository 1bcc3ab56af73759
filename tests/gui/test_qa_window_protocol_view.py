"""The QA window shows the tabs a protocol registers (``gui.protocols.QaView``), asking
the registry: a throwaway protocol defined here, in the test tree only, gets its own tab
on its batches, the View actions follow its roles, and the guideline's tabs come back
with a guideline batch (docs/architecture.md, "How to add a protocol")."""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from batchkit import batch_files, item, write_folder
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QLabel
from qa_window_kit import build_setup, wait_idle

from rater_desktop.batch import protocol as batch_protocol
from rater_desktop.gui import protocols
from rater_desktop.gui.qa import open_qa_window

NAME = "thumbs"
QA_PACKAGE = Path(__file__).resolve().parents[2] / "rater_desktop" / "gui" / "qa"


class ThumbsView:
    """The least a QA view does: one tab, its files counted in a job."""

    adjudicates = False

    def __init__(self, host: Any) -> None:
        self.host = host
        self.label = QLabel("no files")
        self.label.setObjectName("thumbsUps")
        self.tabs = (protocols.QaTab(self.label, "Ups", ("dashboard",)),)
        self.batches: list[Any] = []

    def show_batch(self, batch: Any) -> None:
        self.batches.append(batch)
        self.label.setText("no files")

    def update(self, state: Any) -> None:
        files = len(state.files)
        self.host.runner.start("Counting\u2026", lambda: files,
                               done=lambda n: self.label.setText(f"{n} files"),
                               failed=self.host.job_failed)

    def save_now(self) -> None:
        """Nothing typed."""

    def decisions_changed(self, items: set[str], decided: Any) -> None:
        """No decisions."""

    def report_work(self, out_path: Path, report_format: str) -> Callable[[], Path] | None:
        return None


@pytest.fixture
def thumbs(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[ThumbsView]]:
    monkeypatch.setattr(batch_protocol, "PROTOCOLS", (*batch_protocol.PROTOCOLS, NAME))
    made: list[ThumbsView] = []

    def qa_view(host: Any) -> ThumbsView:
        made.append(ThumbsView(host))
        return made[-1]

    protocols.register(protocols.WindowProtocol(name=NAME, criteria=lambda _m: "",
                                                qa_view=qa_view))
    yield made
    protocols.unregister(NAME)


def test_a_registered_protocol_gets_its_own_tabs(
        qtbot: Any, thumbs: list[ThumbsView], tmp_path: Path, temp_settings: QSettings,
        memory_keyring: Any) -> None:
    setup = build_setup(tmp_path / "guideline", memory_keyring)
    batch = write_folder(tmp_path / "thumbs", batch_files(
        [item(f"t-{n}", shots=False) for n in (1, 2)], format_version="1.1", protocol=NAME))
    errors: list[str] = []
    window = open_qa_window(parent=None, settings=temp_settings, data_dir=tmp_path / "data",
                            batch_path=str(batch), keyring=memory_keyring,
                            roster_path=setup.roster,
                            report_error=lambda _p, _t, text, _d: errors.append(text))
    qtbot.addWidget(window)
    wait_idle(qtbot, window)
    [view] = thumbs
    assert window.view is view and view.batches[0].manifest.protocol == NAME
    qtbot.waitUntil(lambda: view.label.text() == "0 files", timeout=10_000)
    guideline = window.views["guideline"]
    visible = [window.tabs.tabText(i) for i in range(window.tabs.count())
               if window.tabs.isTabVisible(i)]
    assert visible == ["Results files", "Ups"]
    assert not window.tabs.isTabVisible(window.tabs.indexOf(guideline.compare))
    window.actions_.tabs[3].trigger()  # Ctrl+4: the protocol's "dashboard" role
    assert window.tabs.currentWidget() is view.label
    assert not window.actions_.tabs[2].isEnabled()  # no "compare" role
    assert not window.actions_.export_decisions.isEnabled()  # adjudicates = False
    assert window.open_batch_path(str(setup.batch_path))  # a guideline batch: its tabs
    wait_idle(qtbot, window)
    assert window.view is guideline and thumbs == [view]
    assert window.tabs.isTabVisible(window.tabs.indexOf(guideline.compare))
    assert not window.tabs.isTabVisible(window.tabs.indexOf(view.label))
    assert window.actions_.tabs[2].isEnabled() and errors == []


def test_the_qa_window_imports_no_protocol_gui_package() -> None:
    """It asks the registry; a protocol's GUI package registers itself there."""
    own = {m.rsplit(".", 1)[0] for m in protocols.BUILT_IN} - {"rater_desktop.gui.protocols"}
    own |= set(protocols.BUILT_IN)
    found = []
    for path in sorted(QA_PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            found += [f"{path.name}: {n}" for n in names
                      if any(n == p or n.startswith(p + ".") for p in own)]
    assert own and found == []
