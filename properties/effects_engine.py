"""The engine's side of the order-of-effects differential check: positions of
the Convergence pairs, the engine's eras as the model's worlds, and the
comparison of the engine's propagation with the independent model
(`properties.effects_z3`) after every action of every copy.

The engine resolves each action in its own era (the chapter rules), then
`oracle.games.ttykm.rules.effects.propagate` carries its effects on.  The
check snapshots the scene between the two, gives the model the same eras and
the same recorded effects, and compares every era afterwards: every square's
solid thing, seed and hat, the copies killed, the seed supply and the number
of events.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from oracle.games.ttykm.board import MOVES, SQUARES, Action, Colour, Era
from oracle.games.ttykm.notation import format_position, parse_position
from oracle.games.ttykm.objects import Kind, Thing
from oracle.games.ttykm.rules import effects
from oracle.games.ttykm.rules.chapters import _resolve, candidate_actions
from oracle.games.ttykm.rules.standard import Illegal, perform
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.scene import (
    Effect,
    ElephantStepped,
    Scene,
    SeedPlaced,
    SeedRemoved,
    ShrubGrown,
    ShrubRemoved,
    StatueBuilt,
    StatueMoved,
    Trained,
)
from oracle.games.ttykm.state import Position, check_position
from oracle.games.ttykm.turn import Aimed, TurnAction
from oracle.games.ttykm.vector_sets import PAIR_POSITIONS
from properties import effects_z3 as model

PAIRS = ("growth+influence", "growth+memory", "influence+memory")
STATUE = {None: model.NEUTRAL, Colour.WHITE: model.WHITE_STATUE, Colour.BLACK: model.BLACK_STATUE}
ELEPHANT = {Kind.DARK_ELEPHANT: model.DARK, Kind.LIGHT_ELEPHANT: model.LIGHT}
HAT = {None: model.NO_HAT, Colour.WHITE: model.WHITE, Colour.BLACK: model.BLACK}


def code(thing: Thing) -> int:
    """The model's number for an object."""
    if thing.kind is Kind.STATUE:
        return STATUE[thing.owner]
    if thing.kind in ELEPHANT:
        return ELEPHANT[thing.kind]
    if thing.kind is Kind.FALLEN:
        assert thing.root is not None
        return model.FALLEN + thing.root % SQUARES
    return {Kind.SHRUB: model.SHRUB, Kind.TREE: model.TREE}[thing.kind]


def worlds(scene: Scene) -> list[model.World]:
    """The three eras of a scene as the model's worlds."""
    result = []
    for era in Era:
        base = era * SQUARES
        solid = [model.EMPTY] * SQUARES
        hat = [model.NO_HAT] * SQUARES
        for s in range(SQUARES):
            colour = scene.copy_at(base + s)
            if colour is not None:
                solid[s] = model.WHITE if colour is Colour.WHITE else model.BLACK
            thing = scene.solid(base + s)
            if thing is not None:
                solid[s] = code(thing)
                hat[s] = HAT[thing.hat]
        seed = [scene.has_seed(base + s) for s in range(SQUARES)]
        result.append(model.World(model.BOARD, solid, seed, hat))
    return result


def effect(e: Effect) -> model.Effect:
    """An engine effect as the model's."""
    match e:
        case SeedRemoved(s) | ShrubRemoved(s) | SeedPlaced(s) | ShrubGrown(s):
            return model.Effect(type(e).__name__, s)
        case StatueBuilt(owner, s, d):
            return model.Effect("StatueBuilt", s, STATUE[owner], d.value)
        case StatueMoved(owner, d):
            return model.Effect("StatueMoved", owner=STATUE[owner], direction=d.value)
        case Trained(kind, colour):
            return model.Effect("Trained", ELEPHANT[kind], HAT[colour])
        case ElephantStepped():
            raise ValueError("the model has no elephant-moves-propagate")
    raise AssertionError(e)  # pragma: no cover


def view(world: model.World) -> tuple[object, ...]:
    return tuple(world.solid), tuple(world.seed), tuple(world.hat)


@dataclass(frozen=True)
class Case:
    """One action of one copy in one position: where the model and the engine are compared."""

    position: Position
    active: int
    action: TurnAction

    def __str__(self) -> str:
        return f"{format_position(self.position)} : copy {self.active} {self.action}"


def compare(case: Case, ruleset: Ruleset, *, recorded_order: bool = False) -> str | None:
    """None when the engine and the model agree on the propagation of the
    case's action (or it is illegal); else what differs.  Under
    ``recorded_order`` the model runs the variant effect-order=recorded."""
    position, active = case.position, case.active
    colour = Colour.WHITE if position.copies[0] >> active & 1 else Colour.BLACK
    scene = Scene(position, active)
    if _resolve(scene, colour, active, case.action, ruleset) is not None:
        return None
    era = active // SQUARES
    before = worlds(scene)
    recorded = [effect(e) for e in scene.effects[era]]
    removed, supply, events = list(scene.removed), scene.seed_supply, len(scene.events)
    effects.propagate(scene, era, ruleset)
    expected = model.propagate(before, era, recorded, recorded_order=recorded_order)
    arriving = len(recorded)
    for k in range(era + 1, len(expected)):  # the bound of effects-terminate-bounded, on the real board
        assert expected[k].events <= 9 * arriving and len(expected[k].records) <= 5 * arriving, case
        arriving = len(expected[k].records)
    actual = worlds(scene)
    for k in Era:
        if view(expected[k]) != view(actual[k]):
            return f"{case}: the {k.word} differs: model {view(expected[k])}, engine {view(actual[k])}"
    killed = [removed[c] + sum(w.removed[c] for w in expected) for c in (0, 1)]
    if killed != scene.removed:
        return f"{case}: copies removed: model {killed}, engine {scene.removed}"
    if supply + sum(w.supply for w in expected) != scene.seed_supply:
        return f"{case}: seed supply: model {supply + sum(w.supply for w in expected)}, engine {scene.seed_supply}"
    if events + sum(w.events for w in expected) != len(scene.events):
        return f"{case}: events: model {sum(w.events for w in expected)}, engine {len(scene.events) - events}"
    return None


def cases(position: Position) -> list[Case]:
    """Every candidate action of every copy of either colour."""
    found = []
    for c in range(3 * SQUARES):
        if (position.copies[0] | position.copies[1]) >> c & 1:
            found += [Case(position, c, a) for a in candidate_actions(position, c)]
    return found


def pair_positions(pair: str, count: int, seed: int) -> list[Position]:
    """``count`` distinct positions of ``pair``: random walks of legal actions
    by copies of either colour from each of the pair's named positions (the
    start and the rulings' scenarios), every one a valid position."""
    rng = random.Random(seed)
    ruleset = Ruleset.parse(pair)
    starts = [parse_position(n.text) for n in PAIR_POSITIONS[pair]]
    found: dict[Position, None] = dict.fromkeys(starts)
    position = starts[0]
    while len(found) < count:
        if rng.random() < 0.08:
            position = rng.choice(starts)
        options = cases(position)
        rng.shuffle(options)
        for case in options:
            step = perform(position, Colour.WHITE if position.copies[0] >> case.active & 1 else Colour.BLACK,
                           case.active, case.action, ruleset)
            if not isinstance(step, Illegal) and step.position != position:
                position = step.position
                break
        else:
            position = rng.choice(starts)
            continue
        if position.copies[0] and position.copies[1]:
            check_position(position)
            found[position] = None
    return list(found)[:count]


def differential(
    positions: Iterable[Position], pair: str, *, limit: int = 1, recorded_order: bool = False
) -> list[str]:
    """The disagreements between the model and the engine, stopping after
    ``limit``; with ``recorded_order``, both under effect-order=recorded."""
    ruleset = Ruleset.parse(pair + ("+effect-order=recorded" if recorded_order else ""))
    problems: list[str] = []
    for position in positions:
        for case in cases(position):
            problem = compare(case, ruleset, recorded_order=recorded_order)
            if problem is not None:
                problems.append(problem)
                if len(problems) >= limit:
                    return problems
    return problems


# --- the acting era of a Command, where Memory meets the other chapter --------------------------------


def _acting_era_agrees(case: Case, scene: Scene, world: model.World, removed: list[int], supply: int, legal: bool,
                       engine_legal: bool) -> str | None:
    """None when the model's verdict and acting era (``world``, run from the scene's ``removed`` and
    ``supply``) agree with the engine's: the era's squares, the copies killed, the seeds returned and the
    effects recorded for the next era.  Shared by the Command and the Move comparisons."""
    if legal != engine_legal:
        said = {True: "legal", False: "illegal"}
        return f"{case}: the model says {said[legal]}, the engine {said[engine_legal]}"
    if not legal:
        return None
    era = case.active // SQUARES
    actual = worlds(scene)[era]
    if view(world) != view(actual):
        return f"{case}: the acting era differs: model {view(world)}, engine {view(actual)}"
    killed = [removed[c] + world.removed[c] for c in (0, 1)]
    if killed != scene.removed:
        return f"{case}: copies removed: model {killed}, engine {scene.removed}"
    if supply + world.supply != scene.seed_supply:
        return f"{case}: seed supply: model {supply + world.supply}, engine {scene.seed_supply}"
    recorded = sorted(map(repr, (effect(e) for e in scene.effects[era])))
    if sorted(map(repr, world.records)) != recorded:
        return f"{case}: recorded: model {sorted(map(repr, world.records))}, engine {recorded}"
    return None


def _differential(positions: Iterable[Position], pair: str, limit: int, cases_of: Callable[[Position], list[Case]],
                  compare: Callable[[Case, Ruleset], str | None]) -> list[str]:
    """The disagreements ``compare`` finds on the cases of every position, stopping after ``limit``."""
    ruleset = Ruleset.parse(pair)
    problems: list[str] = []
    for position in positions:
        for case in cases_of(position):
            problem = compare(case, ruleset)
            if problem is not None:
                problems.append(problem)
                if len(problems) >= limit:
                    return problems
    return problems


def command_cases(position: Position) -> list[Case]:
    """Every candidate Command (with or without pull) of every copy of either colour."""
    return [c for c in cases(position) if isinstance(c.action, Aimed) and c.action.letter == "C"]


def compare_command(case: Case, ruleset: Ruleset) -> str | None:
    """None when the engine and the acting-era model (`effects_z3.command_into`) agree on the case's
    Command: whether it is legal and, if it is, the acting era after it (every square's thing, seed and hat),
    the copies killed, the seeds returned and the effects recorded for the next era."""
    position, active = case.position, case.active
    assert isinstance(case.action, Aimed)
    colour = Colour.WHITE if position.copies[0] >> active & 1 else Colour.BLACK
    scene = Scene(position, active)
    era = active // SQUARES
    world = worlds(scene)[era]
    removed, supply = list(scene.removed), scene.seed_supply
    hat = HAT[colour]
    source = next((s for s in range(SQUARES) if world.solid[s] in model.ELEPHANTS and world.hat[s] == hat), None)
    direction = None if source is None else next(
        (d for d in "NESW" if model.BOARD.beyond(source, d) == case.action.square), None)
    legal = direction is not None and source is not None and model.command_into(
        world, source, direction, case.action.pull)
    engine_legal = _resolve(scene, colour, active, case.action, ruleset) is None
    return _acting_era_agrees(case, scene, world, removed, supply, legal, engine_legal)


def command_differential(positions: Iterable[Position], pair: str, *, limit: int = 1) -> list[str]:
    """The disagreements between the acting-era model and the engine on every Command, stopping after ``limit``."""
    return _differential(positions, pair, limit, command_cases, compare_command)


# --- the acting era of a copy's own Move, where two chapters meet ----------------------------------


def move_cases(position: Position) -> list[Case]:
    """Every candidate Move (N, E, S, W, without pull) of every copy of either colour."""
    return [c for c in cases(position) if isinstance(c.action, Action) and c.action in MOVES]


def compare_move(case: Case, ruleset: Ruleset) -> str | None:
    """None when the engine and the acting-era model (`effects_z3.move_into`) agree on the case's Move:
    whether it is legal and, if it is, the acting era after it (every square's thing, seed and hat), the
    copies killed, the seeds returned and the effects recorded for the next era."""
    position, active = case.position, case.active
    assert isinstance(case.action, Action)
    colour = Colour.WHITE if position.copies[0] >> active & 1 else Colour.BLACK
    scene = Scene(position, active)
    era = active // SQUARES
    world = worlds(scene)[era]
    removed, supply = list(scene.removed), scene.seed_supply
    legal = model.move_into(world, active % SQUARES, case.action.value, HAT[colour])
    engine_legal = _resolve(scene, colour, active, case.action, ruleset) is None
    return _acting_era_agrees(case, scene, world, removed, supply, legal, engine_legal)


def move_differential(positions: Iterable[Position], pair: str, *, limit: int = 1) -> list[str]:
    """The disagreements between the acting-era Move model and the engine on every Move, stopping after ``limit``."""
    return _differential(positions, pair, limit, move_cases, compare_move)
