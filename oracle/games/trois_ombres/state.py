"""A state of *L'heure des 3 ombres*: the whole table as the oracle holds it, hidden tiles included.

(spec/trois-ombres/state.md)

`State` is immutable.  The rules work on a `Table`, its mutable twin, for
the length of one action, and freeze it again; nothing outside the rules
ever sees a `Table`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, fields, replace

from oracle.errors import InvalidPosition
from oracle.games.trois_ombres.components import (
    ID_CARDS,
    INVESTIGATORS,
    LIEUX,
    LIMBES_CARDS,
    MALEDICTIONS,
    OBJETS,
    PLACES,
    TRAP_KINDS,
    Loc,
    Rules,
    loc_key,
    loc_lieu,
    loc_slot,
    suspect_tiles,
    tile_is_trap,
)
from oracle.games.trois_ombres.events import Event


@dataclass(frozen=True, slots=True)
class Cell:
    """One occupied slot: the tile, whether it is face up, whose clue is on it, whether a Hercule cube is.

    ``kept`` marks a tile a Chronogyre left face up until its pair is made (it is then also ``up``).
    """

    tile: str
    up: bool = False
    kept: bool = False
    clue: int | None = None
    cube: bool = False


@dataclass(frozen=True, slots=True)
class Curse:
    """A Malédiction in force: the card, the player who drew it, and whether it was drawn this turn."""

    card: str
    drawer: int
    fresh: bool = True


@dataclass(frozen=True, slots=True)
class Step:
    """A pending part of the turn: a decision, a chance, or an automatic effect (spec/trois-ombres/oracle.md)."""

    kind: str
    args: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TurnInfo:
    """What the current turn has done so far."""

    face: str | None = None  # the die face showing (None: not rolled yet)
    accepted: bool = False  # the face has taken effect (an Horloge face advanced the clock)
    rerolled: bool = False  # this roll is itself a reroll (one reroll per roll, K15)
    lucile: bool = False  # Lucile's reroll was used this turn
    used: tuple[str, ...] = ()  # peeking abilities used this turn
    begun: bool = False  # the reveal step has begun (K4)
    left: int = 0  # reveals left once begun
    designated: str | None = None  # the Lieu whose reveal is still owed
    revealed: tuple[Loc, ...] = ()  # tiles taken this turn, in order
    removals: int = 0  # Hercule cubes removed this turn
    archeo: int = 0  # Archéoscript turns left, this one included (0: not under Archéoscript)


@dataclass(frozen=True, slots=True)
class State:
    """The full table.  Field order is the order of the text notation."""

    players: int = 4
    investigators: tuple[str, ...] = INVESTIGATORS
    characters: int = 7
    slots: int = 9
    hour: int = 0
    cubes: int = 4
    board: tuple[tuple[Loc, Cell], ...] = ()
    layout: tuple[str, ...] = LIEUX  # the Lieu at NW, NE, SE, SW
    rotation: tuple[int, ...] = (0, 0, 0, 0)  # quarter turns clockwise of R, C, P, G
    agency: tuple[str, ...] = ()
    demon: str | None = None
    reserve: tuple[int, ...] = (4, 4, 4, 4)
    stock: tuple[int, ...] = (2, 2, 2, 2)
    traps: tuple[str, ...] = ()
    trap_discard: tuple[str, ...] = ()
    id_deck: tuple[str, ...] = ()
    id_discard: tuple[str, ...] = ()
    limbes_deck: tuple[str, ...] = ()
    limbes_discard: tuple[str, ...] = ()
    objets: tuple[str | None, ...] = (None, None, None, None)
    curses: tuple[Curse, ...] = ()
    closed: tuple[bool, ...] = (False, False, False, False)
    seen: tuple[tuple[tuple[Loc, str], ...], ...] = ((), (), (), ())
    held: tuple[tuple[str, int | None], ...] = ()  # tiles in hand during a shuffle, with their clue
    dests: tuple[Loc, ...] = ()  # the slots chosen for them
    current: int = 0
    turn: TurnInfo = field(default_factory=TurnInfo)
    steps: tuple[Step, ...] = ()
    result: str | None = None  # "win" or "loss"
    rule: str | None = None  # the clause that ended the game

    def cell(self, loc: Loc) -> Cell | None:
        for where, cell in self.board:
            if where == loc:
                return cell
        return None

    @property
    def cleared(self) -> int:
        return len(self.agency)

    @property
    def to_clear(self) -> int:
        """Suspects to clear for the win: all but the demon's host (13 with 7 characters)."""
        return 2 * self.characters - 1


def initial_state(rules: Rules) -> State:
    """The table before the deal: decks and piles full, clock at its start, board empty.

    (Part of OMBRES.SETUP.)
    """
    s = rules.setup
    n = s.players
    return State(
        players=n,
        investigators=INVESTIGATORS[:n],
        characters=s.characters,
        slots=s.slots,
        hour=s.clock_start,
        cubes=s.hercule_cubes,
        reserve=(s.clues,) * n,
        stock=(s.spare_clues,) * n,
        traps=s.traps(),
        id_deck=s.id_deck(),
        limbes_deck=s.limbes_deck(),
        objets=(None,) * n,
        closed=(False,) * n,
        seen=((),) * n,
        steps=(Step("deal"),),
    )


class Table:
    """The mutable twin of `State` that the rules change during one action."""

    def __init__(self, state: State) -> None:
        for f in fields(State):
            setattr(self, f.name, getattr(state, f.name))
        self.board_map: dict[Loc, Cell] = dict(state.board)
        self.seen_maps: list[dict[Loc, str]] = [dict(s) for s in state.seen]
        self.reserve_l = list(state.reserve)
        self.stock_l = list(state.stock)
        self.objets_l = list(state.objets)
        self.closed_l = list(state.closed)
        self.steps_l = list(state.steps)
        self.events: list[Event] = []

    def emit(self, kind: str, rule: str, text: str, *args: str) -> None:
        self.events.append(Event(kind, rule, text, args))

    # Fields copied from State (declared for the type checker).
    players: int
    investigators: tuple[str, ...]
    characters: int
    slots: int
    hour: int
    cubes: int
    layout: tuple[str, ...]
    rotation: tuple[int, ...]
    agency: tuple[str, ...]
    demon: str | None
    traps: tuple[str, ...]
    trap_discard: tuple[str, ...]
    id_deck: tuple[str, ...]
    id_discard: tuple[str, ...]
    limbes_deck: tuple[str, ...]
    limbes_discard: tuple[str, ...]
    curses: tuple[Curse, ...]
    held: tuple[tuple[str, int | None], ...]
    dests: tuple[Loc, ...]
    current: int
    turn: TurnInfo
    result: str | None
    rule: str | None

    def freeze(self) -> State:
        return State(
            players=self.players,
            investigators=self.investigators,
            characters=self.characters,
            slots=self.slots,
            hour=self.hour,
            cubes=self.cubes,
            board=tuple(sorted(self.board_map.items(), key=lambda item: loc_key(item[0]))),
            layout=self.layout,
            rotation=self.rotation,
            agency=self.agency,
            demon=self.demon,
            reserve=tuple(self.reserve_l),
            stock=tuple(self.stock_l),
            traps=self.traps,
            trap_discard=self.trap_discard,
            id_deck=self.id_deck,
            id_discard=self.id_discard,
            limbes_deck=self.limbes_deck,
            limbes_discard=self.limbes_discard,
            objets=tuple(self.objets_l),
            curses=self.curses,
            closed=tuple(self.closed_l),
            seen=tuple(tuple(sorted(m.items(), key=lambda item: loc_key(item[0]))) for m in self.seen_maps),
            held=self.held,
            dests=self.dests,
            current=self.current,
            turn=self.turn,
            steps=tuple(self.steps_l),
            result=self.result,
            rule=self.rule,
        )

    def set_cell(self, loc: Loc, **changes: object) -> None:
        self.board_map[loc] = replace(self.board_map[loc], **changes)  # type: ignore[arg-type]


def without(pile: tuple[str, ...], item: str) -> tuple[str, ...]:
    """A sorted multiset with one ``item`` taken out."""
    items = list(pile)
    items.remove(item)
    return tuple(items)


def plus(pile: tuple[str, ...], *items: str) -> tuple[str, ...]:
    return tuple(sorted((*pile, *items)))


def _invalid(message: str) -> InvalidPosition:
    return InvalidPosition(f"illegal: OMBRES.STATE.VALID: {message}")


def check_state(state: State) -> None:
    """Raise `InvalidPosition` unless every piece is in exactly one place and every count is in range.

    Rule: OMBRES.STATE.VALID
    """
    n = state.players
    if not 2 <= n <= 4:
        raise _invalid(f"{n} players (2 to 4)")
    per_player = (state.investigators, state.reserve, state.stock, state.objets, state.closed, state.seen)
    if any(len(values) != n for values in per_player):
        raise _invalid(f"a per-player list does not have {n} entries")
    if len(set(state.investigators)) != n or not set(state.investigators) <= set(INVESTIGATORS):
        raise _invalid(f"investigators {','.join(state.investigators)} are not distinct known investigators")
    if sorted(state.layout) != sorted(LIEUX) or len(state.rotation) != len(PLACES):
        raise _invalid("the layout does not hold each Lieu once")
    if not 0 <= state.hour <= 12:
        raise _invalid(f"the clock shows {state.hour} (0 to 12)")
    suspects = suspect_tiles(state.characters)
    count: Counter[str] = Counter()
    for loc, cell in state.board:
        if loc_lieu(loc) not in LIEUX or not 1 <= loc_slot(loc) <= state.slots:
            raise _invalid(f"slot {loc} is not on a Lieu of {state.slots} slots")
        if cell.tile not in suspects and not tile_is_trap(cell.tile):
            raise _invalid(f"unknown tile {cell.tile} at {loc}")
        if cell.cube and cell.up:
            raise _invalid(f"a Hercule cube on the face-up tile at {loc}")
        if cell.kept and not cell.up:
            raise _invalid(f"the Chronogyre tile at {loc} is face down")
        if cell.clue is not None and not 0 <= cell.clue < n:
            raise _invalid(f"a clue of player {cell.clue} at {loc}")
        if not tile_is_trap(cell.tile):
            count[cell.tile] += 1
    for tile in state.agency:
        if tile not in suspects:
            raise _invalid(f"unknown suspect {tile} at the Agence")
        count[tile] += 2
    for tile, _ in state.held:
        count[tile] += 1
    if state.demon is not None:
        if state.demon not in suspects:
            raise _invalid(f"the Démon tile {state.demon} is not a suspect")
        count[state.demon] += 1
    dealt = state.demon is not None
    for tile in suspects:
        if count[tile] > 2 or (dealt and count[tile] != 2):
            raise _invalid(f"suspect {tile} has {count[tile]} tiles in play (2 expected)")
    if len(state.agency) > state.to_clear:
        raise _invalid(f"{len(state.agency)} suspects at the Agence (at most {state.to_clear})")
    piles = (
        (state.traps, TRAP_KINDS), (state.trap_discard, TRAP_KINDS), (state.id_deck, ID_CARDS),
        (state.id_discard, ID_CARDS), (state.limbes_deck, LIMBES_CARDS), (state.limbes_discard, LIMBES_CARDS),
    )
    for pile, known in piles:
        if any(card not in known for card in pile):
            raise _invalid(f"unknown card or trap in {','.join(pile)}")
    if any(o is not None and o not in OBJETS for o in state.objets):
        raise _invalid("a held card that is not an Objet")
    if any(c.card not in MALEDICTIONS or not 0 <= c.drawer < n for c in state.curses):
        raise _invalid("a Malédiction in force that is not one")
    if not 0 <= state.current < n:
        raise _invalid(f"player {state.current} is not seated")
    if state.cubes < 0 or any(v < 0 for v in (*state.reserve, *state.stock)):
        raise _invalid("a negative count")
    head = state.steps[0].kind if state.steps else None
    draw_piles = {"draw-id": state.id_deck, "draw-limbes": state.limbes_deck, "draw-trap": state.traps}
    if head in draw_piles and not draw_piles[head]:
        raise _invalid(f"a {head} step with nothing to draw (the oracle rebuilds a pile before a draw is due)")
    if head == "shuffle" and not state.held:
        raise _invalid("a shuffle with no tile in hand")
    if state.result not in (None, "win", "loss"):
        raise _invalid(f"unknown result {state.result}")
