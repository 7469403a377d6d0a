"""The game contract (oracle/games/base.py): a game that leaves out a piece every game writes fails in
``mypy --strict`` and when it is loaded, with a message naming the piece, never deep inside a tool."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from oracle.errors import GameContractError
from oracle.games import GAMES, load_game
from oracle.games.contract import check_game_contract
from tests.conftest import ROOT

NIM = (ROOT / "tests" / "toy_game.py").read_text(encoding="utf-8")


@pytest.fixture
def plant(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder on the import path, for copies of the toy game broken on purpose."""
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path


def planted(folder: Path, module: str, old: str, new: str) -> Path:
    assert old in NIM
    path = folder / f"{module}.py"
    path.write_text(NIM.replace(old, new), encoding="utf-8")
    return path


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_registered_game_keeps_the_contract(name: str) -> None:
    check_game_contract(name, load_game(name))


def test_a_game_without_a_reader_is_refused_when_loaded_naming_it(plant: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    planted(plant, "nim_no_reader", "def read_action_json(self", "def read_action_jsn(self")
    monkeypatch.setitem(GAMES, "nim-no-reader", "nim_no_reader")
    with pytest.raises(GameContractError, match=r"the game nim-no-reader \(nim_no_reader\) does not write"
                                                r" read_action_json"):
        load_game("nim-no-reader")


@pytest.mark.slow  # mypy --strict in a process: some 4 s
def test_mypy_strict_names_the_missing_reader(plant: Path) -> None:
    path = planted(plant, "nim_no_reader_typed", "def read_action_json(self", "def read_action_jsn(self")
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--follow-imports=silent",
                           str(path)], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 1
    assert 'Cannot instantiate abstract class "Nim" with abstract attribute "read_action_json"' in done.stdout


def test_bounds_that_refuse_the_game_s_own_json_are_refused_when_loaded(plant: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    planted(plant, "nim_no_bounds", '                    json={"piles": ListOf(Int(9)), "turn": Maybe(Int(1)),'
            ' "winner": Maybe(Int(1))})', ")")
    monkeypatch.setitem(GAMES, "nim", "nim_no_bounds")
    load_game.cache_clear()
    try:
        with pytest.raises(GameContractError, match=r"the game nim refuses the JSON form of its own start .*"
                                                    r"unknown JSON field.*declare its fields in bounds"):
            load_game("nim")
    finally:
        load_game.cache_clear()


def test_a_game_registered_under_another_name_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, "nim-elsewhere", "tests.toy_game")
    with pytest.raises(GameContractError, match="the game nim-elsewhere calls itself 'nim'"):
        load_game("nim-elsewhere")
