"""The game-AI figures of docs/game-ai.md, through the OpenSpiel adapter (needs the extra [open-spiel]).

    python bench/game_ai.py --all      # everything below, with the page's settings: hours of CPU, over 1 GB
    python bench/game_ai.py --perft    # OpenSpiel's expansion against perft, depths 1-3, every TTYKM ruleset
    python bench/game_ai.py --mcts     # MCTS against uniform random on TTYKM
    python bench/game_ai.py --cards time_chase trois_ombres   # ISMCTS and MCCFR on the card games
    python bench/game_ai.py --cards trois_ombres --seats random memory   # a player with a memory, and random
    python bench/game_ai.py --cfr      # exact CFR's NashConv on Time Chase's small setting (about a minute)
    python bench/game_ai.py --mcts --first 112 --games 88   # games 112-199 only: a run continued
    python bench/game_ai.py --summarize LOG...   # the MCTS figures of the games the runs printed

Win rates come with a 95% Wilson interval; times are CPU seconds per move
of the bot (`time.process_time`), so other load on the machine does not
inflate them.  Games are spread over ``--jobs`` processes.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import re
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

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


CARD_GAMES = {"time_chase": {"players": 3, "turn_based": True}, "trois_ombres": {"players": 2}}


def card_game(name: str) -> Any:
    import pyspiel

    import oracle.adapters.openspiel  # noqa: F401

    return pyspiel.load_game(name, CARD_GAMES[name])


SUSPECT = re.compile(r"^\d+[nh]$")  # a 3 Ombres suspect tile (1n, 1h, 2n ...); anything else is a trap or unknown


def memory_action(state: Any, rng: random.Random) -> int:
    """A 3 Ombres player that uses its memory and nothing else: what its own observation shows or remembers.

    Revealing, it takes the tile that matches the turn's first tile where it remembers one; as a first tile,
    one of a pair it remembers; otherwise a tile it has never seen (a chance of a pair, and news), and a
    remembered tile only when nothing else is left.  It rerolls an Horloge face when it may, never bluffs,
    and makes every other choice (clues, traps, cards) uniformly at random."""
    view = json.loads(state.observation_string(state.current_player()))
    actions: dict[str, int] = {state.action_to_string(a): int(a) for a in state.legal_actions()}
    reveals = {name.split()[1]: a for name, a in actions.items() if name.startswith("reveal ")}
    if reveals:
        down = {c["slot"]: c["tile"] for c in view["board"] if not c["up"] and not c["cube"]}
        first = [c["tile"] for c in view["board"] if c["up"] and not c["kept"] and SUSPECT.match(c["tile"])]
        if first:
            wanted = [slot for slot in reveals if down.get(slot) == first[0]]
        else:
            wanted = [slot for slot in reveals if SUSPECT.match(down.get(slot, "?"))
                      and any(other != slot and tile == down[slot] for other, tile in down.items())]
        wanted = (wanted or [slot for slot in reveals if down.get(slot) == "?"]
                  or [slot for slot in reveals if SUSPECT.match(down.get(slot, "?"))] or list(reveals))
        return reveals[rng.choice(sorted(wanted))]
    if "reroll" in actions and view.get("face") == "horloge":
        return actions["reroll"]
    choices = [a for name, a in actions.items() if not name.startswith("bluff") and name != "reroll"]
    return rng.choice(choices or list(actions.values()))


def card_bot(kind: str, game: Any, seed: int, simulations: int, policy: Any) -> Any:
    """A function from a state to an action: ``random``, ``ismcts`` (information-set MCTS, one random rollout
    per simulation, UCT c=2), ``mccfr`` (the average policy of a trained outcome-sampling MCCFR) or, in 3 Ombres,
    ``memory`` (`memory_action`)."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    rng = np.random.RandomState(seed)
    if kind == "memory":
        picks = random.Random(seed)
        return lambda state: memory_action(state, picks)
    if kind == "ismcts":
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, simulations, random_state=rng)
        return bot.step
    if kind == "mccfr":
        def by_policy(state: Any) -> int:
            probs = policy.action_probabilities(state)
            actions = list(probs)
            return int(actions[rng.choice(len(actions), p=np.array([probs[a] for a in actions]))])
        return by_policy
    return lambda state: int(rng.choice(state.legal_actions()))


def card_match(name: str, seat_kind: str, other_kind: str, games: int, simulations: int, policy: Any,
               first_seed: int = 0) -> tuple[float, int, float]:
    """``seat_kind`` in one seat (rotating; in the cooperative 3 Ombres, every seat) against ``other_kind``:
    the wins of that seat (the team's in 3 Ombres), the games, and the CPU seconds per move of the seat."""
    game = card_game(name)
    cooperative = name == "trois_ombres"
    rng = random.Random(first_seed)
    wins, spent, moves = 0.0, 0.0, 0
    for k in range(games):
        seat = k % game.num_players()
        bots = [card_bot(seat_kind if cooperative or p == seat else other_kind, game, first_seed + 97 * k + p,
                         simulations, policy) for p in range(game.num_players())]
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
                continue
            player = state.current_player()
            began = time.process_time()
            action = bots[player](state)
            if cooperative or player == seat:
                spent += time.process_time() - began
                moves += 1
            state.apply_action(action)
        wins += state.returns()[seat] > 0
    return wins, games, spent / max(moves, 1)


def train_mccfr(name: str, iterations: int) -> tuple[Any, int, float, float]:
    """Outcome-sampling MCCFR on a card game: its average policy, its information states, the CPU seconds
    and the process's peak resident memory in MB (trained first, so the peak is the solver's)."""
    import resource

    from open_spiel.python.algorithms import outcome_sampling_mccfr

    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(card_game(name))
    began = time.process_time()
    for _ in range(iterations):
        solver.iteration()
    spent = time.process_time() - began
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return solver.average_policy(), len(solver._infostates), spent, peak


SEATS = ("random", "ismcts", "mccfr", "memory")


def card_figures(name: str, games: int, simulations: int, iterations: int,
                 seats: tuple[str, ...] = ("random", "ismcts", "mccfr")) -> None:
    """On one card game: outcome-sampling MCCFR (its memory) if a seat needs it, then each of ``seats`` against
    random, and ISMCTS against MCCFR's policy when both are asked (not in the cooperative 3 Ombres), with 95%
    Wilson intervals and the CPU seconds of each row."""
    policy = None
    if "mccfr" in seats:
        policy, states, spent, peak = train_mccfr(name, iterations)
        print(f"{name} {CARD_GAMES[name]}: outcome-sampling MCCFR, {iterations} iterations: {spent:.0f} CPU s,"
              f" {states:,} information states, peak memory of the process {peak:.0f} MB", flush=True)
    print(f"{name} {CARD_GAMES[name]}, {games} games a row:")
    print("| seat (3 Ombres: every seat) | against | games | wins | win rate, 95% CI (Wilson) | CPU time per move"
          " | CPU s of the row |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    rows = [(seat, "random") for seat in seats]
    if "ismcts" in seats and "mccfr" in seats and name != "trois_ombres":  # cooperative: one kind plays every seat
        rows.append(("ismcts", "mccfr"))
    for seat, other in rows:
        began = time.process_time()
        wins, n, per_move = card_match(name, seat, other, games, simulations, policy)
        low, high = wilson(wins, n)
        against = "—" if name == "trois_ombres" else other
        print(f"| {seat} | {against} | {n} | {int(wins)} | {wins / n:.1%} ({low:.1%} to {high:.1%}) |"
              f" {per_move * 1000:.1f} ms | {time.process_time() - began:.0f} |", flush=True)


CFR_CHECKPOINTS = [0, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]


def cfr_figures(svg: Path | None) -> None:
    """Exact CFR on Time Chase's research setting ``small`` (TC.RESEARCH.SMALL, turn-based bids): the tree
    walked once through the adapter and written as an EFG game (`oracle.adapters.efg`), then OpenSpiel's
    CFR and NashConv on it.  Prints the NashConv curve as a table; ``svg`` writes it as a chart."""
    import pyspiel

    import oracle.adapters.openspiel  # noqa: F401  (registers the games)
    from oracle.adapters.efg import cfr_curve, efg_tree

    game = pyspiel.load_game("time_chase", {"variants": "small", "turn_based": True})
    began = time.process_time()
    tree = efg_tree(game)
    walked = time.process_time() - began
    print(f"small setting: {tree.nodes} nodes, {tree.information_sets} information sets, walked in {walked:.1f} s CPU")
    began = time.process_time()
    curve = cfr_curve(tree, CFR_CHECKPOINTS)
    print(f"CFR and NashConv at every checkpoint: {time.process_time() - began:.1f} s CPU")
    print("| CFR iterations | NashConv |")
    print("| ---: | ---: |")
    for iterations, value in curve:
        print(f"| {iterations}{' (uniform policy)' if iterations == 0 else ''} | {value:.5f} |")
    if svg is not None:
        svg.write_text(cfr_chart(curve), encoding="utf-8")
        print(f"wrote {svg}")


def cfr_chart(curve: list[tuple[int, float]]) -> str:
    """The NashConv curve as a small SVG line chart, both axes logarithmic (iteration 0 drawn at 1)."""
    width, height, left, bottom, top, right = 480, 300, 64, 44, 16, 16
    points = [(max(i, 1), v) for i, v in curve]
    xs = [math.log10(i) for i, _ in points]
    ys = [math.log10(v) for _, v in points]
    y_low, y_high = math.floor(min(ys)), math.ceil(max(ys))
    x_high = math.ceil(max(xs))

    def px(x: float) -> float:
        return left + (width - left - right) * x / x_high

    def py(y: float) -> float:
        return top + (height - top - bottom) * (y_high - y) / (y_high - y_low)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="NashConv of exact CFR falling with the iterations" font-family="sans-serif" font-size="12">',
             f'<rect width="{width}" height="{height}" fill="#ffffff"/>']
    for k in range(y_low, y_high + 1):
        parts.append(f'<line x1="{left}" y1="{py(k):.1f}" x2="{width - right}" y2="{py(k):.1f}" stroke="#e2e8f0"/>')
        parts.append(f'<text x="{left - 6}" y="{py(k) + 4:.1f}" text-anchor="end">1e{k}</text>')
    for k in range(0, x_high + 1):
        parts.append(f'<line x1="{px(k):.1f}" y1="{top}" x2="{px(k):.1f}" y2="{height - bottom}" stroke="#e2e8f0"/>')
        parts.append(f'<text x="{px(k):.1f}" y="{height - bottom + 16}" text-anchor="middle">{10 ** k}</text>')
    path = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in zip(xs, ys, strict=True))
    parts.append(f'<polyline points="{path}" fill="none" stroke="#2563eb" stroke-width="2"/>')
    parts += [f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="3" fill="#2563eb"/>' for x, y in zip(xs, ys, strict=True)]
    parts.append(f'<text x="{(left + width - right) / 2}" y="{height - 8}" text-anchor="middle">CFR iterations '
                 f'(the uniform policy drawn at 1)</text>')
    parts.append(f'<text transform="translate(14 {(top + height - bottom) / 2}) rotate(-90)" '
                 f'text-anchor="middle">NashConv</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--all", action="store_true", help="every part (hours of CPU, over 1 GB of memory)")
    parser.add_argument("--perft", action="store_true", help="only the expansion-against-perft check")
    parser.add_argument("--mcts", action="store_true", help="only MCTS on TTYKM")
    parser.add_argument("--cards", choices=sorted(CARD_GAMES), nargs="+",
                        help="only the card games' figures: ISMCTS and MCCFR on Time Chase and/or 3 ombres")
    parser.add_argument("--cfr", action="store_true",
                        help="only exact CFR's NashConv curve on Time Chase's small setting (about a minute)")
    parser.add_argument("--cfr-svg", type=Path, metavar="FILE", help="with --cfr, also write the curve as an SVG chart")
    parser.add_argument("--games", type=int, default=200, help="games per figure (default 200)")
    parser.add_argument("--first", type=int, default=0, help="the number (and seed) of the first MCTS game (default 0)")
    parser.add_argument("--simulations", type=int, default=8, help="MCTS simulations per move (default 8)")
    parser.add_argument("--iterations", type=int, default=2000, help="MCCFR iterations (default 2000)")
    parser.add_argument("--seats", choices=SEATS, nargs="+", default=["random", "ismcts", "mccfr"],
                        help="with --cards, the bots to measure against random (default: random ismcts mccfr;"
                        " memory, a player of 3 Ombres that uses its memory, is for trois_ombres only)")
    parser.add_argument("--ismcts-simulations", type=int, default=20,
                        help="ISMCTS simulations per move on the card games (default 20)")
    parser.add_argument("--jobs", type=int, default=2, help="processes for the MCTS games (default 2)")
    parser.add_argument("--summarize", type=Path, nargs="+", metavar="LOG",
                        help="summarize the MCTS games printed in the LOGs (runs stopped or continued)")
    args = parser.parse_args()
    if args.summarize is not None:
        summarize_log(args.summarize, args.simulations)
        return
    every = args.all
    if not (every or args.perft or args.mcts or args.cards or args.cfr):
        parser.error("choose a part (--perft, --mcts, --cards GAME..., --cfr) or --all; --all with the page's settings"
                     " takes hours of CPU and over 1 GB of memory")
    if "memory" in args.seats and (every or args.cards != ["trois_ombres"]):
        parser.error("--seats memory is a player of 3 Ombres: use it with --cards trois_ombres alone")
    print(f"# {platform.python_implementation()} {platform.python_version()}, {platform.machine()},"
          f" {platform.system()}, {os.cpu_count()} cores ({cpu_model()}), load average"
          f" {os.getloadavg()[0]:.1f}; started {time.strftime('%Y-%m-%d %H:%M')}")
    began = time.process_time()
    if every or args.perft:
        perft_check()
    if every or args.mcts:
        mcts_figures(args.first, args.games, args.simulations, args.jobs)
    for name in sorted(CARD_GAMES) if every else args.cards or ():
        card_figures(name, args.games, args.ismcts_simulations, args.iterations, tuple(args.seats))
    if every or args.cfr:
        cfr_figures(args.cfr_svg)
    print(f"# done {time.strftime('%Y-%m-%d %H:%M')}: {time.process_time() - began:.0f} CPU s in this process,"
          f" load average {os.getloadavg()[0]:.1f}")


def cpu_model() -> str:
    """The processor's name as the system gives it (Linux's /proc/cpuinfo), or the platform's word for it."""
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return platform.processor() or "unknown processor"


if __name__ == "__main__":
    main()
