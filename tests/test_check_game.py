"""`oracle.tools.check.check_game` on every game of the registry, and on Nim, a toy game registered only here
(tests/toy_game.py): a few random games each, through every shared tool and both adapters."""

from __future__ import annotations

import pytest

from oracle.games import GAMES, load_game
from oracle.tools.check import check_game

TOY = {"nim": "tests.toy_game"}


# 3 Ombres' games are the longest to check (some 6 s): in the whole suite only.
@pytest.mark.parametrize("name", [pytest.param(name, marks=[pytest.mark.slow] * (name == "trois-ombres"))
                                  for name in [*GAMES, *TOY]])
def test_every_game_passes_check_game(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if name in TOY:
        monkeypatch.setitem(GAMES, name, TOY[name])
    assert check_game(name) == []


def test_check_game_finds_a_broken_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Nim whose views allow a move its states forbid, and whose events are not JSON, is caught."""
    monkeypatch.setitem(GAMES, "nim", TOY["nim"])
    game = load_game("nim")
    monkeypatch.setattr(type(game), "event_to_json", lambda self, event: {"kind": object()})
    monkeypatch.setattr(type(game), "observe", lambda self, state, player: {**self.state_to_json(state),
                                                                            "piles": [9, 9, 9]})
    problems = check_game("nim", games=1, max_plies=3, adapters=False)
    assert any("its JSON form does not serialize" in p for p in problems), problems
    assert any("the view allows what the state forbids" in p for p in problems), problems
