"""Perft under rules=influence: the fast path, kept apart from the plain rules.

It mirrors `oracle.games.ttykm.rules.chapters` (and the Influence rules it
calls, `oracle.games.ttykm.rules.influence` and the order of effects of
`oracle.games.ttykm.rules.convergence`) with bit masks, as
`oracle.games.ttykm.perft` mirrors the standard rules, and is checked against
the plain rules by the tests:

* a state is ``(own, opp, own_supply, opp_supply, own_focus, opp_focus,
  statues, own_built, opp_built)`` seen from the player to move, where
  ``statues`` holds nine cells, ``3 * who + era`` with ``who`` 0 for the
  neutral statue, 1 for the mover's and 2 for the opponent's (-1 where that
  version is not on the boards);
* the last level is bulk-counted: each first action is made (with its
  propagation to the later eras), and its second actions are only counted;
* children are grouped with their multiplicity, and a transposition table
  counts a state met again at the same depth once.

Only positions whose sole chapter is Influence and rulesets without variants
come here (`oracle.games.ttykm.perft.perft` decides).
"""

from __future__ import annotations

from collections import Counter

from oracle.games.ttykm.board import MOVES, NEIGHBOUR, SQUARES, Colour
from oracle.games.ttykm.objects import Kind
from oracle.games.ttykm.perft_walk import walk
from oracle.games.ttykm.state import Position

Statues = tuple[int, int, int, int, int, int, int, int, int]
InfluenceState = tuple[int, int, int, int, int, int, Statues, bool, bool]
# A board after a copy's actions: own, opp, own supply, statues, own built.
Board = tuple[int, int, int, Statues, bool]

NEUTRAL, MOVER, OPPONENT = 0, 1, 2
# STEP[d][c]: the cell one step from cell c in direction d (N, E, S, W), or -1 at the wall.
STEP: tuple[tuple[int, ...], ...] = tuple(
    tuple(-1 if (n := NEIGHBOUR[d][c % SQUARES]) is None else c - c % SQUARES + n for c in range(48)) for d in MOVES
)
BACK = (2, 3, 0, 1)  # the opposite of each direction
MOVED, BUILT = 0, 1  # the two kinds of effect: StatueMoved and StatueBuilt


def _statue_mask(statues: Statues) -> int:
    mask = 0
    for c in statues:
        if c >= 0:
            mask |= 1 << c
    return mask


def _can_push(smask: int, c: int, d: int) -> bool:
    """INFLUENCE.PUSH.BLOCKED: the statues in a row from ``c`` must end before the wall."""
    t = STEP[d][c]
    while t >= 0 and smask >> t & 1:
        t = STEP[d][t]
    return t >= 0


class _Work:
    """The copies and statues of one position while an action resolves."""

    __slots__ = ("at", "built", "copies", "effects", "moved", "statue")

    def __init__(self, own: int, opp: int, statues: Statues, built: bool) -> None:
        self.copies = [own, opp]
        self.statue = list(statues)
        self.at = {c: i for i, c in enumerate(statues) if c >= 0}
        self.built = built
        self.moved = 0  # bit 3 * who + era: that version moved during this action (INFLUENCE.SPENT)
        self.effects: list[list[tuple[int, int, int, int]]] = [[], [], []]

    def immovable(self, c: int, d: int) -> bool:
        if c not in self.at:
            return False
        t = STEP[d][c]
        while t >= 0 and t in self.at:
            t = STEP[d][t]
        return t < 0

    def push_copy(self, c: int, d: int) -> None:
        k = 0 if self.copies[0] >> c & 1 else 1
        t = STEP[d][c]
        self.copies[k] &= ~(1 << c)
        if t < 0 or self.immovable(t, d):
            return
        if self.copies[k] >> t & 1:
            self.copies[k] &= ~(1 << t)
            return
        if self.copies[1 - k] >> t & 1:
            self.push_copy(t, d)
        elif t in self.at:
            self.push_statue(t, d)
        self.copies[k] |= 1 << t

    def make_room(self, c: int, d: int) -> None:
        if (self.copies[0] | self.copies[1]) >> c & 1:
            self.push_copy(c, d)
        elif c in self.at:
            self.push_statue(c, d)

    def push_statue(self, c: int, d: int) -> None:
        t = STEP[d][c]
        self.make_room(t, d)
        self.shift(c, t, d)

    def shift(self, c: int, t: int, d: int) -> None:
        i = self.at.pop(c)
        self.at[t] = i
        self.statue[i] = t
        self.moved |= 1 << i
        self.effects[c >> 4].append((MOVED, i // 3, d, 0))

    def put(self, who: int, p: int, d: int) -> None:
        i = 3 * who + (p >> 4)
        self.statue[i] = p
        self.at[p] = i
        self.effects[p >> 4].append((BUILT, who, p & 15, d))

    def place_copy(self, era: int, who: int, square: int, d: int) -> None:
        p = era * 16 + square
        occupied = (self.copies[0] | self.copies[1]) >> p & 1 or p in self.at
        if occupied and self.immovable(p, d):
            back = BACK[d]
            q = STEP[back][p]
            if q < 0 or self.immovable(q, back):
                return  # no copy here nor later (INFLUENCE.BUILD.REBOUND-BLOCKED)
            self.make_room(q, back)
            self.moved |= 1 << (3 * who + era)
            self.put(who, q, d)
            return
        self.make_room(p, d)
        self.put(who, p, d)

    def propagate_move(self, era: int, who: int, d: int) -> None:
        i = 3 * who + era
        c = self.statue[i]
        if self.moved >> i & 1 or c < 0 or self.immovable(c, d):
            return
        self.push_statue(c, d)

    def propagate(self, era: int) -> None:
        """EFFECTS.PHASES: placements, then movements, era by era (Influence records no removal)."""
        for k in range(era + 1, 3):
            arriving = self.effects[k - 1]
            for kind, who, a, b in arriving:
                if kind == BUILT:
                    self.place_copy(k, who, a, b)
            for kind, who, a, _ in arriving:
                if kind == MOVED:
                    self.propagate_move(k, who, a)

    def board(self, supply: int) -> Board:
        s = self.statue
        return (self.copies[0], self.copies[1], supply, (s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8]),
                self.built)


def _firsts(board: Board, a: int) -> list[tuple[Board, int]]:
    """Every legal action of the copy on ``a``: the board after it and the active copy's cell."""
    own, opp, supply, statues, built = board
    smask = _statue_mask(statues)
    occupied = own | opp | smask
    era = a >> 4
    out: list[tuple[Board, int]] = []
    for d in range(4):
        t = STEP[d][a]
        if t < 0 or own >> t & 1 or (smask >> t & 1 and not _can_push(smask, t, d)):
            continue
        b = STEP[BACK[d]][a]
        pulls = (False, True) if b >= 0 and smask >> b & 1 else (False,)
        for pull in pulls:
            work = _Work(own, opp, statues, built)
            work.make_room(t, d)
            work.copies[0] = work.copies[0] & ~(1 << a) | 1 << t
            if pull:
                work.shift(b, a, d)
            work.propagate(era)
            out.append((work.board(supply), t))
    if era < 2 and not occupied >> (a + 16) & 1:
        out.append((((own & ~(1 << a)) | 1 << (a + 16), opp, supply, statues, built), a + 16))
    if era > 0 and supply and not occupied >> (a - 16) & 1:
        out.append(((own | 1 << (a - 16), opp, supply - 1, statues, built), a - 16))
    if not built:
        for d in range(4):
            t = STEP[d][a]
            if t < 0 or occupied >> t & 1:
                continue
            work = _Work(own, opp, statues, True)
            work.statue[3 * MOVER + era] = t
            work.at[t] = 3 * MOVER + era
            work.effects[era].append((BUILT, MOVER, t & 15, d))
            work.propagate(era)
            out.append((work.board(supply), a))
    return out


def _count_seconds(board: Board, t: int) -> int:
    """How many legal actions the copy on ``t`` has (without making them)."""
    own, opp, supply, statues, built = board
    smask = _statue_mask(statues)
    occupied = own | opp | smask
    n = 0
    for d in range(4):
        c = STEP[d][t]
        if c < 0 or own >> c & 1 or (smask >> c & 1 and not _can_push(smask, c, d)):
            continue
        b = STEP[BACK[d]][t]
        n += 2 if b >= 0 and smask >> b & 1 else 1
    if t < 32 and not occupied >> (t + 16) & 1:
        n += 1
    if t >= 16 and supply and not occupied >> (t - 16) & 1:
        n += 1
    if not built:
        for d in range(4):
            c = STEP[d][t]
            if c >= 0 and not occupied >> c & 1:
                n += 1
    return n


def _focus_cells(own: int, focus: int) -> list[int]:
    mask = own >> (focus * 16) & 0xFFFF
    return [focus * 16 + s for s in range(16) if mask >> s & 1]


def count_turns(state: InfluenceState) -> int:
    """The number of legal turns in ``state`` (bulk counting)."""
    own, opp, so, _, fo, _, statues, bo, _ = state
    board: Board = (own, opp, so, statues, bo)
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


def _swap(s: Statues) -> Statues:
    """The statues seen from the other player: the mover's and the opponent's trade places."""
    return (s[0], s[1], s[2], s[6], s[7], s[8], s[3], s[4], s[5])


def children(state: InfluenceState) -> Counter[InfluenceState | None]:
    """The states after each legal turn, with multiplicity; a won game is None."""
    own, opp, so, sp, fo, fp, statues, bo, bp = state
    start: Board = (own, opp, so, statues, bo)
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
    out: Counter[InfluenceState | None] = Counter()
    for (o, p, s, st, b), n in Counter(boards).items():
        won = _eras_of(p) <= 1
        swapped = _swap(st)
        for f in (0, 1, 2):
            if f != fo:
                out[None if won else (p, o, sp, s, fp, f, swapped, bp, b)] += n
    return out


def state_of(position: Position) -> InfluenceState:
    """The perft state of an Influence position that is not over."""
    assert position.to_move is not None and position.chapters is not None
    me = position.to_move
    them = me.opponent
    who: dict[Colour | None, int] = {None: NEUTRAL, me: MOVER, them: OPPONENT}
    cells = [-1] * 9
    for c, thing in position.chapters.solids:
        assert thing.kind is Kind.STATUE
        cells[3 * who[thing.owner] + c // SQUARES] = c
    statues: Statues = (cells[0], cells[1], cells[2], cells[3], cells[4], cells[5], cells[6], cells[7], cells[8])
    built = position.chapters.built
    return (
        position.copies[me], position.copies[them], position.supply[me], position.supply[them],
        int(position.focus[me]), int(position.focus[them]), statues,
        built[me], built[them],
    )


def perft_state(state: InfluenceState, depth: int, table: dict[tuple[InfluenceState, int], int] | None) -> int:
    return walk(state, depth, table, count_turns, children)

