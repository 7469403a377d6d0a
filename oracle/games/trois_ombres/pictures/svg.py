"""An SVG picture of a state: the four Lieux with their tiles, clues and cubes, the Agence and the clock.

``hidden=True`` draws face-down tiles as backs (what the table shows);
otherwise a face-down tile shows, faintly, what lies beneath.  ``narrow``
puts the Agence and the clock under the Lieux instead of beside them, about
300 units wide, for a phone: shown at its own size, no text is under 11 px.

A trap carries a small triangle in its bottom-right corner, beside its short
name (Her, Hor, Vor, YR: Hercule, Horloge, Vortex, the Yeux of Lieu R), so
that it never reads as a suspect or a die face.

Every slot of a Lieu is outlined and numbered in its top-left corner (1 to 9
row by row, as the notation names slots: ``R1`` is slot 1 of the
Réverbère), the number turned with its Lieu; each slot's drawing is a group
``data-loc="R1"``, which the playground makes clickable.  The set-aside Démon
tile lies beside the clock.  ``shown`` lists slots drawn face up whatever the
state says (the bluff's named tile, the two tiles of a turn just played); a
game ended by a bluff shows the Démon tile face up, and every ended game
says how it ended under the clock.  ``legend`` adds the key to its marks under it
(`oracle.games.trois_ombres.pictures.legend`), as the playground's table has it; ``rings``, the slots the
playground rings for its player to click, adds the ring to the key.
"""

from __future__ import annotations

import math
from html import escape

from oracle.games.trois_ombres.components import LIEU_NAMES, LIEUX, PLAYER_COLOURS, tile_words
from oracle.games.trois_ombres.pictures.geometry import side, slot_cell
from oracle.games.trois_ombres.pictures.legend import HOUR_INK, RED_HOURS, legend_keys, legend_svg
from oracle.games.trois_ombres.pictures.text import tile_label
from oracle.games.trois_ombres.state import State
from oracle.words import counted

CELL = 46
GAP = 32
NARROW_CELL, NARROW_GAP = 42, 28
LIEU_COLOURS = {"R": "#f3e3c3", "C": "#d9e7f5", "P": "#e9dcf2", "G": "#dcefdc"}
CHARACTER_COLOURS = ("#8c564b", "#e377c2", "#17becf", "#bcbd22", "#ff7f0e", "#7f7f7f", "#393b79", "#637939")


def tile_fill(tile: str) -> str:
    if tile[0].isdigit():
        return CHARACTER_COLOURS[(int(tile[:-1]) - 1) % len(CHARACTER_COLOURS)]
    return "#444"


RESULT_WORDS = {"win": "Everybody wins", "loss": "Everybody loses"}


def describe(state: State, hidden: bool, shown: frozenset[str] = frozenset()) -> list[str]:
    """The picture in words, a sentence a line, for its ``<title>`` (the first) and ``<desc>``: what a reader
    who cannot see it is told (the French edition puts each line in French)."""
    lines = [f"The table at {state.hour} h: Agence {len(state.agency)}/{state.to_clear}, "
             f"{counted(state.cubes, 'cube')} in supply."]
    cells = dict(state.board)
    for lieu in LIEUX:
        items = []
        for loc in sorted((loc for loc in cells if loc[0] == lieu), key=lambda loc: int(loc[1:])):
            cell = cells[loc]
            up = cell.up or loc in shown
            side = "kept face up" if cell.kept else "face up" if up else "face down"
            tile = "" if hidden and not up else f" {tile_words(cell.tile)}"  # a trap by its printed name
            marks = (["a Hercule cube"] if cell.cube else []) + \
                ([f"a clue of p{cell.clue}"] if cell.clue is not None else [])
            items.append(f"{loc}{tile} {side}" + (" with " + " and ".join(marks) if marks else ""))
        lines.append(f"{LIEU_NAMES[lieu]} ({lieu}): {', '.join(items) if items else 'no tile'}.")
    if state.agency:
        lines.append(f"At the Agence: {', '.join(tile_label(tile) for tile in state.agency)}.")
    if state.demon is not None:
        if state.rule == "OMBRES.BLUFF":
            lines.append(f"Démon tile: {state.demon}, turned up.")
        else:
            lines.append("Démon tile: set aside, face down." if hidden else f"Démon tile: {state.demon}, set aside.")
    if state.result in RESULT_WORDS:
        lines.append(f"{RESULT_WORDS[state.result]}.")
    return lines


def picture_width(state: State, narrow: bool = False) -> int:
    """The width of `render_svg`'s picture: the Lieux, and beside them (wide) the Agence and the clock."""
    cell, gap = (NARROW_CELL, NARROW_GAP) if narrow else (CELL, GAP)
    return 2 * side(state) * cell + gap + (20 if narrow else 260)


def key_svg(state: State, hidden: bool = True, narrow: bool = False, shown: frozenset[str] = frozenset(),
            rings: frozenset[str] = frozenset()) -> str:
    """The key to the marks of `render_svg`'s picture (its ``legend``) as a picture of its own, as wide as the
    table's, so that the playground may fold it apart from the table (class ``key``)."""
    width = picture_width(state, narrow)
    key, bottom = legend_svg(legend_keys(state, hidden, shown, rings), 10, -6, width - 20)
    height = int(bottom) + 6
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
            f'height="{height}" class="trois-ombres key{" narrow" if narrow else ""}" font-family="sans-serif" '
            f'aria-hidden="true"><rect width="{width}" height="{height}" fill="#fbfaf7"/>{key}</svg>')


def render_svg(state: State, hidden: bool = True, title: str = "", narrow: bool = False,
               shown: frozenset[str] = frozenset(), legend: bool = False, rings: frozenset[str] = frozenset()) -> str:
    cell, gap = (NARROW_CELL, NARROW_GAP) if narrow else (CELL, GAP)
    n = side(state)
    board = 2 * n * cell + gap
    width = picture_width(state, narrow)
    if narrow:
        rest, rest_height = agency_and_clock(state, 10, board + 40, hidden, columns=4, radius=50)
        height = rest_height + 10
    else:
        rest, rest_height = agency_and_clock(state, board + 20, 0, hidden)
        height = max(board + 40, rest_height)
    if legend:  # the key under everything (`pictures.legend`)
        key, bottom = legend_svg(legend_keys(state, hidden, shown, rings), 10, height - 10, width - 20)
        rest, height = [*rest, key], max(height, int(bottom) + 6)
    said = describe(state, hidden, shown)
    label = title or said[0]
    if title:  # the clock, the Agence and the cubes stay in the description
        said = [title, *said]
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
           f'height="{height}" class="trois-ombres{" narrow" if narrow else ""}" font-family="sans-serif" '
           f'role="img" aria-label="{escape(label)}">',
           f"<title>{escape(label)}</title>", "<desc>" + escape("\n".join(said[1:])) + "</desc>",
           f'<rect width="{width}" height="{height}" fill="#fbfaf7"/>']
    for lieu in LIEUX:
        rows = [slot_cell(state, lieu, s) for s in range(1, n * n + 1)]
        top = min(r for r, _ in rows)
        left = min(c for _, c in rows)
        x = left * cell + (gap if left >= n else 0) + 10
        y = top * cell + (gap if top >= n else 0) + 10
        out.append(f'<rect x="{x - 4}" y="{y - 4}" width="{n * cell + 8}" height="{n * cell + 8}" rx="8" '
                   f'fill="{LIEU_COLOURS[lieu]}" stroke="#999"/>')
        turns = state.rotation[LIEUX.index(lieu)]
        out.append(f'<text x="{x + n * cell / 2}" y="{y + n * cell + 18}" font-size="12" text-anchor="middle" '
                   f'fill="#555">{lieu} · {LIEU_NAMES[lieu]}{" ↻" * turns}</text>')
    cells = dict(state.board)
    size = cell - 6
    for lieu in LIEUX:
        for slot in range(1, n * n + 1):
            loc = f"{lieu}{slot}"
            row, col = slot_cell(state, lieu, slot)
            x = col * cell + (gap if col >= n else 0) + 12
            y = row * cell + (gap if row >= n else 0) + 12
            out.append(f'<g data-loc="{loc}">')
            here = cells.get(loc)
            if here is None:
                out.append(f'<rect class="slot" x="{x}" y="{y}" width="{size}" height="{size}" rx="5" fill="none" '
                           f'stroke="#a7a196" stroke-dasharray="4 3"/>')
                number = "#8a8478"
            elif here.up or loc in shown:
                out.append(f'<rect class="tile" x="{x}" y="{y}" width="{size}" height="{size}" rx="5" fill="#fff" '
                           f'stroke="{tile_fill(here.tile)}" stroke-width="3"/>')
                out.append(f'<text x="{x + size / 2}" y="{y + size / 2 + 6}" font-size="15" font-weight="bold" '
                           f'text-anchor="middle" fill="{tile_fill(here.tile)}">{escape(tile_label(here.tile))}</text>')
                number = "#8a8478"
            else:
                out.append(f'<rect class="tile" x="{x}" y="{y}" width="{size}" height="{size}" rx="5" '
                           f'fill="#3b3551"/>')
                label = "?" if hidden else tile_label(here.tile)
                out.append(f'<text x="{x + size / 2}" y="{y + size / 2 + 6}" font-size="13" text-anchor="middle" '
                           f'fill="#b9b3d1">{escape(label)}</text>')
                number = "#9a93b8"
            out.append(f'<text class="slot-number" x="{x + 3}" y="{y + 11}" font-size="11" '
                       f'fill="{number}">{slot}</text>')
            if here is not None and here.clue is not None:
                out.append(f'<circle cx="{x + size - 6}" cy="{y + 6}" r="6" fill="{PLAYER_COLOURS[here.clue]}" '
                           f'stroke="#fff"/>')
            face_up = here is not None and (here.up or loc in shown)
            if here is not None and not here.tile[0].isdigit() and (face_up or not hidden):
                # A trap the picture may name: a small triangle, bottom right (never on a hidden tile's back).
                ink = "#444" if face_up else "#b9b3d1"
                out.append(f'<polygon class="trap-mark" points="{x + size - 13},{y + size - 3} {x + size - 3},'
                           f'{y + size - 3} {x + size - 8},{y + size - 12}" fill="{ink}"/>')
            if here is not None and here.cube:  # in the bottom-left corner, under the tile's name
                out.append(f'<rect class="cube" x="{x + 2}" y="{y + size - 11}" width="10" height="10" '
                           f'fill="#f0a30a" stroke="#222"/>')
            out.append("</g>")
    out += rest
    out.append("</svg>")
    return "\n".join(out)


def agency_heading(state: State) -> str:
    """The Agence's heading: the suspects cleared there, of those to clear for the win (all but the Démon
    tile's twin, `State.to_clear`)."""
    return f"Agence 3ID: {len(state.agency)}/{state.to_clear} cleared"


def agency_and_clock(state: State, left: int, top: int, hidden: bool, columns: int = 5,
                     radius: int = 70) -> tuple[list[str], int]:
    """The Agence 3ID's tiles, ``columns`` to a row, from (``left``, ``top``), the clock beside them and the
    Démon tile beside the clock (face up once a bluff has ended the game; ``hidden``: else a back), and how
    an ended game ended; returns the SVG and the bottom of what it drew."""
    out = [f'<text x="{left}" y="{top + 24}" font-size="14" font-weight="bold">'
           f'{escape(agency_heading(state))}</text>']
    for k, tile in enumerate(state.agency):
        x, y = left + (k % columns) * 44, top + 34 + (k // columns) * 40
        out.append(f'<rect x="{x}" y="{y}" width="38" height="34" rx="4" fill="#fff" stroke="{tile_fill(tile)}" '
                   f'stroke-width="2"/><text x="{x + 19}" y="{y + 22}" font-size="13" text-anchor="middle" '
                   f'fill="{tile_fill(tile)}">{tile}</text>')
    agency_bottom = top + 34 + 40 * ((len(state.agency) + columns - 1) // columns)
    if columns == 5:  # beside the board: the clock under the Agence, as on the table
        cx, cy, r = left + 105, top + 230, radius
    else:  # under the board: the clock beside the Agence's tiles
        cx, cy, r = left + columns * 44 + 8 + radius, top + 24 + radius, radius
    out.append(f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="#fff" stroke="#333" stroke-width="2"/>')
    for hour in range(12):
        angle = math.radians(hour * 30 - 90)
        mark = HOUR_INK if hour in RED_HOURS else "#333"
        tx, ty = cx + (r - 14) * math.cos(angle), cy + (r - 14) * math.sin(angle) + 4
        out.append(f'<text x="{tx:.1f}" y="{ty:.1f}" font-size="11" text-anchor="middle" fill="{mark}">'
                   f'{12 if hour == 0 else hour}</text>')
    angle = math.radians(state.hour * 30 - 90)
    out.append(f'<line x1="{cx}" y1="{cy}" x2="{cx + (r - 26) * math.cos(angle):.1f}" '
               f'y2="{cy + (r - 26) * math.sin(angle):.1f}" stroke="#c00" stroke-width="4" stroke-linecap="round"/>')
    out.append(f'<text x="{cx}" y="{cy + r + 18}" font-size="13" text-anchor="middle">{state.hour} h · '
               f'cubes {state.cubes}</text>')
    bottom = max(agency_bottom, cy + r + 24)
    if state.demon is not None:
        # Beside the clock (wide: to its right; narrow: under it), its name above it.
        dx, dy = (cx + r + 12, cy - 30) if columns == 5 else (cx - 19, cy + r + 40)
        out.append(f'<g data-demon="{"up" if state.rule == "OMBRES.BLUFF" else "down"}">')
        out.append(f'<text x="{dx + 19}" y="{dy - 6}" font-size="11" text-anchor="middle" fill="#555">Démon</text>')
        if state.rule == "OMBRES.BLUFF":
            out.append(f'<rect x="{dx}" y="{dy}" width="38" height="38" rx="5" fill="#fff" '
                       f'stroke="{tile_fill(state.demon)}" stroke-width="3"/><text x="{dx + 19}" y="{dy + 25}" '
                       f'font-size="15" font-weight="bold" text-anchor="middle" fill="{tile_fill(state.demon)}">'
                       f'{escape(tile_label(state.demon))}</text>')
        else:
            label = "?" if hidden else tile_label(state.demon)
            out.append(f'<rect x="{dx}" y="{dy}" width="38" height="38" rx="5" fill="#3b3551"/><text x="{dx + 19}" '
                       f'y="{dy + 25}" font-size="13" text-anchor="middle" fill="#b9b3d1">{escape(label)}</text>')
        out.append("</g>")
        bottom = max(bottom, dy + 44)
    if state.result in RESULT_WORDS:
        out.append(f'<text class="result" x="{left}" y="{bottom + 14}" font-size="14" font-weight="bold" '
                   f'fill="{"#2a7d2a" if state.result == "win" else "#b00"}">{RESULT_WORDS[state.result]}</text>')
        bottom += 24
    return out, bottom
