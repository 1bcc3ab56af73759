"""Run audit batches and a bound window for the run audit widget tests."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from rater_desktop.gui.rating_binding import RatingBinding
from rater_desktop.gui.run_audit.binding import RunAuditBinding
from rater_desktop.rating.store import MemoryRatingStore
from tests.batchkit import batch_files, run_item, write_folder


def run_audit_batch(root: Path, items: list[dict[str, Any]] | None = None,
                    **manifest: Any) -> Path:
    """A folder batch of run audit items (a completed run, a login wall, a CAPTCHA)."""
    items = items if items is not None else [
        run_item("run-1", outcome="completed", steps=5),
        run_item("run-2", outcome="login_wall", steps=4, judge="overstated"),
        run_item("run-3", outcome="blocked", steps=3, judge=None)]
    return write_folder(root, batch_files(items, format_version="1.1", protocol="run-audit",
                                          batch_id="ra-test", title="Run audit test",
                                          **manifest))


def bind(make_window: Callable[..., Any], batch: Path, qtbot: Any = None,
         **binding_args: Any) -> tuple[Any, RunAuditBinding]:
    """A shown window with both bindings (the guideline's and the run audit's) and
    ``batch`` open on its first item."""
    window = make_window()
    store = MemoryRatingStore()
    RatingBinding(window, store=store, rater_id="r1")
    binding = RunAuditBinding(window, store=store, rater_id="r1", **binding_args)
    window.show()
    assert window.open_batch_path(str(batch))
    if qtbot is not None:  # window shortcuts only fire in the active window
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    return window, binding


def finish_audit(binding: RunAuditBinding, verdict: str | None = "accurate") -> None:
    """Every step of the open run answered through the service (the checkpoints from the
    run's last step, the outcome completed, every statement matching, no breach)."""
    service = binding.service
    assert service is not None and service.item is not None and service.item.run is not None
    service.mark_checkpoint("C4", True, step=len(service.item.run.trajectory) - 1)
    service.set_outcome("completed")
    service.reveal_report()
    for statement in service.statements():
        service.mark_statement(statement.id, "matching")
    for kind in service.rating.breaches:
        service.mark_breach(kind, False)
    service.go_to_step("verdict")
    binding._show()
    if verdict is not None:  # None: stop on the verdict step, unanswered
        binding.answer("verdict", verdict)
