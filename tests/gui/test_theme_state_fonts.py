"""A widget's size is computed with its normal font: a state (checked, hover, pressed, focus)
that makes the text bolder or bigger clips it ("Correct (C" in the viewer, seen under Xvfb)."""

from __future__ import annotations

import re

import pytest

from rater_desktop.paths import ui_file

STATE = re.compile(r":(checked|hover|pressed|focus|selected|on)\b")


@pytest.mark.parametrize("sheet", ["light.qss", "dark.qss"])
def test_no_state_changes_the_font_size_or_weight(sheet: str) -> None:
    text = ui_file(sheet).read_text(encoding="utf-8")
    offending = [
        f"{selector.strip()} {{{body}}}"
        for selector, body in re.findall(r"([^{}]+)\{([^}]*)\}", text)
        if STATE.search(selector) and re.search(r"font(-weight|-size)?\s*:", body)
    ]
    assert offending == []
