"""The game-AI figures of docs/game-ai.md, through the OpenSpiel adapter (needs the extra [openspiel]).

    python bench/game_ai.py            # everything below, with the page's settings
    python bench/game_ai.py --perft    # OpenSpiel's expansion against perft, depths 1-3, every TTYKM ruleset
    python bench/game_ai.py --mcts     # MCTS against uniform random on TTYKM
    python bench/game_ai.py --mccfr    # outcome-sampling MCCFR against uniform random on Time Chase
    python bench/game_ai.py --mcts --first 112 --games 88   # games 112-199 only: a run continued
    python bench/game_ai.py --summarize LOG...   # the MCTS figures of the games the runs printed

Win rates come with a 95% Wilson interval; times are CPU seconds per move
of the bot (`time.process_time`), so other load on the machine does not
inflate them.  Games are spread over ``--jobs`` processes.
"""

from __future__ import annotations

import argparse
import math
import platform
import random
import re
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

RULESETS = ("standard", "growth", "influence", "memory", "growth+influence", "growth+memory", "influence+memory",
            "convergence")


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def recorded_perft(ruleset: str) -> dict[int, int]:
    """The start's perft counts the project publishes (vectors/<ruleset>/perft.txt), by depth."""
    path = Path(__file__).resolve().parents[1] / "vectors" / ruleset / "perft.txt"
    counts: dict[int, int] = {}
    if not path.exists():
        return counts
    block = path.read_text(encoding="utf-8").split("id start\n", 1)[1].split("\n\n", 1)[0]
    for line in block.splitlines():
        if line.startswith("perft "):
            _, depth, count = line.split()
            counts[int(depth)] = int(count)
    return counts


def perft_check() -> None:
    """OpenSpiel's histories by full expansion from each ruleset's start, against the project's perft: the
    published counts (vectors/<ruleset>/perft.txt), and for Convergence (none published) the count through
    the common interface (`Game.perft`, the draw as the first step)."""
    import pyspiel

    from oracle.adapters.openspiel import histories
    from oracle.games import load_game

    game = load_game("ttykm")
    print("| ruleset | depth 1 | depth 2 | depth 3 | expansion to depth 3 |")
    print("| --- | --- | --- | --- | --- |")
    for ruleset in RULESETS:
        rules = game.parse_rules(ruleset, None)
        start = game.initial_state(rules)
        spiel = pyspiel.load_game("ttykm", {"ruleset": ruleset}).new_initial_state()
        recorded = recorded_perft(ruleset)
        cells = []
        seconds = 0.0
        for depth in (1, 2, 3):
            began = time.process_time()
            counted = histories(spiel, depth)
            seconds = time.process_time() - began
            expected = recorded.get(depth)
            if expected is None:
                expected = game.perft(start, rules, depth)
            if counted != expected:
                raise SystemExit(f"{ruleset} depth {depth}: OpenSpiel counts {counted}, perft {expected}")
            cells.append(f"{counted:,}")
        print(f"| {ruleset} | {' | '.join(cells)} | {seconds:.1f} CPU s |", flush=True)


def mcts_game(args: tuple[int, int, int]) -> tuple[float, float, int]:
    """One TTYKM game, MCTS playing ``seat``: (MCTS's return, its CPU seconds, its moves)."""
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts
    from open_spiel.python.bots import uniform_random

    import oracle.adapters.openspiel  # noqa: F401

    seed, seat, simulations = args
    game = pyspiel.load_game("ttykm")
    rng = np.random.RandomState(seed)
    bot = mcts.MCTSBot(game, 2.0, simulations, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    opponent = uniform_random.UniformRandomBot(1 - seat, np.random.RandomState(seed + 10_000))
    state = game.new_initial_state()
    spent, moves = 0.0, 0
    while not state.is_terminal():
        if state.current_player() == seat:
            began = time.process_time()
            action = bot.step(state)
            spent += time.process_time() - began
            moves += 1
        else:
            action = opponent.step(state)
        state.apply_action(action)
    return state.returns()[seat], spent, moves


def mcts_figures(first: int, games: int, simulations: int, jobs: int) -> None:
    """MCTS against uniform random; each game's line is printed as it ends, so a stopped run still counts.

    Game N is seeded by N alone, so a run of games FIRST.. continues a stopped one exactly."""
    began = time.time()
    tasks = [(seed, seed % 2, simulations) for seed in range(first, first + games)]
    results = []
    with ProcessPoolExecutor(jobs) as pool:
        for (seed, seat, _), result in zip(tasks, pool.map(mcts_game, tasks), strict=True):
            results.append(result)
            print(f"  game {seed}: MCTS as {'white' if seat == 0 else 'black'}, return {result[0]:+.0f},"
                  f" {result[2]} moves, {result[1]:.1f} CPU s", flush=True)
    summarize_mcts(results, simulations, time.time() - began, jobs)


GAME_LINE = re.compile(r"^  game (\d+): MCTS as (white|black), return ([+-]\d+), (\d+) moves, ([\d.]+) CPU s$")


def summarize_log(paths: list[Path], simulations: int) -> None:
    """The MCTS summary of the games the runs printed (stopped or continued runs), each game counted once."""
    games: dict[int, tuple[float, float, int]] = {}
    for path in paths:
        for m in map(GAME_LINE.match, path.read_text(encoding="utf-8").splitlines()):
            if m:
                games.setdefault(int(m[1]), (float(m[3]), float(m[5]), int(m[4])))
    if not games:
        raise SystemExit(f"no game lines in {', '.join(map(str, paths))}")
    missing = sorted(set(range(max(games) + 1)) - set(games))
    if missing:
        print(f"  (games missing from the logs, not counted: {', '.join(map(str, missing))})")
    summarize_mcts(list(games.values()), simulations, None, 0)


def summarize_mcts(results: list[tuple[float, float, int]], simulations: int, wall: float | None,
                   jobs: int) -> None:
    games = len(results)
    wins = sum(1 for r, _, _ in results if r > 0)
    draws = sum(1 for r, _, _ in results if r == 0)
    low, high = wilson(wins, games)
    spent = sum(s for _, s, _ in results)
    moves = sum(m for _, _, m in results)
    print(f"MCTS ({simulations} simulations, one random rollout each, UCT c=2) against uniform random on TTYKM,"
          f" {games} games, colours alternating:")
    print(f"  wins {wins}/{games} = {wins / games:.1%} (95% CI {low:.1%} to {high:.1%}); draws {draws}")
    where = "games read from a log" if wall is None else f"{wall:.0f} s wall, {jobs} processes"
    print(f"  {spent / moves:.3f} CPU s per MCTS move over {moves} moves; {where}")


def mccfr_figures(iterations: int, games: int, deals: int) -> None:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    import oracle.adapters.openspiel  # noqa: F401

    game = pyspiel.convert_to_turn_based(pyspiel.load_game("time_chase", {"players": 3, "seeds": deals}))
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    began = time.process_time()
    for _ in range(iterations):
        solver.iteration()
    trained = time.process_time() - began
    policy = solver.average_policy()
    rng = random.Random(0)
    np_rng = np.random.RandomState(0)
    wins = 0.0
    spent, moves = 0.0, 0
    for k in range(games):
        seat = k % 3
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice([a for a, _ in outcomes]))
            elif state.current_player() == seat:
                t = time.process_time()
                probs = policy.action_probabilities(state)
                actions = list(probs)
                action = actions[np_rng.choice(len(actions), p=np.array([probs[a] for a in actions]))]
                spent += time.process_time() - t
                moves += 1
                state.apply_action(action)
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        wins += state.returns()[seat] > 0
    low, high = wilson(wins, games)
    print(f"Outcome-sampling MCCFR on three-player Time Chase (turn-based sealed bids, {deals} seeded deals),"
          f" {iterations} iterations ({trained:.0f} CPU s, {len(solver._infostates)} information states),"
          f" its average policy in one seat against two uniform random players, {games} games, seats rotating:")
    print(f"  wins {int(wins)}/{games} = {wins / games:.1%} (95% CI {low:.1%} to {high:.1%}); a random seat wins"
          " about a third")
    print(f"  {spent / moves * 1000:.1f} CPU ms per move over {moves} moves")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--perft", action="store_true", help="only the expansion-against-perft check")
    parser.add_argument("--mcts", action="store_true", help="only MCTS on TTYKM")
    parser.add_argument("--mccfr", action="store_true", help="only MCCFR on Time Chase")
    parser.add_argument("--games", type=int, default=200, help="games per figure (default 200)")
    parser.add_argument("--first", type=int, default=0, help="the number (and seed) of the first MCTS game (default 0)")
    parser.add_argument("--simulations", type=int, default=8, help="MCTS simulations per move (default 8)")
    parser.add_argument("--iterations", type=int, default=5000, help="MCCFR iterations (default 5000)")
    parser.add_argument("--deals", type=int, default=20, help="Time Chase's seeded deals for MCCFR (default 20)")
    parser.add_argument("--jobs", type=int, default=2, help="processes for the MCTS games (default 2)")
    parser.add_argument("--summarize", type=Path, nargs="+", metavar="LOG",
                        help="summarize the MCTS games printed in the LOGs (runs stopped or continued)")
    args = parser.parse_args()
    if args.summarize is not None:
        summarize_log(args.summarize, args.simulations)
        return
    every = not (args.perft or args.mcts or args.mccfr)
    print(f"# {platform.python_implementation()} {platform.python_version()}, {platform.machine()},"
          f" {platform.system()}; started {time.strftime('%Y-%m-%d %H:%M')}")
    if every or args.perft:
        perft_check()
    if every or args.mcts:
        mcts_figures(args.first, args.games, args.simulations, args.jobs)
    if every or args.mccfr:
        mccfr_figures(args.iterations, args.games, args.deals)


if __name__ == "__main__":
    main()
