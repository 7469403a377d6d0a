"""The games through OpenSpiel (oracle.adapters.openspiel), checked by OpenSpiel's own tests.

`pyspiel.random_sim_test` (with serialization) on every game and every TTYKM
ruleset, and OpenSpiel's count of histories by full expansion from the
start against the project's perft.  The extra ``[open-spiel]`` is needed;
under CI (``CI`` set) a missing extra is a failure, elsewhere a skip.
"""

from __future__ import annotations

import ast
import os
import pickle
import random
import re
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
    assert not ttykm.provides_information_state_tensor
    with pytest.raises(Exception, match="no information-state tensor"):  # rather than an empty list
        pyspiel.load_game("ttykm").new_initial_state().information_state_tensor(0)
    chase = pyspiel.load_game("time_chase", {"players": 5})
    assert (chase.get_type().dynamics, chase.get_type().chance_mode, chase.get_type().information) == (
        kinds.Dynamics.SIMULTANEOUS, kinds.ChanceMode.EXPLICIT_STOCHASTIC, kinds.Information.IMPERFECT_INFORMATION)
    assert chase.get_type().utility == kinds.Utility.CONSTANT_SUM and chase.utility_sum() == 1.0  # one winner
    assert chase.num_players() == 5 and chase.num_distinct_actions() == 76 and chase.max_chance_outcomes() == 65
    assert chase.get_type().provides_information_state_tensor
    assert pyspiel.load_game("time_chase", {"turn_based": True}).get_type().dynamics == kinds.Dynamics.SEQUENTIAL
    ombres = pyspiel.load_game("trois_ombres", {"players": 3})
    assert (ombres.get_type().utility, ombres.get_type().information) == (
        kinds.Utility.IDENTICAL, kinds.Information.IMPERFECT_INFORMATION)
    assert ombres.num_players() == 3 and ombres.get_type().provides_information_state_tensor
    assert [ombres.num_distinct_actions() for ombres in (
        pyspiel.load_game("trois_ombres", {"players": n}) for n in (2, 3, 4))] == [3025, 3027, 3029]
    for name in ("ttykm", "trois_ombres"):  # a parameter that would do nothing is refused
        with pytest.raises(Exception, match=r"turn_based|seeds"):
            pyspiel.load_game(name, {"seeds": 5, "turn_based": True})


def play_randomly(state: Any, rng: random.Random, steps: int) -> Any:
    """``steps`` random decisions, each chance outcome drawn with its probability in between."""
    while state.is_chance_node() or steps > 0:
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        steps -= 1
        if state.is_simultaneous_node():
            state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(state.num_players())])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_time_chase_strings_show_a_player_only_their_own_hand() -> None:
    game = pyspiel.load_game("time_chase")
    state = play_randomly(game.new_initial_state(), random.Random(3), 3)
    hands = load_game("time-chase").state_to_json(state.step.state)["hands"]
    for player in range(4):
        words = set(re.split(r"[\s;,]+", state.information_state_string(player)))
        for other in range(4):
            shown = [card for card in hands[other] if f'"{card}"' in state.observation_string(player)]
            assert shown == (hands[other] if other == player else []), (player, other)
            assert [card for card in hands[other] if card in words] == (hands[other] if other == player else [])


def test_a_bid_is_sealed_until_all_are_revealed() -> None:
    game = pyspiel.load_game("time_chase", {"players": 3})
    state = play_randomly(game.new_initial_state(), random.Random(1), 0)
    assert state.is_simultaneous_node()
    before = [state.information_state_string(p) for p in range(3)]
    state.apply_actions([65, 65, 65])
    for player in range(3):
        assert state.information_state_string(player) == before[player] + "\nbids 0,0,0"
    turn_based = play_randomly(pyspiel.load_game("time_chase", {"players": 3, "turn_based": True})
                               .new_initial_state(), random.Random(1), 0)
    assert turn_based.current_player() == 0
    quiet = turn_based.information_state_string(1), turn_based.information_state_tensor(1)
    turn_based.apply_action(65)
    assert turn_based.current_player() == 1  # p1 bids next, without seeing p0's bid
    assert (turn_based.information_state_string(1), turn_based.information_state_tensor(1)) == quiet
    assert turn_based.information_state_string(0).endswith("\nyou bid 0")


def dealt(game: Any, fixed: dict[int, int], rng: random.Random) -> tuple[str, tuple[str, str]]:
    """A whole deal whose parts numbered in ``fixed`` are the given outcomes, each other part drawn at random
    among the outcomes ``fixed`` does not keep for later; the deal, and player 0's two strings after it."""
    state = game.new_initial_state()
    while state.is_chance_node():
        k = len(state.history())
        later = {v for i, v in fixed.items() if i > k}
        outcomes = [(a, p) for a, p in state.chance_outcomes() if a not in later]
        if not outcomes:  # a hand dealt lowest first left room only for a card kept for later: deal again
            state = game.new_initial_state()
            continue
        state.apply_action(fixed[k] if k in fixed else rng.choices(*zip(*outcomes, strict=True))[0])
    return str(state), (state.observation_string(0), state.information_state_string(0))


@pytest.mark.rule("TC.ENCODING.DEAL", "OMBRES.ENCODING.CHANCE")
@pytest.mark.parametrize(("name", "params"), [("time_chase", {"players": 3}), ("trois_ombres", {"players": 2})])
def test_no_view_gives_away_the_deal(name: str, params: dict[str, Any]) -> None:
    # Time Chase: p0's ten cards, the Invariant and the first player fixed, the other hands drawn.  3 Ombres:
    # the Démon tile's part and the slots fixed, which tile lies where drawn.  100 deals, one view.
    game = pyspiel.load_game(name, params)
    start = game.new_initial_state()
    assert len({start.child(a).observation_string(0) for a, _ in start.chance_outcomes()}) == 1
    rng = random.Random(7)
    if name == "time_chase":  # p0 holds R7-R13 and B7-B9, B10 is the Invariant, p0 plays first
        fixed = dict(enumerate([6, 7, 8, 9, 10, 11, 12, 19, 20, 21])) | {30: 22, 31: 0}
    else:
        state = game.new_initial_state()
        while len(state.history()) < 29:  # the Démon's part, the Lieux with one tile more, the 27 slots
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        fixed = dict(enumerate(state.history()))
    deals, views = set(), set()
    for _ in range(100):
        deal, seen = dealt(game, fixed, rng)
        deals.add(deal)
        views.add(seen)
    assert len(deals) == 100 and len(views) == 1


def test_serialization_goes_through_the_notation() -> None:
    game = pyspiel.load_game("trois_ombres", {"players": 2})
    state = play_randomly(game.new_initial_state(), random.Random(4), 30)
    assert len(state.history()) > 56  # the deal's 56 parts, then play
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


def play_to_the_end(state: Any, rng: random.Random) -> list[Any]:
    """Every state of a random play from ``state`` to its end (chance drawn with its probabilities)."""
    states = [state]
    while not state.is_terminal():
        state = play_randomly(state.clone(), rng, 1)
        states.append(state)
    return states


@pytest.mark.rule("TC.ENCODING.INFOSTATE", "OMBRES.ENCODING.INFOSTATE")
def test_information_states_stay_small_to_the_end_of_the_longest_game() -> None:
    # Time Chase's longest game: six players, ten rounds (game 10 of these seeds goes the distance).  Its
    # information state is at most the seat, the dealt hand, the Invariant and the first player (72
    # characters), then per round the bids (23) and six plays (42), and the player's own sealed bid (11).
    game = pyspiel.load_game("time_chase", {"players": 6})
    states = play_to_the_end(game.new_initial_state(), random.Random(10))
    assert states[-1].step.state.round == 10
    bound = 72 + 10 * (23 + 42) + 11
    shape = game.information_state_tensor_shape()
    for state in states[-3:]:
        for player in range(6):
            assert len(state.information_state_string(player)) <= bound
            assert len(state.information_state_tensor(player)) == shape[0] == 6932
    # L'heure des 3 ombres: the view with the player's memory, bounded by the table (the board, the piles).
    ombres = pyspiel.load_game("trois_ombres", {"players": 2})
    end = play_to_the_end(ombres.new_initial_state(), random.Random(1))
    assert len(end) > 100
    for state in (end[60], end[-1]):
        for player in range(2):
            assert len(state.information_state_string(player)) < 5000
            assert len(state.information_state_tensor(player)) == ombres.information_state_tensor_shape()[0]


@pytest.mark.rule("TC.ENCODING.RESAMPLE", "OMBRES.ENCODING.RESAMPLE")
@pytest.mark.parametrize(("name", "params", "depth"), [("time_chase", {"players": 3, "turn_based": True}, 8),
                                                        ("trois_ombres", {"players": 2}, 25)])
def test_a_resampled_state_is_one_the_player_cannot_tell_apart(name: str, params: dict[str, Any],
                                                                depth: int) -> None:
    game = pyspiel.load_game(name, params)
    state = play_randomly(game.new_initial_state(), random.Random(5), depth)
    player = state.current_player()
    assert player >= 0
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    others = set()
    for _ in range(5):
        again = state.resample_from_infostate(player, sampler)
        assert again.information_state_string(player) == state.information_state_string(player)
        assert again.information_state_tensor(player) == state.information_state_tensor(player)
        assert again.legal_actions() == state.legal_actions() and again.current_player() == player
        others.add(str(again))
        again.apply_action(again.legal_actions()[0])  # and it plays on
    assert len(others) == 5  # each a different completion of what the player cannot see


@pytest.mark.parametrize(("name", "params"), [("time_chase", {"players": 3, "turn_based": True}),
                                              ("trois_ombres", {"players": 2})])
def test_information_set_mcts_chooses_a_legal_action(name: str, params: dict[str, Any]) -> None:
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(name, params)
    state = play_randomly(game.new_initial_state(), random.Random(2), 3)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 10, random_state=np.random.RandomState(1))
    assert bot.step(state) in state.legal_actions()


def test_exact_cfr_drives_nash_conv_down_on_the_small_time_chase_setting() -> None:
    """TC.RESEARCH.SMALL: OpenSpiel's exact CFR over the whole tree (walked once through the adapter, run as
    OpenSpiel's EFG game) brings NashConv well below the uniform policy's, falling at every checkpoint; the
    written tree gives the uniform policy the value the adapter's own walk gave it.  Deterministic: no
    sampling anywhere (CFR and NashConv are exact)."""
    from oracle.adapters.efg import cfr_curve, efg_tree

    game = pyspiel.load_game("time_chase", {"variants": "small", "turn_based": True})
    assert game.num_players() == 3
    tree = efg_tree(game)
    assert tree.information_sets > 1000  # a real imperfect-information game, not a handful of states
    copy = pyspiel.load_efg_game(tree.text)
    uniform = pyspiel.expected_returns(copy.new_initial_state(), pyspiel.UniformRandomPolicy(copy), -1, True)
    assert uniform == pytest.approx(list(tree.uniform_value))
    curve = dict(cfr_curve(tree, [0, 2, 5, 10, 20]))
    assert curve[0] > 0.3  # the uniform policy is far from an equilibrium
    assert curve[2] < curve[0] and curve[5] < curve[2] and curve[10] < curve[5] and curve[20] < curve[10]
    assert curve[20] < curve[0] / 10
