"""The layout's rules: imports run one way (tools import games, no game imports a tool or another game),
a tool knows a game only through the interface and the registry, and no import runs in a circle."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from oracle.games import GAMES, load_game
from oracle.games.base import GameBase
from oracle.tools.site.layout import (
    COMPUTED,
    game_modules_by_name_in_tools,
    game_modules_in_tools,
    game_rooms,
    import_circles,
    layout_svg,
    room_imports,
    upward_imports,
)
from tests.conftest import ROOT


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A copy of the package to break on purpose."""
    shutil.copytree(ROOT / "oracle", tmp_path / "oracle", ignore=shutil.ignore_patterns("__pycache__"))
    return tmp_path


def append(tree: Path, module: str, code: str) -> None:
    path = tree / module
    path.write_text(path.read_text(encoding="utf-8") + "\n" + code + "\n", encoding="utf-8")


def test_no_import_runs_upward() -> None:
    assert upward_imports(ROOT) == []


def test_the_check_sees_an_upward_import(tree: Path) -> None:
    append(tree, "oracle/games/ttykm/rules/standard.py", "from oracle.tools.cli.main import main")
    assert upward_imports(tree) == ["oracle.games.ttykm imports the tool oracle.tools.cli"]


def test_no_tool_imports_a_game_s_own_modules() -> None:
    assert game_modules_in_tools(ROOT) == {}


def test_the_check_sees_a_tool_that_imports_a_game_s_module(tree: Path) -> None:
    append(tree, "oracle/tools/vectors.py", "def named() -> object:\n"
           "    from oracle.games.ttykm.vector_sets import NAMED_POSITIONS\n\n    return NAMED_POSITIONS")
    append(tree, "oracle/tools/cli/perft.py", "from oracle.games import ttykm")
    append(tree, "oracle/tools/site/examples.py", "from oracle.games.time_chase.pictures import timeline_svg")
    found = game_modules_in_tools(tree)
    assert found["oracle.tools.vectors"] == ["oracle.games.ttykm.vector_sets"]
    assert found["oracle.tools.cli.perft"] == ["oracle.games.ttykm"]
    assert found["oracle.tools.site.examples"] == ["oracle.games.time_chase.pictures"]


def test_no_tool_imports_a_game_s_module_by_name() -> None:
    assert game_modules_by_name_in_tools(ROOT) == {}


def test_the_check_sees_a_tool_that_imports_a_game_s_module_by_name(tree: Path) -> None:
    append(tree, "oracle/tools/site/playground.py", "def board(name: str) -> object:\n"
           "    return importlib.import_module(GAMES[name].rpartition('.')[0] + '.play')")
    append(tree, "oracle/tools/protocol.py", "from importlib import import_module\n\n"
           "PLAY = import_module('oracle.games.ttykm.play')")
    append(tree, "oracle/tools/conform.py", "ROOMS = ('oracle.games.time_chase.site',)\n"
           "for room in ROOMS:\n    __import__(room)")
    append(tree, "oracle/tools/vectors.py", "import importlib.util\n\n"
           "SPEC = importlib.util.find_spec('oracle.games.trois_ombres')")
    found = game_modules_by_name_in_tools(tree)
    assert found == {"oracle.tools.site.playground": [COMPUTED], "oracle.tools.protocol": ["oracle.games.ttykm.play"],
                     "oracle.tools.conform": ["oracle.games.time_chase.site"],
                     "oracle.tools.vectors": ["oracle.games.trois_ombres"]}


def test_no_import_runs_in_a_circle() -> None:
    circles = import_circles(ROOT)
    assert circles == [], "imports in a circle: " + "; ".join(" <-> ".join(c) for c in circles)


def test_the_check_sees_a_circle_through_an_import_inside_a_function(tree: Path) -> None:
    append(tree, "oracle/errors.py", "def limits() -> int:\n    from oracle.inputs import MAX_INT_DIGITS\n\n"
           "    return MAX_INT_DIGITS")
    assert ["oracle.errors", "oracle.inputs"] in import_circles(tree)


def test_the_check_sees_a_circle_through_a_module_imported_by_name(tree: Path) -> None:
    append(tree, "oracle/tools/cli/perft.py", "def main_module() -> object:\n"
           "    return __import__('oracle.tools.cli.main', fromlist=['main'])")
    append(tree, "oracle/tools/cli/main.py", "COMMANDS = ('oracle.tools.cli.perft',)\n"
           "for name in COMMANDS:\n    importlib.import_module(name)")
    assert any({"oracle.tools.cli.main", "oracle.tools.cli.perft"} <= set(c) for c in import_circles(tree))


def test_import_oracle_loads_no_game() -> None:
    done = subprocess.run([sys.executable, "-c", "import sys, oracle; oracle.load_game; "
                           "print(sorted(m for m in sys.modules if m.startswith('oracle.games.')))"],
                          capture_output=True, text=True, cwd=ROOT, timeout=60, check=True)
    assert done.stdout.strip() == "[]"


# A query of each game, run in its own process: a state printed from the start (the card games' deal drawn).
QUERY = ("import sys\nfrom oracle.tools.cli.main import main\nmain(['--game', sys.argv[1], 'start', '--seed', '1'])\n"
         "main(['--game', sys.argv[1], 'moves', '--json'])\n"
         "print(sorted({m.split('.')[2] for m in sys.modules if m.startswith('oracle.games.')}))")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_query_of_one_game_imports_no_other_game(name: str) -> None:
    """``oracle --game NAME`` loads that game's room and the shared base, and no other game's modules."""
    done = subprocess.run([sys.executable, "-c", QUERY, name], capture_output=True, text=True, cwd=ROOT,
                          timeout=60)
    own = GAMES[name].split(".")[2] if GAMES[name].startswith("oracle.games.") else None
    loaded = set(ast.literal_eval(done.stdout.splitlines()[-1]))
    rooms = {room.rpartition(".")[2] for room in game_rooms(ROOT)}
    assert loaded & rooms <= {own}, (name, sorted(loaded & rooms))
    if own is not None:
        assert own in loaded


def test_every_game_reads_its_input_through_the_shared_readers() -> None:
    """A game implements the second halves (``read_state_text`` ...), never the readers themselves, so the
    input discipline of `oracle.inputs` cannot be skipped (the readers are ``final`` for mypy too)."""
    readers = ("parse_state", "state_from_json", "parse_action", "action_from_json")
    for name in GAMES:
        game = load_game(name)
        assert isinstance(game, GameBase), name
        for reader in readers:
            assert getattr(type(game), reader) is getattr(GameBase, reader), (name, reader)


def test_every_game_has_a_room_and_the_tools_reach_games_through_the_registry() -> None:
    assert {"oracle.games.ttykm", "oracle.games.time_chase", "oracle.games.trois_ombres"} <= set(game_rooms(ROOT))
    edges = room_imports(ROOT)
    assert "oracle.games" in edges["oracle.tools.cli"] and "oracle.interface" in edges["oracle.tools.protocol"]
    for tool in ("oracle.tools.cli", "oracle.tools.protocol", "oracle.tools.vectors", "oracle.tools.conform",
                 "oracle.tools.testing"):
        assert not edges[tool] & set(game_rooms(ROOT)), tool


def test_the_layout_picture_draws_every_room_and_names_each_import() -> None:
    svg = layout_svg(ROOT)
    for room in ("cli", "protocol", "vectors", "ttykm", "time_chase", "interface", "inputs", "registry, base"):
        assert f">{room}</text>" in svg
    assert "<title>cli imports registry, base</title>" in svg and "<title>ttykm imports interface</title>" in svg
    assert "<title>cli imports ttykm</title>" not in svg
