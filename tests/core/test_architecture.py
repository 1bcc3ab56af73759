"""Only rater_desktop.gui may import Qt; the core must import without it."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

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
