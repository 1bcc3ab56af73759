"""Only rater_desktop.gui may import Qt; the core must import without it; no module outside
a protocol's own package branches on a protocol name (issue 21: callers ask the registries)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "rater_desktop"
QT_MODULES = ("PySide6", "shiboken6", "PyQt5", "PyQt6")


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_no_qt_import_outside_gui() -> None:
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(PACKAGE)
        if rel.parts[0] in ("gui", "_data"):
            continue
        for name in _imported_modules(path):
            if name.split(".")[0] in QT_MODULES:
                offenders.append(f"{rel}: {name}")
    assert offenders == []


def test_core_packages_import_without_loading_qt() -> None:
    code = (
        "import sys, importlib, pkgutil, rater_desktop\n"
        "for m in pkgutil.walk_packages(rater_desktop.__path__, 'rater_desktop.'):\n"
        "    if m.name.startswith('rater_desktop.gui') or m.name.startswith('rater_desktop.__main__'):\n"
        "        continue\n"
        "    importlib.import_module(m.name)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6')]\n"
        "print(bad)\n"
        "sys.exit(1 if bad else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_no_source_file_over_500_lines() -> None:
    long_files = [
        f"{p.relative_to(PACKAGE)}: {n}"
        for p in PACKAGE.rglob("*.py")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > 500
    ]
    assert long_files == []


def test_no_function_over_60_lines() -> None:
    long_functions = []
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > 60:
                    long_functions.append(f"{path.relative_to(PACKAGE)}:{node.name} ({length})")
    assert long_functions == []


ROOT = PACKAGE.parent
# The same check as docs/architecture.md "How to add a protocol" gives for grep.
BRANCH = re.compile(r'protocol ?(==|!=)|(==|!=) ?"(preference|guideline|run[-_]audit)"'
                    r'|"(preference|guideline|run[-_]audit)" ?(==|!=)|is_preference')
PROTOCOL_HOMES = re.compile(r"^rater_desktop/(gui/)?(preference|guideline|run_audit|protocols)/"
                            r"|registry")


def protocol_branches(root: Path) -> list[str]:
    """``path:line: text`` of every protocol-name branch outside the protocols' packages."""
    found = []
    for path in sorted((root / "rater_desktop").rglob("*.py")):
        relative = path.relative_to(root).as_posix()
        if PROTOCOL_HOMES.search(relative):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if BRANCH.search(line):
                found.append(f"{relative}:{number}: {line.strip()}")
    return found


def test_no_module_outside_a_protocol_package_branches_on_a_protocol_name() -> None:
    assert protocol_branches(ROOT) == []


@pytest.mark.parametrize("line", [
    'if manifest.protocol == "preference":',
    'if getattr(manifest, "protocol", "guideline") != "preference":',
    'if "run-audit" == name:',
    "if preference_mode.is_preference(window):",
])
def test_the_check_finds_a_branch(tmp_path: Path, line: str) -> None:
    module = tmp_path / "rater_desktop" / "gui" / "somewhere.py"
    module.parent.mkdir(parents=True)
    module.write_text(f"def f(manifest, window, name):\n    {line}\n        pass\n")
    assert protocol_branches(tmp_path) == [f"rater_desktop/gui/somewhere.py:2: {line}"]


def test_a_protocol_package_may_name_its_protocol(tmp_path: Path) -> None:
    module = tmp_path / "rater_desktop" / "preference" / "x.py"
    module.parent.mkdir(parents=True)
    module.write_text('if document.get("protocol") != "preference":\n    pass\n')
    assert protocol_branches(tmp_path) == []


def test_an_unknown_protocol_is_one_clear_message() -> None:
    from rater_desktop import protocols
    from rater_desktop.gui import protocols as window_protocols

    for registry in (protocols, window_protocols):
        with pytest.raises(protocols.ProtocolError, match="unknown rating protocol 'nope'"):
            registry.get("nope")


GUI_SHARE_LIMIT = 0.40  # issue 21: the window's code under 40% of the app's


def code_lines(path: Path) -> int:
    """Lines holding code: not blank, not only a comment, not a docstring."""
    import io
    import tokenize

    source = path.read_text(encoding="utf-8")
    docstrings: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        body = getattr(node, "body", None)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) \
                and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            docstrings.update(range(body[0].lineno, (body[0].end_lineno or body[0].lineno) + 1))
    skipped = (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT,
               tokenize.DEDENT, tokenize.ENDMARKER)
    lines: set[int] = set()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type not in skipped:
            lines.update(range(token.start[0], token.end[0] + 1))
    return len(lines - docstrings)


def gui_share(package: Path) -> float:
    """rater_desktop/gui's code lines over all of rater_desktop's."""
    counts = [(p.relative_to(package).parts[0] == "gui", code_lines(p))
              for p in package.rglob("*.py")]
    return sum(n for gui, n in counts if gui) / max(sum(n for _, n in counts), 1)


def test_the_window_is_under_40_percent_of_the_code() -> None:
    share = gui_share(PACKAGE)
    assert share < GUI_SHARE_LIMIT, f"rater_desktop/gui is {share:.1%} of the code lines"


def test_code_lines_leave_out_blanks_comments_and_docstrings(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text('"""Doc\nstring."""\n\n# why\nx = 1  # note\n\n\ndef f():\n'
                      '    """Doc."""\n    return (x,\n            2)\n')
    assert code_lines(module) == 4  # x = 1, def f, and the two lines of the return
