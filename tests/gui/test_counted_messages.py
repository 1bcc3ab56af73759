"""Messages count in words ("1 item was", "2 items were"), never "item(s)" / "key(s)":
the rater's window, the QA reviewer's, the CLI and the core's messages alike."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import rater_desktop
from rater_desktop.wording import left_out_text, unused_keys_text


def test_left_out_items_agree_with_their_count() -> None:
    assert left_out_text(1) == "1 item was left out (not complete)."
    assert left_out_text(3) == "3 items were left out (not complete)."


def test_unused_keys_agree_with_their_count() -> None:
    assert unused_keys_text(1).startswith("1 key typed while loading was not used")
    assert unused_keys_text(2).startswith("2 keys typed while loading were not used")


def _texts(path: Path) -> list[str]:
    """The string constants of ``path`` a user may read (docstrings left out)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docs]


def test_no_message_says_s_in_brackets() -> None:
    root = Path(rater_desktop.__file__).parent
    found = [f"{path.relative_to(root)}: {text!r}"
             for path in sorted(root.rglob("*.py"))
             for text in _texts(path) if re.search(r"[a-z]\(s\)", text)]
    assert found == []
