"""The walk every perft fast path shares (rule ORACLE.TURN): bulk counting at
the last turn, and each distinct position met once per depth.

The standard, Growth and Influence fast paths (`perft`, `perft_growth`,
`perft_influence`) each bring their own packed state, their own
``count_turns`` (the number of legal turns of a state) and ``children`` (each
position one turn on, with the number of turns that reach it; None for a
won game, which has no further turns).  This walk multiplies those counts
down the tree.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import TypeVar

S = TypeVar("S", bound=Hashable)


def walk(state: S, depth: int, table: dict[tuple[S, int], int] | None,
         count_turns: Callable[[S], int], children: Callable[[S], Mapping[S | None, int]]) -> int:
    """The number of turn sequences of ``depth`` turns from ``state``; ``table``
    (None: no cache) keeps the count of every (state, depth) already met."""
    if depth == 1:
        return count_turns(state)
    key = (state, depth)
    if table is not None:
        cached = table.get(key)
        if cached is not None:
            return cached
    total = 0
    for child, n in children(state).items():
        if child is not None:
            total += n * walk(child, depth - 1, table, count_turns, children)
    if table is not None:
        table[key] = total
    return total
