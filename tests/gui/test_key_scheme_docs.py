"""The key scheme in the code is the one F1 and docs/ui-objects.md list."""

from __future__ import annotations

from pathlib import Path

from rater_desktop.gui.steps.help import help_text
from rater_desktop.keymap import key_text

ROOT = Path(__file__).resolve().parents[2]


def _rows(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("| ")]


def test_f1_lists_every_answer_key() -> None:
    rows = _rows(help_text("shortcuts.md"))
    expected = {
        "Y / N": "Yes / No", "O / S": "Objective / Subjective",
        "A / I / C": "Accurate / Inaccurate / Can't assess",
        key_text("claim_evidence"): "Evidence", "1 to 7": "verdict",
        key_text("viewer_mark"): "Correct / Unnecessary / Wrong",
        key_text("complete_next"): "next unfinished", "Ctrl+G": "Enter opens",
        "Ctrl+Z": "burst",
    }
    for keys, words in expected.items():
        assert any(row.startswith(f"| {keys} |") and words in row for row in rows), keys


def test_ui_objects_and_readme_name_the_keys() -> None:
    ui = (ROOT / "docs" / "ui-objects.md").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for text in (ui, readme):
        for keys in ("Y/N" if text is readme else "Y / N", "Ctrl+Shift+Enter", "1-7"):
            assert keys in text, keys
    assert "exportPassphrase" in ui and "passphraseDialog" in ui
