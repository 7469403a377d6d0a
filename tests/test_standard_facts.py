"""Facts of the standard game that the spec states and the oracle must bear out.

TURN.COPY-CHOICE states a tested fact: once the mover has a copy on the Focus
era, some copy there can take two actions, so the standard game never has a
one-action turn (and TURN.NO-ACTION never arises).  The reason is geometric:
some copy can Move (seven copies cannot fill a 16-square board) and a copy
that has Moved can always Move straight back.  These tests check the fact on
every position reachable in three turns and on thousands of random positions
crowded around the mover's copies, where the fact is hardest to satisfy.
"""

from __future__ import annotations

import random

import pytest

from oracle.games.ttykm.board import CELLS, NEIGHBOUR, SQUARES, Colour, Era, cell
from oracle.games.ttykm.rules.standard import choice, focus_copies, legal_turns, successors
from oracle.games.ttykm.ruleset import STANDARD
from oracle.games.ttykm.state import COPIES_PER_PLAYER, START_SUPPLY, Position, check_position

RANDOM_POSITIONS = 3000


def reachable(depth: int) -> set[Position]:
    """Every position reachable from the start in at most ``depth`` turns."""
    frontier = {Position.start()}
    seen = set(frontier)
    for _ in range(depth):
        frontier = {after for position in frontier for _, after in successors(position)} - seen
        seen |= frontier
    return seen


def cluster(rng: random.Random, era: Era, size: int) -> list[int]:
    """``size`` cells of ``era`` forming a connected blob, grown from a random
    square; blobs against the wall leave the fewest Moves."""
    squares = [rng.randrange(SQUARES)]
    while len(squares) < size:
        edge = [n for s in squares for d in NEIGHBOUR for n in [NEIGHBOUR[d][s]] if n is not None and n not in squares]
        squares.append(rng.choice(edge))
    return [cell(era, s) for s in squares]


def random_position(rng: random.Random) -> Position:
    """A valid position whose mover has 1-7 copies on the Focus era, often in
    one blob, with random other copies, supplies, removed counts and Foci."""
    mover = rng.choice(list(Colour))
    focus = [rng.choice(list(Era)), rng.choice(list(Era))]
    era = focus[mover]
    on_focus = rng.randint(1, COPIES_PER_PLAYER)
    if rng.random() < 0.7:
        mine = cluster(rng, era, on_focus)
    else:
        mine = rng.sample(range(era * SQUARES, (era + 1) * SQUARES), on_focus)
    free = [c for c in range(CELLS) if c not in mine]
    mine += rng.sample([c for c in free if c // SQUARES != era], rng.randint(0, COPIES_PER_PLAYER - on_focus))
    free = [c for c in free if c not in mine]
    theirs = rng.sample(free, rng.randint(0, COPIES_PER_PLAYER))
    masks = [0, 0]
    supply = [0, 0]
    removed = [0, 0]
    for colour, cells in ((mover, mine), (mover.opponent, theirs)):
        masks[colour] = sum(1 << c for c in cells)
        supply[colour] = rng.randint(0, min(START_SUPPLY, COPIES_PER_PLAYER - len(cells)))
        removed[colour] = COPIES_PER_PLAYER - len(cells) - supply[colour]
    position = Position(
        copies=(masks[0], masks[1]),
        supply=(supply[0], supply[1]),
        removed=(removed[0], removed[1]),
        focus=(focus[0], focus[1]),
        to_move=mover,
    )
    check_position(position)
    return position


def assert_some_copy_takes_two(position: Position) -> None:
    mover = position.to_move
    assert mover is not None
    if not focus_copies(position, mover):
        return
    options = choice(position, mover, STANDARD)
    assert options.longest == 2, f"no copy on the Focus era can take two actions in {position}"
    assert not options.no_action
    assert options.choosable and all(options.lengths[c] == 2 for c in options.choosable)


def test_the_fact_holds_on_every_position_reachable_in_three_turns() -> None:
    positions = [p for p in reachable(3) if p.to_move is not None]
    assert len(positions) > 1000
    for position in positions:
        assert_some_copy_takes_two(position)


@pytest.mark.parametrize("seed", range(3))
def test_the_fact_holds_on_random_crowded_positions(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(RANDOM_POSITIONS // 3):
        assert_some_copy_takes_two(random_position(rng))


def test_no_legal_turn_has_exactly_one_action() -> None:
    rng = random.Random(99)
    for _ in range(200):
        position = random_position(rng)
        assert all(len(turn.actions) != 1 for turn in legal_turns(position))
