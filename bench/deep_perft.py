"""Compute the deep perft counts of the vectors, once, offline.

The standard vector set records perft(6) from the start and perft(5) from
every named position (spec/vectors.md).  Those take minutes, so the vector
export does not recompute them: it reads `oracle/games/ttykm/perft_table.py`, which
this script writes.  Each count is computed twice:

* by the fast counter (`oracle.games.ttykm.perft.perft`, bit masks, bulk
  counting of the last level);
* by the plain rules (`oracle.games.ttykm.rules.standard.successors` for every
  turn), with the children of a position grouped and a table of the counts
  already known, so that the plain rules reach deep counts in minutes.

A difference stops the script.  Run it from the repository root after a
change of the standard rules or of the named positions:

    .venv/bin/python bench/deep_perft.py [SECONDS]  # writes oracle/games/ttykm/perft_table.py

SECONDS (default 60) bounds the plain counting: a position is taken one
depth deeper only while the last depth took under an eighth of it.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

from oracle.games.ttykm.notation import parse_position
from oracle.games.ttykm.perft import perft
from oracle.games.ttykm.rules.standard import successors
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.vector_sets import DEEP_PERFT_DEPTHS, NAMED_POSITIONS, STANDARD_DEPTHS

TABLE = Path(__file__).resolve().parent.parent / "oracle" / "games" / "ttykm" / "perft_table.py"


def plain_count(position: Position, depth: int, table: dict[tuple[Position, int], int]) -> int:
    """Perft by the plain rules, each distinct child counted once with its multiplicity."""
    if depth == 0:
        return 1
    key = (position, depth)
    known = table.get(key)
    if known is not None:
        return known
    turns = successors(position)
    if depth == 1:
        total = len(turns)
    else:
        total = sum(n * plain_count(after, depth - 1, table) for after, n in Counter(a for _, a in turns).items())
    table[key] = total
    return total


def main() -> int:
    budget = float(sys.argv[1]) if len(sys.argv) > 1 else 60.0  # seconds of plain counting per depth step
    shallow = STANDARD_DEPTHS
    deep: dict[str, dict[int, int]] = {}
    checked: dict[str, int] = {}
    for named in NAMED_POSITIONS:  # the fast counter first, for every position
        position = parse_position(named.text)
        first = shallow.get(named.name, shallow["*"]) + 1
        deepest = DEEP_PERFT_DEPTHS.get(named.name, DEEP_PERFT_DEPTHS["*"])
        started = time.perf_counter()
        deep[named.name] = {depth: perft(position, depth) for depth in range(first, deepest + 1)}
        print(f"{named.name}: fast {deep[named.name]} ({time.perf_counter() - started:.1f} s)", file=sys.stderr,
              flush=True)
    write(deep, checked)
    for named in NAMED_POSITIONS:  # then the plain rules, as deep as the budget allows
        position = parse_position(named.text)
        table: dict[tuple[Position, int], int] = {}
        for depth in range(1, DEEP_PERFT_DEPTHS.get(named.name, DEEP_PERFT_DEPTHS["*"]) + 1):
            started = time.perf_counter()
            plain = plain_count(position, depth, table)
            took = time.perf_counter() - started
            fast = deep[named.name].get(depth, perft(position, depth))
            print(f"{named.name} perft {depth}: plain {plain} ({took:.1f} s), fast {fast}", file=sys.stderr,
                  flush=True)
            if fast != plain:
                print(f"MISMATCH at {named.name} depth {depth}", file=sys.stderr)
                return 1
            checked[named.name] = depth
            write(deep, checked)
            if took * 8 > budget:  # the next depth would take several times as long
                break
    return 0


def write(deep: dict[str, dict[int, int]], checked: dict[str, int]) -> None:
    rows = "".join(f"    {name!r}: {{{', '.join(f'{d}: {n}' for d, n in counts.items())}}},\n"
                   for name, counts in deep.items())
    plain = "".join(f"    {name!r}: {depth},\n" for name, depth in checked.items())
    TABLE.write_text(
        '"""Deep perft counts of the standard game from the named positions (spec/vectors.md).\n\n'
        "Written by bench/deep_perft.py, which computes each count by the fast counter\n"
        "and then, as deep as its time budget allows, by the plain rules, and stops if\n"
        "they differ.  Do not edit by hand.\n"
        '"""\n\n'
        "DEEP_PERFT: dict[str, dict[int, int]] = {\n" + rows + "}\n\n"
        "# The deepest depth at which the plain rules gave the same count, per position.\n"
        "PLAIN_CHECKED: dict[str, int] = {\n" + plain + "}\n",
        encoding="utf-8",
    )


if __name__ == "__main__":
    sys.exit(main())
