"""A terminal picture of a state: the four Lieux as seen from the table, and the rest in words.

Face-down tiles are shown in brackets with what lies beneath (the oracle
holds the whole truth): ``[3n]``; face-up tiles without: `` 3n ``.  A clue
is ``+N`` after the tile, a Hercule cube ``#``.
"""

from __future__ import annotations

from oracle.games.trois_ombres.components import LIEUX
from oracle.games.trois_ombres.pictures.geometry import side, slot_cell
from oracle.games.trois_ombres.state import State

SHORT = {"hercule": "Her", "horloge": "Hor", "vortex": "Vor"}


def tile_label(tile: str) -> str:
    if tile.startswith("yeux-"):
        return "Y" + tile[-1]
    return SHORT.get(tile, tile)


def state_text(state: State) -> str:
    n = side(state)
    grid = [["  .   " for _ in range(2 * n)] for _ in range(2 * n)]
    for loc, cell in state.board:
        row, col = slot_cell(state, loc[0], int(loc[1:]))
        label = tile_label(cell.tile)
        text = f" {label}" + ("*" if cell.kept else " ") if cell.up else f"[{label}]"
        marks = ("#" if cell.cube else "") + (str(cell.clue) if cell.clue is not None else "")
        grid[row][col] = f"{text}{marks}".ljust(6)[:6]
    lines = []
    for r, cells in enumerate(grid):
        if r == n:
            lines.append("")
        lines.append(" ".join(cells[:n]) + "   " + " ".join(cells[n:]))
    where = ", ".join(f"{lieu}@{state.layout.index(lieu)}/{state.rotation[LIEUX.index(lieu)]}" for lieu in LIEUX)
    facts = [
        f"clock {state.hour} h; Agence {len(state.agency)}/{state.to_clear}: {' '.join(state.agency) or '-'}",
        f"Démon tile: {state.demon or '-'}; Lieux (place NW=0..SW=3 / quarter turns): {where}",
        f"cubes in supply {state.cubes}; clues {list(state.reserve)}; spare {list(state.stock)}",
        f"traps {len(state.traps)} in pile; 3ID {len(state.id_deck)}; Limbes {len(state.limbes_deck)}",
        "Objets " + ", ".join(f"p{p}:{o or '-'}" for p, o in enumerate(state.objets)),
        "Malédictions " + (", ".join(f"{c.card} (p{c.drawer})" for c in state.curses) or "-")
        + "; eyes closed " + (", ".join(f"p{p}" for p, c in enumerate(state.closed) if c) or "-"),
    ]
    if state.view is not None:
        facts.append(f"p{state.view}'s view: ? is a tile it cannot name; {len(state.unseen)} tiles unseen")
    if state.result is not None:
        facts.append(f"over: {state.result} ({state.rule})")
    else:
        step = state.steps[0] if state.steps else None
        facts.append(f"p{state.current} ({state.investigators[state.current]}) to play; step "
                     + ("-" if step is None else "/".join((step.kind, *step.args)))
                     + (f"; die {state.turn.face}" if state.turn.face else ""))
    return "\n".join([*lines, "", *facts])
