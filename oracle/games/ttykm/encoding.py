"""TTYKM as integers and tensors, for game-AI frameworks (spec/ttykm/encoding.md).

A turn is numbered from its four parts: the chosen copy's square, its first
and second action and the new Focus era.  The actions a turn may hold come
from an alphabet that depends only on the chapters the rules allow, so the
numbering of a ruleset never changes.  The observation is a stack of 4×4
planes, each plane once per era, read from the position's JSON form (the
whole position: TTYKM has no hidden information).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from oracle.errors import NotationError
from oracle.games.ttykm.board import ACTION_ORDER, FILES, MOVES, RANKS, SQUARES, Action, Era
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.turn import Aimed, Draw, Pull, Turn, TurnAction
from oracle.interface import Encoding, Json, Traits

NO_COPY = SQUARES
"""The copy part of a turn that chooses no copy (a player with no copy on their Focus era)."""
ERAS = tuple(Era)
PERPENDICULAR = {
    Action.NORTH: (Action.EAST, Action.WEST), Action.SOUTH: (Action.EAST, Action.WEST),
    Action.EAST: (Action.NORTH, Action.SOUTH), Action.WEST: (Action.NORTH, Action.SOUTH),
}

# The observation planes, in order (ENCODING.OBSERVATION).  Board planes mark cells; the others fill a whole
# era (the Focus planes) or all three (the rest).
PLANES = (
    "white copy", "black copy",
    "seed", "shrub", "tree", "fallen tree", "fallen tree's root",
    "neutral statue", "white statue", "black statue",
    "dark elephant", "light elephant", "white hat", "black hat",
    "white focus", "black focus", "white to move", "black to move",
    "white supply", "black supply", "white removed", "black removed",
    "seed supply", "white built", "black built",
    "growth", "influence", "memory", "convergence undrawn",
)
PLANE = {name: k for k, name in enumerate(PLANES)}
SHAPE = (len(PLANES) * len(ERAS), 4, 4)
"""Channel ``3 * k + e`` is plane k of `PLANES` on era e (past, present, future); then rank 1-4, file a-d."""
ERA_INDEX = {era.word: era.value for era in ERAS}
COLOURS = ("white", "black")


def chapters_allowed(rules: Ruleset) -> frozenset[str]:
    """The chapters whose actions a game under ``rules`` may see: a Convergence start may draw any pair."""
    if "convergence" in rules.chapters:
        return frozenset({"growth", "influence", "memory"})
    return frozenset(rules.chapters)


@cache
def alphabet(chapters: frozenset[str]) -> tuple[TurnAction, ...]:
    """The actions a turn may take under these chapters, in the oracle's order (OBJECTS.ORDER).

    Rule: ENCODING.ACTIONS
    The six standard actions; with Growth, Plant then Dig up on each square
    a1 ... d4; with Influence, each Move with pull followed by its two
    sideways pulls, then Build on each square; with Memory, Train then
    Command on each square; with Influence and Memory together, Command with
    pull on each square.
    """
    letters: list[TurnAction] = list(ACTION_ORDER)
    squares = range(SQUARES)
    if "growth" in chapters:
        letters += [Aimed(letter, s) for letter in "PD" for s in squares]
    if "influence" in chapters:
        for d in MOVES:
            letters += [Pull(d), *(Pull(d, side) for side in PERPENDICULAR[d])]
        letters += [Aimed("B", s) for s in squares]
    if "memory" in chapters:
        letters += [Aimed(letter, s) for letter in "TC" for s in squares]
    if {"influence", "memory"} <= chapters:
        letters += [Aimed("C", s, pull=True) for s in squares]
    return tuple(letters)


@cache
def _letter_index(chapters: frozenset[str]) -> Mapping[TurnAction, int]:
    return {letter: k + 1 for k, letter in enumerate(alphabet(chapters))}  # 0 is "no action"


class TTYKMEncoding:
    """The `oracle.interface.Encoding` of TTYKM."""

    def traits(self, rules: Ruleset) -> Traits:
        chance = "convergence" in rules.chapters  # only a Convergence start has chance: its draw
        return Traits(simultaneous=False, chance=chance, sampled_chance=False, perfect_information=True,
                      cooperative=False, seats=(2, 2))

    def settings(self) -> Mapping[str, int]:
        return {}

    def player_count(self, rules: Ruleset) -> int:
        return 2

    def num_actions(self, rules: Ruleset) -> int:
        letters = len(alphabet(chapters_allowed(rules))) + 1
        return (SQUARES + 1) * letters * letters * len(ERAS)

    def action_id(self, action: Turn | Draw, rules: Ruleset) -> int:
        if not isinstance(action, Turn) or action.focus is None:
            raise NotationError("only a complete turn has a number (a draw is a chance outcome)", str(action))
        index = _letter_index(chapters_allowed(rules))
        parts = [*action.actions, None, None][:2]
        codes = []
        for part in parts:
            code = 0 if part is None else index.get(part)
            if code is None:
                raise NotationError("this action is not in the ruleset's alphabet (ENCODING.ACTIONS)", str(part))
            codes.append(code)
        letters = len(index) + 1
        copy = NO_COPY if action.copy is None else action.copy
        return ((copy * letters + codes[0]) * letters + codes[1]) * len(ERAS) + int(action.focus)

    def action_of(self, action_id: int, rules: Ruleset) -> Turn:
        letters_ = alphabet(chapters_allowed(rules))
        letters = len(letters_) + 1
        if not 0 <= action_id < self.num_actions(rules):
            raise NotationError(f"an action number is 0 to {self.num_actions(rules) - 1}", str(action_id))
        rest, focus = divmod(action_id, len(ERAS))
        rest, second = divmod(rest, letters)
        copy, first = divmod(rest, letters)
        if (copy == NO_COPY) != (first == 0) or (first == 0 and second != 0):
            raise NotationError("this number stands for no turn: a copy takes the actions, in order", str(action_id))
        actions = tuple(letters_[code - 1] for code in (first, second) if code)
        return Turn(None if copy == NO_COPY else copy, actions, ERAS[focus])

    def max_chance_outcomes(self, rules: Ruleset) -> int:
        return 3 if "convergence" in rules.chapters else 0  # the three pairs (CONVERGENCE.DRAW)

    def observation_shape(self, rules: Ruleset) -> tuple[int, ...]:
        return SHAPE

    def observation_tensor(self, view: Json, player: int, rules: Ruleset) -> list[float]:
        return observation_tensor(view)


def _cell(name: str) -> int:
    """The flat offset of a cell such as ``past:b3`` within one plane (era, rank, file)."""
    era, _, square = name.partition(":")
    return ERA_INDEX[era] * SQUARES + RANKS.index(square[1]) * 4 + FILES.index(square[0])


def observation_tensor(view: Json) -> list[float]:
    """The planes of a position, from its JSON form (NOTATION.JSON), flattened plane by plane.

    Rule: ENCODING.OBSERVATION
    """
    size = len(ERAS) * SQUARES
    planes = [[0.0] * size for _ in PLANES]

    def mark(plane: str, cells: list[str]) -> None:
        for name in cells:
            planes[PLANE[plane]][_cell(name)] = 1.0

    def fill(plane: str, value: float, era: str | None = None) -> None:
        row = planes[PLANE[plane]]
        lo, hi = (0, size) if era is None else (ERA_INDEX[era] * SQUARES, (ERA_INDEX[era] + 1) * SQUARES)
        row[lo:hi] = [value] * (hi - lo)

    for colour in COLOURS:
        mark(f"{colour} copy", view["copies"][colour])
        fill(f"{colour} focus", 1.0, view["focus"][colour])
        fill(f"{colour} supply", view["supply"][colour] / 4)
        fill(f"{colour} removed", view["removed"][colour] / 7)
        if view["turn"] == colour:
            fill(f"{colour} to move", 1.0)
    rules = str(view.get("rules", ""))
    if rules == "convergence":
        fill("convergence undrawn", 1.0)
    for chapter in ("growth", "influence", "memory"):
        if chapter in rules.split("+"):
            fill(chapter, 1.0)
    objects = view.get("objects")
    if objects is not None:
        for kind in ("seed", "shrub", "tree"):
            mark(kind, objects[kind])
        mark("fallen tree", [f["cell"] for f in objects["fallen"]])
        mark("fallen tree's root", [f["root"] for f in objects["fallen"]])
        fill("seed supply", view["seeds"] / 5)
    statues = view.get("statues")
    if statues is not None:
        for owner in ("neutral", *COLOURS):
            mark(f"{owner} statue", statues[owner])
        for colour in COLOURS:
            fill(f"{colour} built", 1.0 if view["built"][colour] else 0.0)
    for elephant in view.get("elephants", ()):
        mark(elephant["elephant"].replace("-", " "), [elephant["cell"]])
        if elephant["hat"] is not None:
            mark(f"{elephant['hat']} hat", [elephant["cell"]])
    return [value for row in planes for value in row]


ENCODING: Encoding[Turn | Draw, Ruleset] = TTYKMEncoding()
