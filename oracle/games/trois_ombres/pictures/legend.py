"""The key under a table picture (the playground's table): each mark the picture shows, drawn small as the
picture draws it, and what it means.

A key is drawn only for marks in sight: a face-down tile (a back, or, for the umpire, a back with its
face written faintly), a face-up tile (framed in its suspect's colour, which its two versions share: two
different suspects just revealed have two different frames), an empty slot, a clue, a Hercule cube and
each kind of trap shown, and the ring the playground draws round a slot its player may click (`ringed`);
and, always, the Agence's count, what the n and h after a suspect's number mean and what pairs, and the
clock's red hours.  The words are English; `WORDS` gives each its French, which the French edition puts in
its place (`oracle.tools.site.french`), never wider than the room the English word was given.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html import escape

from oracle.games.trois_ombres.components import PLAYER_COLOURS, TRAP_NAMES
from oracle.games.trois_ombres.pictures.geometry import side
from oracle.games.trois_ombres.pictures.text import SHORT
from oracle.games.trois_ombres.state import State

BACK, BACK_INK, SLOT_INK, CUBE_FILL = "#3b3551", "#b9b3d1", "#a7a196", "#f0a30a"
SUSPECT = "#8c564b"  # a suspect's frame, as the picture colours it
RING = "#ff6e42"  # the playground's ring: the site's accent colour (docs/stylesheets/playground.css, .pg-target)
CHAR = 7.5  # the room one character of a 12-unit word is given
TILE = 24  # a swatch tile's side: room for its 11-unit label ("Hor", "3h")
LABEL = 11  # a swatch's own text, as large as the picture's smallest (its slot numbers)
LINE = 30

# Each key: its English words, drawn, and its French ones.
WORDS: dict[str, tuple[str, str]] = {
    "face down": ("face down", "face cachée"),
    "face beneath": ("face down, its face faint", "face cachée, sa face en pâle"),
    "face up": ("face up, in its suspect's colour", "face visible, couleur du personnage"),
    "empty slot": ("empty slot", "case vide"),
    # A player's clue in their colour: the viewer's own always (before any is left), the others' once on the table.
    **{f"your clue p{p}": (f"your clues (p{p})", f"vos Indices (p{p})") for p in range(len(PLAYER_COLOURS))},
    **{f"clue p{p}": (f"clues of p{p}", f"Indices de p{p}") for p in range(len(PLAYER_COLOURS))},
    "cube": ("Hercule cube", "cube Hercule"),
    "trap": ("trap (Traquenard)", "Traquenard"),
    "ringed": ("ringed: yours to click", "cerclée : à cliquer"),
    # A trap's kind by its printed name, the same in both editions.
    "hercule": ("Hercule", "Hercule"),
    "horloge": ("Horloge", "Horloge"),
    "vortex": ("Vortex", "Vortex"),
    "yeux": ("Yeux du démon (Y + Lieu)", "Yeux du démon (Y + Lieu)"),
    # The Agence's count and the clock's red hours (OMBRES.WIN, OMBRES.CLOCK, OMBRES.BLUFF, OMBRES.LOSS).
    "agence": ("suspects cleared / needed for the win", "suspects écartés / requis pour gagner"),
    # A suspect's two versions, the letter after its number that the views' lists write too, and what pairs
    # (OMBRES.PAIR): each short enough for the phone's key.
    "versions": ("4h: suspect 4 hypnotised; 4n: normal", "4h : Suspect 4 hypnotisé ; 4n : normal"),
    "pair": ("pair: two alike, 4n 4n (never 4n 4h)", "paire : deux identiques, jamais 4n 4h"),
    "hour 3": ("from 3 h: cards marked “from 3 h” act", "dès 3 h : les cartes « dès 3 h » agissent"),
    "hour 6": ("from 6 h: a Coup de bluff may be tried", "dès 6 h : un Coup de bluff est permis"),
    "hour 12": ("12 h: the game is lost for everybody", "12 h : la partie est perdue pour tous"),
}
HOUR_INK = "#c00"  # the clock's red hours, each with its key
RED_HOURS = {3: "hour 3", 6: "hour 6", 0: "hour 12"}  # an hour of the dial (12 is 0) -> its key


def _kind(tile: str) -> str:
    return "yeux" if tile.startswith("yeux-") else tile


# An action on one slot, which the playground plays by a click on that slot, ringed (docs/javascripts/playground.js,
# tileTargets, reads the actions' notation the same way).
SLOT_ACTION = re.compile(r"^(reveal|uncube|clue|trap|cube|pick|place) ([A-Z]\d+)$")
# A secret look (OMBRES.ABILITY.ALLISON, OMBRES.ABILITY.ZACAHIRE, OMBRES.ID.LOUPE, OMBRES.ID.OREILLETTES): its
# source and its tiles (peek allison R1, peek zacahire R1 R2, use loupe-analytique R1, use oreillettes R1 R2).  While
# one may be taken, the playground rings the tiles the first source may look at, and the other tile actions wait
# behind its "Skip the look" button (playground.js, lookOf and lookChoice, read the notation the same way).
LOOK = re.compile(r"^(peek [a-z]+|use (?:loupe-analytique|oreillettes))((?: [A-Z]\d+)+)$")


def ringed(actions: Iterable[str]) -> frozenset[str]:
    """The slots the playground rings for ``actions`` (their notation): while a secret look is among them
    (`LOOK`), the tiles the first look's source may look at; otherwise each slot that is the one slot of exactly
    one of them."""
    listed = list(actions)
    looks = [(match.group(1), match.group(2).split()) for action in listed if (match := LOOK.match(action))]
    if looks:
        return frozenset(tile for source, tiles in looks if source == looks[0][0] for tile in tiles)
    found: dict[str, int] = {}
    for action in listed:
        if (match := SLOT_ACTION.match(action)) is not None:
            found[match.group(2)] = found.get(match.group(2), 0) + 1
    return frozenset(slot for slot, count in found.items() if count == 1)


def legend_keys(state: State, hidden: bool, shown: frozenset[str] = frozenset(),
                rings: frozenset[str] = frozenset()) -> list[str]:
    """The keys of `WORDS` for the marks the picture of ``state`` shows, in order; ``rings``: the slots the
    playground rings (`ringed`)."""
    cells = dict(state.board)
    up = [cell for loc, cell in cells.items() if cell.up or loc in shown]
    down = [cell for loc, cell in cells.items() if not (cell.up or loc in shown)]
    slots = side(state) ** 2
    empty = any(f"{lieu}{n}" not in cells for lieu in "RCPG" for n in range(1, slots + 1))
    named = [cell.tile for cell in up] + ([] if hidden else [cell.tile for cell in down])
    traps = [kind for kind in ("hercule", "horloge", "vortex", "yeux")
             if any(tile in TRAP_NAMES and _kind(tile) == kind for tile in named)]
    on_table = {cell.clue for cell in cells.values() if cell.clue is not None} - {state.view}
    clues = ([] if state.view is None else [f"your clue p{state.view}"]) + [f"clue p{p}" for p in sorted(on_table)]
    keys = [("face down" if hidden else "face beneath", bool(down) or state.demon is not None),
            ("face up", bool(up)), ("empty slot", empty)]
    marks = [("cube", any(cell.cube for cell in cells.values())), ("trap", bool(traps))]
    return ([key for key, there in keys if there] + clues + [key for key, there in marks if there] + traps
            + (["ringed"] if rings else []) + ["agence", "versions", "pair", *RED_HOURS.values()])


def _tile(x: float, y: float, face: str, label: str, ink: str, trap: bool = False) -> str:
    """A tile `TILE` units wide centred on (``x``, ``y``): a back, or face up framed, with its label and trap
    mark."""
    left, top, end = x - TILE / 2, y - TILE / 2, TILE - 1
    body = (f'<rect x="{left:.1f}" y="{top:.1f}" width="{TILE}" height="{TILE}" rx="3" fill="{BACK}"/>'
            if face == "down" else
            f'<rect x="{left:.1f}" y="{top:.1f}" width="{TILE}" height="{TILE}" rx="3" fill="#fff" stroke="{ink}" '
            'stroke-width="2"/>')
    text = (f'<text x="{x:.1f}" y="{y + 4 - (3 if trap else 0):.1f}" font-size="{LABEL}" text-anchor="middle" '
            f'fill="{ink}">{escape(label)}</text>' if label else "")
    mark = (f'<polygon points="{left + end - 7:.1f},{top + end:.1f} {left + end - 1:.1f},{top + end:.1f} '
            f'{left + end - 4:.1f},{top + end - 5:.1f}" fill="{BACK_INK if face == "down" else "#444"}"/>'
            if trap else "")
    return f"<g>{body}{text}{mark}</g>"


def _swatch(key: str, x: float, y: float) -> str:
    """The mark ``key`` names, small, centred on (``x``, ``y``)."""
    if key == "face down":
        return _tile(x, y, "down", "?", BACK_INK)
    if key == "face beneath":
        return _tile(x, y, "down", "3h", BACK_INK)
    if key == "face up":
        return _tile(x, y, "up", "1n", SUSPECT)
    if key == "versions":
        return _tile(x, y, "up", "4h", SUSPECT)
    if key == "empty slot":
        return (f'<rect x="{x - TILE / 2:.1f}" y="{y - TILE / 2:.1f}" width="{TILE}" height="{TILE}" rx="3" '
                f'fill="none" stroke="{SLOT_INK}" stroke-dasharray="3 2"/>')
    if key == "ringed":  # a face-down tile ringed as the playground rings a slot to click
        return (f'<rect class="ring" x="{x - TILE / 2:.1f}" y="{y - TILE / 2:.1f}" width="{TILE}" height="{TILE}" '
                f'rx="3" fill="{BACK}" stroke="{RING}" stroke-width="3" stroke-dasharray="5 3"/>')
    if key.startswith(("clue p", "your clue p")):
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="6" fill="{PLAYER_COLOURS[int(key[-1])]}" stroke="#fff"/>'
    if key == "cube":
        return f'<rect x="{x - 5:.1f}" y="{y - 5:.1f}" width="10" height="10" fill="{CUBE_FILL}" stroke="#222"/>'
    if key == "trap":
        return f'<polygon points="{x - 6:.1f},{y + 5:.1f} {x + 6:.1f},{y + 5:.1f} {x:.1f},{y - 6:.1f}" fill="#444"/>'
    if key == "pair":
        return (f'<g><text x="{x:.1f}" y="{y + 4:.1f}" font-size="{LABEL}" font-weight="bold" text-anchor="middle">'
                '=</text></g>')
    if key == "agence":  # a group, as every swatch: the item's own text is its words
        return (f'<g><text x="{x:.1f}" y="{y + 4:.1f}" font-size="{LABEL}" font-weight="bold" text-anchor="middle">'
                'n/N</text></g>')
    if key in RED_HOURS.values():
        return (f'<g><text x="{x:.1f}" y="{y + 4:.1f}" font-size="{LABEL}" text-anchor="middle" fill="{HOUR_INK}">'
                f'{key.removeprefix("hour ")}</text></g>')
    return _tile(x, y, "up", "Y" if key == "yeux" else SHORT[key], "#444", trap=True)


def legend_svg(keys: list[str], left: float, top: float, inner: float) -> tuple[str, float]:
    """The key from (``left``, ``top``), its entries in rows no wider than ``inner``; returns the SVG and its
    bottom."""
    if not keys:
        return "", top
    parts = ['<g class="legend">']
    x, y = left, top + LINE
    for key in keys:
        words = WORDS[key][0]
        width = TILE + 8 + CHAR * len(words) + 14
        if x > left and x - left + width - 14 > inner:  # its words would run past the picture
            x, y = left, y + LINE
        parts.append(f'<g class="item" data-key="{key}">{_swatch(key, x + TILE / 2, y - 4)}'
                     f'<text x="{x + TILE + 6:.1f}" y="{y}" font-size="12" fill="#334155">{escape(words)}</text></g>')
        x += width
    parts.append("</g>")
    return "".join(parts), y + 8
