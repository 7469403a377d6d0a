"""The differential check for Memory: the independent Z3 model
(`properties.memory_model`) against the engine, action by action.

For every position, every copy of the player to move on its Focus era, and
every Memory action (Train aimed at either elephant, Command in each of the
four directions), both say whether the action is legal and, if it is, what
the elephants, hats and copies of all three eras become.  The positions are
those of the committed Memory vector set, each with either player to move.

    python -m properties.memory_differential
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, replace
from pathlib import Path

import z3

from oracle.games.ttykm.board import MOVES, NEIGHBOUR, SQUARES, Colour
from oracle.games.ttykm.notation import format_position, parse_position
from oracle.games.ttykm.objects import ELEPHANTS
from oracle.games.ttykm.rules.chapters import perform
from oracle.games.ttykm.rules.standard import Illegal
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.turn import Aimed
from properties import memory_model as mm

VECTORS = Path(__file__).resolve().parent.parent / "vectors" / "memory"

Outcome = tuple[tuple[tuple[int, int], ...], tuple[int, int]] | None
"""None when illegal; else ((square, hat) per era and elephant, (white mask, black mask))."""


def positions() -> list[Position]:
    """The distinct positions of the Memory vector set, each with either player to move."""
    texts: set[str] = set()
    for line in (VECTORS / "apply.jsonl").read_text().splitlines():
        record = json.loads(line)
        texts.update((record["position"], record["after"]))
    for line in (VECTORS / "illegal.jsonl").read_text().splitlines():
        texts.add(json.loads(line)["position"])
    for path in sorted((VECTORS / "playthroughs").glob("*.txt")):
        texts.update(line[len("position: "):] for line in path.read_text().splitlines()
                     if line.startswith("position: "))
    found: list[Position] = []
    for text in sorted(texts):
        position = parse_position(text)
        if position.to_move is None:
            continue
        found += [position, replace(position, to_move=position.to_move.opponent)]
    return found


@dataclass
class Model:
    """The model's formulas, built once, with a solver to evaluate them on concrete inputs."""

    r2: bool

    def __post_init__(self) -> None:
        self.m, self.a = mm.symbolic("m"), mm.symbolic_action("a")
        self.trained = mm.train(self.m, self.a, self.r2)
        self.stepped = mm.command(self.m, self.a)
        self.bits = mm.masks("m")
        self.legal = {True: mm.can_train(self.m, self.a), False: mm.can_command(self.m, self.a)}
        self.after = {True: self.trained, False: self.stepped}
        self.after_masks = {train: (mm.mask_of(self.after[train], mm.WHITE), mm.mask_of(self.after[train], mm.BLACK))
                            for train in (True, False)}
        self.solver = z3.Solver()

    def inputs(self, position: Position, player: int, active: int, elephant: int, direction: int) -> list[z3.BoolRef]:
        assert position.chapters is not None
        facts: list[z3.BoolRef] = [self.a.player == player, self.a.era == active // SQUARES,
                                   self.a.active == active % SQUARES, self.a.elephant == elephant,
                                   self.a.direction == direction]
        for c, thing in position.chapters.solids:
            j = ELEPHANTS.index(thing.kind)
            hat = mm.NONE if thing.hat is None else (mm.WHITE if thing.hat is Colour.WHITE else mm.BLACK)
            facts += [self.m.square[c // SQUARES][j] == c % SQUARES, self.m.hat[c // SQUARES][j] == hat]
        for colour, code in ((Colour.WHITE, mm.WHITE), (Colour.BLACK, mm.BLACK)):
            facts.append(self.bits[code] == position.copies[colour])
        return facts

    def outcome(self, facts: list[z3.BoolRef], train: bool) -> Outcome:
        after = self.after[train]
        self.solver.push()
        self.solver.add(facts)
        self.solver.add(self.legal[train])
        result = self.solver.check()
        try:
            if result == z3.unsat:
                return None
            assert result == z3.sat
            model = self.solver.model()

            def value(term: z3.ExprRef) -> int:
                return int(str(model.eval(term, model_completion=True)))

            elephants = tuple((value(after.square[e][j]), value(after.hat[e][j]))
                              for e in range(mm.ERAS) for j in (0, 1))
            white, black = self.after_masks[train]
            return elephants, (value(white), value(black))
        finally:
            self.solver.pop()


def engine_outcome(position: Position, colour: Colour, active: int, action: Aimed, ruleset: Ruleset) -> Outcome:
    step = perform(position, colour, active, action, ruleset)
    if isinstance(step, Illegal):
        return None
    after = step.position
    assert after.chapters is not None
    by_version = {(c // SQUARES, ELEPHANTS.index(t.kind)): (c % SQUARES, t.hat) for c, t in after.chapters.solids
                  if t.kind in ELEPHANTS}
    elephants = tuple(
        (by_version[(e, j)][0], 0 if by_version[(e, j)][1] is None else 1 + int(by_version[(e, j)][1] or 0))
        for e in range(mm.ERAS) for j in (0, 1))
    return elephants, after.copies


def differences(position: Position, model: Model, ruleset: Ruleset) -> list[str]:
    """Every Memory action on which the model and the engine disagree."""
    assert position.to_move is not None and position.chapters is not None
    colour = position.to_move
    player = mm.WHITE if colour is Colour.WHITE else mm.BLACK
    era = position.focus[colour]
    found = []
    squares = {(c // SQUARES, ELEPHANTS.index(t.kind)): c % SQUARES for c, t in position.chapters.solids}
    hats = {(c // SQUARES, ELEPHANTS.index(t.kind)): t.hat for c, t in position.chapters.solids}
    for active in (c for c in position.cells_of(colour) if c // SQUARES == era):
        for j in (0, 1):
            facts = model.inputs(position, player, active, j, 0)
            expected = model.outcome(facts, train=True)
            got = engine_outcome(position, colour, active, Aimed("T", squares[(era, j)]), ruleset)
            if expected != got:
                found.append(f"{format_position(position)}: T{squares[(era, j)]} from {active}: model {expected},"
                             f" engine {got}")
        rider = next((j for j in (0, 1) if hats[(era, j)] is colour), 0)
        for d, direction in enumerate(MOVES):
            facts = model.inputs(position, player, active, rider, d)
            expected = model.outcome(facts, train=False)
            target = NEIGHBOUR[direction][squares[(era, rider)]]
            if target is None:
                if expected is not None:
                    found.append(f"{format_position(position)}: the model commands off the board")
                continue
            got = engine_outcome(position, colour, active, Aimed("C", target), ruleset)
            if expected != got:
                found.append(f"{format_position(position)}: C{target} from {active}: model {expected}, engine {got}")
    return found


MEMORY = Ruleset.parse("memory")


def run(ruleset: Ruleset = MEMORY, limit: int | None = None) -> tuple[int, list[str]]:
    """(positions checked, differences)."""
    model = Model(r2=ruleset.train_propagation_r2)
    checked = positions()[:limit]
    found: list[str] = []
    for position in checked:
        found += differences(position, model, ruleset)
    return len(checked), found


def main(argv: list[str]) -> int:
    for name in ("memory", "memory+train-propagation=R2"):
        count, found = run(Ruleset.parse(name))
        print(f"{name}: {count} positions, {len(found)} differences")
        for line in found[:5]:
            print("  " + line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
