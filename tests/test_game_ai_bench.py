"""The memory player of bench/game_ai.py (3 Ombres): it reveals the match it remembers and never bluffs."""

from __future__ import annotations

import json
import random
from types import ModuleType

import pytest

from tests.conftest import ROOT, load_script

pytest.importorskip("pyspiel")


def bench() -> ModuleType:
    return load_script("game_ai", ROOT / "bench" / "game_ai.py")


@pytest.mark.slow
def test_the_memory_player_takes_the_remembered_match_and_never_bluffs() -> None:
    game_ai = bench()
    game = game_ai.card_game("trois_ombres")
    chance, picks = random.Random(3), random.Random(4)
    matches = 0
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(chance.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
                continue
            action = game_ai.memory_action(state, picks)
            name = state.action_to_string(action)
            assert not name.startswith("bluff")
            view = json.loads(state.observation_string(state.current_player()))
            first = [c["tile"] for c in view["board"] if c["up"] and not c["kept"] and game_ai.SUSPECT.match(c["tile"])]
            down = {c["slot"]: c["tile"] for c in view["board"] if not c["up"] and not c["cube"]}
            legal = [state.action_to_string(a) for a in state.legal_actions()]
            match = [n for n in legal if n.startswith("reveal ") and first and down.get(n.split()[1]) == first[0]]
            if match:  # the turn's first tile is up and the player remembers its match where it may reveal
                assert name in match
                matches += 1
            state.apply_action(action)
    assert matches >= 5  # the games gave the player its memory to use, more than once
