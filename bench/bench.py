"""Speed benchmark: perft nodes per second and the cost of one CLI query.

Run with ``./dev bench`` (or ``python bench/bench.py``).  Prints:

* perft from the standard start at depths 1-5, the node count, the time and
  nodes per second in three modes: ``fast`` (the one fast perft: bulk-counted
  leaves, children grouped by multiplicity, a bounded transposition table, as
  ``oracle perft`` uses it), ``fast, no table`` (the same without the table)
  and ``plain`` (every turn made by the plain rules, depths 1-4 only);
* side by side, the fast perft from the start of every ruleset (the standard
  game, each chapter and each pair), each count checked against the one
  recorded below, with the hooks that counted it;
* the median wall time of ``oracle legal`` against ``python -c pass``.

Each time is given twice: of the processor (this process's CPU time, which
other jobs on a shared machine do not inflate) and of the wall clock.  The
targets are judged on the processor's.  Figures depend on the machine: quote
them with the machine they came from, and the load.
"""

from __future__ import annotations

import argparse
import compileall
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

import oracle
from oracle.games.ttykm.perft import engine, perft, perft_plain
from oracle.games.ttykm.rules.standard import start_position
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import Position

TARGET_PERFT5_SECONDS = 2.5
TARGET_CLI_RATIO = 4.0
TARGET_NODES_PER_SECOND = 1_000_000
# Each ruleset's start, the depth benchmarked (the deepest of at most about 20 M nodes) and its count,
# as in vectors/<ruleset>/perft.txt.
RULESET_PERFT: tuple[tuple[str, int, int], ...] = (
    ("standard", 5, 3273456),
    ("growth", 4, 15398144),
    ("influence", 4, 1195428),
    ("memory", 5, 3354384),
    ("growth+influence", 3, 695776),
    ("growth+memory", 4, 15348416),
    ("influence+memory", 4, 1151044),
)


def timed(func: object, *args: object, **kwargs: object) -> tuple[int, float, float]:
    """The result, the CPU seconds and the wall seconds of one call."""
    cpu, wall = time.process_time(), time.perf_counter()
    result = func(*args, **kwargs)  # type: ignore[operator]
    return int(result), time.process_time() - cpu, time.perf_counter() - wall


def rate(nodes: int, seconds: float) -> float:
    return nodes / seconds if seconds else float("inf")


def bench_perft(max_depth: int, plain_depth: int) -> float:
    start = Position.start()
    print("perft from the start position")
    print(f"{'depth':>5} {'nodes':>10}  {'mode':<15} {'cpu s':>8} {'wall s':>8} {'nodes/cpu s':>13}")
    perft5 = float("nan")
    for depth in range(1, max_depth + 1):
        modes: list[tuple[str, object, dict[str, object]]] = [
            ("fast", perft, {}),
            ("fast, no table", perft, {"cache": False}),
        ]
        if depth <= plain_depth:
            modes.append(("plain", perft_plain, {}))
        for name, func, kwargs in modes:
            nodes, cpu, wall = timed(func, start, depth, **kwargs)
            print(f"{depth:>5} {nodes:>10}  {name:<15} {cpu:>8.3f} {wall:>8.3f} {rate(nodes, cpu):>13,.0f}")
            if depth == 5 and name == "fast":
                perft5 = cpu
    return perft5


def bench_rulesets() -> dict[str, float]:
    """The fast perft from every ruleset's start, side by side; returns each one's nodes per CPU second."""
    print("the fast perft from the start of every ruleset")
    print(f"{'ruleset':<17} {'depth':>5} {'nodes':>11}  {'hooks':<9} {'cpu s':>7} {'wall s':>7} {'nodes/cpu s':>12}"
          f" {'nodes/wall s':>12}  recorded")
    rates: dict[str, float] = {}
    for name, depth, recorded in RULESET_PERFT:
        rules = Ruleset.parse(name)
        start = start_position(rules)
        nodes, cpu, wall = timed(perft, start, depth, rules)
        check = "agrees" if nodes == recorded else f"DIFFERS from {recorded}"
        rates[name] = rate(nodes, cpu)
        print(f"{name:<17} {depth:>5} {nodes:>11}  {engine(start, rules).name:<9} {cpu:>7.2f} {wall:>7.2f}"
              f" {rates[name]:>12,.0f} {rate(nodes, wall):>12,.0f}  {check}")
    return rates


def median_run(argv: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def bench_cli(runs: int) -> float:
    # An installed package has its bytecode written; so must the source tree
    # here, or each run would time compiling it (PYTHONDONTWRITEBYTECODE).
    compileall.compile_dir(str(Path(oracle.__file__).parent), quiet=1)
    script = shutil.which("oracle", path=os.path.dirname(sys.executable))
    query = [script] if script else [sys.executable, "-m", "oracle"]
    query += ["legal", "a1 N E >present"]
    bare = median_run([sys.executable, "-c", "pass"], runs)
    cli = median_run(query, runs)
    print()
    print(f"one CLI query, median of {runs} runs")
    print(f"  python -c pass           {bare * 1000:7.1f} ms")
    print(f"  oracle legal (one turn)  {cli * 1000:7.1f} ms   ({cli / bare:.1f}x the bare interpreter)")
    return cli / bare


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--depth", type=int, default=5, help="deepest perft from the standard start (default 5)")
    parser.add_argument("--plain-depth", type=int, default=4, help="deepest plain perft (default 4)")
    parser.add_argument("--runs", type=int, default=21, help="CLI runs to take the median of (default 21)")
    args = parser.parse_args()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, {platform.python_implementation()}"
          f" {platform.python_version()}, {platform.platform(terse=True)}, load {os.getloadavg()[0]:.1f}")
    print()
    perft5 = bench_perft(args.depth, args.plain_depth)
    print()
    rates = bench_rulesets()
    ratio = bench_cli(args.runs)
    print()
    if args.depth >= 5:
        verdict = "met" if perft5 <= TARGET_PERFT5_SECONDS else "MISSED"
        print(f"target perft(5) <= {TARGET_PERFT5_SECONDS} s of CPU: {perft5:.3f} s, {verdict}")
    for name, speed in rates.items():
        verdict = "met" if speed >= TARGET_NODES_PER_SECOND else "MISSED"
        print(f"target {name} >= {TARGET_NODES_PER_SECOND:,} nodes per CPU second: {speed:,.0f}, {verdict}")
    verdict = "met" if ratio <= TARGET_CLI_RATIO else "MISSED"
    print(f"target CLI query <= {TARGET_CLI_RATIO}x bare start-up: {ratio:.1f}x, {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
