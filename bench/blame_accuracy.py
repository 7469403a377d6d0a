"""Measure how often `oracle conform --keep-going` blames the right rule.

Each deliberately broken engine in tests/toy_engines/ has one planted bug
whose rule is known.  The runner is run on each with the committed standard
vectors and a few seeded random games; every divergence it reports counts as
right when it is blamed on the planted bug's rule.  The table printed is the
one in docs/testing-your-engine.md.  Run it from the repository root (the
engines are modules of the ``tests`` package):

    .venv/bin/python bench/blame_accuracy.py [GAMES]
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from oracle.games import load_game
from oracle.games.ttykm.ruleset import STANDARD
from oracle.tools.conform import conform

ROOT = Path(__file__).resolve().parent.parent
# Each broken engine, what is wrong with it, and the rules its bug may rightly be blamed on.
PLANTED = (
    ("no_chain", "pushes never chain", ("MOVE.PUSH.CHAIN",)),
    ("no_paradox", "no paradox", ("MOVE.PUSH.PARADOX",)),
    ("focus_stays", "the Focus may stay", ("FOCUS.MOVE",)),
    ("free_copy_choice", "the copy choice is ignored", ("TURN.COPY-CHOICE",)),
    ("win_before_focus", "the game ends before the Focus moves", ("WIN.CHECK", "TURN.END")),
    ("one_era_loss", "a loss only at exactly one era", ("WIN.CHECK",)),
    ("travel_free", "a backward travel spends no supply (positions it writes cannot be read)",
     ("TRAVEL.BACKWARD", "TRAVEL.BACKWARD.SUPPLY")),
    ("deep_no_paradox", "no paradox, and a perft that counts by its own rules (only perft 3 shows it)",
     ("MOVE.PUSH.PARADOX",)),
)


def main() -> int:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    os.chdir(ROOT)  # the engines run as modules of the tests package
    rows = ["| broken engine | planted bug | rule | divergences | blamed right | accuracy |",
            "| --- | --- | --- | ---: | ---: | ---: |"]
    total = right_total = 0
    for name, bug, rules in PLANTED:
        started = time.perf_counter()
        report = conform(f"{sys.executable} -m tests.toy_engines.{name}", load_game(), STANDARD,
                         games=games,
                         vectors=ROOT / "vectors" / "standard", keep_going=True)
        right = sum(1 for d in report.divergences if d.rule in rules)
        narrowed = [d for d in report.divergences if d.perft is not None]
        skipped = sum(report.perft_skipped.values())
        found = len(report.divergences)
        total, right_total = total + found, right_total + right
        others = {d.rule for d in report.divergences if d.rule not in rules}
        took = time.perf_counter() - started
        print(f"{name}: {right}/{found} right, others {sorted(map(str, others))}; perft divergences narrowed"
              f" {sum(1 for d in narrowed if d.rule in rules)}/{len(narrowed)} right; perft counts not compared"
              f" {skipped} {report.perft_skipped} ({took:.0f} s)", file=sys.stderr, flush=True)
        share = f"{100 * right / found:.1f} %"
        rows.append(f"| `{name}` | {bug} | {' or '.join(rules)} | {found:,} | {right:,} | {share} |")
    rows.append(f"| all | | | {total:,} | {right_total:,} | {100 * right_total / total:.1f} % |")
    print(f"(standard vectors and {games} random games, seed 1)")
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
