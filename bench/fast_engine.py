"""The compiled engine against the spec engine, side by side in one run (docs/performance.md).

    python bench/fast_engine.py                 # every measure, a few minutes
    python bench/fast_engine.py --deep          # also perft(8) on the compiled engine (about 15 CPU s)
    python bench/fast_engine.py --positions N   # the differential on N positions (default 100,000)
    python bench/fast_engine.py --chapter-positions N  # the chapters' on N (default 30,000)

Each measure runs once on each engine (``--engine-impl spec`` and
``compiled``, switched in this process by `oracle.games.ttykm.fast.use`), in
CPU time of this process, which other work on a shared machine does not
inflate.  It prints, per measure, both figures and their ratio:

* standard perft(6) from the start (and perft(7), perft(8) on the compiled engine);
* each chapter ruleset's and pair's perft from its start, against the spec engine's fast perft
  (`perft_chapters`), each count checked against the published one;
* OpenSpiel random playouts on TTYKM standard and on each chapter ruleset and pair, states per CPU second;
* one observation tensor (OpenSpiel's observer, and ``state.observation_tensor``), one legal-action list;
* PettingZoo random games, steps per CPU second;
* OpenSpiel's MCTS (8 simulations, one random rollout each), CPU seconds per move;
* the differential: the compiled engine's turns and positions after each against the plain rules', on
  standard positions and on positions of every chapter ruleset, pair and variant ruleset.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

# The differential reuses the tests' position sampler: run as a file, the checkout must be importable.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from oracle.games.ttykm import fast
from oracle.games.ttykm.perft import perft
from oracle.games.ttykm.state import Position

ENGINES = ("spec", "compiled")


def cpu(work: Callable[[], object]) -> float:
    began = time.process_time()
    work()
    return time.process_time() - began


def per_call(work: Callable[[], object], seconds: float = 1.0) -> float:
    """CPU seconds per call of ``work``, over about ``seconds``."""
    calls, began = 0, time.process_time()
    while time.process_time() - began < seconds:
        work()
        calls += 1
    return (time.process_time() - began) / calls


def row(name: str, spec: float, compiled: float, unit: str, higher_is_better: bool) -> None:
    ratio = compiled / spec if higher_is_better else spec / compiled
    print(f"| {name} | {spec:,.4g} {unit} | {compiled:,.4g} {unit} | {ratio:,.0f}x |", flush=True)


def compare(name: str, measure: Callable[[], float], unit: str, higher_is_better: bool) -> None:
    """The row of ``measure``, taken once on each engine in turn."""
    figures = {}
    for engine in ENGINES:
        fast.use(engine)
        figures[engine] = measure()
    row(name, figures["spec"], figures["compiled"], unit, higher_is_better)


def perft_rows(deep: bool) -> None:
    start = Position.start()
    compare("standard perft(6), 98,004,688", lambda: cpu(lambda: perft(start, 6)), "CPU s", False)
    fast.use("compiled")
    for depth in (7, 8) if deep else (7,):
        took = cpu(lambda depth=depth: perft(start, depth))  # type: ignore[misc]
        print(f"| standard perft({depth}), compiled only | | {took:.2f} CPU s | |", flush=True)


CHAPTER_PERFT = (("growth", 4, 15398144), ("influence", 5, 45602128), ("memory", 6, 102760184),
                 ("growth+influence", 4, 64229268), ("growth+memory", 4, 15348416), ("influence+memory", 5, 42579660))
"""Each chapter start's count timed: the deepest the spec engine's fast perft makes in a few seconds to
half a minute."""


def chapter_perft_rows() -> None:
    from oracle.games.ttykm.rules.standard import start_position
    from oracle.games.ttykm.ruleset import Ruleset

    for name, depth, nodes in CHAPTER_PERFT:
        rules = Ruleset.parse(name)
        start = start_position(rules)
        times = {}
        for engine in ENGINES:
            fast.use(engine)
            if engine == "compiled":
                fast.clear_chapter_table()  # emptied (nothing counted before helps), its memory already touched
            began = time.process_time()
            counted = perft(start, depth, rules)
            times[engine] = time.process_time() - began
            assert counted == nodes, (name, engine, counted)
        row(f"{name} perft({depth}), {nodes:,}", times["spec"], times["compiled"], "CPU s", False)


def playout_states(seconds: float, ruleset: str = "") -> float:
    import pyspiel

    import oracle.adapters.openspiel  # noqa: F401

    game = pyspiel.load_game("ttykm", {"ruleset": ruleset} if ruleset else {})
    rng = random.Random(1)
    states, began = 0, time.process_time()
    while time.process_time() - began < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            states += 1
    return states / (time.process_time() - began)


def chapter_playout_rows(seconds: float) -> None:
    for name, _, _ in CHAPTER_PERFT:
        compare(f"OpenSpiel random playouts, {name}", partial(playout_states, seconds, name), "states/CPU s", True)


def fresh(state: Any) -> Any:
    """A copy of an OpenSpiel state of the adapter with nothing computed yet (a clone shares what its original
    computed, so its legal actions would cost nothing)."""
    from oracle.adapters.table import Step

    copy = state.clone()
    step = copy.step
    copy._step = Step(step.table, None, step.state, None, (), step.length)
    return copy


def openspiel_rows(seconds: float) -> None:
    import pyspiel

    import oracle.adapters.openspiel  # noqa: F401

    figures: dict[str, dict[str, float]] = {}
    for name in ENGINES:
        fast.use(name)
        game = pyspiel.load_game("ttykm")
        state = game.new_initial_state()
        rng = random.Random(5)
        for _ in range(12):
            state.apply_action(rng.choice(state.legal_actions()))
        observer = game.make_py_observer()
        figures[name] = {
            "playouts": playout_states(seconds),
            "observer": per_call(lambda observer=observer, state=state: observer.set_from(state, 0)),  # type: ignore[misc]
            "tensor": per_call(lambda state=state: state.observation_tensor(0)),  # type: ignore[misc]
            "legal": per_call(lambda state=state: fresh(state).legal_actions()),  # type: ignore[misc]
        }
    spec, compiled = figures["spec"], figures["compiled"]
    row("OpenSpiel random playouts, TTYKM standard", spec["playouts"], compiled["playouts"], "states/CPU s", True)
    row("one observation tensor, `observer.set_from`", spec["observer"] * 1e6, compiled["observer"] * 1e6, "µs",
        False)
    row("one observation tensor, `state.observation_tensor(0)`", spec["tensor"] * 1e6, compiled["tensor"] * 1e6,
        "µs", False)
    row("one legal-action list (a fresh clone's)", spec["legal"] * 1e6, compiled["legal"] * 1e6, "µs", False)


def pettingzoo_steps(games: int) -> float:
    import numpy as np

    from oracle.adapters.pettingzoo import env

    steps, began = 0, time.process_time()
    environment = env("ttykm")
    rng = random.Random(2)
    for game in range(games):
        environment.reset(seed=game)
        for _agent in environment.agent_iter():
            observation, _, done, truncated, _ = environment.last()
            if done or truncated:
                environment.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])  # as an agent reads its mask
            environment.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return steps / (time.process_time() - began)


def pettingzoo_row(games: int) -> None:
    compare(f"PettingZoo, {games} random games", partial(pettingzoo_steps, games), "steps/CPU s", True)


def mcts_seconds(moves: int) -> float:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts

    import oracle.adapters.openspiel  # noqa: F401

    game = pyspiel.load_game("ttykm")
    rng = np.random.RandomState(3)
    bot = mcts.MCTSBot(game, 2.0, 8, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state, spent, made = game.new_initial_state(), 0.0, 0
    while made < moves:
        if state.is_terminal():
            state = game.new_initial_state()
        began = time.process_time()
        action = bot.step(state)
        spent += time.process_time() - began
        made += 1
        state.apply_action(action)
    return spent / moves


def mcts_row(moves: int) -> None:
    compare(f"OpenSpiel MCTS, 8 simulations, {moves} moves", partial(mcts_seconds, moves), "CPU s/move", False)


def differential(count: int) -> None:
    """The compiled engine's turns and positions after each, against the plain rules, on ``count`` positions
    (one in five under copy-choice=free, as in tests/test_fast.py)."""
    from oracle.games.ttykm.ruleset import STANDARD
    from tests.test_fast import FREE, assert_agrees, positions

    fast.use("compiled")
    sample = random.Random(0)
    def check() -> None:
        for k, position in enumerate(positions(424242, count)):
            assert_agrees(position, sample, FREE if k % 5 == 4 else STANDARD)

    took = cpu(check)
    print(f"\ndifferential: {count:,} positions (sparse, crowded, from random play; one in five under"
          f" copy-choice=free), the compiled engine and the plain rules agree on every turn, its order and the"
          f" position after it: {took:.0f} CPU s", flush=True)


def chapter_differential(count: int) -> None:
    """The same on ``count`` positions of the chapters: half over the chapter rulesets and pairs, half over
    every variant in every ruleset it changes, each half crowded and from random play."""
    from tests.test_fast import CHAPTERS, VARIANT_RULESETS, assert_agrees_in, chapter_positions

    fast.use("compiled")
    sample = random.Random(0)
    checked = 0

    def check() -> None:
        nonlocal checked
        for group in (CHAPTERS, VARIANT_RULESETS):
            for k, rules in enumerate(group):
                for position in chapter_positions(rules, 515151 + k, count // 2 // len(group)):
                    assert_agrees_in(position, rules, sample)
                    checked += 1

    took = cpu(check)
    print(f"\ndifferential of the chapters: {checked:,} positions of {len(CHAPTERS)} chapter rulesets and pairs and"
          f" {len(VARIANT_RULESETS)} variant rulesets (crowded, from random play), the compiled engine and the plain"
          f" rules agree on every turn, its order, the position after it, the count and the numbers: {took:.0f} CPU s",
          flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deep", action="store_true", help="also perft(8) on the compiled engine")
    parser.add_argument("--positions", type=int, default=100_000, help="positions of the differential")
    parser.add_argument("--chapter-positions", type=int, default=30_000, help="positions of the chapters' differential")
    parser.add_argument("--playout-seconds", type=float, default=5.0, help="CPU seconds of playouts per engine")
    parser.add_argument("--pettingzoo-games", type=int, default=200)
    parser.add_argument("--mcts-moves", type=int, default=40)
    args = parser.parse_args()
    if "compiled" not in fast.available():
        raise SystemExit("bench/fast_engine.py: the compiled engine is not built (python setup.py build_ext --inplace)")
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()},"
          f" load average {os.getloadavg()[0]:.1f}\n")
    print("| measure | spec engine | compiled engine | ratio |\n| --- | ---: | ---: | ---: |")
    perft_rows(args.deep)
    chapter_perft_rows()
    openspiel_rows(args.playout_seconds)
    chapter_playout_rows(args.playout_seconds)
    pettingzoo_row(args.pettingzoo_games)
    mcts_row(args.mcts_moves)
    if args.positions:
        differential(args.positions)
    if args.chapter_positions:
        chapter_differential(args.chapter_positions)
    print(f"\nload average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
