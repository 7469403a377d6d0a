"""No import circle in TTYKM's rooms, imports inside functions included.

The chapters plug into one mechanism (`oracle.games.ttykm.rules.hooks`): the
shared rooms ask a table that the chapters fill and never import a chapter,
so every import runs one way.  This test reads the real ``import`` statements
(every one, at any depth of a module) and finds the circles.
"""

from __future__ import annotations

import ast
import shutil
from functools import cache
from pathlib import Path

from tests.conftest import ROOT

TTYKM = "oracle.games.ttykm"
# The one circle not removed yet: `Position._repr_svg_` imports the board picture, which imports the notation,
# which imports the position.  It must not grow.
KNOWN = {f"{TTYKM}.state", f"{TTYKM}.notation", f"{TTYKM}.pictures.svg", f"{TTYKM}.pictures.text"}


def modules(root: Path) -> dict[str, Path]:
    found = {}
    for path in (root / "oracle").rglob("*.py"):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


@cache
def imports(root: Path) -> dict[str, set[str]]:
    """Each module's imports of other modules of the package, from every import statement in it."""
    known = modules(root)
    edges: dict[str, set[str]] = {}
    for name, path in known.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(a.name for a in node.names if a.name in known)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    base = ".".join(up + ([base] if base else []))
                for alias in node.names:
                    full = f"{base}.{alias.name}"
                    targets.add(full if full in known else base)
        edges[name] = {t for t in targets if t in known and t != name}
    return edges


def circles(root: Path) -> list[set[str]]:
    """The strongly connected groups of two or more modules of the import graph (Tarjan)."""
    edges = imports(root)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(group)

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_no_import_circle_in_ttykm_but_the_known_one() -> None:
    ttykm = [group for group in circles(ROOT) if any(m.startswith(TTYKM) for m in group)]
    assert all(group <= KNOWN for group in ttykm), ttykm


def test_the_rules_import_no_chapter_from_a_shared_room() -> None:
    edges = imports(ROOT)
    chapters = {f"{TTYKM}.rules.{c}" for c in ("growth", "influence", "memory", "convergence")}
    for shared in ("hooks", "push", "effects", "chapters", "step", "variants"):
        assert not edges[f"{TTYKM}.rules.{shared}"] & chapters, shared
    assert not edges[f"{TTYKM}.rules.memory"] & {f"{TTYKM}.rules.convergence", f"{TTYKM}.rules.influence"}


def test_a_circle_through_an_import_inside_a_function_is_found(tmp_path: Path) -> None:
    room = Path("oracle", "games", "ttykm")
    shutil.copytree(ROOT / room, tmp_path / room, ignore=shutil.ignore_patterns("__pycache__"))
    push = tmp_path / room / "rules" / "push.py"
    push.write_text(push.read_text(encoding="utf-8")
                    + "\n\ndef tree_falls() -> None:\n    from oracle.games.ttykm.rules import growth  # noqa\n",
                    encoding="utf-8")
    assert {f"{TTYKM}.rules.push", f"{TTYKM}.rules.growth"} in [
        g & {f"{TTYKM}.rules.push", f"{TTYKM}.rules.growth"} for g in circles(tmp_path)]
