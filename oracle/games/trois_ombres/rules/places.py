"""Where tiles lie: the four Lieux, their slots, rotations and swaps, and which tiles may be taken.

Slots are numbered in each Lieu board's own frame, so a rotation or a swap
moves a board with its tiles and never renumbers them; only pictures and the
players' sense of the table change (OMBRES.GEOMETRY).
"""

from __future__ import annotations

from oracle.games.trois_ombres.components import LIEUX, PLACES, Loc, loc_key, loc_lieu
from oracle.games.trois_ombres.state import Cell, Table


def slots_of(table: Table, lieu: str) -> list[Loc]:
    return [f"{lieu}{n}" for n in range(1, table.slots + 1)]


def empty_slots(table: Table, lieu: str | None = None) -> list[Loc]:
    """Free slots (emplacements libres): slots with no tile."""
    lieux = LIEUX if lieu is None else (lieu,)
    return [loc for one in lieux for loc in slots_of(table, one) if loc not in table.board_map]


def is_revealable(cell: Cell | None) -> bool:
    """A face-down tile without a Hercule cube.

    Rule: OMBRES.REVEAL.TILE
    """
    return cell is not None and not cell.up and not cell.cube


def is_free_tile(cell: Cell | None) -> bool:
    """A tile that Brouillard and Fausse piste may take: no Hercule cube, not kept up by a Chronogyre (K16)."""
    return cell is not None and not cell.cube and not cell.kept


def is_unmarked_tile(cell: Cell | None) -> bool:
    """A free tile that bears no clue either: the other reading of "tuile libre" (A11)."""
    return is_free_tile(cell) and cell is not None and cell.clue is None


def revealable_in(table: Table, lieu: str) -> list[Loc]:
    return [loc for loc in slots_of(table, lieu) if is_revealable(table.board_map.get(loc))]


def rotate_lieu(table: Table, lieu: str) -> None:
    """Turn one Lieu board a quarter turn clockwise.

    Rule: OMBRES.GEOMETRY
    """
    i = LIEUX.index(lieu)
    table.rotation = tuple((r + 1) % 4 if k == i else r for k, r in enumerate(table.rotation))


def rotate_block(table: Table) -> None:
    """Turn the 2×2 block of Lieux a quarter turn clockwise about its centre, each board with it.

    (Part of OMBRES.GEOMETRY.)
    """
    nw, ne, se, sw = table.layout
    table.layout = (sw, nw, ne, se)
    table.rotation = tuple((r + 1) % 4 for r in table.rotation)


SEAT_ORDER = {2: ("S", "N"), 3: ("S", "W", "N"), 4: ("S", "W", "N", "E")}
FACING: dict[str, tuple[str, str]] = {"S": ("NW", "NE"), "N": ("SW", "SE"), "W": ("NE", "SE"), "E": ("NW", "SW")}


def seat(table: Table, player: int) -> str:
    """Seats S, W, N, E in play order (K17)."""
    return SEAT_ORDER[table.players][player]


def facing_places(table: Table, player: int) -> tuple[str, str]:
    """The two places of the block facing a seat: the far row or column."""
    return FACING[seat(table, player)]


def swap_places(table: Table, first: str, second: str) -> None:
    """Swap the Lieux at two places of the block, without turning them (K17)."""
    layout = list(table.layout)
    i, j = PLACES.index(first), PLACES.index(second)
    layout[i], layout[j] = layout[j], layout[i]
    table.layout = tuple(layout)


def lieu_of(loc: Loc) -> str:
    return loc_lieu(loc)


def board_items(table: Table) -> list[tuple[Loc, Cell]]:
    """The occupied slots in board order: Lieux R, C, P, G, then slot number."""
    return sorted(table.board_map.items(), key=lambda item: loc_key(item[0]))


def board_locs(table: Table) -> list[Loc]:
    return [loc for loc, _ in board_items(table)]
