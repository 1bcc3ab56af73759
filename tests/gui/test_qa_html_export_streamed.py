"""The QA window's HTML export writes the report as it is made (``write_html_report``, as
``qa report`` does), never as one text in memory; the file equals the rendered report."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from qa_window_kit import Errors, Setup, build_setup, make_qa_window, result_files, wait_idle

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def setup(tmp_path: Path, memory_keyring: Any) -> Setup:
    return build_setup(tmp_path, memory_keyring)


def test_the_html_export_is_written_as_made(
        qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any,
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from rater_desktop.gui.qa import exports
    from rater_desktop.qa_review import report

    errors: Errors = []
    window = make_qa_window(qtbot, setup, settings=temp_settings, keyring=memory_keyring,
                            errors=errors)  # fmt: skip
    window.import_paths(result_files(setup, "alice", "bob", "carol"))
    wait_idle(qtbot, window, figures=True)
    rendered: list[str] = []
    written: list[Path] = []
    render, write = report.render_report, report.write_html_report

    def spy_render(session: Any, **options: Any) -> str:
        rendered.append(options.get("report_format", "html"))
        return render(session, **{**options, "now": NOW})

    def spy_write(session: Any, out: Path, **options: Any) -> Path:
        written.append(out)
        return write(session, out, **{**options, "now": NOW})

    monkeypatch.setattr(report, "render_report", spy_render)
    monkeypatch.setattr(report, "write_html_report", spy_write)
    out = tmp_path / "window.html"
    assert exports.export_report_to(window, out, "html")
    qtbot.waitUntil(lambda: window.last_report == out, timeout=30_000)
    assert written == [out] and rendered == []  # streamed to the file, never one text
    session = window.session
    assert session is not None
    options = {"hourly_wage": window.view.dashboard.cost.wage.value(),
               "platform_fee": window.view.dashboard.cost.fee.value() / 100,
               "buffer": window.view.dashboard.cost.buffer.value() / 100,
               "raters_per_item": window.view.dashboard.cost.raters.value(),
               "resamples": window.resamples}  # fmt: skip
    assert out.read_text("utf-8") == render(session, now=NOW, **options)
    assert exports.export_report_to(window, tmp_path / "rows.csv", "csv")
    qtbot.waitUntil(lambda: window.last_report == tmp_path / "rows.csv", timeout=30_000)
    assert rendered == ["csv"]  # the rows are still one text (no streamed writer for them)
    assert not errors
