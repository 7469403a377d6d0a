"""The layout's one-way rule: tools import games, no game imports a tool or another game."""

from __future__ import annotations

import shutil
from pathlib import Path

from oracle.tools.site.layout import game_rooms, layout_svg, room_imports, upward_imports
from tests.conftest import ROOT


def test_no_import_runs_upward() -> None:
    assert upward_imports(ROOT) == []


def test_the_check_sees_an_upward_import(tmp_path: Path) -> None:
    copy = tmp_path / "oracle"
    shutil.copytree(ROOT / "oracle", copy, ignore=shutil.ignore_patterns("__pycache__"))
    rules = copy / "games" / "ttykm" / "rules" / "standard.py"
    rules.write_text(rules.read_text(encoding="utf-8") + "\nfrom oracle.tools.cli.main import main\n", encoding="utf-8")
    assert upward_imports(tmp_path) == ["oracle.games.ttykm imports the tool oracle.tools.cli"]


def test_every_game_has_a_room_and_the_tools_reach_ttykm_through_the_registry() -> None:
    assert {"oracle.games.ttykm", "oracle.games.time_chase", "oracle.games.trois_ombres"} <= set(game_rooms(ROOT))
    edges = room_imports(ROOT)
    assert "oracle.games" in edges["oracle.tools.cli"] and "oracle.interface" in edges["oracle.tools.protocol"]


def test_the_layout_picture_draws_every_room_and_names_each_import() -> None:
    svg = layout_svg(ROOT)
    for room in ("cli", "protocol", "ttykm", "time_chase", "interface", "registry"):
        assert f">{room}</text>" in svg
    assert "protocol imports" in svg and "<title>cli imports ttykm</title>" in svg
