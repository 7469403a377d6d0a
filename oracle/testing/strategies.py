"""Hypothesis strategies for positions and turns.

`positions` draws any valid position (reachable from the start or not);
`played_positions` draws positions reached by random legal play, which look
like real games; `turns` draws turns that may or may not be legal, complete or
partial.
"""

from __future__ import annotations

from hypothesis import strategies as st

from oracle.board import ACTION_ORDER, CELLS, SQUARES, Colour, Era
from oracle.position import COPIES_PER_PLAYER, START_SUPPLY, Position
from oracle.rules import successors
from oracle.ruleset import STANDARD, Ruleset
from oracle.turn import Turn


@st.composite
def positions(draw: st.DrawFn, allow_won: bool = False) -> Position:
    """Any valid position (rule POSITION.VALID): copies anywhere, any supply,
    any Foci; won only if ``allow_won``."""
    on_board = [draw(st.integers(0, COPIES_PER_PLAYER)) for _ in Colour]
    supply = [draw(st.integers(0, min(START_SUPPLY, COPIES_PER_PLAYER - n))) for n in on_board]
    cells = draw(st.lists(st.integers(0, CELLS - 1), unique=True, min_size=sum(on_board), max_size=sum(on_board)))
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
def played_positions(draw: st.DrawFn, ruleset: Ruleset = STANDARD, max_plies: int = 40) -> Position:
    """A position reached from the start by up to ``max_plies`` random legal turns."""
    position = Position.start()
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
