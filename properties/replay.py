"""Replay a turn's events on the position before it (rule ORACLE.EVENTS).

Each event is checked to be possible at the moment it is replayed (the copy
it names is there, the square it enters is empty, a crushed copy is at the
wall) and then applied.  After the last event the turn passes to the other
player unless a `won` event ended the game.  This is test code: it knows only
what each event says, not the rules that produced it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from oracle.games.ttykm import events as ev
from oracle.games.ttykm.board import NEIGHBOUR, SQUARES, Action, Colour, Era
from oracle.games.ttykm.notation import event_text
from oracle.games.ttykm.objects import Kind, Thing, statue
from oracle.games.ttykm.state import Position


class ReplayError(AssertionError):
    """An event that is impossible at the moment it is replayed."""


@dataclass
class Board:
    """A mutable copy of a position's facts while events are replayed."""

    copies: list[int]
    supply: list[int]
    removed: list[int]
    focus: list[Era]
    to_move: Colour | None
    winner: Colour | None = None
    log: list[str] = field(default_factory=list)
    seeds: int = 0
    solids: dict[int, Thing] = field(default_factory=dict)
    seed_supply: int = 0
    built: list[bool] = field(default_factory=lambda: [False, False])

    def holds(self, colour: Colour, cell: int) -> bool:
        return bool(self.copies[colour] >> cell & 1)

    def empty(self, cell: int) -> bool:
        return not (self.copies[0] | self.copies[1]) >> cell & 1

    def require(self, ok: bool, why: str) -> None:
        if not ok:
            raise ReplayError(f"{self.log[-1]}: {why}")

    def step(self, colour: Colour, source: int, target: int) -> None:
        self.require(self.holds(colour, source), "no such copy there")
        self.require(self.empty(target), "the square entered is not empty")
        self.require(target not in self.solids, "the square entered holds an object")
        self.copies[colour] = self.copies[colour] & ~(1 << source) | 1 << target


    def elephant_step(self, kind: Kind, source: int, target: int, direction: Action) -> None:
        thing = self.solids.get(source)
        self.require(thing is not None and thing.kind is kind, "no such elephant there")
        self.require(NEIGHBOUR[direction][source % SQUARES] == target % SQUARES, "not one step that way")
        self.require(self.empty(target) and target not in self.solids, "the elephant enters an occupied square")
        assert thing is not None
        del self.solids[source]
        self.solids[target] = thing


def replay(before: Position, events: tuple[ev.Event, ...]) -> Position:
    """The position the events lead to from ``before``."""
    b = Board([*before.copies], [*before.supply], [*before.removed], [*before.focus], before.to_move)
    if before.chapters is not None:
        chapters = before.chapters
        b.seeds, b.solids, b.seed_supply = chapters.seeds, dict(chapters.solids), chapters.seed_supply
        b.built = [*chapters.built]
    mover = before.to_move
    for event in events:
        b.log.append(event_text(event))
        b.require(b.winner is None, "an event after the win")
        match event:
            case ev.CopyChosen(colour, cell):
                b.require(colour == mover and b.holds(colour, cell), "not the mover's copy")
            case ev.Moved(colour, source, target, direction) | ev.Pushed(colour, source, target, direction):
                b.require(source // SQUARES == target // SQUARES, "a Move leaves its era")
                b.require(NEIGHBOUR[direction][source % SQUARES] == target % SQUARES, "not one step that way")
                b.step(colour, source, target)
            case ev.Crushed(colour, cell, direction):
                b.require(b.holds(colour, cell), "no such copy there")
                beyond = NEIGHBOUR[direction][cell % SQUARES]
                b.require(beyond is None or cell - cell % SQUARES + beyond in b.solids, "no wall or object beyond it")
                b.copies[colour] &= ~(1 << cell)
                b.removed[colour] += 1
            case ev.Paradox(colour, pushed, struck):
                b.require(b.holds(colour, pushed) and b.holds(colour, struck), "the two copies are not there")
                b.copies[colour] &= ~(1 << pushed | 1 << struck)
                b.removed[colour] += 2
            case ev.Travelled(colour, source, target):
                b.require(abs(target // SQUARES - source // SQUARES) == 1, "not to the next or previous era")
                b.require(source % SQUARES == target % SQUARES, "not to the same square")
                b.step(colour, source, target)
            case ev.Created(colour, cell):
                b.require(b.empty(cell), "the square is not empty")
                b.require(cell not in b.solids, "the square holds an object")
                b.require(b.supply[colour] > 0, "the supply is empty")
                b.copies[colour] |= 1 << cell
                b.supply[colour] -= 1
            case ev.FocusMoved(colour, source, target):
                b.require(colour == mover and b.focus[colour] == source, "not the mover's Focus")
                b.focus[colour] = target
            case ev.Won(colour):
                b.require(colour == mover, "only the mover can win")
                b.winner, b.to_move = colour, None
            case ev.Planted(colour, cell):
                b.require(colour == mover and not b.seeds >> cell & 1 and cell not in b.solids, "no room for a seed")
                b.require(b.seed_supply > 0, "no seed in supply")
                b.seeds |= 1 << cell
                b.seed_supply -= 1
            case ev.Dug(colour, cell):
                b.require(colour == mover and bool(b.seeds >> cell & 1), "no seed there")
                b.seeds &= ~(1 << cell)
                b.seed_supply += 1
            case ev.Grew(what, cell):
                used = not b.empty(cell) or b.seeds >> cell & 1 or cell in b.solids
                b.require(not used, "growth onto a used square")
                b.solids[cell] = Thing(Kind(what))
            case ev.Cleared("seed", cell):
                b.require(bool(b.seeds >> cell & 1), "no seed there")
                b.seeds &= ~(1 << cell)
                b.seed_supply += 1
            case ev.Cleared(what, cell):
                b.require(cell in b.solids and b.solids[cell].kind is Kind(what), f"no {what} there")
                del b.solids[cell]
            case ev.Fell(source, target, direction):
                b.require(source in b.solids and b.solids[source].kind is Kind.TREE, "no standing tree there")
                b.require(NEIGHBOUR[direction][source % SQUARES] == target % SQUARES, "not one step that way")
                b.require(b.empty(target) and target not in b.solids, "the tree lands on something")
                del b.solids[source]
                b.solids[target] = Thing(Kind.FALLEN, source)
            case ev.Flattened(colour, cell) | ev.Trampled(colour, cell):
                b.require(b.holds(colour, cell), "no such copy there")
                b.copies[colour] &= ~(1 << cell)
                b.removed[colour] += 1
            case ev.HatOn(colour, elephant, cell):
                b.require(cell in b.solids and b.solids[cell] == Thing(Kind(elephant)), "no wild elephant there")
                era = cell // SQUARES
                others = [c for c, t in b.solids.items() if c // SQUARES == era and t.hat is colour]
                b.require(not others, "a second hat of one colour on an era")
                b.solids[cell] = Thing(Kind(elephant), hat=colour)
            case ev.HatOff(colour, elephant, cell):
                b.require(b.solids.get(cell) == Thing(Kind(elephant), hat=colour), "no such hat there")
                b.solids[cell] = Thing(Kind(elephant))
            case ev.Commanded(colour, elephant, source, target, direction):
                # a wild elephant never moves: only the player whose hat it wears commands it
                b.require(b.solids.get(source, Thing(Kind(elephant))).hat is colour, "the elephant wears no such hat")
                b.elephant_step(Kind(elephant), source, target, direction)
            case ev.Stepped(elephant, source, target, direction):
                b.elephant_step(Kind(elephant), source, target, direction)
            case ev.Shifted(owner, source, target, direction):
                b.require(b.solids.get(source) == statue(owner), "no such statue there")
                b.require(NEIGHBOUR[direction][source % SQUARES] == target % SQUARES, "not one step that way")
                b.require(source // SQUARES == target // SQUARES, "a statue leaves its era")
                b.require(b.empty(target) and target not in b.solids, "the statue enters an occupied square")
                b.require(not b.seeds >> target & 1, "the statue enters a seed")
                b.solids[target] = b.solids.pop(source)
            case ev.Halted(owner, cell, _):
                b.require(b.solids.get(cell) == statue(owner), "no such statue there")
            case ev.Built(colour, cell):
                b.require(colour == mover and not b.built[colour], "not the mover's first build")
                b.require(b.empty(cell) and cell not in b.solids and not b.seeds >> cell & 1, "the square is not empty")
                b.solids[cell] = statue(colour)
                b.built[colour] = True
            case ev.Placed(colour, cell, _):
                b.require(b.empty(cell) and cell not in b.solids and not b.seeds >> cell & 1, "the square is not free")
                b.solids[cell] = statue(colour)
            case ev.Unplaced():
                pass
    if b.winner is None:
        assert mover is not None
        b.to_move = mover.opponent
    objects = None
    if before.chapters is not None:
        objects = before.chapters.with_objects(b.seeds, b.solids, b.seed_supply, (b.built[0], b.built[1]))
    return Position((b.copies[0], b.copies[1]), (b.supply[0], b.supply[1]), (b.removed[0], b.removed[1]),
                    (b.focus[0], b.focus[1]), b.to_move, b.winner, objects)
