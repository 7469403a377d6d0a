"""Speed benchmark: perft nodes per second and the cost of one CLI query.

Run with ``./dev bench`` (or ``python bench/bench.py``).  Prints, for perft
from the start at depths 1-5, the node count, the wall time and nodes per
second in three modes:

* ``fast``: the optimised counter (bulk-counted leaves, children grouped by
  multiplicity, transposition table), as ``oracle perft`` uses it;
* ``fast, no table``: the same without the transposition table;
* ``plain``: every turn made by the plain rules (depths 1-4 only).

Then perft from the Influence start (``rules=influence``, counted by the
plain rules), checked against the counts recorded below, and the median wall
time of ``oracle legal`` against ``python -c pass``.
Figures depend on the machine: quote them with the machine they came from.
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
from oracle.games.ttykm.perft import perft, perft_plain
from oracle.games.ttykm.rules.standard import start_position
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import Position

TARGET_PERFT5_SECONDS = 2.5
TARGET_CLI_RATIO = 4.0
# Perft from the Influence start; depths 1-3 are also in vectors/influence/perft.txt.
INFLUENCE_PERFT = {1: 36, 2: 1296, 3: 38792, 4: 1195428}
TARGET_GROWTH_NODES_PER_SECOND = 1_000_000


def timed(func: object, *args: object, **kwargs: object) -> tuple[int, float]:
    start = time.perf_counter()
    result = func(*args, **kwargs)  # type: ignore[operator]
    return int(result), time.perf_counter() - start


def bench_perft(max_depth: int, plain_depth: int) -> float:
    start = Position.start()
    print("perft from the start position")
    print(f"{'depth':>5} {'nodes':>10}  {'mode':<15} {'seconds':>8} {'nodes/s':>12}")
    perft5 = float("nan")
    for depth in range(1, max_depth + 1):
        modes: list[tuple[str, object, dict[str, object]]] = [
            ("fast", perft, {}),
            ("fast, no table", perft, {"cache": False}),
        ]
        if depth <= plain_depth:
            modes.append(("plain", perft_plain, {}))
        for name, func, kwargs in modes:
            nodes, seconds = timed(func, start, depth, **kwargs)
            rate = nodes / seconds if seconds else float("inf")
            print(f"{depth:>5} {nodes:>10}  {name:<15} {seconds:>8.3f} {rate:>12,.0f}")
            if depth == 5 and name == "fast":
                perft5 = seconds
    return perft5


def bench_growth_perft(max_depth: int, plain_depth: int) -> float:
    """Perft from the Growth start (rules=growth): the fast path and the plain
    rules; returns the fast path's nodes per second at the deepest depth."""
    growth = Ruleset.parse("growth")
    start = start_position(growth)
    print()
    print("perft from the Growth start position (rules=growth)")
    print(f"{'depth':>5} {'nodes':>10}  {'mode':<15} {'seconds':>8} {'nodes/s':>12}")
    rate = float("nan")
    for depth in range(1, max_depth + 1):
        modes: list[tuple[str, object, dict[str, object]]] = [
            ("fast", perft, {}),
            ("fast, no table", perft, {"cache": False}),
        ]
        if depth <= plain_depth:
            modes.append(("plain", perft_plain, {}))
        for name, func, kwargs in modes:
            nodes, seconds = timed(func, start, depth, growth, **kwargs)
            speed = nodes / seconds if seconds else float("inf")
            print(f"{depth:>5} {nodes:>10}  {name:<15} {seconds:>8.3f} {speed:>12,.0f}")
            if depth == max_depth and name == "fast":
                rate = speed
    return rate


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


def bench_influence(max_depth: int) -> None:
    from oracle.games.ttykm.rules.standard import start_position
    from oracle.games.ttykm.ruleset import Ruleset

    rules = Ruleset.parse("influence")
    start = start_position(rules)
    print("perft from the Influence start (plain rules)")
    print(f"{'depth':>5} {'nodes':>10}  {'seconds':>8} {'nodes/s':>12}  recorded")
    for depth in range(1, max_depth + 1):
        nodes, seconds = timed(perft, start, depth, rules)
        rate = nodes / seconds if seconds else float("inf")
        check = "agrees" if INFLUENCE_PERFT.get(depth) == nodes else f"DIFFERS from {INFLUENCE_PERFT.get(depth)}"
        print(f"{depth:>5} {nodes:>10}  {seconds:>8.3f} {rate:>12,.0f}  {check}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--depth", type=int, default=5, help="deepest perft (default 5)")
    parser.add_argument("--plain-depth", type=int, default=4, help="deepest plain perft (default 4)")
    parser.add_argument("--influence-depth", type=int, default=4, help="deepest Influence perft (default 4)")
    parser.add_argument("--growth-depth", type=int, default=4, help="deepest Growth perft (default 4)")
    parser.add_argument("--runs", type=int, default=21, help="CLI runs to take the median of (default 21)")
    args = parser.parse_args()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, {platform.python_implementation()}"
          f" {platform.python_version()}, {platform.platform(terse=True)}")
    print()
    perft5 = bench_perft(args.depth, args.plain_depth)
    print()
    bench_influence(args.influence_depth)
    growth_rate = bench_growth_perft(args.growth_depth, min(args.plain_depth, 2))
    ratio = bench_cli(args.runs)
    print()
    if args.depth >= 5:
        verdict = "met" if perft5 <= TARGET_PERFT5_SECONDS else "MISSED"
        print(f"target perft(5) <= {TARGET_PERFT5_SECONDS} s: {perft5:.3f} s, {verdict}")
    verdict = "met" if growth_rate >= TARGET_GROWTH_NODES_PER_SECOND else "MISSED"
    print(f"target Growth perft({args.growth_depth}) >= {TARGET_GROWTH_NODES_PER_SECOND:,} nodes/s:"
          f" {growth_rate:,.0f}, {verdict}")
    verdict = "met" if ratio <= TARGET_CLI_RATIO else "MISSED"
    print(f"target CLI query <= {TARGET_CLI_RATIO}x bare start-up: {ratio:.1f}x, {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
