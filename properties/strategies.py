"""Strategies for the property tests, built on `oracle.games.ttykm.strategies`."""

from __future__ import annotations

from hypothesis import strategies as st

from oracle.games.ttykm.ruleset import STANDARD, Ruleset
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.strategies import CORNER, blocked_copy_positions, played_positions, positions

VARIANTS: tuple[Ruleset, ...] = (
    STANDARD,
    Ruleset.parse("self-push=paradox"),
    Ruleset.parse("copy-choice=free"),
)


def any_position(ruleset: Ruleset = STANDARD, allow_won: bool = False) -> st.SearchStrategy[Position]:
    """The start, positions from random play, arbitrary valid positions, and
    crowded ones where pushes, paradoxes and blocked copies are common."""
    return st.one_of(
        st.just(Position.start()),
        played_positions(ruleset),
        positions(allow_won=allow_won),
        positions(allow_won=allow_won, squares=CORNER),
        blocked_copy_positions(),
    )

