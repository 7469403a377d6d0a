"""The games through OpenSpiel (oracle.adapters.openspiel), checked by OpenSpiel's own tests.

`pyspiel.random_sim_test` (with serialization) on every game and every TTYKM
ruleset, and OpenSpiel's count of histories by full expansion from the
start against the project's perft.  The extra ``[openspiel]`` is needed;
under CI (``CI`` set) a missing extra is a failure, elsewhere a skip.
"""

from __future__ import annotations

import ast
import os
import pickle
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

if os.environ.get("CI"):
    import pyspiel
else:
    pyspiel = pytest.importorskip("pyspiel")

from oracle.adapters.openspiel import histories, registered_name  # registers the games
from oracle.games import EXTRA_GAMES, GAMES, load_game
from tests.conftest import ROOT

TTYKM_RULESETS = ("standard", "growth", "influence", "memory", "growth+influence", "growth+memory",
                  "influence+memory", "convergence")
# Depth 3 by full expansion applies every turn of depth 2 (256 for the standard game and Memory, 1296 to 9604
# elsewhere, each costing milliseconds): CI expands those two to depth 3 and the others to depth 2, and the bench
# script (bench/game_ai.py --perft) checks depth 3 for every ruleset.
DEPTH = {ruleset: 3 if ruleset in ("standard", "memory") else 2 for ruleset in TTYKM_RULESETS}


def project_perft(ruleset: str, depth: int) -> int:
    game = load_game("ttykm")
    rules = game.parse_rules(ruleset, None)
    start = game.initial_state(rules)
    return game.perft(start, rules, depth)  # for Convergence the draw is the first step, as in OpenSpiel


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_registered_game_random_simulations(name: str) -> None:
    """Every game of the registry, under its default rules, by the name the adapter registered it under."""
    game = pyspiel.load_game(registered_name(name))
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


NO_ENCODING = "import sys; sys.path.insert(0, sys.argv[1])\n" + \
    "import warnings; warnings.simplefilter('always')\nimport pyspiel\nimport oracle.adapters.openspiel as o\n" + \
    "print(type(pyspiel.load_game('nim')).__name__, type(pyspiel.load_game('oracle_nim')).__name__)\n" + \
    "print(o.REGISTERED)"


def test_one_game_without_an_encoding_is_skipped_with_one_warning_and_a_taken_name_is_prefixed(
        tmp_path: Path) -> None:
    toy = (ROOT / "tests" / "toy_game.py").read_text(encoding="utf-8")
    assert "    encoding = NimEncoding()\n" in toy
    (tmp_path / "nim_plain.py").write_text(toy.replace("    encoding = NimEncoding()\n", "").replace(
        'name, title = "nim"', 'name, title = "nim-plain"'), encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", NO_ENCODING, str(tmp_path)], capture_output=True, text=True,
                          cwd=ROOT, timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT),
                                                      EXTRA_GAMES: "nim-plain=nim_plain,nim=tests.toy_game"})
    assert done.returncode == 0, done.stderr
    warned = [line for line in done.stderr.splitlines() if "Warning" in line]
    assert len(warned) == 1 and "the game nim-plain is not registered with OpenSpiel" in warned[0]
    assert "offers no integer encoding" in warned[0]
    *_, kinds, last = done.stdout.strip().splitlines()
    assert kinds == "Game NimGame"  # OpenSpiel's own Nim stays OpenSpiel's; the oracle's is oracle_nim
    registered = ast.literal_eval(last)
    assert registered == {"ttykm": "ttykm", "time-chase": "time_chase", "trois-ombres": "trois_ombres",
                          "nim": "oracle_nim"}


@pytest.mark.parametrize("ruleset", TTYKM_RULESETS)
def test_ttykm_random_simulations(ruleset: str) -> None:
    game = pyspiel.load_game("ttykm", {"ruleset": ruleset})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("players", [3, 6])
def test_time_chase_random_simulations(players: int) -> None:
    game = pyspiel.load_game("time_chase", {"players": players})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("params", [{}, {"players": 2, "characters": 4, "slots": 5, "variants": "hercule-chance"}])
def test_trois_ombres_random_simulations(params: dict[str, Any]) -> None:
    game = pyspiel.load_game("trois_ombres", params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("ruleset", TTYKM_RULESETS)
def test_expansion_counts_equal_perft(ruleset: str) -> None:
    start = pyspiel.load_game("ttykm", {"ruleset": ruleset}).new_initial_state()
    for depth in range(1, DEPTH[ruleset] + 1):
        assert histories(start, depth) == project_perft(ruleset, depth), f"{ruleset} depth {depth}"


def test_game_types() -> None:
    kinds = pyspiel.GameType
    ttykm = pyspiel.load_game("ttykm").get_type()
    assert (ttykm.dynamics, ttykm.chance_mode, ttykm.information, ttykm.utility) == (
        kinds.Dynamics.SEQUENTIAL, kinds.ChanceMode.DETERMINISTIC, kinds.Information.PERFECT_INFORMATION,
        kinds.Utility.ZERO_SUM)
    convergence = pyspiel.load_game("ttykm", {"ruleset": "convergence"})
    assert convergence.get_type().chance_mode == kinds.ChanceMode.EXPLICIT_STOCHASTIC
    assert convergence.get_type().information == kinds.Information.PERFECT_INFORMATION
    assert convergence.max_chance_outcomes() == 3
    chase = pyspiel.load_game("time_chase", {"players": 5})
    assert (chase.get_type().dynamics, chase.get_type().chance_mode, chase.get_type().information) == (
        kinds.Dynamics.SIMULTANEOUS, kinds.ChanceMode.EXPLICIT_STOCHASTIC, kinds.Information.IMPERFECT_INFORMATION)
    assert chase.num_players() == 5 and chase.num_distinct_actions() == 76
    ombres = pyspiel.load_game("trois_ombres", {"players": 3})
    assert (ombres.get_type().utility, ombres.get_type().information) == (
        kinds.Utility.IDENTICAL, kinds.Information.IMPERFECT_INFORMATION)
    assert ombres.num_players() == 3


def play_randomly(state: Any, rng: random.Random, steps: int) -> Any:
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        elif state.is_simultaneous_node():
            state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(state.num_players())])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_time_chase_strings_show_a_player_only_their_own_hand() -> None:
    game = pyspiel.load_game("time_chase")
    state = play_randomly(game.new_initial_state(), random.Random(3), 3)
    hands = load_game("time-chase").state_to_json(state.step.state)["hands"]
    for player in range(4):
        for text in (state.observation_string(player), state.information_state_string(player)):
            for other in range(4):
                shown = [card for card in hands[other] if f'"{card}"' in text]
                assert shown == (hands[other] if other == player else []), (player, other)


def test_a_bid_is_sealed_until_all_are_revealed() -> None:
    game = pyspiel.load_game("time_chase", {"players": 3})
    state = play_randomly(game.new_initial_state(), random.Random(1), 1)
    assert state.is_simultaneous_node()
    before = [state.information_state_string(p) for p in range(3)]
    state.apply_actions([65, 65, 65])
    after = [state.information_state_string(p) for p in range(3)]
    for player in range(3):
        assert after[player].startswith(before[player] + "\nyou: bid 0\n")


def test_serialization_goes_through_the_notation() -> None:
    game = pyspiel.load_game("trois_ombres", {"players": 2})
    state = play_randomly(game.new_initial_state(), random.Random(4), 30)
    text = pyspiel.serialize_game_and_state(game, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert str(again) == str(state) and again.history() == state.history()
    assert again.information_state_string(1) == state.information_state_string(1)
    assert b"deal " in pickle.dumps(state.step) and b"roll" in pickle.dumps(state.step)


def test_a_play_stops_at_max_game_length_with_no_winner() -> None:
    game = pyspiel.load_game("ttykm", {"max_game_length": 3})
    state = play_randomly(game.new_initial_state(), random.Random(2), 10)
    assert state.is_terminal() and state.returns() == [0.0, 0.0] and len(state.history()) == 3


def test_an_illegal_number_is_refused() -> None:
    state = pyspiel.load_game("ttykm").new_initial_state()
    with pytest.raises(Exception, match="not legal"):
        state.apply_action(0)


def test_the_pages_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs" / "game-ai.md").read_text(encoding="utf-8")
    code = next(b.split("```", 1)[0] for b in text.split("```python\n")[1:] if "import pyspiel" in b)
    exec(compile(code, "docs/game-ai.md", "exec"), {})
    assert "rules=growth" in capsys.readouterr().out  # the position after the first turn, in the notation
