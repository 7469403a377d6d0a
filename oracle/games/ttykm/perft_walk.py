"""The one walk of the fast perft (rule ORACLE.TURN): bulk counting at the last
turn, equal children grouped with their multiplicity, and a bounded table of
the counts already known.

Each ruleset brings its hooks (`Hooks`): its packed state, ``count_turns``
(the number of legal turns of a state, counted without making the last
turns) and ``children`` (each state one turn on, with the number of turns
that reach it; None for a won game, which has no further turns).  This walk
multiplies those counts down the tree.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

S = TypeVar("S", bound=Hashable)

DEFAULT_TABLE_ENTRIES = 2_000_000
"""About 0.5 GB: a table this size holds every (state, depth) of a standard
perft(7) and the deeper, most valuable part of deeper counts."""


class Table:
    """A bounded transposition table: the count of each (state, depth) met.

    Two generations: entries go into the new one; when it holds ``limit // 2``
    entries, it becomes the old one and the old one is dropped.  An entry
    found in the old generation moves back into the new one, so what is used
    stays, and the table never holds more than ``limit`` entries.
    """

    __slots__ = ("half", "new", "old")

    def __init__(self, limit: int = DEFAULT_TABLE_ENTRIES) -> None:
        self.half = max(1, limit // 2)
        self.new: dict[Hashable, int] = {}
        self.old: dict[Hashable, int] = {}

    def get(self, key: Hashable) -> int | None:
        found = self.new.get(key)
        if found is None:
            found = self.old.pop(key, None)
            if found is not None:
                self.put(key, found)
        return found

    def put(self, key: Hashable, count: int) -> None:
        if len(self.new) >= self.half:
            self.old = self.new
            self.new = {}
        self.new[key] = count

    def __len__(self) -> int:
        return len(self.new) + len(self.old)


@dataclass(frozen=True, slots=True)
class Hooks(Generic[S]):
    """What a ruleset brings to the walk."""

    count_turns: Callable[[S], int]
    children: Callable[[S], Mapping[S | None, int]]
    cache_leaves: bool = False
    """Whether the table keeps the turn counts of the last level too: worth a lookup where
    counting a state's turns costs much more than hashing it (the chapters)."""


def walk(state: S, depth: int, table: Table | None, hooks: Hooks[S]) -> int:
    """The number of turn sequences of ``depth`` (1 or more) turns from ``state``;
    ``table`` (None: no table) keeps the counts of the states met."""
    if depth == 1:
        return hooks.count_turns(state)
    key = (state, depth)
    if table is not None:
        cached = table.get(key)
        if cached is not None:
            return cached
    total = 0
    if depth == 2 and hooks.cache_leaves and table is not None:
        for child, n in hooks.children(state).items():
            if child is not None:
                leaf = (child, 1)
                turns = table.get(leaf)
                if turns is None:
                    turns = hooks.count_turns(child)
                    table.put(leaf, turns)
                total += n * turns
    elif depth == 2:
        count_turns = hooks.count_turns
        for child, n in hooks.children(state).items():
            if child is not None:
                total += n * count_turns(child)
    else:
        for child, n in hooks.children(state).items():
            if child is not None:
                total += n * walk(child, depth - 1, table, hooks)
    if table is not None:
        table.put(key, total)
    return total
