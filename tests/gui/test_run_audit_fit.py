"""The run audit window fits its text on every step (report revealed, judge shown, a
login wall's block row and quote), at 1366x768 and at 853x480 (the compact arrangement),
light and dark: no label or button cut, no page scrolling sideways."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from layout_walk import problems_of
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from rater_desktop.gui.app import create_main_window
from rater_desktop.gui.run_audit.binding import RunAuditBinding
from rater_desktop.gui.theme import apply_theme
from rater_desktop.rating.store import MemoryRatingStore
from tests.batchkit import run_item
from tests.gui.run_audit_kit import run_audit_batch


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("size", [(853, 480), (1366, 768)])
def test_every_run_audit_step_fits_its_text(qtbot: Any, tmp_path: Path,
                                            size: tuple[int, int], theme: str) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    apply_theme(app, theme)
    try:
        window = create_main_window(settings=QSettings(str(tmp_path / "w.ini"),
                                                       QSettings.Format.IniFormat))
        qtbot.addWidget(window)
        binding = RunAuditBinding(window, store=MemoryRatingStore(), rater_id="layout")
        window.showNormal()
        window.resize(*size)
        window.show()
        batch = run_audit_batch(tmp_path / "ra", [run_item(
            "run-wall", outcome="login_wall", steps=6, judge="overstated")])
        assert window.open_batch_path(str(batch))
        assert (window.width(), window.height()) == size
        found: list[str] = []

        def visit(name: str) -> None:
            window.step_dock.raise_()  # compact: the rating tab in front
            found.extend(f"{name}: {p}" for p in problems_of(window))

        _walk(binding, visit)
        assert not found, "\n".join(found)
    finally:
        apply_theme(app, "light")


def _walk(binding: RunAuditBinding, visit: Any) -> None:
    service = binding.service
    assert service is not None
    visit("checkpoints-empty")
    binding.pick(2)
    binding.answer("checkpoints.C3", True)
    binding.cite_on("checkpoints.C3")
    binding.answer("checkpoints.C4", False)
    visit("checkpoints-marked")
    binding.move(1)
    binding.answer("observed.outcome", "login_wall")
    visit("outcome-login-wall")
    binding.pick(3)
    binding.cite_on("observed.block_step")
    binding.set_quote("Sign in to continue " * 20)  # over 300 characters: said so
    binding._show()
    visit("outcome-long-quote")
    binding.set_quote("Sign in to continue")
    binding.move(1)
    assert service.rating.report_shown
    visit("report")
    for statement in service.statements():
        binding.answer(f"statements.{statement.id}", "contradicted")
        binding.cite_on(f"statements.{statement.id}")
    visit("report-contradicted")
    binding.move(1)
    binding.answer("breaches.sign_in", True)
    visit("breaches")
    binding.none_seen()
    binding.move(1)
    binding.answer("verdict", "overstated")
    assert service.rating.judge_shown
    visit("verdict-judge")
