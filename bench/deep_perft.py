"""Compute the deep perft counts of the vectors, once, offline, and write them
to `oracle/games/ttykm/perft_table.py`, which the vector export copies (spec/vectors.md).

    .venv/bin/python bench/deep_perft.py named [SECONDS]
        perft(6) from the standard start and perft(5) from every other named
        position, by the fast counter; then by the plain rules (every turn
        made, the children of a position grouped, a table of the counts
        known) as deep as SECONDS (default 60) per depth step allows.

    .venv/bin/python bench/deep_perft.py record CHECKPOINT...
        the counts of finished cluster runs (``oracle perft DEPTH --workers K``
        or ``--scheduler``, which write CHECKPOINT): from the standard start
        (its deepest also split by first turn, the divide), or from a chapter
        ruleset's or pair's start.  Every subtree must be in the file.

    .venv/bin/python bench/deep_perft.py count RULESET DEPTH
        perft from a chapter ruleset's or pair's start, in this process, by
        the fast perft: the compiled engine where it is built (a table of
        2^22 entries, 256 MB), else the spec's.

    .venv/bin/python bench/deep_perft.py compiled DEPTH NAMED_DEPTH
        perft(DEPTH) from the standard start split by first turn (the
        divide; a first turn whose mirror image in the diagonal a1-d4 was
        counted, leading to that turn's position mirrored, takes its count:
        the start and the rules are symmetric in that diagonal), and
        perft(4) to perft(NAMED_DEPTH) from every other named
        position, on the compiled engine in this process; every count the
        table holds already must come out the same.

    .venv/bin/python bench/deep_perft.py plain-chapters [SECONDS] [RULESET...]
        the chapter starts' published counts again by the plain rules, grouped
        as above, as deep as SECONDS per depth step allows (every chapter
        ruleset and pair, or those named).

A count that differs stops the script.  Run it from the repository root after
a change of the rules or of the named positions.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

from oracle.games import load_game
from oracle.games.ttykm import fast
from oracle.games.ttykm.board import Action
from oracle.games.ttykm.notation import parse_position
from oracle.games.ttykm.perft import perft
from oracle.games.ttykm.rules.standard import start_position, successors
from oracle.games.ttykm.ruleset import STANDARD, Ruleset
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.turn import Turn
from oracle.games.ttykm.vector_sets import DEEP_PERFT_DEPTHS, NAMED_POSITIONS, STANDARD_DEPTHS, vector_set
from oracle.tools import perft_cluster

TABLE = Path(__file__).resolve().parent.parent / "oracle" / "games" / "ttykm" / "perft_table.py"


def current() -> dict[str, Any]:
    """The table as the file has it now: read from its source each time, never from a cached
    import, since another run of this script may have written it a moment ago."""
    namespace: dict[str, Any] = {}
    exec(compile(TABLE.read_text(encoding="utf-8"), str(TABLE), "exec"), namespace)
    return namespace
CHAPTER_SETS = ("growth", "influence", "memory", "growth+influence", "growth+memory", "influence+memory")


def plain_count(position: Position, depth: int, ruleset: Ruleset, table: dict[tuple[Position, int], int]) -> int:
    """Perft by the plain rules, each distinct child counted once with its multiplicity."""
    if depth == 0:
        return 1
    key = (position, depth)
    known = table.get(key)
    if known is not None:
        return known
    turns = successors(position, ruleset)
    if depth == 1:
        total = len(turns)
    else:
        total = sum(n * plain_count(after, depth - 1, ruleset, table)
                    for after, n in Counter(a for _, a in turns).items())
    table[key] = total
    return total


def say(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def named(budget: float) -> int:
    shallow = STANDARD_DEPTHS
    deep = {name: dict(counts) for name, counts in current()["DEEP_PERFT"].items()}
    checked: dict[str, int] = {}
    for position_name in NAMED_POSITIONS:  # the fast counter first, for every position
        position = parse_position(position_name.text)
        first = shallow.get(position_name.name, shallow["*"]) + 1
        deepest = DEEP_PERFT_DEPTHS.get(position_name.name, DEEP_PERFT_DEPTHS["*"])
        started = time.perf_counter()
        counts = deep.setdefault(position_name.name, {})
        counts.update({depth: perft(position, depth) for depth in range(first, deepest + 1)})
        say(f"{position_name.name}: fast {counts} ({time.perf_counter() - started:.1f} s)")
    write(deep=deep)
    for position_name in NAMED_POSITIONS:  # then the plain rules, as deep as the budget allows
        position = parse_position(position_name.text)
        table: dict[tuple[Position, int], int] = {}
        for depth in range(1, DEEP_PERFT_DEPTHS.get(position_name.name, DEEP_PERFT_DEPTHS["*"]) + 1):
            started = time.perf_counter()
            plain = plain_count(position, depth, STANDARD, table)
            took = time.perf_counter() - started
            fast = deep[position_name.name].get(depth, perft(position, depth))
            say(f"{position_name.name} perft {depth}: plain {plain} ({took:.1f} s), fast {fast}")
            if fast != plain:
                say(f"MISMATCH at {position_name.name} depth {depth}")
                return 1
            checked[position_name.name] = depth
            write(deep=deep, plain=checked)
            if took * 8 > budget:  # the next depth would take several times as long
                break
    return 0


def record(paths: list[str]) -> int:
    game = load_game("ttykm")
    table = current()
    deep = {name: dict(counts) for name, counts in table["DEEP_PERFT"].items()}
    chapters = {name: dict(counts) for name, counts in table["CHAPTER_PERFT"].items()}
    divide = {depth: dict(parts) for depth, parts in table["START_DIVIDE"].items()}
    for path in paths:
        header = json.loads(Path(path).read_text(encoding="utf-8").split("\n", 1)[0])
        rules = game.parse_rules(None, header["rules"])
        state = game.parse_state(header["position"])
        plan = perft_cluster.plan(game, rules, state, header["depth"], header["split"])
        results = perft_cluster.read_checkpoint(Path(path), plan)
        if len(results) != len(plan.tasks):
            say(f"{path}: {len(results)} of {len(plan.tasks)} subtrees: finish the run first")
            return 1
        totals = plan.totals(results)
        depth, total = plan.depth, sum(totals)
        if rules == STANDARD and state == Position.start():
            deep["start"][depth] = total
            if depth >= max(divide, default=0):
                divide = {depth: dict(zip(plan.firsts, totals, strict=True))}
        elif not rules.variants and rules.name in CHAPTER_SETS and state == start_position(rules):
            chapters.setdefault(rules.name, {})[depth] = total
        else:
            say(f"{path}: not a count from the standard start or a chapter start")
            return 1
        say(f"{path}: perft {depth} of {rules.name} = {total}")
    write(deep=deep, chapters=chapters, divide=divide)
    return 0


def count(name: str, depth: int) -> int:
    rules = Ruleset.parse(name)
    if name not in CHAPTER_SETS:
        say(f"{name}: not a chapter ruleset or pair ({', '.join(CHAPTER_SETS)})")
        return 2
    if fast.chosen() == fast.COMPILED:
        fast.size_chapter_table(22)  # 256 MB: a deep count keeps more of what it meets
    started, cpu = time.perf_counter(), time.process_time()
    nodes = perft(start_position(rules), depth, rules)
    say(f"{name} perft {depth} = {nodes} ({time.process_time() - cpu:.1f} s of CPU,"
        f" {time.perf_counter() - started:.1f} s, the {fast.chosen()} engine)")
    chapters = {n: dict(c) for n, c in current()["CHAPTER_PERFT"].items()}
    chapters.setdefault(name, {})[depth] = nodes
    write(chapters=chapters)
    return 0


MIRROR_ACTION = {Action.NORTH: Action.EAST, Action.EAST: Action.NORTH, Action.SOUTH: Action.WEST,
                 Action.WEST: Action.SOUTH, Action.FORWARD: Action.FORWARD, Action.BACKWARD: Action.BACKWARD}


def mirror_square(square: int) -> int:
    """The square's image in the diagonal a1-d4 (file and rank swapped): b1 is a2."""
    return square % 4 * 4 + square // 4


def mirror_turn(turn: Turn) -> Turn:
    """The turn's image in the diagonal a1-d4: north is east, south is west (the rules do not tell them apart)."""
    actions = tuple(MIRROR_ACTION[a] for a in turn.actions if isinstance(a, Action))
    return Turn(None if turn.copy is None else mirror_square(turn.copy), actions, turn.focus)


def mirror_position(position: Position) -> Position:
    """The position's image in the diagonal a1-d4, on every era."""
    def image(mask: int) -> int:
        return sum(1 << (c - c % 16 + mirror_square(c % 16)) for c in range(48) if mask >> c & 1)

    return replace(position, copies=(image(position.copies[0]), image(position.copies[1])))


def compiled(depth: int, named_depth: int) -> int:
    from oracle.games.ttykm.notation import format_turn

    if fast.chosen() != fast.COMPILED:
        say("the compiled engine is not built here (python setup.py build_ext --inplace)")
        return 1
    fast.size_table(23)  # 192 MB: a deep count keeps more of what it meets
    table = current()
    deep = {name: dict(counts) for name, counts in table["DEEP_PERFT"].items()}
    divide = {d: dict(parts) for d, parts in table["START_DIVIDE"].items()}
    started, cpu = time.perf_counter(), time.process_time()
    parts: dict[str, int] = {}
    turns = successors(Position.start())
    after_of = {format_turn(turn): after for turn, after in turns}
    for turn, after in turns:
        text, image = format_turn(turn), format_turn(mirror_turn(turn))
        if image in parts and after_of[image] == mirror_position(after):
            parts[text] = parts[image]  # the start is its own mirror image: so are the counts after mirrored turns
            say(f"  {text}: {parts[text]} (the mirror image of {image})")
            continue
        parts[text] = perft(after, depth - 1)
        say(f"  {text}: {parts[text]} ({time.process_time() - cpu:.0f} s of CPU)")
    total = sum(parts.values())
    if deep["start"].get(depth, total) != total or divide.get(depth, parts) != parts:
        say(f"MISMATCH: perft {depth} from the start is {total} here, {deep['start'].get(depth)} in the table")
        return 1
    say(f"start perft {depth} = {total} ({time.process_time() - cpu:.1f} s of CPU,"
        f" {time.perf_counter() - started:.1f} s)")
    deep["start"][depth] = total
    if depth >= max(divide, default=0):
        divide = {depth: parts}
    for position_name in NAMED_POSITIONS[1:]:
        position = parse_position(position_name.text)
        for d in range(4, named_depth + 1):
            nodes = perft(position, d)
            if deep[position_name.name].get(d, nodes) != nodes:
                say(f"MISMATCH at {position_name.name} depth {d}: {nodes}, {deep[position_name.name][d]} recorded")
                return 1
            deep[position_name.name][d] = nodes
    say(f"named positions to depth {named_depth}: {time.process_time() - cpu:.1f} s of CPU in all")
    write(deep=deep, divide=divide)
    return 0


def plain_chapters(budget: float, names: list[str]) -> int:
    checked = dict(current()["CHAPTER_PLAIN_CHECKED"])
    for name in names or CHAPTER_SETS:
        rules = Ruleset.parse(name)
        start = start_position(rules)
        recorded = current()["CHAPTER_PERFT"].get(name, {})
        table: dict[tuple[Position, int], int] = {}
        exported = vector_set(rules).perft_depths["start"]
        for depth in range(1, max([exported, *recorded]) + 1):
            started = time.perf_counter()
            plain = plain_count(start, depth, rules, table)
            took = time.perf_counter() - started
            fast = recorded.get(depth) or perft(start, depth, rules)
            say(f"{name} perft {depth}: plain {plain} ({took:.1f} s), fast {fast}")
            if fast != plain:
                say(f"MISMATCH at {name} depth {depth}")
                return 1
            checked[name] = max(depth, checked.get(name, 0))
            write(chapter_plain=checked)
            if took * 8 > budget:
                break
    return 0


def write(
    deep: dict[str, dict[int, int]] | None = None,
    plain: dict[str, int] | None = None,
    chapters: dict[str, dict[int, int]] | None = None,
    chapter_plain: dict[str, int] | None = None,
    divide: dict[int, dict[str, int]] | None = None,
) -> None:
    """Write the table, keeping what is not given as the file has it now."""
    table = current()
    deep = table["DEEP_PERFT"] if deep is None else deep
    plain = table["PLAIN_CHECKED"] if plain is None else plain
    chapters = table["CHAPTER_PERFT"] if chapters is None else chapters
    chapters = {name: chapters[name] for name in CHAPTER_SETS if name in chapters}
    chapter_plain = table["CHAPTER_PLAIN_CHECKED"] if chapter_plain is None else chapter_plain
    divide = table["START_DIVIDE"] if divide is None else divide

    def counts(table: dict[str, dict[int, int]]) -> str:
        return "".join(f"    {name!r}: {{{', '.join(f'{d}: {n}' for d, n in sorted(c.items()))}}},\n"
                       for name, c in table.items())

    def depths(table: dict[str, int]) -> str:
        return "".join(f"    {name!r}: {depth},\n" for name, depth in table.items())

    parts = "".join(f"    {depth}: {{\n" + "".join(f"        {turn!r}: {n},\n" for turn, n in p.items()) + "    },\n"
                    for depth, p in divide.items())
    TABLE.write_text(
        '"""Deep perft counts (spec/vectors.md), which the vector export copies and never recomputes.\n\n'
        "Written by bench/deep_perft.py, which computes each count by the fast perft (the\n"
        "deepest on a cluster, oracle perft --workers) and then, as deep as its time budget\n"
        "allows, by the plain rules, and stops if they differ.  Do not edit by hand.\n"
        '"""\n\n'
        "# From the standard game's named positions, by depth.\n"
        "DEEP_PERFT: dict[str, dict[int, int]] = {\n" + counts(deep) + "}\n\n"
        "# The deepest depth at which the plain rules gave the same count, per position.\n"
        "PLAIN_CHECKED: dict[str, int] = {\n" + depths(plain) + "}\n\n"
        "# From the start of each chapter ruleset and pair, beyond the depths the export counts.\n"
        "CHAPTER_PERFT: dict[str, dict[int, int]] = {\n" + counts(chapters) + "}\n\n"
        "# The deepest depth at which the plain rules gave the same count, per chapter start.\n"
        "CHAPTER_PLAIN_CHECKED: dict[str, int] = {\n" + depths(chapter_plain) + "}\n\n"
        "# The standard start's deepest count split by first turn (the divide), by depth.\n"
        "START_DIVIDE: dict[int, dict[str, int]] = {\n" + parts + "}\n",
        encoding="utf-8",
    )


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("named", "record", "count", "plain-chapters", "compiled"):
        say(__doc__ or "")
        return 2
    if argv[0] == "record":
        return record(argv[1:])
    if argv[0] == "compiled" and len(argv) == 3:
        return compiled(int(argv[1]), int(argv[2]))
    if argv[0] == "count" and len(argv) == 3:
        return count(argv[1], int(argv[2]))
    budget = float(argv[1]) if len(argv) > 1 else 60.0
    return named(budget) if argv[0] == "named" else plain_chapters(budget, argv[2:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
