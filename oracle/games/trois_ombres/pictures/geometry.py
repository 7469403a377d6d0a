"""Where each slot is drawn: the 2×2 block, each board's grid, its rotation (OMBRES.GEOMETRY)."""

from __future__ import annotations

import math

from oracle.games.trois_ombres.components import LIEUX, PLACES
from oracle.games.trois_ombres.state import State

PLACE_CELL = {"NW": (0, 0), "NE": (0, 1), "SE": (1, 1), "SW": (1, 0)}


def side(state: State) -> int:
    """Slots per row of a board (3 for 9 slots)."""
    return math.isqrt(state.slots - 1) + 1


def slot_cell(state: State, lieu: str, slot: int) -> tuple[int, int]:
    """Row and column, on the whole table, of a slot: its board's place, then the slot turned with the board."""
    n = side(state)
    row, col = divmod(slot - 1, n)
    for _ in range(state.rotation[LIEUX.index(lieu)] % 4):
        row, col = col, n - 1 - row
    place_row, place_col = PLACE_CELL[PLACES[state.layout.index(lieu)]]
    return place_row * n + row, place_col * n + col
