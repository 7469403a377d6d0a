"""A state of *L'heure des 3 ombres*: the whole table as the oracle holds it, hidden tiles included.

(spec/trois-ombres/state.md)

`State` is immutable.  The rules work on a `Table`, its mutable twin, for
the length of one action, and freeze it again; nothing outside the rules
ever sees a `Table`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace

from oracle.games.trois_ombres.components import (
    INVESTIGATORS,
    LIEUX,
    Loc,
    Rules,
    loc_key,
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
    variants: str | None = None  # the rules played, when recorded (OMBRES.NOTATION.VARIANTS)
    view: int | None = None  # the seat whose view this is; None for the whole table (OMBRES.VIEW)
    unseen: tuple[str, ...] = ()  # in a view: the tiles whose place the viewer does not know

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


# The names of a state's fields, in the order of the text notation.
STATE_FIELDS = tuple(f.name for f in fields(State))


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
        variants=rules.recorded,
    )


class Table:
    """The mutable twin of `State` that the rules change during one action."""

    def __init__(self, state: State) -> None:
        for name in STATE_FIELDS:
            setattr(self, name, getattr(state, name))
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
    variants: str | None
    view: int | None
    unseen: tuple[str, ...]

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
            variants=self.variants,
            view=self.view,
            unseen=self.unseen,
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


def reshuffled(table: Table, pile: tuple[str, ...], discard: tuple[str, ...], rule: str,
               text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``pile`` and its ``discard`` once an empty pile has taken the shuffled discard, which a ``reshuffle``
    event under ``rule`` says (``text``); a pile is a multiset, so the shuffle is only each draw's chance."""
    if pile or not discard:
        return pile, discard
    table.emit("reshuffle", rule, text)
    return discard, ()
