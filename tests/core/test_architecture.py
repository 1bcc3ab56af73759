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
