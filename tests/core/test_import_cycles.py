"""No import circles among rater_desktop modules (a module never imports its importer).

Every import counts: module level, inside functions and under ``TYPE_CHECKING``. A lazy
or type-only import still ties the two files together, so a circle that hides behind one
comes back as soon as somebody moves the import up.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "rater_desktop"


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _resolve(node: ast.ImportFrom, current: str, is_package: bool) -> str:
    if node.level == 0:
        return node.module or ""
    base = current.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(path: Path, modules: set[str], root: Path = ROOT) -> set[str]:
    """The project modules ``path`` imports (``from pkg import mod`` names the module)."""
    current = module_name(path, root)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name in modules)
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(node, current, path.name == "__init__.py")
            for alias in node.names:
                if f"{base}.{alias.name}" in modules:
                    found.add(f"{base}.{alias.name}")
                elif base in modules:
                    found.add(base)
    found.discard(current)
    return found


def import_graph(package: Path = PACKAGE, root: Path = ROOT) -> dict[str, set[str]]:
    paths = sorted(package.rglob("*.py"))
    modules = {module_name(p, root) for p in paths}
    return {module_name(p, root): imports_of(p, modules, root) for p in paths}


def _is_ancestor_package(a: str, b: str) -> bool:
    """A package's ``__init__`` importing its own submodule is not a circle between files."""
    return b.startswith(a + ".") or a.startswith(b + ".")


def find_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if _is_ancestor_package(node, target):
                continue
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return groups


def test_detector_finds_a_circle(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from pkg import b\n")
    (pkg / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.a import X\n")
    (pkg / "c.py").write_text("def f():\n    from . import a\n")
    graph = import_graph(pkg, tmp_path)
    assert graph["pkg.c"] == {"pkg.a"}
    assert find_cycles(graph) == [["pkg.a", "pkg.b"]]


# Two older circles in the core close only through an import inside a function, made
# after both modules are loaded (ItemRating.to_dict/from_dict, collect_figures). They are
# listed as (lazy importer, imported) so that they cannot grow or turn into load-time
# circles; any other circle fails.
KNOWN_LAZY = (
    ("rater_desktop.qa_review.summary", "rater_desktop.qa_review.session"),
    ("rater_desktop.rating.model", "rater_desktop.rating.serialize"),
)


def test_no_import_circles_in_rater_desktop() -> None:
    known = [sorted(pair) for pair in KNOWN_LAZY]
    cycles = find_cycles(import_graph())
    assert [c for c in cycles if c not in known] == []


def test_the_known_circles_stay_lazy() -> None:
    for importer, imported in KNOWN_LAZY:
        path = ROOT / (importer.replace(".", "/") + ".py")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        at_load = {n.module for n in ast.walk(tree)
                   if isinstance(n, ast.ImportFrom) and n.col_offset == 0}
        assert imported not in at_load, f"{importer} imports {imported} when it loads"
