"""Fixtures of the end-to-end tests: the real window started for a fresh profile."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pytest
from window_kit import StartWindow, start_window


@pytest.fixture
def rater_window(qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> StartWindow:
    """``rater_window(rater_id=...)``: the real window for a new profile (window_kit)."""
    return functools.partial(start_window, qtbot, tmp_path, monkeypatch)
