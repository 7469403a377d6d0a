"""Perft under rules=growth: the fast path, kept apart from the plain rules.

It mirrors `oracle.games.ttykm.rules.chapters` (and the Growth rules it
calls) with bit masks, as `oracle.games.ttykm.perft` mirrors the standard
rules, and is checked against the plain rules by the tests:

* a state is ``(own, opp, own_supply, opp_supply, own_focus, opp_focus,
  seeds, shrubs, trees, fallen)`` seen from the player to move, where
  ``fallen`` is a sorted tuple of ``(cell, root)`` pairs; the shared seed
  supply is five less the seeds on the boards;
* the last level is bulk-counted: each first action is made, and its second
  actions are only counted;
* children are grouped with their multiplicity, and a transposition table
  counts a state met again at the same depth once.

Only positions whose sole chapter is Growth and rulesets without variants
come here (`oracle.games.ttykm.perft.perft` decides).
"""

from __future__ import annotations

from collections import Counter

from oracle.games.ttykm.board import MOVES, NEIGHBOUR, SQUARES
from oracle.games.ttykm.objects import SEEDS, Kind
from oracle.games.ttykm.perft_walk import walk
from oracle.games.ttykm.state import Position

GrowthState = tuple[int, int, int, int, int, int, int, int, int, tuple[tuple[int, int], ...]]
# A board after a copy's actions: own, opp, own supply, seeds, shrubs, trees, fallen.
Board = tuple[int, int, int, int, int, int, tuple[tuple[int, int], ...]]

# STEP[d][c]: the cell one step from cell c in direction d (N, E, S, W), or -1 at the wall.
STEP: tuple[tuple[int, ...], ...] = tuple(
    tuple(-1 if (n := NEIGHBOUR[d][c % SQUARES]) is None else c - c % SQUARES + n for c in range(48)) for d in MOVES
)
# REACH[c]: the cells Plant and Dig up reach from cell c, in square order (GROWTH.REACH).
REACH: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted({c, *(STEP[d][c] for d in range(4) if STEP[d][c] >= 0)})) for c in range(48)
)


def _fallen_mask(fallen: tuple[tuple[int, int], ...]) -> int:
    mask = 0
    for c, _ in fallen:
        mask |= 1 << c
    return mask


class _Work:
    """The masks of one board while an action resolves."""

    __slots__ = ("copies", "fallen", "seeds", "shrubs", "trees")

    def __init__(self, own: int, opp: int, seeds: int, shrubs: int, trees: int,
                 fallen: tuple[tuple[int, int], ...]) -> None:
        self.copies = [own, opp]
        self.seeds, self.shrubs, self.trees = seeds, shrubs, trees
        self.fallen = dict(fallen)

    def immovable(self, c: int, d: int) -> bool:
        if (self.shrubs >> c & 1) or c in self.fallen:
            return True
        return bool(self.trees >> c & 1) and not self.can_fall(c, d)

    def can_fall(self, c: int, d: int) -> bool:
        t = STEP[d][c]
        return t >= 0 and not self.immovable(t, d)

    def fall(self, c: int, d: int) -> None:
        t = STEP[d][c]
        if self.trees >> t & 1:
            self.fall(t, d)
        bit = 1 << t
        self.copies[0] &= ~bit
        self.copies[1] &= ~bit
        self.seeds &= ~bit  # a seed under a falling tree: trees lie only in the future, so nothing cascades
        self.trees &= ~(1 << c)
        self.fallen[t] = c

    def push(self, c: int, d: int) -> None:
        k = 0 if self.copies[0] >> c & 1 else 1
        t = STEP[d][c]
        self.copies[k] &= ~(1 << c)
        if t < 0 or self.immovable(t, d):
            return
        if self.copies[k] >> t & 1:
            self.copies[k] &= ~(1 << t)
            return
        if self.copies[1 - k] >> t & 1:
            self.push(t, d)
        elif self.trees >> t & 1:
            self.fall(t, d)
        self.copies[k] |= 1 << t

    def board(self, supply: int) -> Board:
        return (self.copies[0], self.copies[1], supply, self.seeds, self.shrubs, self.trees,
                tuple(sorted(self.fallen.items())))


def _empty(board: Board, c: int, fmask: int) -> bool:
    own, opp, _, seeds, shrubs, trees, _ = board
    return not (own | opp | seeds | shrubs | trees | fmask) >> c & 1


def _firsts(board: Board, a: int) -> list[tuple[Board, int]]:
    """Every legal action of the copy on ``a``: the board after it and the active copy's cell."""
    own, opp, supply, seeds, shrubs, trees, fallen = board
    fmask = _fallen_mask(fallen)
    solids = shrubs | trees | fmask
    out: list[tuple[Board, int]] = []
    for d in range(4):
        t = STEP[d][a]
        if t < 0 or own >> t & 1:
            continue
        if solids >> t & 1:
            work = _Work(own, opp, seeds, shrubs, trees, fallen)
            if work.immovable(t, d):
                continue
            work.fall(t, d)
        elif opp >> t & 1:
            work = _Work(own, opp, seeds, shrubs, trees, fallen)
            work.push(t, d)
        else:
            out.append((((own & ~(1 << a)) | 1 << t, opp, supply, seeds, shrubs, trees, fallen), t))
            continue
        work.copies[0] = work.copies[0] & ~(1 << a) | 1 << t
        out.append((work.board(supply), t))
    occupied = own | opp | solids
    if a < 32 and not occupied >> (a + 16) & 1:
        out.append((((own & ~(1 << a)) | 1 << (a + 16), opp, supply, seeds, shrubs, trees, fallen), a + 16))
    if a >= 16 and supply and not occupied >> (a - 16) & 1:
        out.append(((own | 1 << (a - 16), opp, supply - 1, seeds, shrubs, trees, fallen), a - 16))
    if seeds.bit_count() < SEEDS:
        for s in REACH[a]:
            if (seeds | solids) >> s & 1:
                continue
            new_seeds, new_shrubs, new_trees = seeds | 1 << s, shrubs, trees
            if s < 32 and _empty(board, s + 16, fmask):
                new_shrubs |= 1 << (s + 16)
                if s < 16 and _empty(board, s + 32, fmask):
                    new_trees |= 1 << (s + 32)
            out.append(((own, opp, supply, new_seeds, new_shrubs, new_trees, fallen), a))
    for s in REACH[a]:
        if not seeds >> s & 1:
            continue
        new_shrubs, new_trees, new_fallen = shrubs, trees, fallen
        if s < 32 and shrubs >> (s + 16) & 1:
            new_shrubs &= ~(1 << (s + 16))
            if s < 16:
                above = s + 32
                if trees >> above & 1:
                    new_trees &= ~(1 << above)
                else:
                    new_fallen = tuple(f for f in fallen if f[1] != above)
        out.append(((own, opp, supply, seeds & ~(1 << s), new_shrubs, new_trees, new_fallen), a))
    return out


def _count_seconds(board: Board, t: int) -> int:
    """How many legal actions the copy on ``t`` has (without making them)."""
    own, opp, supply, seeds, shrubs, trees, fallen = board
    fmask = _fallen_mask(fallen)
    solids = shrubs | trees | fmask
    n = 0
    for d in range(4):
        c = STEP[d][t]
        if c < 0 or own >> c & 1:
            continue
        if solids >> c & 1 and _Work(own, opp, seeds, shrubs, trees, fallen).immovable(c, d):
            continue
        n += 1
    occupied = own | opp | solids
    if t < 32 and not occupied >> (t + 16) & 1:
        n += 1
    if t >= 16 and supply and not occupied >> (t - 16) & 1:
        n += 1
    plantable = seeds.bit_count() < SEEDS
    for s in REACH[t]:
        if seeds >> s & 1:
            n += 1  # dig up
        elif plantable and not solids >> s & 1:
            n += 1  # plant
    return n


def _focus_cells(own: int, focus: int) -> list[int]:
    mask = own >> (focus * 16) & 0xFFFF
    return [focus * 16 + s for s in range(16) if mask >> s & 1]


def count_turns(state: GrowthState) -> int:
    """The number of legal turns in ``state`` (bulk counting)."""
    own, opp, so, _, fo, _, seeds, shrubs, trees, fallen = state
    board: Board = (own, opp, so, seeds, shrubs, trees, fallen)
    best, total = 0, 0
    for a in _focus_cells(own, fo):
        firsts = _firsts(board, a)
        twos = sum(_count_seconds(b, t) for b, t in firsts)
        n, length = (twos, 2) if twos else ((len(firsts), 1) if firsts else (0, 0))
        if length > best:
            best, total = length, n
        elif length == best:
            total += n
    return 2 * total if best else 2


def _eras_of(mask: int) -> int:
    return (mask & 0xFFFF != 0) + (mask >> 16 & 0xFFFF != 0) + (mask >> 32 != 0)


def children(state: GrowthState) -> Counter[GrowthState | None]:
    """The states after each legal turn, with multiplicity; a won game is None."""
    own, opp, so, sp, fo, fp, seeds, shrubs, trees, fallen = state
    start: Board = (own, opp, so, seeds, shrubs, trees, fallen)
    best = 0
    boards: list[Board] = []
    for a in _focus_cells(own, fo):
        firsts = _firsts(start, a)
        twos = [b2 for b, t in firsts for b2, _ in _firsts(b, t)]
        length, lines = (2, twos) if twos else ((1, [b for b, _ in firsts]) if firsts else (0, []))
        if length > best:
            best, boards = length, lines
        elif length == best:
            boards.extend(lines)
    if best == 0:
        boards = [start]
    out: Counter[GrowthState | None] = Counter()
    for (o, p, s, se, sh, tr, fa), n in Counter(boards).items():
        won = _eras_of(p) <= 1
        for f in (0, 1, 2):
            if f != fo:
                out[None if won else (p, o, sp, s, fp, f, se, sh, tr, fa)] += n
    return out


def state_of(position: Position) -> GrowthState:
    """The perft state of a Growth position that is not over."""
    assert position.to_move is not None and position.chapters is not None
    me = position.to_move
    them = me.opponent
    chapters = position.chapters
    kinds: dict[Kind, int] = {Kind.SHRUB: 0, Kind.TREE: 0}
    fallen: list[tuple[int, int]] = []
    for c, thing in chapters.solids:
        if thing.kind is Kind.FALLEN:
            assert thing.root is not None
            fallen.append((c, thing.root))
        else:
            kinds[thing.kind] |= 1 << c
    return (
        position.copies[me], position.copies[them], position.supply[me], position.supply[them],
        int(position.focus[me]), int(position.focus[them]),
        chapters.seeds, kinds[Kind.SHRUB], kinds[Kind.TREE], tuple(sorted(fallen)),
    )


def perft_state(state: GrowthState, depth: int, table: dict[tuple[GrowthState, int], int] | None) -> int:
    return walk(state, depth, table, count_turns, children)

