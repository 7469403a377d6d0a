"""Board pictures as SVG: the three eras, with optional overlays.

`board_svg` draws a position: past, present and future (side by side, or
stacked in a column for narrow screens), file and rank coordinates, both
colours' copies, both Focus tokens, the supplies and the removed copies, and
over them the overlays of a turn (`oracle.games.ttykm.pictures.overlays`:
`turn_overlays` for the pictures before and after a turn, `attempt_overlays`
for a turn the rules refuse).

A removed copy is drawn as a dashed ghost in its own colour with its badge on
it: centred on its square when the square is now empty, in a corner when a
copy or an object now stands there, so a badge never sits on a survivor.  The
badges of objects (grew, cleared, built, blocked, a hat) sit in a corner of
their square; an arrow stops short of the centre of the square it points at,
so its head stays clear of every badge.  A jump in time is an arc that bends
into the boards (side by side) or runs in the margin right of the boards
(stacked), never over a coordinate.

Every mark carries its meaning in ``data-`` attributes for programs that
check pictures: an arrow its ``data-kind``, ``data-from``, ``data-to`` and
``data-step``; a badge its ``data-mark`` (``removed`` for a removed copy),
``data-kind``, ``data-cell`` and, for copies, ``data-colour``; a legend entry
its ``data-key``.

The picture is built with `xml.etree` and is deterministic: the same input
gives byte-identical output.  Its ``<title>`` and ``<desc>`` say in plain
English what it shows (`oracle.games.ttykm.pictures.text`), for screen readers
and for readers who have not met the notation.  No fonts, scripts or other
files are referenced.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from oracle.games.ttykm.board import SQUARES, STEP, TRAVELS, Action, Colour, Era
from oracle.games.ttykm.notation import cell_name
from oracle.games.ttykm.objects import ELEPHANTS, Kind, Thing
from oracle.games.ttykm.pictures.overlays import (
    REMOVALS,
    Arrow,
    Marker,
    Overlays,
    attempt_overlays,
    turn_overlays,
)
from oracle.games.ttykm.pictures.text import chapter_state, position_prose, position_summary
from oracle.games.ttykm.state import COPIES_PER_PLAYER, START_SUPPLY, Position
from oracle.games.ttykm.turn import Aimed, Pull

LayoutName = Literal["row", "column"]

# Geometry, in SVG user units.
SQUARE = 40
BOARD = 4 * SQUARE
RANK_GUTTER = 20  # rank numbers, left of each board
ERA_GAP = 28  # between one board and the next era's rank numbers
ERA_WIDTH = RANK_GUTTER + BOARD + ERA_GAP
TOP = 62  # era name, then the Focus tokens under it
FILE_GUTTER = 20  # file letters, under each board
LINE = 20  # one line of the footer or the legend
WIDTH = 3 * ERA_WIDTH - ERA_GAP + 12
COLUMN_WIDTH = 250
COPY_RADIUS = 14
GHOST_RADIUS = 9  # a removed copy's ghost in the corner of a square something now holds
CORNER = 11  # a corner mark's centre, from the square's centre on both axes
TIP_GAP = 10  # an arrow's tip stops this far short of the centre it points at
HEAD_LENGTH, HEAD_HALF = 12.0, 6.5
OFF_EDGE = 0.55 * SQUARE  # an action off the board or the eras points this far past its copy's centre
STEP_RADIUS = 7.5  # an action's number, in a circle beside its arrow
SHIFT = 4.0  # a straight arrow lies this far left of the line between centres, so out-and-back arrows pair up

LIGHT = "#f3ead6"
DARK = "#dccaa4"
WHITE_FILL, WHITE_STROKE = "#ffffff", "#333333"
BLACK_FILL, BLACK_STROKE = "#2b2b2b", "#000000"
HIGHLIGHT = "#f7d94c"
TARGET = "#1a9850"
AIMED_DASH = "0.5 5.5"  # an aimed action's line: dots
ARROW_COLOUR: dict[str, str] = {
    "move": "#1f6fd1", "push": "#e07b00", "travel": "#1a9850", "attempt": "#c62828", "fall": "#7a4a1e",
    "statue": "#c2410c", "carried": "#c2410c", "elephant": "#6a3d9a",
    "plant": "#2e7d32", "dig": "#7a4a1e", "build": "#c2410c", "train": "#6a3d9a",
}
ARROW_DASH: dict[str, str] = {"attempt": "7 5", "carried": "4 4", "plant": AIMED_DASH, "dig": AIMED_DASH,
                              "build": AIMED_DASH, "train": AIMED_DASH}
ARROW_WORD: dict[str, str] = {
    "move": "move", "push": "push", "travel": "travel", "attempt": "refused action", "fall": "tree falls",
    "statue": "statue moved", "carried": "carried to the next era", "elephant": "elephant",
    "plant": "plant", "dig": "dig up", "build": "build", "train": "train",
}
ARROW_ORDER = ("move", "push", "travel", "attempt", "fall", "statue", "carried", "elephant", "plant", "dig", "build",
               "train")
# A badge: its shape, its sign and its colour, and the legend's word.
BadgeShape = Literal["circle", "square", "diamond"]
BadgeSign = Literal["cross", "plus", "bar"]
BADGE: dict[str, tuple[BadgeShape, BadgeSign, str, str]] = {
    "crushed": ("square", "cross", "#d62728", "crushed"),
    "paradox": ("circle", "cross", "#8e24aa", "paradox"),
    "created": ("circle", "plus", "#1a9850", "new copy"),
    "grew": ("diamond", "plus", "#2e7d32", "grew"),
    "cleared": ("diamond", "bar", "#7a4a1e", "object removed"),
    "built": ("square", "plus", "#c2410c", "statue placed"),
    "blocked": ("circle", "bar", "#555555", "blocked"),
    "trained": ("square", "plus", "#6a3d9a", "hat put on"),
    "untrained": ("square", "bar", "#6a3d9a", "hat taken off"),
    "refused": ("circle", "bar", "#c62828", "not allowed"),
}
# The key's words in French, for the site's French edition (Game.french_names): the key leaves each entry the
# room of the longer of its two words, so that neither edition's entry is squeezed or crowds the next.
KEY_FRENCH: dict[str, str] = {
    "move": "pas", "push": "poussée", "travel": "voyage", "refused action": "action refusée",
    "tree falls": "chute d'arbre", "statue moved": "statue déplacée",
    "carried to the next era": "reporté à l'époque suivante", "elephant": "éléphant", "plant": "planter",
    "dig up": "déterrer", "build": "bâtir", "train": "dresser",
    "crushed": "écrasée", "paradox": "paradoxe", "new copy": "copie créée", "grew": "pousse",
    "object removed": "objet retiré", "statue placed": "statue posée", "blocked": "bloqué", "hat put on": "chapeau mis",
    "hat taken off": "chapeau ôté", "not allowed": "interdit", "active copy": "copie active",
    "can go here": "peut aller ici",
}
MARKER_COLOUR: dict[str, str] = {kind: badge[2] for kind, badge in BADGE.items()}
STATUE_FILL: dict[Colour | None, tuple[str, str]] = {
    None: ("#f28c28", "#8a4a0b"), Colour.WHITE: ("#ffffff", "#8a4a0b"), Colour.BLACK: ("#2b2b2b", "#8a4a0b"),
}
FONT = "sans-serif"


# --- geometry ----------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """Where each era's board sits: side by side (``row``) or stacked (``column``)."""

    name: LayoutName

    @property
    def width(self) -> float:
        return WIDTH if self.name == "row" else COLUMN_WIDTH

    def origin(self, era: Era) -> tuple[float, float]:
        """The top left corner of the era's block: its name, Focus tokens and board."""
        if self.name == "row":
            return era * ERA_WIDTH, 0
        return 0, era * (TOP + BOARD + FILE_GUTTER)

    def board_left(self, era: Era) -> float:
        return self.origin(era)[0] + RANK_GUTTER + 4

    def board_top(self, era: Era) -> float:
        return self.origin(era)[1] + TOP

    @property
    def boards_bottom(self) -> float:
        return self.board_top(Era.FUTURE) + BOARD + FILE_GUTTER

    def centre(self, c: int) -> tuple[float, float]:
        """The centre of cell ``c`` in picture coordinates."""
        era = Era(c // SQUARES)
        square = c % SQUARES
        file, rank = square % 4, square // 4
        return self.board_left(era) + (file + 0.5) * SQUARE, self.board_top(era) + (3 - rank + 0.5) * SQUARE

    def toward(self, action: Action) -> tuple[float, float]:
        """The unit step on the picture of an action."""
        if action in TRAVELS:
            forward = 1 if action is Action.FORWARD else -1
            return (forward, 0) if self.name == "row" else (0, forward)
        df, dr = STEP[action]
        return df, -dr

    def token_x(self, era: Era, slot: int) -> float:
        """The left edge of the Focus token in ``slot`` (0, 1) under the era's name."""
        return self.board_left(era) + 64 * slot


ROW, COLUMN = Layout("row"), Layout("column")


# --- drawing -----------------------------------------------------------------


def _num(value: float) -> str:
    """A coordinate as short, stable text."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _el(parent: ET.Element, tag: str, **attrs: float | str) -> ET.Element:
    """A child element; attribute names use ``_`` for ``-``; numbers are rounded."""
    element = ET.SubElement(parent, tag)
    for key, value in attrs.items():
        element.set(key.rstrip("_").replace("_", "-"), value if isinstance(value, str) else _num(value))
    return element


def _text(parent: ET.Element, x: float, y: float, content: str, **attrs: float | str) -> ET.Element:
    element = _el(parent, "text", x=x, y=y, font_family=FONT, **attrs)
    element.text = content
    return element


def _copy(parent: ET.Element, colour: Colour, x: float, y: float, r: float, dashed: bool = False,
          css: str = "", opacity: float = 0.45) -> None:
    fill, stroke = (WHITE_FILL, WHITE_STROKE) if colour is Colour.WHITE else (BLACK_FILL, BLACK_STROKE)
    extra = {"class_": css} if css else {}
    if dashed:
        _el(parent, "circle", cx=x, cy=y, r=r, fill=fill, fill_opacity=opacity, stroke=stroke, stroke_width=1.5,
            stroke_dasharray="4 3", **extra)
    else:
        _el(parent, "circle", cx=x, cy=y, r=r, fill=fill, stroke=stroke, stroke_width=2, **extra)


def _focus_token(parent: ET.Element, colour: Colour, x: float, y: float) -> None:
    """A Focus token: a tag with the player's initial, in the player's colour."""
    fill, ink = (WHITE_FILL, "#000000") if colour is Colour.WHITE else (BLACK_FILL, "#ffffff")
    group = _el(parent, "g", class_="focus " + colour.word)
    _el(group, "title").text = f"{colour.word.capitalize()}'s Focus"
    _el(group, "rect", x=x, y=y, width=58, height=18, rx=9, fill=fill, stroke="#000000", stroke_width=1.5)
    _text(group, x + 29, y + 13, f"{colour.letter.upper()} Focus", font_size=11, text_anchor="middle", fill=ink)


def _era(parent: ET.Element, layout: Layout, position: Position, era: Era, overlays: Overlays,
         interactive: bool) -> None:
    group = _el(parent, "g", class_="era " + era.word)
    left, top = layout.board_left(era), layout.board_top(era)
    _text(group, left, top - 40, era.word, font_size=16, font_weight="bold", fill="#222222")
    slot = 0
    for colour in Colour:
        if position.focus[colour] == era:
            _focus_token(group, colour, layout.token_x(era, slot), top - 31)
            slot += 1
    for square in range(SQUARES):
        file, rank = square % 4, square // 4
        c = era * SQUARES + square
        x, y = left + file * SQUARE, top + (3 - rank) * SQUARE
        _el(group, "rect", x=x, y=y, width=SQUARE, height=SQUARE, fill=DARK if (file + rank) % 2 == 0 else LIGHT)
        if c in overlays.highlights:
            _el(group, "rect", x=x + 2, y=y + 2, width=SQUARE - 4, height=SQUARE - 4, fill="none",
                stroke=HIGHLIGHT, stroke_width=4, class_="highlight", data_cell=cell_name(c))
        if c in overlays.targets:
            _el(group, "rect", x=x + 4, y=y + 4, width=SQUARE - 8, height=SQUARE - 8, fill="none",
                stroke=TARGET, stroke_width=3, stroke_dasharray="5 3", class_="target")
    _el(group, "rect", x=left, y=top, width=BOARD, height=BOARD, fill="none", stroke="#5a4a2a", stroke_width=2)
    for i in range(4):
        _text(group, left - 8, top + (3 - i + 0.5) * SQUARE + 4, "1234"[i], font_size=12, text_anchor="middle",
              fill="#555555", class_="coordinate")
        _text(group, left + (i + 0.5) * SQUARE, top + BOARD + 15, "abcd"[i], font_size=12, text_anchor="middle",
              fill="#555555", class_="coordinate")
    _objects(group, layout, position, era)
    for square in range(SQUARES):
        c = era * SQUARES + square
        occupant = position.occupant(c)
        if occupant is not None:
            _copy(group, occupant, *layout.centre(c), COPY_RADIUS, css="copy " + occupant.word)
    if interactive:
        for square in range(SQUARES):
            c = era * SQUARES + square
            x, y = layout.centre(c)
            _el(group, "rect", x=x - SQUARE / 2, y=y - SQUARE / 2, width=SQUARE, height=SQUARE, fill="transparent",
                class_="cell", data_cell=cell_name(c))


# --- chapter objects ----------------------------------------------------------

SEED_FILL, SEED_STROKE = "#a0522d", "#5a2d0c"
LEAF, LEAF_DARK = "#43a047", "#1b5e20"
TRUNK = "#6d4c2f"


def _objects(parent: ET.Element, layout: Layout, position: Position, era: Era) -> None:
    """The chapter objects of one era, under the copies: seeds in a corner of
    their square (so a copy standing on one leaves it visible), shrubs, standing
    trees, and fallen trees lying from their root towards where they fell."""
    chapters = position.chapters
    if chapters is None:
        return
    for square in range(SQUARES):
        c = era * SQUARES + square
        if chapters.seeds >> c & 1:
            _seed(parent, *layout.centre(c))
        thing = chapters.solid(c)
        if thing is not None:
            _thing(parent, layout, c, thing)


def _seed(parent: ET.Element, x: float, y: float) -> None:
    group = _el(parent, "g", class_="object seed")
    _el(group, "title").text = "seed"
    _el(group, "ellipse", cx=x - 12, cy=y + 12, rx=7, ry=4.5, fill=SEED_FILL, stroke=SEED_STROKE, stroke_width=1.2,
        transform=f"rotate(-30 {_num(x - 12)} {_num(y + 12)})")


def _thing(parent: ET.Element, layout: Layout, c: int, thing: Thing) -> None:
    x, y = layout.centre(c)
    group = _el(parent, "g", class_="object " + thing.kind.word)
    _el(group, "title").text = thing.word
    if thing.kind is Kind.SHRUB:
        for dx, dy, r in ((-7, 4, 8), (7, 4, 8), (0, -4, 9)):
            _el(group, "circle", cx=x + dx, cy=y + dy, r=r, fill=LEAF, stroke=LEAF_DARK, stroke_width=1.5)
    elif thing.kind is Kind.TREE:
        _el(group, "rect", x=x - 3, y=y + 2, width=6, height=14, fill=TRUNK)
        crown = f"{_num(x)},{_num(y - 17)} {_num(x - 12)},{_num(y + 5)} {_num(x + 12)},{_num(y + 5)}"
        _el(group, "polygon", points=crown, fill=LEAF, stroke=LEAF_DARK, stroke_width=1.5)
    elif thing.kind is Kind.STATUE:
        _statue(group, x, y, thing.owner)
    elif thing.kind in ELEPHANTS:
        _elephant(group, x, y, thing)
    elif thing.kind is Kind.FALLEN and thing.root is not None:
        rx, ry = layout.centre(thing.root)
        # The trunk runs from the root square's edge to the landing square; the crown lies beyond.
        sx, sy = rx + (x - rx) * 0.35, ry + (y - ry) * 0.35
        ex, ey = x + (x - rx) * 0.1, y + (y - ry) * 0.1
        _el(group, "circle", cx=sx, cy=sy, r=4, fill=TRUNK, stroke="#3e2a17", stroke_width=1, class_="root")
        _el(group, "line", x1=sx, y1=sy, x2=ex, y2=ey, stroke=TRUNK, stroke_width=6, stroke_linecap="round")
        _el(group, "ellipse", cx=ex, cy=ey, rx=11 if x != rx else 8, ry=8 if x != rx else 11, fill=LEAF,
            stroke=LEAF_DARK, stroke_width=1.5, stroke_dasharray="3 2")


def _statue(group: ET.Element, x: float, y: float, owner: Colour | None) -> None:
    """A statue: a stone head on a plinth, orange for the neutral statue,
    white or black for the players', always with the same brown outline."""
    fill, stroke = STATUE_FILL[owner]
    _el(group, "rect", x=x - 13, y=y + 9, width=26, height=7, rx=1.5, fill=stroke, stroke=stroke, stroke_width=1)
    head = (f"M{_num(x - 10)},{_num(y + 9)} V{_num(y - 8)} Q{_num(x - 10)},{_num(y - 17)} {_num(x)},{_num(y - 17)}"
            f" Q{_num(x + 10)},{_num(y - 17)} {_num(x + 10)},{_num(y - 8)} V{_num(y + 9)} Z")
    _el(group, "path", d=head, fill=fill, stroke=stroke, stroke_width=2.2)
    brow = "#8a4a0b" if owner is not Colour.BLACK else "#f28c28"
    _el(group, "path", d=f"M{_num(x - 6)},{_num(y - 5)} H{_num(x + 6)} M{_num(x)},{_num(y - 5)} V{_num(y + 3)}"
        f" M{_num(x - 4)},{_num(y + 5)} H{_num(x + 4)}", stroke=brow, stroke_width=2, fill="none",
        stroke_linecap="round")


ELEPHANT_COLOURS = {Kind.DARK_ELEPHANT: ("#5d6673", "#2e333a"), Kind.LIGHT_ELEPHANT: ("#d9dde3", "#4a4f57")}


def _elephant(group: ET.Element, x: float, y: float, thing: Thing) -> None:
    """An elephant facing west, filling most of its square; a trained one wears
    a large top hat of its trainer's colour, outlined so that it reads on
    either elephant at phone width (MEMORY.NOTATION)."""
    fill, ink = ELEPHANT_COLOURS[thing.kind]
    for dx in (-6, 8):
        _el(group, "rect", x=x + dx, y=y + 8, width=5, height=9, rx=1.5, fill=fill, stroke=ink, stroke_width=1.2)
    _el(group, "ellipse", cx=x + 4, cy=y + 5, rx=13, ry=9, fill=fill, stroke=ink, stroke_width=1.5)
    _el(group, "path", d=f"M{_num(x - 11)},{_num(y + 1)} q-5,6 -3,13", fill="none", stroke=ink, stroke_width=5,
        stroke_linecap="round")
    _el(group, "path", d=f"M{_num(x - 11)},{_num(y + 1)} q-5,6 -3,13", fill="none", stroke=fill,
        stroke_width=2.5, stroke_linecap="round")
    _el(group, "circle", cx=x - 7, cy=y - 1, r=8, fill=fill, stroke=ink, stroke_width=1.5)
    _el(group, "ellipse", cx=x - 1, cy=y, rx=5, ry=7, fill=fill, stroke=ink, stroke_width=1.2)
    _el(group, "circle", cx=x - 10, cy=y - 3, r=1.3, fill=ink)
    if thing.hat is not None:
        _hat(group, x - 6, y - 6, thing.hat)


def _hat(parent: ET.Element, x: float, y: float, colour: Colour) -> None:
    """A top hat whose brim sits at (``x``, ``y``): the trainer's colour, with a
    band of the other colour."""
    fill, band = (WHITE_FILL, BLACK_FILL) if colour is Colour.WHITE else (BLACK_FILL, WHITE_FILL)
    group = _el(parent, "g", class_="hat " + colour.word)
    _el(group, "title").text = f"{colour.word}'s hat"
    _el(group, "rect", x=x - 8, y=y - 13, width=16, height=13, rx=1.5, fill=fill, stroke="#000000",
        stroke_width=1.8)
    _el(group, "rect", x=x - 8, y=y - 5, width=16, height=3.5, fill=band, stroke="none")
    _el(group, "rect", x=x - 12, y=y - 1, width=24, height=4, rx=2, fill=fill, stroke="#000000", stroke_width=1.8)


# --- arrows --------------------------------------------------------------------

Point = tuple[float, float]
Circle = tuple[float, float, float]


@dataclass
class _Drawn:
    """An arrow as drawn: its group, its head's corners, and where its number may go, best first."""

    group: ET.Element
    arrow: Arrow
    head: tuple[Point, Point, Point] | None
    spots: list[Point]


def _head(group: ET.Element, x: float, y: float, ux: float, uy: float, colour: str) -> tuple[Point, Point, Point]:
    """An arrowhead with its tip at (x, y), pointing along the unit vector (ux, uy); returns its corners."""
    bx, by = x - ux * HEAD_LENGTH, y - uy * HEAD_LENGTH
    points = ((x, y), (bx - uy * HEAD_HALF, by + ux * HEAD_HALF), (bx + uy * HEAD_HALF, by - ux * HEAD_HALF))
    _el(group, "polygon", points=" ".join(f"{_num(px)},{_num(py)}" for px, py in points), fill=colour,
        fill_opacity=0.95, class_="head")
    return points


def _step_badge(group: ET.Element, x: float, y: float, step: int, colour: str) -> None:
    _el(group, "circle", cx=x, cy=y, r=STEP_RADIUS, fill="#ffffff", stroke=colour, stroke_width=2, class_="step")
    _text(group, x, y + 4, str(step), font_size=11, font_weight="bold", text_anchor="middle", fill=colour,
          class_="step")


def _short(x1: float, y1: float, x2: float, y2: float, gap: float) -> Point:
    """The point ``gap`` short of (x2, y2) on the way from (x1, y1)."""
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    return x2 - (x2 - x1) / length * gap, y2 - (y2 - y1) / length * gap


def _beside(x1: float, y1: float, x2: float, y2: float) -> list[Point]:
    """Where a straight arrow's number may go: beside its shaft (left first, then right), or beyond its
    tail, clear of the shaft."""
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    spots = []
    for away in (STEP_RADIUS + 4, -(STEP_RADIUS + 4), STEP_RADIUS + 9, -(STEP_RADIUS + 9), 2 * STEP_RADIUS + 8,
                 -(2 * STEP_RADIUS + 8)):
        for along in (0.35, 0.15, 0.6):
            spots.append((x1 + (x2 - x1) * along + uy * away, y1 + (y2 - y1) * along - ux * away))
    spots.append((x1 - ux * (STEP_RADIUS + 3), y1 - uy * (STEP_RADIUS + 3)))
    return spots


def _travel_row(group: ET.Element, layout: Layout, arrow: Arrow, lane: int, stroke: dict[str, str | float],
                colour: str) -> tuple[tuple[Point, Point, Point], list[Point]]:
    """A jump in time on boards side by side: an arc bending into the boards (up from ranks 1-2, down from
    ranks 3-4), clear of the coordinates; a second jump on the same square bends the other way, or on the
    edge ranks runs all but along the same arc.  Returns its head and where its number may go."""
    assert arrow.target is not None
    (x1, y1), (x2, y2) = layout.centre(arrow.source), layout.centre(arrow.target)
    rank = arrow.source % SQUARES // 4
    inward = -1 if rank <= 1 else 1
    if lane == 0:
        bend = inward * 1.4
    elif rank in (1, 2):  # a second jump on the same square: the other way, where that is inside the boards too
        bend = -inward * 1.4
    else:
        bend = inward * 1.28  # nearly the same arc: only 1.26 to 1.45 squares clear the rank numbers
    cx, cy = (x1 + x2) / 2, y1 + bend * SQUARE
    ex, ey = _short(cx, cy, x2, y2, TIP_GAP)
    _el(group, "path", d=f"M{_num(x1)},{_num(y1)} Q{_num(cx)},{_num(cy)} {_num(ex)},{_num(ey)}", fill="none",
        **stroke)
    length = math.hypot(ex - cx, ey - cy) or 1.0
    head = _head(group, ex, ey, (ex - cx) / length, (ey - cy) / length, colour)
    on = [((1 - t) ** 2 * x1 + 2 * t * (1 - t) * cx + t * t * ex, (1 - t) ** 2 * y1 + 2 * t * (1 - t) * cy + t * t * ey)
          for t in (0.5, 0.35, 0.65)]
    return head, on


def _travel_column(group: ET.Element, layout: Layout, arrow: Arrow, lane: int, stroke: dict[str, str | float],
                   colour: str) -> tuple[tuple[Point, Point, Point], list[Point]]:
    """A jump in time on stacked boards: out along the square's edge to a lane right of the boards, along
    it to the other era and back in, crossing no coordinate and no era name.  Returns its head and where
    its number may go."""
    assert arrow.target is not None
    (x, y1), (_, y2) = layout.centre(arrow.source), layout.centre(arrow.target)
    way = 1 if y2 > y1 else -1
    lane_x = layout.board_left(Era.PAST) + BOARD + 16 + 16 * lane
    edge1, edge2 = y1 + way * SQUARE / 2, y2 - way * SQUARE / 2
    r = 6
    d = (f"M{_num(x)},{_num(y1)} Q{_num(x)},{_num(edge1)} {_num(x + SQUARE / 2)},{_num(edge1)}"
         f" L{_num(lane_x - r)},{_num(edge1)} Q{_num(lane_x)},{_num(edge1)} {_num(lane_x)},{_num(edge1 + way * r)}"
         f" L{_num(lane_x)},{_num(edge2 - way * r)} Q{_num(lane_x)},{_num(edge2)} {_num(lane_x - r)},{_num(edge2)}"
         f" L{_num(x + SQUARE / 2)},{_num(edge2)} Q{_num(x)},{_num(edge2)} {_num(x)},{_num(y2 - way * TIP_GAP)}")
    _el(group, "path", d=d, fill="none", **stroke)
    head = _head(group, x, y2 - way * TIP_GAP, 0, way, colour)
    middle = (edge1 + edge2) / 2
    return head, [(lane_x, middle), (lane_x, middle - way * SQUARE), (lane_x, middle + way * SQUARE)]


def _arrow(parent: ET.Element, layout: Layout, arrow: Arrow, lane: int = 0) -> _Drawn:
    """Draw one arrow without its number; returns it as drawn, for `_numbers` to place the number."""
    colour = ARROW_COLOUR[arrow.kind]
    attrs: dict[str, str | float] = {"class_": "arrow " + arrow.kind, "data_kind": arrow.kind,
                                     "data_from": cell_name(arrow.source)}
    if arrow.target is not None:
        attrs["data_to"] = cell_name(arrow.target)
    if arrow.step:
        attrs["data_step"] = str(arrow.step)
    group = _el(parent, "g", **attrs)
    if arrow.step:
        _el(group, "title").text = f"Action {arrow.step}: {ARROW_WORD[arrow.kind]}"
    dash = ARROW_DASH.get(arrow.kind)
    x1, y1 = layout.centre(arrow.source)
    if isinstance(arrow.action, Aimed) and arrow.kind != "elephant":
        # An aimed action: dots from the copy to a ring round the square it aims at.
        assert arrow.target is not None
        x2, y2 = layout.centre(arrow.target)
        ring = SQUARE / 2 - 3
        _el(group, "circle", cx=x2, cy=y2, r=ring, fill="none", stroke=colour, stroke_width=2.5,
            stroke_dasharray="5 3", class_="ring")
        if (x1, y1) == (x2, y2):
            return _Drawn(group, arrow, None, [(x2 - ring, y2), (x2 + ring, y2), (x2, y2 + ring)])
        ex, ey = _short(x1, y1, x2, y2, ring)
        _el(group, "line", x1=x1, y1=y1, x2=ex, y2=ey, stroke=colour, stroke_width=4.5, stroke_linecap="round",
            stroke_dasharray=AIMED_DASH if arrow.kind != "attempt" else "7 5")
        return _Drawn(group, arrow, None, _beside(x1, y1, ex, ey))
    stroke: dict[str, str | float] = {"stroke": colour, "stroke_width": 5 if arrow.kind != "fall" else 4,
                                      "stroke_opacity": 0.9, "stroke_linecap": "round" if not dash else "butt"}
    if dash:
        stroke["stroke_dasharray"] = dash
    if arrow.action in TRAVELS and arrow.target is not None:
        stroke["stroke_width"] = 3.5
        travel = _travel_row if layout.name == "row" else _travel_column
        head, spots = travel(group, layout, arrow, lane, stroke, colour)
        return _Drawn(group, arrow, head, spots)
    if arrow.target is not None:
        x2, y2 = layout.centre(arrow.target)
        x2, y2 = _short(x1, y1, x2, y2, TIP_GAP)
    else:
        action = arrow.action.direction if isinstance(arrow.action, Pull) else arrow.action
        assert isinstance(action, Action)
        ux, uy = layout.toward(action)
        x2, y2 = x1 + ux * OFF_EDGE, y1 + uy * OFF_EDGE
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    # To the left of the way it points: out-and-back arrows lie side by side, not on one line.
    x1, y1, x2, y2 = x1 + uy * SHIFT, y1 - ux * SHIFT, x2 + uy * SHIFT, y2 - ux * SHIFT
    bx, by = x2 - ux * (HEAD_LENGTH - 2), y2 - uy * (HEAD_LENGTH - 2)
    _el(group, "line", x1=x1, y1=y1, x2=bx, y2=by, **stroke)
    head = _head(group, x2, y2, ux, uy, colour)
    return _Drawn(group, arrow, head, _beside(x1, y1, bx, by))


def _touches(circle: Circle, triangle: tuple[Point, Point, Point]) -> bool:
    """Whether a circle and a triangle overlap."""
    x, y, r = circle

    def side(a: Point, b: Point) -> float:
        return (b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0])

    signs = [side(triangle[i], triangle[(i + 1) % 3]) for i in range(3)]
    if all(v >= 0 for v in signs) or all(v <= 0 for v in signs):
        return True
    for i in range(3):
        (ax, ay), (bx, by) = triangle[i], triangle[(i + 1) % 3]
        length = (bx - ax) ** 2 + (by - ay) ** 2 or 1.0
        t = max(0.0, min(1.0, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / length))
        if math.hypot(ax + t * (bx - ax) - x, ay + t * (by - ay) - y) < r:
            return True
    return False


def _numbers(drawn: Sequence[_Drawn], badges: Sequence[Circle], width: float) -> None:
    """Each action's number, at the first of its arrow's spots that covers no arrowhead, no number already
    placed and no badge, inside the picture; where every spot covers something, the one that covers the
    least (a head is worst, then a number, then a badge)."""
    heads = [d.head for d in drawn if d.head is not None]
    numbers: list[Circle] = []
    gap = STEP_RADIUS + 1

    def cost(spot: Point) -> int:
        circle = (spot[0], spot[1], gap)
        return (1000 * (not gap <= spot[0] <= width - gap) + 100 * sum(_touches(circle, head) for head in heads)
                + 10 * sum(math.hypot(spot[0] - x, spot[1] - y) < gap + r for x, y, r in numbers)
                + sum(math.hypot(spot[0] - x, spot[1] - y) < gap + r for x, y, r in badges))

    for d in drawn:
        if not d.arrow.step:
            continue
        x, y = min(d.spots, key=cost)  # the first of the cheapest
        _step_badge(d.group, x, y, d.arrow.step, ARROW_COLOUR[d.arrow.kind])
        numbers.append((x, y, STEP_RADIUS))


def _coordinates(layout: Layout) -> list[Circle]:
    """The rank numbers and file letters, as circles an action's number keeps clear of."""
    found: list[Circle] = []
    for era in Era:
        left, top = layout.board_left(era), layout.board_top(era)
        for i in range(4):
            found.append((left - 8, top + (3 - i + 0.5) * SQUARE, 6))
            found.append((left + (i + 0.5) * SQUARE, top + BOARD + 11, 6))
    return found


def _lanes(arrows: Sequence[Arrow]) -> list[int]:
    """For each arrow, how many jumps in time before it join the same two cells (0 for any other arrow)."""
    seen: list[frozenset[int]] = []
    lanes = []
    for arrow in arrows:
        if arrow.action in TRAVELS and arrow.target is not None:
            pair = frozenset((arrow.source, arrow.target))
            lanes.append(seen.count(pair))
            seen.append(pair)
        else:
            lanes.append(0)
    return lanes


# --- badges --------------------------------------------------------------------


def _badge(parent: ET.Element, kind: str, x: float, y: float, r: float = 8.5) -> None:
    """The badge of a marker kind, centred on (x, y): its shape, colour and sign (BADGE)."""
    shape, sign, colour, _ = BADGE[kind]
    group = _el(parent, "g", class_="badge")
    outline: dict[str, str | float] = {"fill": colour, "stroke": "#ffffff", "stroke_width": 1.5, "class_": "shape"}
    if shape == "square":
        _el(group, "rect", x=x - r + 0.5, y=y - r + 0.5, width=2 * r - 1, height=2 * r - 1, rx=2, **outline)
    elif shape == "diamond":
        k = r * 1.2
        _el(group, "polygon", points=f"{_num(x)},{_num(y - k)} {_num(x + k)},{_num(y)} {_num(x)},{_num(y + k)}"
            f" {_num(x - k)},{_num(y)}", **outline)
    else:
        _el(group, "circle", cx=x, cy=y, r=r, **outline)
    arm = r * (0.42 if shape == "diamond" else 0.5)
    if sign == "plus":
        d = f"M{_num(x - arm)},{_num(y)} H{_num(x + arm)} M{_num(x)},{_num(y - arm)} V{_num(y + arm)}"
    elif sign == "bar":
        d = f"M{_num(x - arm * 1.2)},{_num(y)} H{_num(x + arm * 1.2)}"
    else:
        a, b = (_num(x - arm), _num(y - arm)), (_num(x + arm), _num(y + arm))
        d = f"M{a[0]},{a[1]} L{b[0]},{b[1]} M{b[0]},{a[1]} L{a[0]},{b[1]}"
    _el(group, "path", d=d, stroke="#ffffff", stroke_width=2.2, stroke_linecap="round", fill="none")


TOP_LEFT, TOP_RIGHT, BOTTOM_RIGHT, BOTTOM_LEFT = (-1, -1), (1, -1), (1, 1), (-1, 1)


def _free_corners(position: Position, c: int) -> list[tuple[int, int]]:
    """The corners of a square free for marks: not the seed's corner, nor a hat's."""
    taken = set()
    chapters = position.chapters
    if chapters is not None:
        if chapters.seeds >> c & 1:
            taken.add(BOTTOM_LEFT)
        thing = chapters.solid(c)
        if thing is not None and thing.hat is not None:
            taken.add(TOP_LEFT)
    return [k for k in (TOP_LEFT, TOP_RIGHT, BOTTOM_RIGHT, BOTTOM_LEFT) if k not in taken]


def _seeded(position: Position, c: int) -> bool:
    return position.chapters is not None and bool(position.chapters.seeds >> c & 1)


def _take(free: list[tuple[int, int]], preferred: Sequence[tuple[int, int]], clear: Callable[[int, int], bool],
          ) -> tuple[int, int]:
    """The first of ``preferred`` still free and ``clear`` of the arrowheads, which it takes (else the first
    free one, else any)."""
    for corner in [k for k in preferred if k in free and clear(*k)] or [k for k in preferred if k in free]:
        free.remove(corner)
        return corner
    return preferred[0]


def _markers(parent: ET.Element, layout: Layout, position: Position, markers: Sequence[Marker],
             heads: Sequence[tuple[Point, Point, Point]]) -> list[Circle]:
    """Every marker, square by square: a removed copy's ghost in the middle of its square when the square is
    now empty, otherwise each mark in a corner of its own, clear of the arrowheads (ghosts from the top
    left, badges from the top right).  Returns the circles the badges take."""
    taken: list[Circle] = []
    cells: dict[int, list[Marker]] = {}
    for marker in markers:
        cells.setdefault(marker.cell, []).append(marker)
    for c, here in cells.items():
        x, y = layout.centre(c)

        def clear(kx: int, ky: int, x: float = x, y: float = y) -> bool:
            circle = (x + kx * CORNER, y + ky * CORNER, GHOST_RADIUS)
            return not any(_touches(circle, head) for head in heads)

        solid = position.occupant(c) is not None or (position.chapters is not None and
                                                     position.chapters.solid(c) is not None)
        free = _free_corners(position, c)
        ghosts = [m for m in here if m.kind in REMOVALS]
        for n, marker in enumerate(ghosts):
            group = _marker_group(parent, marker)
            assert marker.colour is not None
            if n == 0 and not solid:
                _copy(group, marker.colour, x, y, COPY_RADIUS, dashed=True, css="ghost " + marker.colour.word)
                _badge(group, marker.kind, x, y)
                taken.append((x, y, 9))
                continue
            kx, ky = _take(free, (TOP_LEFT, BOTTOM_RIGHT, TOP_RIGHT, BOTTOM_LEFT), clear)
            gx, gy = x + kx * CORNER, y + ky * CORNER
            _copy(group, marker.colour, gx, gy, GHOST_RADIUS, dashed=True, css="ghost " + marker.colour.word,
                  opacity=0.85)
            _badge(group, marker.kind, gx, gy, r=5)
            taken.append((gx, gy, GHOST_RADIUS))
        centred = bool(ghosts) and not solid
        for marker in (m for m in here if m.kind not in REMOVALS):
            if (marker.kind == "cleared" and not solid and not centred and not _seeded(position, c)
                    and not any(_touches((x, y, 10.5), head) for head in heads)):
                # The object is gone and its square empty: the badge takes the middle of the square.
                _badge(_marker_group(parent, marker), marker.kind, x, y)
                taken.append((x, y, 10.5))
                centred = True
                continue
            kx, ky = _take(free, (TOP_RIGHT, BOTTOM_RIGHT, TOP_LEFT, BOTTOM_LEFT), clear)
            _badge(_marker_group(parent, marker), marker.kind, x + kx * CORNER, y + ky * CORNER, r=7)
            taken.append((x + kx * CORNER, y + ky * CORNER, 7.5))
    return taken


def _marker_group(parent: ET.Element, marker: Marker) -> ET.Element:
    attrs: dict[str, str | float] = {"class_": "marker " + marker.kind,
                                     "data_mark": "removed" if marker.kind in REMOVALS else marker.kind,
                                     "data_kind": marker.kind, "data_cell": cell_name(marker.cell)}
    if marker.colour is not None and marker.kind in (*REMOVALS, "created"):
        attrs["data_colour"] = marker.colour.word
    group = _el(parent, "g", **attrs)
    _el(group, "title").text = marker.note or BADGE[marker.kind][3]
    return group


def _refused_focus(parent: ET.Element, layout: Layout, position: Position, era: Era, note: str = "") -> None:
    """A refused Focus move: a red badge on the mover's token when it would stay, or a dashed token where
    it tried to go."""
    colour = position.to_move
    assert colour is not None
    group = _el(parent, "g", class_="marker refused", data_mark="refused", data_kind="refused",
                data_focus=era.word)
    _el(group, "title").text = note or f"{colour.word.capitalize()}'s Focus may not move to the {era.word}."
    here = [c for c in Colour if position.focus[c] == era]
    top = layout.board_top(era) - 31
    if colour in here:
        x = layout.token_x(era, here.index(colour))
    else:
        x = layout.token_x(era, len(here))
        _el(group, "rect", x=x, y=top, width=58, height=18, rx=9, fill="none", stroke=BADGE["refused"][2],
            stroke_width=2, stroke_dasharray="4 3")
    _badge(group, "refused", x + 58, top + 9, r=7)


# --- footer and legend -------------------------------------------------------------


def _counts(parent: ET.Element, x: float, y: float, label: str, counts: tuple[int, int], most: int) -> float:
    """A label and, per colour, that many small copies; returns the x after it."""
    _text(parent, x, y + 4, label, font_size=12, fill="#333333")
    x += 7 * len(label) + 4
    for colour in Colour:
        n = counts[colour]
        for i in range(min(n, most)):
            _copy(parent, colour, x + i * 11 + 5, y, 4.5)
        x += min(n, most) * 11 + 2
        _text(parent, x + 1, y + 4, str(n), font_size=12, fill="#333333")
        x += 18
    return x + 8


def _footer(parent: ET.Element, layout: Layout, position: Position) -> float:
    """Whose turn, the supplies and the removed copies, and what the chapters keep off the boards; returns
    the y below it."""
    group = _el(parent, "g", class_="status")
    y = layout.boards_bottom + 16
    if position.winner is not None:
        status = f"{position.winner.word.capitalize()} has won"
    else:
        assert position.to_move is not None
        status = f"{position.to_move.word.capitalize()} to move"
    left = layout.board_left(Era.PAST)
    _text(group, left, y + 4, status, font_size=13, font_weight="bold", fill="#222222")
    chapters = chapter_state(position)
    if layout.name == "row":
        x = _counts(group, layout.board_left(Era.PRESENT) - RANK_GUTTER, y, "supply", position.supply, START_SUPPLY)
        _counts(group, x, y, "removed", position.removed, COPIES_PER_PLAYER)
        if chapters:
            _text(group, left, y + LINE + 4, " · ".join(chapters), font_size=12, fill="#333333", class_="chapters")
        return y + LINE * (1 + bool(chapters)) - 6
    _counts(group, 4, y + LINE, "supply", position.supply, START_SUPPLY)
    _counts(group, 4, y + 2 * LINE, "removed", position.removed, COPIES_PER_PLAYER)
    for n, said in enumerate(chapters, start=3):
        _text(group, 4, y + n * LINE + 4, said, font_size=12, fill="#333333", class_="chapters")
    return y + (3 + len(chapters)) * LINE - 6


LEGEND_CHAR = 7.5  # a generous width of one character of a 12-unit label (DejaVu Sans, the widest common sans)
LEGEND_GAP = 14  # between one entry and the next


def _legend_items(overlays: Overlays) -> list[tuple[str, str, str, float]]:
    """The legend's entries, (what, kind, word, swatch width), for what the picture shows."""
    items: list[tuple[str, str, str, float]] = []
    for kind in ARROW_ORDER:
        if any(a.kind == kind for a in overlays.arrows):
            items.append(("arrow", kind, ARROW_WORD[kind], 33 if ARROW_DASH.get(kind) == AIMED_DASH else 27))
    kinds = {m.kind for m in overlays.markers} | ({"refused"} if overlays.refused_focus is not None else set())
    for kind in BADGE:
        if kind in kinds:
            items.append(("badge", kind, BADGE[kind][3], 21))
    if overlays.highlights:
        items.append(("highlight", "highlight", "active copy", 22))
    if overlays.targets:
        items.append(("target", "target", "can go here", 22))
    return items


def _legend(parent: ET.Element, layout: Layout, overlays: Overlays, top: float) -> float:
    """A key to the kinds of arrow and badge present, wrapped to the picture's width; returns its bottom.

    Each entry (a swatch and its word, in a group of class ``item``) is placed
    whole: one that would pass the right edge starts a new line, so no word is
    cut at any width the picture is shown, its word in English or in French
    (`KEY_FRENCH`).  No two entries look alike."""
    group = _el(parent, "g", class_="legend")
    x0 = layout.board_left(Era.PAST) if layout.name == "row" else 4
    right = layout.width - 4
    x, y = x0, top + 12
    for what, kind, word, swatch in _legend_items(overlays):
        width = swatch + LEGEND_CHAR * max(len(word), len(KEY_FRENCH.get(word, "")))
        if x + width > right and x > x0:
            x, y = x0, y + LINE
        item = _el(group, "g", class_=f"item key-{kind}", data_key=kind)
        if what == "arrow":
            colour = ARROW_COLOUR[kind]
            dash = ARROW_DASH.get(kind)
            line: dict[str, str | float] = {"stroke": colour, "stroke_width": 4, "class_": "swatch"}
            if dash:
                line["stroke_dasharray"] = dash
                line["stroke_linecap"] = "round" if dash == AIMED_DASH else "butt"
            end = x + (16 if dash == AIMED_DASH else 22)
            _el(item, "line", x1=x, y1=y, x2=end, y2=y, **line)
            if dash == AIMED_DASH:
                _el(item, "circle", cx=x + 20, cy=y, r=4.5, fill="none", stroke=colour, stroke_width=2)
        elif what == "badge":
            _badge(item, kind, x + 8, y)
        else:
            stroke: dict[str, float | str] = {"stroke": HIGHLIGHT, "stroke_width": 4} if what == "highlight" else {
                "stroke": TARGET, "stroke_width": 3, "stroke_dasharray": "5 3"}
            _el(item, "rect", x=x, y=y - 8, width=16, height=16, fill="none", class_="swatch", **stroke)
        _text(item, x + swatch, y + 4, word, font_size=12, fill="#333333")
        x += width + LEGEND_GAP
    return y + 12


def board_svg(position: Position, overlays: Overlays | None = None, scale: float = 1.0,
              layout: LayoutName = "row", interactive: bool = False) -> str:
    """The SVG picture of ``position``, with ``overlays`` drawn on top.

    ``layout`` puts the eras side by side (``row``) or one above the other
    (``column``, for narrow screens).  ``interactive`` adds a transparent
    square over each cell carrying its name in ``data-cell``, for a page's
    script to click.  ``scale`` multiplies the width and height attributes
    only; the drawing itself always uses the same coordinates (viewBox).
    """
    overlays = overlays or Overlays()
    geometry = ROW if layout == "row" else COLUMN
    root = ET.Element("svg", {
        "xmlns": "http://www.w3.org/2000/svg",
        "viewBox": "",
        "width": "",
        "height": "",
        "role": "img",
        "class": f"ttykm-board {layout}",
    })
    _el(root, "title").text = position_summary(position)
    description = position_prose(position)
    if overlays.notes:
        description += "\n" + "\n".join(overlays.notes)
    _el(root, "desc").text = description
    background = _el(root, "rect", x=0, y=0, width=geometry.width, height=0, fill="#ffffff")
    for era in Era:
        _era(root, geometry, position, era, overlays, interactive)
    # The arrows are drawn first, to place the badges clear of their heads, and shown over the badges.
    layer = ET.Element("g", {"class": "arrows"})
    drawn = [_arrow(layer, geometry, arrow, lane)
             for arrow, lane in zip(overlays.arrows, _lanes(overlays.arrows), strict=True)]
    badges = _markers(root, geometry, position, overlays.markers, [d.head for d in drawn if d.head is not None])
    root.append(layer)
    _numbers(drawn, badges + _coordinates(geometry), geometry.width)
    if overlays.refused_focus is not None:
        _refused_focus(root, geometry, position, overlays.refused_focus, overlays.refused_focus_note)
    bottom = _footer(root, geometry, position)
    if _legend_items(overlays):
        bottom = _legend(root, geometry, overlays, bottom)
    height = bottom + 8
    background.set("height", _num(height))
    root.set("viewBox", f"0 0 {_num(geometry.width)} {_num(height)}")
    root.set("width", _num(geometry.width * scale))
    root.set("height", _num(height * scale))
    return ET.tostring(root, encoding="unicode")


__all__ = ["Arrow", "Layout", "LayoutName", "Marker", "Overlays", "attempt_overlays", "board_svg", "turn_overlays"]
