"""The engine's side of the Influence differential check: positions as the
Z3 model's boards, and the engine's own push and propagation of one statue."""

from __future__ import annotations

from collections.abc import Iterable

from oracle.games.ttykm.board import SQUARES, Action, Colour, Era
from oracle.games.ttykm.objects import Kind
from oracle.games.ttykm.rules import influence
from oracle.games.ttykm.rules.effects import propagate
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.scene import Scene
from oracle.games.ttykm.state import Position
from properties.influence_z3 import NEUTRAL, STEP, Board, propagate_model

VALUE = {None: NEUTRAL, Colour.WHITE: NEUTRAL + 1, Colour.BLACK: NEUTRAL + 2}
DIRECTION = {"N": Action.NORTH, "E": Action.EAST, "S": Action.SOUTH, "W": Action.WEST}


def model_boards(position: Position) -> list[Board]:
    """The three eras as the model writes them."""
    assert position.chapters is not None
    boards = [[0] * SQUARES for _ in Era]
    for c in range(3 * SQUARES):
        for colour in Colour:
            if position.copies[colour] >> c & 1:
                boards[c // SQUARES][c % SQUARES] = 1 + colour
    for c, thing in position.chapters.solids:
        if thing.kind is Kind.STATUE:
            boards[c // SQUARES][c % SQUARES] = VALUE[thing.owner]
    return boards


def engine_propagation(position: Position, era: int, square: int, direction: str) -> list[Board] | None:
    """The engine pushes the statue on ``square`` of ``era`` and carries the
    moves to the later eras; None when the statue cannot be pushed."""
    scene = Scene(position, None)
    c = era * SQUARES + square
    d = DIRECTION[direction]
    if not influence.can_push(scene, c, d):
        return None
    influence.push_statue(scene, c, d)
    propagate(scene, era, Ruleset())
    return model_boards(scene.position())


def differential(positions: Iterable[Position]) -> list[str]:
    """Compare the model with the engine for every statue of every era of each
    position, pushed each way: the three boards after the push and its
    propagation must agree.  Returns the disagreements."""
    problems: list[str] = []
    for position in positions:
        boards = model_boards(position)
        for era in range(3):
            for square, value in enumerate(boards[era]):
                if value < NEUTRAL:
                    continue
                for d in STEP:
                    expected, moved = propagate_model(boards, era, square, d)
                    actual = engine_propagation(position, era, square, d)
                    if actual != (expected if moved else None):
                        problems.append(f"era {era} square {square} {d}: model {expected if moved else None},"
                                        f" engine {actual}")
    return problems
