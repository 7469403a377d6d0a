"""The package layout as it really is: which room imports which, read from the source.

`room_imports` reads every module's ``import`` statements (with `ast`, never
importing anything, and at any depth of the code: inside functions too) and
folds them into rooms: the shared base, each game, and each tool.  The layout
test checks three rules on it: imports run one way (no game imports a tool or
another game, `upward_imports`); a tool knows a game only through the
interface and the registry, never by its modules, whether imported by
statement (`game_modules_in_tools`) or by a name given as a string
(`game_modules_by_name_in_tools`); and no module imports itself through
others (`import_circles`).
`layout_svg` draws the rooms for spec/design.md, so the picture on the site
is the graph the test checked.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from html import escape
from pathlib import Path

PACKAGE = "oracle"

# The rooms in the order they are drawn, top (tools) to bottom (the shared base).
# A module belongs to the longest room prefix that matches its dotted name.
TOOL_ROOMS = ("oracle.tools.cli", "oracle.tools.protocol", "oracle.tools.vectors", "oracle.tools.conform",
              "oracle.tools.testing", "oracle.tools.site")
BASE_ROOMS = ("oracle.interface", "oracle.errors", "oracle.inputs", "oracle.games")


def module_name(root: Path, path: Path) -> str:
    """The dotted module name of ``path`` under ``root`` (the folder holding the package)."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def _parsed(source: str) -> ast.Module:
    return ast.parse(source)


def parsed(path: Path) -> ast.Module:
    """The syntax tree of a source file (the same source is parsed once, whichever copy it is read from)."""
    return _parsed(path.read_text(encoding="utf-8"))


def package_of(path: Path, name: str) -> str:
    """The package that a relative import in the module ``name`` at ``path`` starts from."""
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def import_target(node: ast.ImportFrom, package: str) -> str:
    """The module a ``from X import ...`` statement in ``package`` names, its dots resolved."""
    if not node.level:
        return node.module or ""
    base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
    return f"{base}.{node.module}" if node.module else base


def import_statements(path: Path, name: str) -> Iterator[tuple[str | None, list[str]]]:
    """Each import statement of the module ``name`` at ``path``, at any depth of its code: ``import`` as
    (None, the modules), ``from X import`` as (``X``, its dots resolved, and the names)."""
    package = package_of(path, name)
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.Import):
            yield None, [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            yield import_target(node, package), [alias.name for alias in node.names]


def imported_modules(path: Path, name: str) -> set[str]:
    """The ``oracle`` modules that the module ``name`` at ``path`` imports, at any depth of its code."""
    found: set[str] = set()
    for target, names in import_statements(path, name):
        if target is None:
            found.update(names)
        else:
            found.add(target)
            found.update(f"{target}.{alias}" for alias in names)
    return {m for m in found if m == PACKAGE or m.startswith(PACKAGE + ".")}


def module_imports(root: Path) -> dict[str, set[str]]:
    """Each module of the package and the modules it imports (``from X import Y`` imports the module
    ``X.Y`` when there is one, else ``X``), at any depth of its code, by a statement or by a name given
    as a string to ``importlib.import_module`` or ``__import__`` (`dynamic_imports`)."""
    paths = {module_name(root, path): path for path in sorted((root / PACKAGE).rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        found: set[str] = set()
        for target, names in import_statements(path, name):
            if target is None:
                found.update(names)
            else:
                found.update(f"{target}.{alias}" if f"{target}.{alias}" in paths else target for alias in names)
        found.update(dynamic_imports(path))
        graph[name] = {m for m in found if m in paths and m != name}
    return graph


def import_circles(root: Path) -> list[list[str]]:
    """Every set of modules that import one another round a circle (the strongly connected parts of the
    import graph with more than one module), each sorted, in order."""
    graph = module_imports(root)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(module: str) -> None:  # Tarjan's algorithm
        index[module] = low[module] = len(index)
        stack.append(module)
        for target in sorted(graph[module]):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            part = []
            while True:
                top = stack.pop()
                part.append(top)
                if top == module:
                    break
            if len(part) > 1:
                circles.append(sorted(part))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(circles)


def game_modules_in_tools(root: Path) -> dict[str, list[str]]:
    """Each tool module that imports a game's own modules (``oracle.games.<name>...``), with those modules:
    a tool reaches a game through the interface and the registry only."""
    games = game_rooms(root)
    found: dict[str, list[str]] = {}
    for module, targets in module_imports(root).items():
        if module.startswith(f"{PACKAGE}.tools."):
            inside = sorted(t for t in targets if room_of(t, games) is not None)
            if inside:
                found[module] = inside
    return found


# The calls that import a module named by a string: ``importlib.import_module(name)``, ``__import__(name)``
# and ``importlib.util.find_spec(name)``, however they are imported.
DYNAMIC_IMPORTS = frozenset({"import_module", "__import__", "find_spec"})
COMPUTED = "a name computed at run time"


def _string_constants(node: ast.AST) -> tuple[str, ...] | None:
    """The strings a literal string, tuple, list or set of strings holds; None for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return (node.value,)
    if isinstance(node, ast.Tuple | ast.List | ast.Set) and all(
            isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts):
        return tuple(e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str))
    return None


def dynamic_imports(path: Path) -> list[str]:
    """The modules that the source at ``path`` imports by a name given as a string (`DYNAMIC_IMPORTS`).

    A name is known when it is a string literal, a module-level constant holding literal strings, or a
    loop variable over such a constant; any other name (built from the registry, a game's name or a
    variable) is `COMPUTED`, since it may name any module, a game's own included."""
    tree = parsed(path)
    constants: dict[str, tuple[str, ...]] = {}
    for statement in tree.body:
        if isinstance(statement, ast.Assign | ast.AnnAssign) and statement.value is not None:
            strings = _string_constants(statement.value)
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            for target in targets:
                if isinstance(target, ast.Name) and strings is not None:
                    constants[target.id] = strings
    for loop in ast.walk(tree):
        if isinstance(loop, ast.For) and isinstance(loop.target, ast.Name) and isinstance(loop.iter, ast.Name) \
                and loop.iter.id in constants:
            constants.setdefault(loop.target.id, constants[loop.iter.id])
    found: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        called = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
        if called not in DYNAMIC_IMPORTS:
            continue
        argument = node.args[0]
        known = _string_constants(argument) if isinstance(argument, ast.Constant) else \
            constants.get(argument.id) if isinstance(argument, ast.Name) else None
        found.extend(known if known is not None else (COMPUTED,))
    return found


def game_modules_by_name_in_tools(root: Path) -> dict[str, list[str]]:
    """Each tool module that imports a module by a string naming a game's own module, or by a name
    computed at run time (`dynamic_imports`), with those names: a tool reaches a game through the
    interface and the registry only (``load_game``), never by importing its modules by name."""
    games = game_rooms(root)
    found: dict[str, list[str]] = {}
    for path in sorted((root / PACKAGE / "tools").rglob("*.py")):
        names = [n for n in dynamic_imports(path) if n == COMPUTED or room_of(n, games) is not None]
        if names:
            found[module_name(root, path)] = names
    return found


def game_rooms(root: Path) -> tuple[str, ...]:
    """One room per game subpackage (``oracle.games.ttykm`` ...), in name order."""
    games = root / PACKAGE / "games"
    return tuple(f"{PACKAGE}.games.{p.name}" for p in sorted(games.iterdir()) if (p / "__init__.py").is_file())


def room_of(module: str, rooms: tuple[str, ...]) -> str | None:
    """The room holding ``module``: the longest room name that is the module or a package above it."""
    best = None
    for room in rooms:
        if (module == room or module.startswith(room + ".")) and (best is None or len(room) > len(best)):
            best = room
    return best


def all_rooms(root: Path) -> tuple[str, ...]:
    return (*TOOL_ROOMS, *game_rooms(root), *BASE_ROOMS)


def room_imports(root: Path) -> dict[str, set[str]]:
    """Each room and the other rooms its modules import (``oracle/__init__.py``, the public facade, is left out)."""
    rooms = all_rooms(root)
    edges: dict[str, set[str]] = {room: set() for room in rooms}
    for path in sorted((root / PACKAGE).rglob("*.py")):
        name = module_name(root, path)
        source = room_of(name, rooms)
        if source is None:
            continue
        for target_module in imported_modules(path, name):
            target = room_of(target_module, rooms)
            if target is not None and target != source:
                edges[source].add(target)
    return edges


def upward_imports(root: Path) -> list[str]:
    """Every import that breaks the one-way rule: a game or the base importing a tool, or a game another game."""
    games = set(game_rooms(root))
    broken = []
    for source, targets in room_imports(root).items():
        if source in TOOL_ROOMS:
            continue
        for target in sorted(targets):
            if target in TOOL_ROOMS:
                broken.append(f"{source} imports the tool {target}")
            elif source in games and target in games:
                broken.append(f"{source} imports the other game {target}")
            elif source in BASE_ROOMS and target in games and source != "oracle.games":
                broken.append(f"{source} imports the game {target}")
    return broken


def _short(room: str) -> str:
    """The room's name inside its row: ``cli``, ``ttykm``, ``interface``; ``oracle.games`` itself is the
    registry and what every game shares (``base``, the generic ``perft`` and ``blame``)."""
    if room == f"{PACKAGE}.games":
        return "registry, base"
    return room.rpartition(".")[2]


def layout_svg(root: Path) -> str:
    """The rooms in three rows (tools, games, the shared base) and an arrow for each room-to-row dependency."""
    edges = room_imports(root)
    rows = [list(TOOL_ROOMS), list(game_rooms(root)), list(BASE_ROOMS)]
    titles = ["tools: oracle/tools/", "games: oracle/games/", "the shared base: oracle/"]
    box_w, box_h, gap, row_gap, margin = 118, 34, 10, 64, 20
    width = margin * 2 + max(len(r) for r in rows) * (box_w + gap) - gap
    height = margin * 2 + len(rows) * (box_h + row_gap + 18) - row_gap
    centre: dict[str, tuple[float, float, float]] = {}
    parts: list[str] = []
    for r, row in enumerate(rows):
        y = margin + r * (box_h + row_gap + 18)
        parts.append(f'<text x="{margin}" y="{y + 12}" class="row">{escape(titles[r])}</text>')
        x0 = (width - (len(row) * (box_w + gap) - gap)) / 2
        for i, room in enumerate(row):
            x = x0 + i * (box_w + gap)
            top = y + 18
            centre[room] = (x + box_w / 2, top, top + box_h)
            parts.append(f'<rect x="{x}" y="{top}" width="{box_w}" height="{box_h}" rx="6" class="box r{r}"/>')
            parts.append(f'<text x="{x + box_w / 2}" y="{top + box_h / 2 + 5}" class="name">{escape(_short(room))}'
                         "</text>")
    arrows: list[str] = []
    row_of = {room: r for r, row in enumerate(rows) for room in row}
    for source, targets in edges.items():
        for target in sorted(targets):
            if row_of[target] <= row_of[source]:
                continue  # imports within a row (tools using tools) are left out to keep the picture legible
            sx, _, s_bottom = centre[source]
            tx, t_top, _ = centre[target]
            arrows.append(f'<line x1="{sx}" y1="{s_bottom}" x2="{tx}" y2="{t_top - 2}" class="dep">'
                          f"<title>{escape(_short(source))} imports {escape(_short(target))}</title></line>")
    description = "; ".join(
        f"{_short(s)} imports {', '.join(_short(t) for t in sorted(ts))}" for s, ts in edges.items() if ts
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
        f'aria-labelledby="layout-title layout-desc" class="layout-diagram">'
        '<title id="layout-title">The oracle\'s packages and which imports which</title>'
        f'<desc id="layout-desc">{escape(description)}</desc>'
        "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" "
        "orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#8a7a6a\"/></marker></defs>"
        "<style>.row{font:600 14px sans-serif;fill:#6b5b4b}.name{font:14px monospace;text-anchor:middle;fill:#222}"
        ".box{stroke:#6b5b4b;stroke-width:1.2}.r0{fill:#fbe9d0}.r1{fill:#dcebd6}.r2{fill:#e4e4ef}"
        ".dep{stroke:#8a7a6a;stroke-width:1;marker-end:url(#arrow);opacity:.75}</style>"
        + "".join(arrows) + "".join(parts) + "</svg>"
    )


LAYOUT_FENCE = "```layout-diagram\n```"


def render_layout_diagram(markdown: str, root: Path) -> str:
    """The page with its ```` ```layout-diagram ```` fence replaced by `layout_svg`."""
    if LAYOUT_FENCE not in markdown:
        return markdown
    return markdown.replace(LAYOUT_FENCE, f'<div class="layout-diagram-frame">{layout_svg(root)}</div>')
