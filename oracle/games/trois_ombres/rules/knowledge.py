"""What each player has seen: the table rules (eyes, Ténèbres) as state, and the memory they leave.

The oracle cannot make players close their eyes or keep silent; it tracks
who has their eyes closed and gives each player only what they saw.
"""

from __future__ import annotations

from oracle.games.trois_ombres.components import TRAP_SEEN, Loc
from oracle.games.trois_ombres.state import Table

__all__ = ["TRAP_SEEN", "curse_in_force", "forget", "move_memory", "observers", "see", "swap_memory"]


def curse_in_force(table: Table, card: str) -> bool:
    return any(curse.card == card for curse in table.curses)


def observers(table: Table) -> list[int]:
    """The players whose eyes are open: not closed by a trap, and only the active player under Ténèbres.

    A trap that closes the active player's eyes closes them for the rest of
    their own turn too (a turn that goes on under ``trap-also-limbes``).

    (Part of OMBRES.EYES, OMBRES.LIMBES.TENEBRES.)
    """
    if curse_in_force(table, "tenebres"):
        return [] if table.closed_l[table.current] else [table.current]
    return [p for p in range(table.players) if not table.closed_l[p]]


def see(table: Table, loc: Loc, tile: str, players: list[int]) -> None:
    """Those players now know which tile lies at ``loc``.

    (Part of OMBRES.OBSERVE.)
    """
    for p in players:
        table.seen_maps[p][loc] = tile


def forget(table: Table, loc: Loc) -> None:
    """Nobody knows what lies at ``loc`` any more (the tile left, or was shuffled)."""
    for memory in table.seen_maps:
        memory.pop(loc, None)


def move_memory(table: Table, source: Loc, target: Loc, players: list[int]) -> None:
    """A tile moved from ``source`` to ``target`` in view of ``players``; the others lose track of it."""
    for p, memory in enumerate(table.seen_maps):
        known = memory.pop(source, None)
        if known is not None and p in players:
            memory[target] = known


def swap_memory(table: Table, first: Loc, second: Loc, players: list[int]) -> None:
    """Two tiles swapped: watchers swap what they knew, the others forget both (K2).

    (Part of OMBRES.OBSERVE.)
    """
    for p, memory in enumerate(table.seen_maps):
        a, b = memory.pop(first, None), memory.pop(second, None)
        if p in players:
            if a is not None:
                memory[second] = a
            if b is not None:
                memory[first] = b
