"""Board pictures as SVG: the three eras, with optional overlays.

`board_svg` draws a position: past, present and future (side by side, or
stacked in a column for narrow screens), file and rank coordinates, both
colours' copies, both Focus tokens, the supplies and the removed copies.
`turn_overlays` turns a turn's event trace (rule ORACLE.EVENTS) into numbered
arrows for the actions in the order they were taken, arrows for pushes,
badges for crushed, paradox and created copies, and highlighted squares;
`attempt_overlays` draws the actions of a turn the rules refuse.

A removed copy is drawn as a dashed ghost with its badge on it, in the corner
of its square when another copy now stands there, so a badge never sits on a
survivor.  The picture before a turn carries no mark of what the turn will
do to the board other than its arrows.

The picture is built with `xml.etree` and is deterministic: the same input
gives byte-identical output.  Its ``<title>`` and ``<desc>`` say in plain
English what it shows (`oracle.games.ttykm.pictures.text`), for screen readers
and for readers who have not met the notation.  No fonts, scripts or other
files are referenced.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from oracle.games.ttykm.board import NEIGHBOUR, SQUARES, STEP, TRAVELS, Action, Colour, Era
from oracle.games.ttykm.events import (
    Built,
    Cleared,
    Commanded,
    CopyChosen,
    Created,
    Crushed,
    Dug,
    Event,
    Fell,
    Flattened,
    Grew,
    Halted,
    Moved,
    Paradox,
    Placed,
    Planted,
    Pushed,
    Shifted,
    Stepped,
    Trampled,
    Travelled,
    Unplaced,
)
from oracle.games.ttykm.notation import cell_name, event_text
from oracle.games.ttykm.objects import ELEPHANTS, Kind, Thing
from oracle.games.ttykm.pictures.text import event_prose, position_prose, position_summary
from oracle.games.ttykm.state import COPIES_PER_PLAYER, START_SUPPLY, Position
from oracle.games.ttykm.turn import Turn

ArrowKind = Literal["move", "push", "travel", "attempt", "fall", "statue", "carried", "elephant"]
MarkerKind = Literal["crushed", "paradox", "created", "grew", "cleared", "built", "blocked"]
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
GHOST_RADIUS = 10  # a removed copy's ghost in the corner of a square another copy now holds

LIGHT = "#f3ead6"
DARK = "#dccaa4"
WHITE_FILL, WHITE_STROKE = "#ffffff", "#333333"
BLACK_FILL, BLACK_STROKE = "#2b2b2b", "#000000"
HIGHLIGHT = "#f7d94c"
TARGET = "#1a9850"
ARROW_COLOUR: dict[str, str] = {"move": "#1f6fd1", "push": "#e07b00", "travel": "#1a9850", "attempt": "#c62828",
                                "fall": "#7a4a1e", "statue": "#c2410c", "carried": "#c2410c", "elephant": "#6a3d9a"}
ARROW_WORD: dict[str, str] = {"move": "move", "push": "push", "travel": "travel", "attempt": "refused", "fall": "fall",
                              "statue": "statue moved", "carried": "carried to the next era", "elephant": "elephant"}
MARKER_COLOUR: dict[str, str] = {"crushed": "#d62728", "paradox": "#8e24aa", "created": "#1a9850",
                                 "grew": "#2e7d32", "cleared": "#7a4a1e", "built": "#c2410c", "blocked": "#555555"}
STATUE_FILL: dict[Colour | None, tuple[str, str]] = {
    None: ("#f28c28", "#8a4a0b"), Colour.WHITE: ("#ffffff", "#8a4a0b"), Colour.BLACK: ("#2b2b2b", "#8a4a0b"),
}
FONT = "sans-serif"


@dataclass(frozen=True)
class Arrow:
    """An arrow from one cell to another: a Move, a push, a Travel, or an
    action the rules refused.  ``step`` numbers the turn's actions (1, 2; 0
    for a push); an action that would leave the board or the eras has no
    target cell (``target`` is None) and points off the edge."""

    source: int
    target: int | None
    kind: ArrowKind
    step: int = 0
    action: Action | None = None


@dataclass(frozen=True)
class Marker:
    """A badge on a cell: a copy crushed, removed by a paradox, or created."""

    cell: int
    kind: MarkerKind
    colour: Colour
    note: str = ""


@dataclass(frozen=True)
class Overlays:
    """What to draw over the boards.  ``notes`` are sentences (such as the
    events) added to the picture's description; ``targets`` are cells to ring
    as possible next steps (the playground)."""

    arrows: tuple[Arrow, ...] = ()
    markers: tuple[Marker, ...] = ()
    highlights: tuple[int, ...] = ()
    notes: tuple[str, ...] = ()
    targets: tuple[int, ...] = ()


def turn_overlays(events: Iterable[Event], when: Literal["before", "after"]) -> Overlays:
    """The overlays for a turn's event trace, on the picture before or after it.

    Both pictures get the arrows, the actions numbered in the order taken.
    Before the turn only the chosen copy is highlighted: the board does not
    yet show what the turn removes or creates.  After it the active copy's
    last square is highlighted and removed and created copies carry their
    badges.
    """
    arrows: list[Arrow] = []
    markers: list[Marker] = []
    highlights: list[int] = []
    active: int | None = None
    step = 0
    trace = tuple(events)
    for event in trace:
        match event:
            case CopyChosen(_, c):
                active = c
                if when == "before":
                    highlights.append(c)
            case Moved(_, source, target, direction):
                step += 1
                arrows.append(Arrow(source, target, "move", step, direction))
                active = target
            case Pushed(_, source, target, direction):
                arrows.append(Arrow(source, target, "push", 0, direction))
            case Travelled(_, source, target):
                step += 1
                arrows.append(Arrow(source, target, "travel", step,
                                    Action.FORWARD if target > source else Action.BACKWARD))
                active = target
            case Crushed(colour, c, _):
                if when == "after":
                    markers.append(Marker(c, "crushed", colour, event_prose(event)))
            case Paradox(colour, pushed, struck):
                if when == "after":
                    note = event_prose(event)
                    markers.extend((Marker(pushed, "paradox", colour, note), Marker(struck, "paradox", colour, note)))
                if pushed == active:
                    # self-push=paradox: the active copy's fatal Move onto its own copy has no Moved event; draw it.
                    step += 1
                    arrows.append(Arrow(pushed, struck, "move", step))
                    active = None
            case Created(colour, c):
                if when == "after":
                    markers.append(Marker(c, "created", colour, event_prose(event)))
            case Fell(source, target, _):
                arrows.append(Arrow(source, target, "fall"))
            case Flattened(colour, c) | Trampled(colour, c):
                markers.append(Marker(c, "crushed", colour, event_text(event)))
            case Commanded(_, _, source, target, _) | Stepped(_, source, target, _):
                arrows.append(Arrow(source, target, "elephant"))
            case Grew(_, c) | Planted(_, c):
                if when == "after":
                    markers.append(Marker(c, "grew", Colour.WHITE, event_text(event)))
            case Cleared(_, c) | Dug(_, c):
                markers.append(Marker(c, "cleared", Colour.WHITE, event_text(event)))
            case Shifted() | Halted() | Built() | Placed() | Unplaced():
                statue_overlay(event, active, when, arrows, markers)
    if when == "after" and active is not None:
        highlights.append(active)
    return Overlays(tuple(arrows), tuple(markers), tuple(highlights), tuple(event_prose(e) for e in trace))


def attempt_overlays(position: Position, turn: Turn) -> Overlays:
    """The overlays of a turn as attempted, legal or not: the chosen copy
    highlighted and each action drawn, numbered, from where the copy would be.

    The path is followed square by square without the rules (pushes, supply,
    occupied squares): it shows what the player tried, for the picture of a
    turn the oracle refuses.
    """
    if turn.copy is None or position.to_move is None:
        return Overlays()
    here = position.focus[position.to_move] * SQUARES + turn.copy
    arrows: list[Arrow] = []
    for step, action in enumerate(turn.actions, start=1):
        if not isinstance(action, Action):  # a chapter action aimed at a square: no arrow to draw
            break
        era, square = divmod(here, SQUARES)
        target: int | None
        if action in TRAVELS:
            era += 1 if action is Action.FORWARD else -1
            target = era * SQUARES + square if 0 <= era < len(Era) else None
        else:
            beyond = NEIGHBOUR[action][square]
            target = None if beyond is None else era * SQUARES + beyond
        arrows.append(Arrow(here, target, "attempt", step, action))
        if target is None:
            break
        here = target
    notes = tuple(f"Attempted action {a.step}: {a.action.word if a.action else ''}"
                  f"{'' if a.target is not None else ', off the edge'}." for a in arrows)
    return Overlays(arrows=tuple(arrows), highlights=(arrows[0].source if arrows else
                                                       position.focus[position.to_move] * SQUARES + turn.copy,),
                    notes=notes)


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


ROW, COLUMN = Layout("row"), Layout("column")


def statue_overlay(event: Event, active: int | None, when: str, arrows: list[Arrow], markers: list[Marker]) -> None:
    """Influence: a statue's move is an arrow, drawn dashed ("carried") on an
    era later than the active copy's, where the move was carried from the era
    before; a carried move that was blocked, and each new statue, get a badge."""
    carried = active is not None and _era_of(event) > active // SQUARES
    match event:
        case Shifted(_, source, target, _):
            arrows.append(Arrow(source, target, "carried" if carried else "statue"))
        case Halted(_, c, _) | Unplaced(_, c):
            markers.append(Marker(c, "blocked", Colour.WHITE, event_text(event)))
        case Built(_, c) | Placed(_, c, _):
            if when == "after":
                markers.append(Marker(c, "built", Colour.WHITE, event_text(event)))


def _era_of(event: Event) -> int:
    match event:
        case Shifted(_, c, _, _) | Halted(_, c, _) | Built(_, c) | Placed(_, c, _) | Unplaced(_, c):
            return c // SQUARES
    return 0  # pragma: no cover


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
          css: str = "") -> None:
    fill, stroke = (WHITE_FILL, WHITE_STROKE) if colour is Colour.WHITE else (BLACK_FILL, BLACK_STROKE)
    extra = {"class_": css} if css else {}
    if dashed:
        _el(parent, "circle", cx=x, cy=y, r=r, fill=fill, fill_opacity=0.35, stroke=stroke, stroke_width=1.5,
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
    token_x = left
    for colour in Colour:
        if position.focus[colour] == era:
            _focus_token(group, colour, token_x, top - 31)
            token_x += 64
    for square in range(SQUARES):
        file, rank = square % 4, square // 4
        c = era * SQUARES + square
        x, y = left + file * SQUARE, top + (3 - rank) * SQUARE
        _el(group, "rect", x=x, y=y, width=SQUARE, height=SQUARE, fill=DARK if (file + rank) % 2 == 0 else LIGHT)
        if c in overlays.highlights:
            _el(group, "rect", x=x + 2, y=y + 2, width=SQUARE - 4, height=SQUARE - 4, fill="none",
                stroke=HIGHLIGHT, stroke_width=4, class_="highlight")
        if c in overlays.targets:
            _el(group, "rect", x=x + 4, y=y + 4, width=SQUARE - 8, height=SQUARE - 8, fill="none",
                stroke=TARGET, stroke_width=3, stroke_dasharray="5 3", class_="target")
    _el(group, "rect", x=left, y=top, width=BOARD, height=BOARD, fill="none", stroke="#5a4a2a", stroke_width=2)
    for i in range(4):
        _text(group, left - 8, top + (3 - i + 0.5) * SQUARE + 4, "1234"[i], font_size=12, text_anchor="middle",
              fill="#555555")
        _text(group, left + (i + 0.5) * SQUARE, top + BOARD + 15, "abcd"[i], font_size=12, text_anchor="middle",
              fill="#555555")
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


def _arrow(parent: ET.Element, layout: Layout, arrow: Arrow) -> None:
    x1, y1 = layout.centre(arrow.source)
    if arrow.target is not None:
        x2, y2 = layout.centre(arrow.target)
    else:
        assert arrow.action is not None
        ux, uy = layout.toward(arrow.action)
        reach = 0.8 * SQUARE if arrow.action not in TRAVELS else 1.2 * SQUARE
        x2, y2 = x1 + ux * reach, y1 + uy * reach
    colour = ARROW_COLOUR[arrow.kind]
    group = _el(parent, "g", class_="arrow " + arrow.kind)
    if arrow.step:
        _el(group, "title").text = f"Action {arrow.step}: {ARROW_WORD[arrow.kind]}"
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy) or 1.0
    # The left of the way it points: out-and-back arrows lie side by side, not on one line.
    px, py = dy / length, -dx / length
    dash = {"stroke_dasharray": "7 5"} if arrow.kind == "attempt" else {}
    travel = arrow.action in TRAVELS
    if travel:
        # Travel keeps the square and changes the era: arc beside the boards, forward and back on opposite sides.
        cx, cy = (x1 + x2) / 2 + px * 1.4 * SQUARE, (y1 + y2) / 2 + py * 1.4 * SQUARE
        _el(group, "path", d=f"M{_num(x1)},{_num(y1)} Q{_num(cx)},{_num(cy)} {_num(x2)},{_num(y2)}", fill="none",
            stroke=colour, stroke_width=3.5, stroke_opacity=0.85, stroke_linecap="round", **dash)
        hx, hy = x2 - cx, y2 - cy
        mx, my = 0.25 * x1 + 0.5 * cx + 0.25 * x2, 0.25 * y1 + 0.5 * cy + 0.25 * y2
    else:
        shift = 5.0
        x1, y1, x2, y2 = x1 + px * shift, y1 + py * shift, x2 + px * shift, y2 + py * shift
        _el(group, "line", x1=x1, y1=y1, x2=x2, y2=y2, stroke=colour, stroke_width=5, stroke_opacity=0.85,
            stroke_linecap="round", **dash)
        hx, hy = dx, dy
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    hl = math.hypot(hx, hy) or 1.0
    ux, uy = hx / hl, hy / hl
    head, half = 13.0, 8.0
    bx, by = x2 - ux * head, y2 - uy * head
    points = [(x2, y2), (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half)]
    _el(group, "polygon", points=" ".join(f"{_num(px)},{_num(py)}" for px, py in points), fill=colour,
        fill_opacity=0.9)
    if arrow.step:
        _el(group, "circle", cx=mx, cy=my, r=8, fill="#ffffff", stroke=colour, stroke_width=2)
        _text(group, mx, my + 4, str(arrow.step), font_size=11, font_weight="bold", text_anchor="middle",
              fill=colour, class_="step")


def _badge(parent: ET.Element, kind: str, x: float, y: float, r: float = 8.5) -> None:
    """The badge of a marker kind, centred on (x, y): a cross for removed
    copies (square for crushed, round for paradox) and a plus for created."""
    colour = MARKER_COLOUR[kind]
    group = _el(parent, "g", class_="badge")
    if kind == "crushed":
        _el(group, "rect", x=x - r + 0.5, y=y - r + 0.5, width=2 * r - 1, height=2 * r - 1, rx=2, fill=colour,
            stroke="#ffffff", stroke_width=1.5)
    else:
        _el(group, "circle", cx=x, cy=y, r=r, fill=colour, stroke="#ffffff", stroke_width=1.5)
    arm = r * 0.5
    if kind in ("created", "grew", "built"):
        d = f"M{_num(x - arm)},{_num(y)} H{_num(x + arm)} M{_num(x)},{_num(y - arm)} V{_num(y + arm)}"
    else:
        a, b = (_num(x - arm), _num(y - arm)), (_num(x + arm), _num(y + arm))
        d = f"M{a[0]},{a[1]} L{b[0]},{b[1]} M{b[0]},{a[1]} L{a[0]},{b[1]}"
    _el(group, "path", d=d, stroke="#ffffff", stroke_width=2.2, stroke_linecap="round", fill="none")


def _marker(parent: ET.Element, layout: Layout, position: Position, marker: Marker) -> None:
    x, y = layout.centre(marker.cell)
    group = _el(parent, "g", class_="marker " + marker.kind, data_cell=cell_name(marker.cell))
    _el(group, "title").text = marker.note or marker.kind
    if marker.kind in ("created", "grew", "cleared"):
        _badge(group, marker.kind, x + SQUARE / 2 - 9, y - SQUARE / 2 + 9)
    elif position.occupant(marker.cell) is None:
        # The copy is gone and its square is empty: its ghost, with the badge on it.
        _copy(group, marker.colour, x, y, COPY_RADIUS, dashed=True, css="ghost")
        _badge(group, marker.kind, x, y)
    else:
        # Another copy now stands here: the ghost goes in the square's corner, clear of the survivor's centre.
        gx, gy = x - SQUARE / 2 + GHOST_RADIUS - 1, y - SQUARE / 2 + GHOST_RADIUS - 1
        _copy(group, marker.colour, gx, gy, GHOST_RADIUS, dashed=True, css="ghost")
        _badge(group, marker.kind, gx, gy, r=7)


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
    """Whose turn, the supplies and the removed copies; returns the y below it."""
    group = _el(parent, "g", class_="status")
    y = layout.boards_bottom + 16
    if position.winner is not None:
        status = f"{position.winner.word.capitalize()} has won"
    else:
        assert position.to_move is not None
        status = f"{position.to_move.word.capitalize()} to move"
    left = layout.board_left(Era.PAST)
    _text(group, left, y + 4, status, font_size=13, font_weight="bold", fill="#222222")
    if layout.name == "row":
        x = _counts(group, layout.board_left(Era.PRESENT) - RANK_GUTTER, y, "supply", position.supply, START_SUPPLY)
        _counts(group, x, y, "removed", position.removed, COPIES_PER_PLAYER)
        return y + LINE - 6
    _counts(group, 4, y + LINE, "supply", position.supply, START_SUPPLY)
    _counts(group, 4, y + 2 * LINE, "removed", position.removed, COPIES_PER_PLAYER)
    return y + 3 * LINE - 6


LEGEND_CHAR = 7.5  # a generous width of one character of a 12-unit label (DejaVu Sans, the widest common sans)
LEGEND_GAP = 14  # between one entry and the next


def _legend(parent: ET.Element, layout: Layout, overlays: Overlays, top: float) -> float:
    """A key to the kinds of arrow and badge present, wrapped to the picture's width; returns its bottom.

    Each entry (a swatch and its word, in a group of class ``item``) is placed
    whole: one that would pass the right edge starts a new line, so no word is
    cut at any width the picture is shown."""
    group = _el(parent, "g", class_="legend")
    items: list[tuple[str, str, str, float]] = []  # (what, kind, word, swatch width)
    for kind in ("move", "push", "travel", "attempt", "fall", "statue", "carried", "elephant"):
        if any(a.kind == kind for a in overlays.arrows):
            items.append(("arrow", kind, ARROW_WORD[kind], 27))
    for kind in ("crushed", "paradox", "created", "grew", "cleared", "built", "blocked"):
        if any(m.kind == kind for m in overlays.markers):
            items.append(("badge", kind, kind, 21))
    if overlays.highlights:
        items.append(("highlight", "highlight", "active copy", 22))
    if overlays.targets:
        items.append(("target", "target", "can go here", 22))
    x0 = layout.board_left(Era.PAST) if layout.name == "row" else 4
    right = layout.width - 4
    x, y = x0, top + 12
    for what, kind, word, swatch in items:
        width = swatch + LEGEND_CHAR * len(word)
        if x + width > right and x > x0:
            x, y = x0, y + LINE
        item = _el(group, "g", class_=f"item key-{kind}")
        if what == "arrow":
            dash = {"stroke_dasharray": "7 5"} if kind == "attempt" else {}
            _el(item, "line", x1=x, y1=y, x2=x + 22, y2=y, stroke=ARROW_COLOUR[kind], stroke_width=4, **dash)
        elif what == "badge":
            _badge(item, kind, x + 8, y)
        else:
            stroke: dict[str, float | str] = {"stroke": HIGHLIGHT, "stroke_width": 4} if what == "highlight" else {
                "stroke": TARGET, "stroke_width": 3, "stroke_dasharray": "5 3"}
            _el(item, "rect", x=x, y=y - 8, width=16, height=16, fill="none", **stroke)
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
    for arrow in overlays.arrows:
        _arrow(root, geometry, arrow)
    for marker in overlays.markers:
        _marker(root, geometry, position, marker)
    bottom = _footer(root, geometry, position)
    if overlays.arrows or overlays.markers or overlays.highlights or overlays.targets:
        bottom = _legend(root, geometry, overlays, bottom)
    height = bottom + 8
    background.set("height", _num(height))
    root.set("viewBox", f"0 0 {_num(geometry.width)} {_num(height)}")
    root.set("width", _num(geometry.width * scale))
    root.set("height", _num(height * scale))
    return ET.tostring(root, encoding="unicode")


__all__ = ["Arrow", "Layout", "LayoutName", "Marker", "Overlays", "attempt_overlays", "board_svg", "turn_overlays"]
