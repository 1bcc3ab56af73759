"""RATER_DESKTOP_TEXT_FIT_LOG: the running app logs clipped texts (the rater robot's
TEXT-FIT check), only what two looks in a row agree on, each once, after a header."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QLabel, QVBoxLayout, QWidget

from rater_desktop.gui.text_fit_log import LOG_ENV, TextFitLog, install_text_fit_log


def test_nothing_is_installed_without_the_variable(qtbot: Any,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(LOG_ENV, raising=False)
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    assert install_text_fit_log(app) is None


def test_a_clipped_label_is_logged_once_after_two_looks(qtbot: Any, tmp_path: Path) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    log_path = tmp_path / "text-fit.log"
    log = TextFitLog(app, log_path)
    try:
        window = QWidget()
        window.setObjectName("fitWindow")
        qtbot.addWidget(window)
        label = QLabel("A sentence the rater must read in full, far too long for its room")
        label.setObjectName("tooNarrow")
        QVBoxLayout(window).addWidget(label)
        window.show()
        label.setFixedWidth(label.fontMetrics().horizontalAdvance("A sentence") + 4)
        qtbot.waitExposed(window)
        log.check()  # a first look only remembers
        assert [line for line in log_path.read_text().splitlines()
                if not line.startswith("#")] == []
        log.check()
        log.check()
        lines = log_path.read_text().splitlines()
        assert lines[0].startswith("# text-fit check on")
        problems = [line for line in lines if not line.startswith("#")]
        assert len(problems) == 1 and "tooNarrow" in problems[0]
    finally:
        app.removeEventFilter(log)
        log.timer.stop()
        log.deleteLater()
