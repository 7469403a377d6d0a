"""Hypothesis strategies for TTYKM's positions and turns, for property tests and engines' own tests.

Nothing on the oracle's query path imports this module (it needs Hypothesis,
which the ``[harness]`` extra installs).

`positions` draws any valid position (reachable from the start or not);
`played_positions` draws positions reached by random legal play, which look
like real games; `turns` draws turns that may or may not be legal, complete or
partial.
"""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import strategies as st

from oracle.games.ttykm.board import ACTION_ORDER, CELLS, SQUARES, Colour, Era
from oracle.games.ttykm.rules.standard import successors
from oracle.games.ttykm.ruleset import STANDARD, Ruleset
from oracle.games.ttykm.state import COPIES_PER_PLAYER, START_SUPPLY, Position
from oracle.games.ttykm.turn import Turn

# The squares next to a1: copies drawn only there crowd each other, so that
# blocked copies, pushes and paradoxes are common.
CORNER = (0, 1, 2, 4, 5, 8)


@st.composite
def positions(draw: st.DrawFn, allow_won: bool = False, squares: Sequence[int] | None = None) -> Position:
    """Any valid position (rule POSITION.VALID): copies anywhere (or only on
    ``squares`` of each era, such as `CORNER`), any supply, any Foci; won only
    if ``allow_won``."""
    allowed = [c for c in range(CELLS) if squares is None or c % SQUARES in squares]
    on_board = [draw(st.integers(0, min(COPIES_PER_PLAYER, len(allowed) // 2))) for _ in Colour]
    supply = [draw(st.integers(0, min(START_SUPPLY, COPIES_PER_PLAYER - n))) for n in on_board]
    cells = draw(st.lists(st.sampled_from(allowed), unique=True, min_size=sum(on_board), max_size=sum(on_board)))
    white = sum(1 << c for c in cells[: on_board[0]])
    black = sum(1 << c for c in cells[on_board[0]:])
    colour = draw(st.sampled_from(Colour))
    won = allow_won and draw(st.booleans())
    return Position(
        copies=(white, black),
        supply=(supply[0], supply[1]),
        removed=(COPIES_PER_PLAYER - on_board[0] - supply[0], COPIES_PER_PLAYER - on_board[1] - supply[1]),
        focus=(draw(st.sampled_from(Era)), draw(st.sampled_from(Era))),
        to_move=None if won else colour,
        winner=colour if won else None,
    )


@st.composite
def played_positions(draw: st.DrawFn, ruleset: Ruleset = STANDARD, max_plies: int = 40,
                     start: Position | None = None) -> Position:
    """A position reached from ``start`` (the standard start) by up to ``max_plies`` random legal turns."""
    position = Position.start() if start is None else start
    for _ in range(draw(st.integers(0, max_plies))):
        options = successors(position, ruleset)
        if not options:
            break
        position = options[draw(st.integers(0, len(options) - 1))][1]
    return position


@st.composite
def turns(draw: st.DrawFn, partial: bool = True) -> Turn:
    """A turn of any shape, legal or not: a copy square (or none), 0-2 actions
    and a new Focus (or none, for a partial turn, when ``partial``)."""
    actions = tuple(draw(st.lists(st.sampled_from(ACTION_ORDER), max_size=2)))
    copy = draw(st.integers(0, SQUARES - 1)) if actions else draw(st.none() | st.integers(0, SQUARES - 1))
    focus = draw(st.none() | st.sampled_from(Era)) if partial else draw(st.sampled_from(Era))
    if copy is None and focus is None:
        focus = Era.PAST
    return Turn(copy, actions, focus)


@st.composite
def blocked_copy_positions(draw: st.DrawFn) -> Position:
    """A position where the player to move has a copy on the Focus era that can
    take no action (walled in by its own copies, both Travel squares taken),
    and maybe other copies that can: where copy choice (TURN.COPY-CHOICE,
    TURN.NO-ACTION and the copy-choice=free variant) matters."""
    mover = draw(st.sampled_from(Colour))
    era = draw(st.sampled_from(Era))
    corner = draw(st.sampled_from((0, 3, 12, 15)))  # a1, d1, a4, d4: two walls
    file, rank = corner % 4, corner // 4
    beside = [rank * 4 + (1 if file == 0 else 2), (1 if rank == 0 else 2) * 4 + file]
    own = {era * SQUARES + corner, *(era * SQUARES + s for s in beside)}
    others: set[int] = set()
    for neighbour in (era - 1, era + 1):  # the Travel squares, taken by either colour
        if 0 <= neighbour <= 2:
            (own if draw(st.booleans()) else others).add(neighbour * SQUARES + corner)
    free = [c for c in range(CELLS) if c not in own | others]
    extra = draw(st.lists(st.sampled_from(free), unique=True, max_size=6))
    split = draw(st.integers(0, len(extra)))
    own |= set(extra[: max(0, min(split, COPIES_PER_PLAYER - len(own)))])
    others |= set(extra[split:][: COPIES_PER_PLAYER - len(others)])
    counts = {mover: len(own), mover.opponent: len(others)}
    supply = {c: draw(st.integers(0, min(START_SUPPLY, COPIES_PER_PLAYER - counts[c]))) for c in Colour}
    masks = {mover: sum(1 << c for c in own), mover.opponent: sum(1 << c for c in others)}
    focus = {mover: era, mover.opponent: draw(st.sampled_from(Era))}
    white, black = Colour.WHITE, Colour.BLACK
    return Position(
        copies=(masks[white], masks[black]),
        supply=(supply[white], supply[black]),
        removed=(COPIES_PER_PLAYER - counts[white] - supply[white], COPIES_PER_PLAYER - counts[black] - supply[black]),
        focus=(focus[white], focus[black]),
        to_move=mover,
    )
