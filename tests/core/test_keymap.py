"""The key table is the only place keys are declared, it has no clashes, and the F1 sheet,
the README and the docs follow it."""

from __future__ import annotations

import ast
import re
from dataclasses import replace
from pathlib import Path

from rater_desktop import keymap
from rater_desktop.keymap import BINDINGS, Scope, binding, clashes, key_text, sheet_markdown

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "rater_desktop"
# The table and the one module that turns its text into Qt key sequences.
ALLOWED = {PACKAGE / "keymap.py", PACKAGE / "gui" / "keys.py"}
QT_DECLARATIONS = re.compile(r"\bQKeySequence[.(]|\bQShortcut\(|\bsetShortcuts?\(")
# Keys every dialog, list and text field reacts to by Qt convention (Enter accepts, Esc
# cancels, Down opens a list); anything else read from a key event belongs in the table.
STANDARD_KEYS = {"Return", "Enter", "Escape", "Tab", "Backtab", "Space", "Up", "Down"}
QT_KEY = re.compile(r"Qt\.Key\.Key_(\w+)")
KEY_TEXT = re.compile(r"\b(?:Ctrl|Alt|Shift|Meta)\+\S|(?<![\w.])F(?:[1-9]|1[0-2])(?![\w.])")


def _sources() -> list[Path]:
    return [p for p in sorted(PACKAGE.rglob("*.py")) if p not in ALLOWED]


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def test_no_key_is_declared_outside_the_table() -> None:
    found = []
    for path in _sources():
        text = path.read_text(encoding="utf-8")
        name = path.relative_to(ROOT)
        found += [f"{name}: {m.group(0)}" for m in QT_DECLARATIONS.finditer(text)]
        found += [f"{name}: Qt.Key.Key_{m.group(1)}" for m in QT_KEY.finditer(text)
                  if m.group(1) not in STANDARD_KEYS]
        tree = ast.parse(text)
        skip = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and id(node) not in skip and KEY_TEXT.search(node.value):
                found.append(f"{name}:{node.lineno}: {node.value!r}")
    assert not found, "keys declared outside rater_desktop/keymap.py:\n" + "\n".join(found)


def test_the_scan_sees_a_key_written_in_code() -> None:
    tree = ast.parse('tip = f"Undo {what} (Ctrl+Z)"\nx = QShortcut(seq, w)\n')
    strings = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)]
    assert any(KEY_TEXT.search(s) for s in strings if isinstance(s, str))
    assert QT_DECLARATIONS.search("x = QShortcut(seq, w)")
    assert KEY_TEXT.search("(F6 switches)") and not KEY_TEXT.search("step F12b, Fx")


def test_no_two_actions_share_a_key_in_overlapping_scopes() -> None:
    assert clashes() == []


def test_a_clash_is_found() -> None:
    extra = replace(binding("find"), action="find_again", scopes=(Scope.RATING,))
    assert clashes(BINDINGS + (extra,)) == [
        "ctrl+f: find (main window) and find_again (rating panel)"]
    # The same key in two windows, or in the two protocols' panels, is no clash.
    qa = replace(binding("find"), action="qa_find", scopes=(Scope.QA,))
    assert clashes(BINDINGS + (qa,)) == []
    # An Alt+letter shortcut beside a menu with that mnemonic makes both dead.
    alt_d = replace(binding("find"), action="delete", keys=("Alt+D",))
    assert clashes(BINDINGS + (alt_d,)) == ["alt+d: delete (main window) and menu edit "
                                            "(main window)"]


def test_every_scope_has_a_place_in_the_nesting() -> None:
    assert set(keymap.PARENT) == set(Scope)
    assert keymap.overlaps(Scope.SCALE, Scope.MAIN)
    assert not keymap.overlaps(Scope.RATING, Scope.PREFERENCE)
    assert not keymap.overlaps(Scope.VIEWER, Scope.MAIN)


def test_f1_sheet_lists_exactly_the_table() -> None:
    rows = [line for line in sheet_markdown().splitlines() if line.startswith("| ")
            and not line.startswith("| Keys |")]
    assert rows == [f"| {key_text(b.action)} | {b.help} |" for b in sorted(
        BINDINGS, key=lambda b: keymap.SECTIONS.index(b.section))]
    assert len(rows) == len(BINDINGS) == len({b.action for b in BINDINGS})


def test_every_binding_is_complete() -> None:
    for entry in BINDINGS:
        assert entry.keys and entry.scopes and entry.label and entry.help, entry.action
        assert entry.section in keymap.SECTIONS, entry.action
    for action in keymap.TOUR_KEYS:
        assert binding(action)


def test_readme_key_list_is_the_table() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert keymap.readme_block() in readme, "run tools/write_key_docs.py"


def _keys_named(text: str) -> set[str]:
    return set(re.findall(r"\b(?:Ctrl|Alt|Shift)(?:\+(?:Shift|Alt))?\+(?:F\d+|[A-Za-z]+|\d)",
                          text))


def test_docs_name_only_keys_of_the_table() -> None:
    table = {keymap.display(k) for b in BINDINGS for k in b.keys} | {
        k for b in BINDINGS for k in (*b.keys, *_keys_named(b.shown))}
    docs = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    unknown = {f"{path.name}: {key}" for path in docs
               for key in _keys_named(path.read_text(encoding="utf-8")) if key not in table}
    assert not unknown, unknown


def test_key_text_reads_as_the_rater_sees_it() -> None:
    assert key_text("next_step") == "Ctrl+Enter or Alt+Down"
    assert key_text("yes_no") == "Y / N"
    assert key_text("score") == "1 to 5"
    assert keymap.choice_key("claim_evidence", 2) == "N"
    assert keymap.with_key("Next step", "previous_step") == "Next step (Alt+Up)"


def test_the_qa_windows_sheet_lists_the_keys_of_the_qa_window_only() -> None:
    sheet = sheet_markdown(Scope.QA)
    rows = [line for line in sheet.splitlines() if line.startswith("| ")
            and not line.startswith("| Keys |")]
    order = [keymap.QA, *(s for s in keymap.SECTIONS if s != keymap.QA)]  # its own first
    assert rows == [f"| {key_text(b.action)} | {b.help} |" for b in sorted(
        BINDINGS, key=lambda b: order.index(b.section)) if Scope.QA in b.scopes]
    assert sheet.startswith("# Keyboard shortcuts of the QA window\n\n## QA window\n")
    for row in ("| F1 | This help", "| Ctrl+E | Export the QA decisions as a signed file |",
                "| Alt+Right or Ctrl+PgDown | In Compare: the next item",
                "| Up / Down / PgUp / PgDown | In the Disagreements list",
                "| Home / End | In the Disagreements list: the first or the last row",
                "| Enter | In the Disagreements list: open"):
        assert row in sheet, row
    assert "## Answering" not in sheet and "Ctrl+Shift+F" not in sheet
    assert sheet_markdown().count("| F1 |") == 1  # the full sheet: one row per action
