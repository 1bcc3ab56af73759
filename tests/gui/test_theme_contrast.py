"""Text the rater reads has 4.5:1 contrast (WCAG AA) in both themes: the app's style
sheets, the rating panel's colours and the palettes. Muted text on the light window was
4.2:1; white on the dark theme's blue (selected rows, the accent button, the current step,
a picked answer) 3.9:1; white on the checked fact-check buttons 3.1-4.4:1; white on the
dark theme's picked "Can't assess" (muted grey) 2.2:1."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rater_desktop.contrast import TEXT_MINIMUM, contrast_ratio
from rater_desktop.gui.steps.style import panel_colors
from rater_desktop.gui.theme import _PALETTES

UI = Path(__file__).resolve().parents[2] / "ui"
RULE = re.compile(r"([^{}]+)\{([^}]*)\}")
COLOR = re.compile(r"(?<![-\w])color:\s*(#[0-9a-fA-F]{3,6})")
BACKGROUND = re.compile(r"(?<![-\w])background(?:-color)?:\s*(#[0-9a-fA-F]{3,6})")
SELECTION = re.compile(r"selection-background-color:\s*(#[0-9a-fA-F]{6});\s*"
                       r"selection-color:\s*(#[0-9a-fA-F]{6})")


def _low(pairs: list[tuple[str, str, str]]) -> list[str]:
    return [f"{what}: {fg} on {bg} = {contrast_ratio(fg, bg):.2f}" for what, fg, bg in pairs
            if contrast_ratio(fg, bg) < TEXT_MINIMUM]


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_style_sheets_text_is_readable(theme: str) -> None:
    window = _PALETTES[theme]["window"]
    pairs: list[tuple[str, str, str]] = []
    for selector, body in RULE.findall((UI / f"{theme}.qss").read_text(encoding="utf-8")):
        selector = selector.split("*/")[-1].strip()
        color, background = COLOR.search(body), BACKGROUND.search(body)
        if ":disabled" in selector or color is None:
            continue  # disabled text need not be read
        if background is None and color.group(1).lower() == "#ffffff":
            continue  # its fill is another rule's: checked with that rule
        pairs.append((selector, color.group(1), background.group(1) if background else window))
        selection = SELECTION.search(body)
        if selection:
            pairs.append((f"{selector} selection", selection.group(2), selection.group(1)))
    assert len(pairs) > 20
    assert _low(pairs) == []


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_rating_panels_text_is_readable(theme: str) -> None:
    c = panel_colors(theme)
    white = "#ffffff"
    pairs = [("hint", c["muted"], c["bg"]), ("hint on a card", c["muted"], c["card"]),
             ("text", c["text"], c["bg"]), ("text on a card", c["text"], c["card"]),
             ("chip", c["text"], c["accent_soft"]),
             ("blocking rule", c["block_fg"], c["block_bg"]),
             ("blocking reason", c["block_fg"], c["card"]),
             ("warning", c["warn_fg"], c["warn_bg"]), ("warning on a card", c["warn_fg"], c["card"]),
             ("done", c["ok_fg"], c["ok_bg"]), ("ready reason", c["ok_fg"], c["card"]),
             ("current step", white, c["fill"]), ("picked answer", white, c["fill"]),
             ("picked neutral answer", white, c["neutral_fill"]),
             ("accurate", white, c["accurate"]), ("inaccurate", white, c["inaccurate"]),
             ("can't assess", white, c["cca"])]
    assert _low(pairs) == []


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_palettes_selection_and_text_are_readable(theme: str) -> None:
    p = _PALETTES[theme]
    assert _low([("selection", p["hl_text"], p["highlight"]), ("text", p["text"], p["base"]),
                 ("text on the window", p["text"], p["window"])]) == []


def test_contrast_ratio_matches_wcag() -> None:
    assert round(contrast_ratio("#000000", "#ffffff"), 1) == 21.0
    assert contrast_ratio("#777777", "#777777") == 1.0
    assert round(contrast_ratio("#767676", "#fff"), 2) == 4.54  # the well-known AA grey
    with pytest.raises(ValueError):
        contrast_ratio("red", "#fff")
