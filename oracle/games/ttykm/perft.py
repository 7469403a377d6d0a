"""Perft: the number of legal turn sequences of a given depth (rule ORACLE.TURN).

This is the hot path, optimised hard and kept apart from the plain reading in
`oracle.games.ttykm.rules`; tests check the two against each other on many
positions.  Every ruleset is counted by one walk (`perft_walk`: bulk counting
at the last turn, equal children grouped, a bounded table), with the hooks
of its ruleset (`engine`):

* the standard game: the compiled engine (`oracle.games.ttykm.fast`) where it
  is built and chosen, else the hooks here;
* every chapter ruleset and pair, and every variant (the standard game's too):
  the compiled chapter engine (`fast.covers_chapters`, which mirrors
  `perft_chapters` in C) where it is built and chosen, else `perft_chapters`;
* a variant `perft_chapters` does not mirror (none today), and a Convergence
  game before its draw: the plain rules themselves (`_plain_engine`), still
  grouped and tabled by the walk, so slower but right.

The standard hooks mirror the standard rules with bit masks:

* a state is ``(own, opp, own_supply, opp_supply, own_focus, opp_focus)``,
  seen from the player to move (the rules are the same for both colours);
* the last level is bulk-counted: the number of turns is twice the number of
  action lines (two Focus choices each), without building the positions;
* children are grouped with their multiplicity, and a state met again at the
  same depth is counted once (a transposition table), so turns that lead to
  the same position are still all counted, as chess perft counts moves.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import cache
from typing import Any

from oracle.games.ttykm import fast, perft_chapters
from oracle.games.ttykm.board import MOVES, NEIGHBOUR, SQUARES
from oracle.games.ttykm.perft_walk import Hooks, Table, walk
from oracle.games.ttykm.rules.standard import successors
from oracle.games.ttykm.ruleset import STANDARD, Ruleset
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.turn import Turn

State = tuple[int, int, int, int, int, int]
# A board after a copy's actions: (own, opp, own_supply).
Board = tuple[int, int, int]

ERA_BITS = 0xFFFF


def _ray(c: int, d: int) -> tuple[int, ...]:
    base, out = c - c % SQUARES, []
    nxt = NEIGHBOUR[MOVES[d]][c % SQUARES]
    while nxt is not None:
        out.append(base + nxt)
        nxt = NEIGHBOUR[MOVES[d]][nxt]
    return tuple(out)


# RAYS[c]: for each move direction N, E, S, W, the cells beyond cell c, nearest first.
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(tuple(_ray(c, d) for d in range(4)) for c in range(48))


def _after_moves(own: int, opp: int, a: int) -> list[tuple[int, int, int]]:
    """(own, opp, new active cell) after each legal move of the copy on ``a``."""
    out = []
    abit = 1 << a
    for ray in RAYS[a]:
        if not ray:
            continue  # the wall
        t = ray[0]
        tbit = 1 << t
        if own & tbit:
            continue  # onto your own copy
        if not opp & tbit:
            out.append((own ^ abit | tbit, opp, t))
            continue
        # A push chain: r0 holds an opponent's copy and colours alternate until
        # the chain meets the wall, an empty square, or a copy of its own colour.
        flip = tbit
        j, n = 0, len(ray)
        end_own = False  # colour of the copy at r_j: False = opp
        o, p = own, opp
        while True:
            if j + 1 == n:  # wall: the copy at r_j is crushed
                o ^= flip
                p ^= flip
                break
            nb = 1 << ray[j + 1]
            same = o if end_own else p
            other = p if end_own else o
            if not (o | p) & nb:  # empty: the copy at r_j moves on
                o ^= flip
                p ^= flip
                if end_own:
                    o |= nb
                else:
                    p |= nb
                break
            if same & nb:  # paradox: r_j and r_(j+1) both go
                o ^= flip
                p ^= flip
                if end_own:
                    o &= ~nb
                else:
                    p &= ~nb
                break
            assert other & nb
            flip |= nb
            j += 1
            end_own = not end_own
        out.append((o & ~abit, p, t))
    return out


def _lines(own: int, opp: int, supply: int, a: int) -> tuple[int, list[Board]]:
    """The longest action count of the copy on ``a`` and the boards its lines
    of that length lead to (one entry per line)."""
    firsts: list[tuple[int, int, int, int]] = [(o, p, supply, t) for o, p, t in _after_moves(own, opp, a)]
    era = a >> 4
    if era < 2 and not (own | opp) >> (a + 16) & 1:
        firsts.append((own ^ (1 << a) | 1 << (a + 16), opp, supply, a + 16))
    if era > 0 and supply and not (own | opp) >> (a - 16) & 1:
        firsts.append((own | 1 << (a - 16), opp, supply - 1, a - 16))
    twos: list[Board] = []
    for o, p, s, t in firsts:
        for o2, p2, _ in _after_moves(o, p, t):
            twos.append((o2, p2, s))
        e = t >> 4
        if e < 2 and not (o | p) >> (t + 16) & 1:
            twos.append((o ^ (1 << t) | 1 << (t + 16), p, s))
        if e > 0 and s and not (o | p) >> (t - 16) & 1:
            twos.append((o | 1 << (t - 16), p, s - 1))
    if twos:
        return 2, twos
    if firsts:
        return 1, [(o, p, s) for o, p, s, _ in firsts]
    return 0, []


def _count_seconds(o: int, p: int, s: int, t: int) -> int:
    n = 0
    occ = o | p
    for ray in RAYS[t]:
        if ray and not o >> ray[0] & 1:
            n += 1
    e = t >> 4
    if e < 2 and not occ >> (t + 16) & 1:
        n += 1
    if e > 0 and s and not occ >> (t - 16) & 1:
        n += 1
    return n


def _focus_cells(own: int, focus: int) -> list[int]:
    mask = own >> (focus * 16) & ERA_BITS
    base = focus * 16
    return [base + s for s in range(16) if mask >> s & 1]


def count_turns(state: State) -> int:
    """The number of legal turns in ``state`` (bulk counting)."""
    own, opp, so, _, fo, _ = state
    best, total = 0, 0
    for a in _focus_cells(own, fo):
        firsts = [(o, p, so, t) for o, p, t in _after_moves(own, opp, a)]
        era = a >> 4
        if era < 2 and not (own | opp) >> (a + 16) & 1:
            firsts.append((own ^ (1 << a) | 1 << (a + 16), opp, so, a + 16))
        if era > 0 and so and not (own | opp) >> (a - 16) & 1:
            firsts.append((own | 1 << (a - 16), opp, so - 1, a - 16))
        twos = sum(_count_seconds(o, p, s, t) for o, p, s, t in firsts)
        n, length = (twos, 2) if twos else ((len(firsts), 1) if firsts else (0, 0))
        if length > best:
            best, total = length, n
        elif length == best:
            total += n
    return 2 * total if best else 2


def _eras_of(mask: int) -> int:
    return (mask & ERA_BITS != 0) + (mask >> 16 & ERA_BITS != 0) + (mask >> 32 != 0)


def children(state: State) -> Counter[State | None]:
    """The states after each legal turn, with multiplicity; a won game is None."""
    own, opp, so, sp, fo, fp = state
    best = 0
    boards: list[Board] = []
    for a in _focus_cells(own, fo):
        length, lines = _lines(own, opp, so, a)
        if length > best:
            best, boards = length, lines
        elif length == best:
            boards.extend(lines)
    if best == 0:
        boards = [(own, opp, so)]
    out: Counter[State | None] = Counter()
    for (o, p, s), n in Counter(boards).items():
        won = _eras_of(p) <= 1
        for f in (0, 1, 2):
            if f != fo:
                out[None if won else (p, o, sp, s, fp, f)] += n
    return out


state_of = fast.state_of
"""The standard hooks' state of a position that is not over: the compiled engine's too."""


@dataclass(frozen=True)
class Engine:
    """The hooks that count one ruleset, and how a position becomes their state."""

    name: str
    """``standard``, ``chapters`` or ``plain``: which hooks (for the benchmark and the docs)."""
    hooks: Hooks[Any]
    state_of: Callable[[Position], Hashable]


STANDARD_ENGINE = Engine("standard", Hooks(count_turns, children), state_of)


def _plain_count(ruleset: Ruleset) -> Callable[[Position], int]:
    return lambda position: len(successors(position, ruleset))


def _plain_children(ruleset: Ruleset) -> Callable[[Position], Counter[Position | None]]:
    return lambda position: Counter(None if after.winner is not None else after
                                    for _, after in successors(position, ruleset))


@cache
def _plain_engine(ruleset: Ruleset) -> Engine:
    return Engine("plain", Hooks(_plain_count(ruleset), _plain_children(ruleset)), lambda position: position)


@cache
def _chapter_engine(ruleset: Ruleset, modules: frozenset[str]) -> Engine:
    rules = perft_chapters.Rules(ruleset, modules)
    return Engine("chapters", Hooks(rules.count_turns, rules.children, cache_leaves=True), perft_chapters.state_of)


def engine(position: Position, ruleset: Ruleset = STANDARD) -> Engine:
    """The hooks that count ``position`` under ``ruleset``: the standard game's, the chapters'
    (`perft_chapters`, which also mirrors the variants), or the plain rules' for the rest."""
    modules = frozenset() if position.chapters is None else position.chapters.modules
    if not modules and not ruleset.variants:
        return STANDARD_ENGINE
    if "convergence" not in modules and perft_chapters.covers(ruleset):
        return _chapter_engine(Ruleset(ruleset.variants), modules)
    return _plain_engine(Ruleset(ruleset.variants))


def perft(position: Position, depth: int, ruleset: Ruleset = STANDARD, *, cache: bool = True,
          table: Table | None = None) -> int:
    """The number of legal turn sequences of length ``depth`` from ``position``.

    A won game has no further turns, so its count at depth 1 or more is 0.
    ``cache=False`` turns the transposition table off (for benchmarks);
    ``table`` gives one to reuse between counts of one ruleset.
    """
    if depth < 0:
        raise ValueError("depth must be 0 or more")
    if depth == 0:
        return 1
    if position.winner is not None:
        return 0
    if fast.covers(position, ruleset):
        return fast.perft(position, depth, ruleset, cache)  # the compiled engine, with its own table
    if fast.covers_chapters(position, ruleset):
        return fast.chapter_perft(position, depth, ruleset, cache)  # the compiled chapter engine, likewise
    chosen = engine(position, ruleset)
    if cache and table is None:
        table = Table()
    return walk(chosen.state_of(position), depth, table if cache else None, chosen.hooks)


def perft_plain(position: Position, depth: int, ruleset: Ruleset = STANDARD) -> int:
    """Perft by the plain rules: every turn made, nothing cached."""
    if depth == 0:
        return 1
    turns = successors(position, ruleset)
    if depth == 1:
        return len(turns)
    return sum(perft_plain(after, depth - 1, ruleset) for _, after in turns)


def divide(
    position: Position,
    depth: int,
    ruleset: Ruleset = STANDARD,
    progress: Callable[[int, int], None] | None = None,
) -> list[tuple[Turn, int]]:
    """Perft split by first turn: ``[(turn, count), ...]`` in `legal_turns` order.

    ``progress(done, total)`` is called after each first turn.
    """
    result: list[tuple[Turn, int]] = []
    turns = successors(position, ruleset)
    table = Table()
    for index, (turn, after) in enumerate(turns):
        result.append((turn, perft(after, depth - 1, ruleset, table=table) if depth > 1 else 1))
        if progress is not None:
            progress(index + 1, len(turns))
    return result


_TABLES: dict[str, Table] = {}


def count_text(position_text: str, depth: int, rules: str = "standard", engine_impl: str | None = None) -> int:
    """Perft of the position written ``position_text`` under ``rules`` (a `Ruleset` name), for a
    worker in another process (`oracle.tools.perft_cluster`): each ruleset's table is kept between
    calls in the process, bounded, so the subtrees a worker counts share what they have in common.
    ``engine_impl`` is the engine the caller chose (`oracle.games.ttykm.fast.use`), so its workers count on it."""
    from oracle.games.ttykm.notation import parse_position

    if engine_impl is not None and engine_impl != fast.chosen():
        fast.use(engine_impl)
    return perft(parse_position(position_text), depth, Ruleset.parse(rules), table=_TABLES.setdefault(rules, Table()))
