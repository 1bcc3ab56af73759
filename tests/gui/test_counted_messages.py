"""The rater window's messages count in words ("1 item was", "2 items were"), never
"item(s)" / "key(s)"."""

from __future__ import annotations

import ast
from pathlib import Path

import rater_desktop.gui as gui
from rater_desktop.wording import left_out_text, unused_keys_text

# The QA reviewer's windows are worded by their owners; this covers the rater's.
QA_PARTS = ("qa/", "qa_entry.py", "preference/qa_panel.py", "run_audit/qa_view.py")


def test_left_out_items_agree_with_their_count() -> None:
    assert left_out_text(1) == "1 item was left out (not complete)."
    assert left_out_text(3) == "3 items were left out (not complete)."


def test_unused_keys_agree_with_their_count() -> None:
    assert unused_keys_text(1).startswith("1 key typed while loading was not used")
    assert unused_keys_text(2).startswith("2 keys typed while loading were not used")


def _texts(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)]


def test_no_rater_window_message_says_s_in_brackets() -> None:
    root = Path(gui.__file__).parent
    found = [f"{path.relative_to(root)}: {text!r}"
             for path in sorted(root.rglob("*.py"))
             if not any(part in path.relative_to(root).as_posix() for part in QA_PARTS)
             for text in _texts(path) if "(s)" in text and not text.lstrip().startswith("(s)")]
    assert found == []
