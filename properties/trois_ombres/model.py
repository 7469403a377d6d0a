"""A second, plainly executed reading of the core turn of *L'heure des 3 ombres*, written from spec/trois-ombres/.

This module does not import `oracle`.  It holds the table as plain values
(`Table`: each slot's tile, face up or down, with or without a Hercule cube;
the clock; the Agence; the Démon tile; the die face and the tiles taken this
turn) and states, each as a small function:

* the bluff (OMBRES.BLUFF): from 6 h, at the start of a turn, on any face-down
  uncubed tile; won exactly when that tile is strictly identical to the Démon
  tile (a trap loses);
* which tiles may be revealed (OMBRES.REVEAL.TILE, OMBRES.CUBE.BLOCKS,
  OMBRES.REVEAL.DESIGNATED): face down, no cube, not taken this turn, and
  while the Lieu the die shows is owed, a tile of that Lieu;
* what two revealed tiles make (OMBRES.PAIR): strictly identical suspects go
  to the Agence, and with all suspects but one there the team wins at once
  (OMBRES.WIN);
* the investigators' abilities on the die and the tiles (OMBRES.ABILITY.LUCILE:
  one reroll a turn, before the face is accepted, never of a reroll;
  OMBRES.ABILITY.ALLISON: one look at a face-down uncubed tile, after the roll
  and before the reveals; OMBRES.ABILITY.ZACAHIRE: one look at two face-down
  tiles bearing a clue or a cube, or at the one there is);
* the clock (OMBRES.CLOCK, OMBRES.DIE, OMBRES.TRAP.HORLOGE, OMBRES.LOSS,
  OMBRES.LIMBES.DRAW): an accepted Horloge face, a revealed Horloge trap, or
  a Limbes card due from an empty deck advances it one hour, and at 12 h the
  team loses at once;
* the Hercule trap (OMBRES.TRAP.HERCULE, OMBRES.ABILITY.BALAFRE): two cubes
  are thrown (one by Le Balafré, never more than the supply holds); with none
  in the supply the clock advances instead.

* the Limbes cards marked "from 3 h" (OMBRES.CLOCK and the cards' own clauses:
  Brouillard, Fausse piste, Illusion, Manipulation, Réveil des ombres, Vortex)
  do nothing before 3 h; from 3 h the Vortex turns the Lieux and Manipulation
  swaps two of them.

* the turning traps (OMBRES.TRAP.YEUX, OMBRES.TRAP.VORTEX, OMBRES.GEOMETRY): the
  Yeux du démon turn their Lieu a quarter turn clockwise, the Vortex (trap or
  card) moves every board one place clockwise and turns it, and the player
  closes their eyes, except Le Balafré (OMBRES.ABILITY.BALAFRE);
* Manipulation (OMBRES.LIMBES.MANIPULATION, OMBRES.GEOMETRY): from 3 h the two
  Lieux facing the drawer's seat (seats S, W, N, E in play order; the far row
  or column) swap places without turning; Temps accéléré advances the clock.

The other Limbes cards' effects and the 3ID cards are read by
`properties.trois_ombres.cards_model`; `properties.trois_ombres.model_machine`
compares the engine with this module at the steps where none of them is in play.
"""

from __future__ import annotations

from dataclasses import dataclass

LIEUX = ("R", "C", "P", "G")
# Malédictions that touch nothing this model reads: speech, who may look, clues (OMBRES.LIMBES.SILENCE,
# OMBRES.LIMBES.TENEBRES, OMBRES.LIMBES.BRUME).
HARMLESS_CURSES = ("silence", "tenebres", "brume")
FROM_THREE = ("brouillard", "fausse-piste", "illusion", "manipulation", "reveil", "vortex")
EFFECT_HOUR = 3
LOSS_HOUR = 12
BLUFF_HOUR = 6
TRAPS = ("hercule", "horloge", "vortex", "yeux-R", "yeux-C", "yeux-P", "yeux-G")


@dataclass(frozen=True)
class Slot:
    tile: str
    up: bool
    cube: bool
    clue: bool = False
    owner: int | None = None  # whose clue it is
    kept: bool = False  # kept face up by a Chronogyre until its pair is made


@dataclass(frozen=True)
class Table:
    """What the core turn reads; ``owed`` is the Lieu whose reveal the die still requires (None: none)."""

    characters: int
    hour: int
    board: dict[str, Slot]
    agency: frozenset[str]
    demon: str
    face: str | None
    owed: str | None
    taken: tuple[str, ...]
    investigator: str = ""
    accepted: bool = False  # the face has taken effect
    rerolled: bool = False  # the face showing is itself a reroll
    lucile_used: bool = False
    looked: tuple[str, ...] = ()  # the abilities already used this turn
    reveals_begun: bool = False
    left: int = 2  # reveals still owed this turn
    no_clue_to_leave: bool = False  # Brume in force, or no clue in reserve nor on the Lieux to move
    limbes_empty: bool = False


@dataclass(frozen=True)
class Outcome:
    """What the model predicts of the table after an action: the clock, the Agence and the result."""

    hour: int
    agency: frozenset[str]
    result: str | None
    rule: str | None


def is_trap(tile: str) -> bool:
    return tile in TRAPS


def is_pair(first: str, second: str) -> bool:
    """OMBRES.PAIR: two suspects of the same character and the same version."""
    return not is_trap(first) and not is_trap(second) and first == second


def to_clear(t: Table) -> int:
    """OMBRES.WIN: every suspect but one (two tiles a character, normal and hypnotised)."""
    return 2 * t.characters - 1


def hidden(t: Table, loc: str) -> bool:
    """A tile that may be revealed or bluffed on: face down and without a cube (OMBRES.CUBE.BLOCKS)."""
    slot = t.board[loc]
    return not slot.up and not slot.cube


def bluff_targets(t: Table) -> set[str]:
    """OMBRES.BLUFF: from 6 h, before the roll, any face-down uncubed tile."""
    if t.hour < BLUFF_HOUR or t.face is not None:
        return set()
    return {loc for loc in t.board if hidden(t, loc)}


def bluff(t: Table, loc: str) -> Outcome:
    """The bluff ends the game: won exactly when the named tile is the Démon tile's twin."""
    won = is_pair(t.board[loc].tile, t.demon)
    return Outcome(t.hour, t.agency, "win" if won else "loss", "OMBRES.BLUFF")


def reveal_targets(t: Table) -> set[str]:
    """OMBRES.REVEAL.TILE and OMBRES.REVEAL.DESIGNATED: the tiles the next reveal may take."""
    free = {loc for loc in t.board if hidden(t, loc) and loc not in t.taken}
    if t.owed is not None:
        return {loc for loc in free if loc[0] == t.owed}
    return free


def clock(hour: int, agency: frozenset[str], steps: int) -> Outcome:
    """OMBRES.CLOCK, OMBRES.LOSS: the clock moves ``steps`` hours; at 12 the team has lost."""
    hour += steps
    if hour >= LOSS_HOUR:
        return Outcome(hour, agency, "loss", "OMBRES.LOSS")
    return Outcome(hour, agency, None, None)


def accept_face(t: Table) -> Outcome:
    """OMBRES.DIE: an accepted Horloge face advances the clock one hour; the other faces leave it."""
    return clock(t.hour, t.agency, 1 if t.face == "horloge" else 0)


def reveal(t: Table, loc: str) -> Outcome:
    """One reveal: an Horloge trap advances the clock (OMBRES.TRAP.HORLOGE); a second suspect strictly
    identical to the first is a pair, cleared to the Agence, and the last pair wins at once (OMBRES.WIN).
    The last reveal of a turn without a pair leads to the clue step (OMBRES.MISMATCH, OMBRES.ONE-TILE);
    when no clue can be left there (OMBRES.CLUE, OMBRES.LIMBES.BRUME) the Limbes card is due at once."""
    tile = t.board[loc].tile
    if tile == "horloge":
        return clock(t.hour, t.agency, 1)
    if len(t.taken) == 1 and is_pair(t.board[t.taken[0]].tile, tile):
        agency = t.agency | {tile}
        if len(agency) >= to_clear(t):
            return Outcome(t.hour, agency, "win", "OMBRES.WIN")
        return Outcome(t.hour, agency, None, None)
    if t.left == 1 and t.no_clue_to_leave:
        return limbes_due(t.hour, t.agency, t.limbes_empty)
    return Outcome(t.hour, t.agency, None, None)


def hercule(t: Table, cubes: int) -> tuple[Outcome, int]:
    """A revealed Hercule trap: what it does to the clock, and how many cubes are thrown."""
    if cubes == 0:
        return clock(t.hour, t.agency, 1), 0
    return Outcome(t.hour, t.agency, None, None), min(cubes, 1 if t.investigator == "balafre" else 2)


def limbes_due(hour: int, agency: frozenset[str], deck_empty: bool) -> Outcome:
    """OMBRES.LIMBES.DRAW: a Limbes card is due; from an empty deck the clock advances first."""
    return clock(hour, agency, 1 if deck_empty else 0)


def limbes_card_acts(card: str, hour: int) -> bool:
    """A Limbes card marked "from 3 h" acts only when the clock shows 3 or more."""
    return card not in FROM_THREE or hour >= EFFECT_HOUR


def turn_lieu(rotation: tuple[int, ...], lieu: str) -> tuple[int, ...]:
    """A quarter turn clockwise of one Lieu's board (``rotation`` is per Lieu, in the order R, C, P, G)."""
    i = LIEUX.index(lieu)
    return (*rotation[:i], (rotation[i] + 1) % 4, *rotation[i + 1:])


def turn_block(layout: tuple[str, ...], rotation: tuple[int, ...]) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The block of four boards a quarter turn clockwise: each board one place on (NW, NE, SE, SW) and turned."""
    return (layout[-1], *layout[:-1]), tuple((r + 1) % 4 for r in rotation)


def turning_trap(tile: str, layout: tuple[str, ...], rotation: tuple[int, ...],
                 investigator: str) -> tuple[tuple[str, ...], tuple[int, ...], bool]:
    """A revealed Yeux du démon or Vortex: the boards after it, and whether the player's eyes close."""
    if tile == "vortex":
        layout, rotation = turn_block(layout, rotation)
    else:
        rotation = turn_lieu(rotation, tile.split("-")[1])
    return layout, rotation, investigator != "balafre"


PLACES = ("NW", "NE", "SE", "SW")
SEATS = {2: ("S", "N"), 3: ("S", "W", "N"), 4: ("S", "W", "N", "E")}
FACING = {"S": ("NW", "NE"), "N": ("SW", "SE"), "W": ("NE", "SE"), "E": ("NW", "SW")}


def manipulate(layout: tuple[str, ...], players: int, player: int) -> tuple[str, ...]:
    """The two Lieux facing ``player``'s seat swap places."""
    first, second = (PLACES.index(p) for p in FACING[SEATS[players][player]])
    swapped = list(layout)
    swapped[first], swapped[second] = layout[second], layout[first]
    return tuple(swapped)


# --- the investigators ---------------------------------------------------------------------------


def may_reroll(t: Table) -> bool:
    """OMBRES.ABILITY.LUCILE: Lucile, once a turn, a face not yet accepted and not itself a reroll."""
    return (t.investigator == "lucile" and t.face is not None and not t.accepted and not t.rerolled
            and not t.lucile_used)


def looks(t: Table) -> set[tuple[str, ...]]:
    """OMBRES.ABILITY.ALLISON, OMBRES.ABILITY.ZACAHIRE: the looks the player's ability allows now, as the
    tiles looked at (one look at two tiles is one pair of tiles, in board order)."""
    if t.face is None or t.reveals_begun or t.investigator in t.looked:
        return set()
    if t.investigator == "allison":
        return {(loc,) for loc in t.board if hidden(t, loc)}
    if t.investigator == "zacahire":
        marked = sorted((loc for loc, s in t.board.items() if not s.up and (s.clue or s.cube)), key=board_order)
        if len(marked) == 1:
            return {(marked[0],)}
        return {(a, b) for i, a in enumerate(marked) for b in marked[i + 1:]}
    return set()


def board_order(loc: str) -> tuple[int, int]:
    return LIEUX.index(loc[0]), int(loc[1:])
