"""Chapter 4, Convergence: two chapters together, and the draw of the pair.

Every chapter shares the push resolution (`oracle.games.ttykm.rules.push`)
and the order of effects (`oracle.games.ttykm.rules.effects`), so two
chapters play together without a rule of their own wherever their objects
meet as the shared rules say (a statue removing a seed, a statue blocked by a
shrub or an elephant, a tree falling onto a statue).  Where they meet without
a rule of either chapter, the pair rules (`CONVERGENCE.*`) are here, each pair
declared to the shared rules as one `Chapter` (`PAIR_RULES`): what a commanded
elephant does to the square it enters, and the elephant that pulls a statue.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from oracle.games.ttykm.board import MOVES, SQUARES, Action, Colour, cell_prose
from oracle.games.ttykm.events import Cleared
from oracle.games.ttykm.objects import Kind
from oracle.games.ttykm.rules import chapters, influence, memory
from oracle.games.ttykm.rules.hooks import Chapter, ElephantEntry, Refusal
from oracle.games.ttykm.rules.influence import OPPOSITE
from oracle.games.ttykm.rules.push import beyond, is_immovable, make_way
from oracle.games.ttykm.rules.step import Illegal
from oracle.games.ttykm.rules.variants import check_variants
from oracle.games.ttykm.ruleset import STANDARD, Ruleset
from oracle.games.ttykm.scene import Scene, ShrubRemoved
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.turn import Aimed, TurnAction

# --- a commanded elephant meets the other chapter's objects -----------------------------


def tree_entry_refusal(scene: Scene, target: int, direction: Action) -> Refusal | None:
    """Why a commanded elephant cannot enter a standing tree's square, or None.

    Rule: CONVERGENCE.ELEPHANT-TREE
    The tree must be able to fall the elephant's way; then it falls.
    """
    if is_immovable(scene, target, direction):
        return "CONVERGENCE.ELEPHANT-TREE", f"the tree there cannot fall {direction.word}"
    return None


def statue_entry_refusal(scene: Scene, target: int, direction: Action) -> Refusal | None:
    """Why a commanded elephant cannot enter a statue's square, or None.

    Rule: CONVERGENCE.ELEPHANT-STATUE
    The statue must be able to be pushed the elephant's way; then it is
    pushed, and its move carries to the later eras (the elephant's does not).
    """
    if is_immovable(scene, target, direction):
        thing = scene.solid(target)
        assert thing is not None
        return "CONVERGENCE.ELEPHANT-STATUE", f"the {thing.word} there cannot be pushed {direction.word}"
    return None


def never_refused(scene: Scene, target: int, direction: Action) -> Refusal | None:
    """Seeds, shrubs and fallen trees never stop a commanded elephant (it removes them)."""
    return None


def trample(scene: Scene, target: int, direction: Action) -> None:
    """A commanded elephant removes the shrub or fallen tree on the square it enters.

    Rule: CONVERGENCE.ELEPHANT-TRAMPLE
    A shrub's tree goes on the next era, as after Dig up (the shrub's removal
    is recorded), except under seed-removal-cascade=dig-only.  A seed there
    goes with the dig cascade, and a copy there is then trampled by the
    elephant's own step (MEMORY.TRAMPLE): the shared `elephant_enters` does both.
    """
    thing = scene.solids.pop(target)
    scene.events.append(Cleared(thing.kind.word, target))
    if thing.kind is Kind.SHRUB and not scene.ruleset.seed_removal_dig_only:
        scene.record(target, ShrubRemoved(target % SQUARES))


# --- an elephant that pulls a statue (Influence with Memory) -----------------------------


def elephant_pulls(scene: Scene, source: int, direction: Action, pull: bool, ruleset: Ruleset) -> int | None:
    """The cell of the statue a commanded elephant pulls, or None.

    Rule: CONVERGENCE.ELEPHANT-PULL
    The statue directly behind the elephant at the start of the Command,
    when the player pulls (``pull``), or always under pull=automatic.
    """
    if not (pull or ruleset.pull_automatic):
        return None
    behind = beyond(source, OPPOSITE[direction])
    thing = None if behind is None else scene.solid(behind)
    if thing is None or thing.kind is not Kind.STATUE:
        return None
    return behind


def elephant_pull_refusal(
    scene: Scene, colour: Colour, active: int, target: int, ruleset: Ruleset
) -> tuple[str, str] | None:
    """Why the commanded elephant cannot pull on its way to ``target``, or None.

    Only with a statue directly behind the elephant (against its step), and
    not under pull=automatic, where a Command pulls by itself.
    """
    if ruleset.pull_automatic:
        return "VARIANT.PULL-AUTOMATIC", "under pull=automatic a Command pulls by itself, written without +"
    source = memory.commanded(scene, colour, active)
    assert source is not None
    direction = memory.direction_to(source, target)
    assert direction is not None
    if elephant_pulls(scene, source, direction, True, ruleset) is None:
        return "CONVERGENCE.ELEPHANT-PULL", f"no statue stands directly behind the elephant on {cell_prose(source)}"
    return None


def elephant_pull_candidates(scene: Scene, colour: Colour, active: int) -> list[int]:
    """The squares a Command with pull may aim at, in square order (after every plain Command).

    See CONVERGENCE.ELEPHANT-PULL and MEMORY.ORDER.
    """
    source = memory.commanded(scene, colour, active)
    if source is None:
        return []
    squares = []
    for d in MOVES:
        target = beyond(source, d)
        behind = beyond(source, OPPOSITE[d])
        thing = None if behind is None else scene.solid(behind)
        if target is not None and thing is not None and thing.kind is Kind.STATUE:
            squares.append(target % SQUARES)
    return sorted(squares)


def command_with_statues(scene: Scene, colour: Colour, active: int, action: Aimed, ruleset: Ruleset) -> Illegal | None:
    """A Command in a game with statues: Memory's Command, and with pull (or
    under pull=automatic) the statue behind the elephant follows it."""
    target = active - active % SQUARES + action.square
    refusal = memory.command_refusal(scene, colour, active, target, ruleset)
    if refusal is None and action.pull:
        refusal = elephant_pull_refusal(scene, colour, active, target, ruleset)
    if refusal is not None:
        return memory.command_illegal(colour, target, action, refusal)
    source = memory.commanded(scene, colour, active)
    assert source is not None
    direction = memory.direction_to(source, target)
    assert direction is not None
    pulled = elephant_pulls(scene, source, direction, action.pull, ruleset)
    memory.command(scene, colour, active, target, ruleset)
    if pulled is not None:
        influence.pull(scene, pulled, direction)
    return None


def is_command(action: TurnAction) -> bool:
    return isinstance(action, Aimed) and action.letter == "C"


def pull_commands(position: Position, colour: Colour, active: int) -> Iterator[Aimed]:
    """The Commands with pull, after every plain Command (MEMORY.ORDER)."""
    scene = Scene(position, active)
    yield from (Aimed("C", square, pull=True) for square in elephant_pull_candidates(scene, colour, active))


# --- the pair rules, as the shared rules see them (oracle.games.ttykm.rules.hooks) -------


# Each hook calls its rule by name, so that a rule replaced in this module (a
# mutant of properties/) is the rule the engine runs.
_TRAMPLED = ElephantEntry(lambda scene, c, d: never_refused(scene, c, d), lambda scene, c, d: trample(scene, c, d))
_FELLED = ElephantEntry(lambda scene, c, d: tree_entry_refusal(scene, c, d), lambda scene, c, d: make_way(scene, c, d))
_PUSHED = ElephantEntry(lambda scene, c, d: statue_entry_refusal(scene, c, d),
                        lambda scene, c, d: make_way(scene, c, d))

GROWTH_INFLUENCE = Chapter(
    name="growth+influence",
    modules=frozenset({"growth", "influence"}),
    variants={
        "seed-removal-cascade=dig-only": frozenset(),
        "rebound-blocked=illegal": frozenset(),
        "effect-order=global-phases": frozenset(),
    },
)
"""Growth with Influence: their objects meet by the shared rules alone."""

GROWTH_MEMORY = Chapter(
    name="growth+memory",
    modules=frozenset({"growth", "memory"}),
    elephant_entries={
        Kind.SHRUB: _TRAMPLED,
        Kind.FALLEN: _TRAMPLED,
        Kind.TREE: _FELLED,
    },
    variants={"seed-removal-cascade=dig-only": frozenset()},
)
"""Growth with Memory: a commanded elephant tramples plants and fells trees."""

INFLUENCE_MEMORY = Chapter(
    name="influence+memory",
    modules=frozenset({"influence", "memory"}),
    elephant_entries={Kind.STATUE: _PUSHED},
    candidates=lambda position, colour, active: pull_commands(position, colour, active),
    claims=is_command,
    perform=lambda scene, colour, active, action, ruleset: command_with_statues(scene, colour, active, action, ruleset),
    variants={"rebound-blocked=illegal": frozenset()},
)
"""Influence with Memory: a commanded elephant pushes statues, and may pull one."""

PAIR_RULES: tuple[Chapter, ...] = (GROWTH_INFLUENCE, GROWTH_MEMORY, INFLUENCE_MEMORY)
"""The pair rules of Convergence, in chapter order (1-2, 1-3, 2-3)."""


# --- the draw of the pair ------------------------------------------------------

PAIRS: tuple[str, ...] = ("growth+influence", "growth+memory", "influence+memory")
"""The three pairs Convergence may draw, in chapter order (1-2, 1-3, 2-3)."""
UNDRAWN = frozenset({"convergence"})


def is_undrawn(position: Position) -> bool:
    """Whether ``position`` is a Convergence game whose pair is not drawn yet (``rules=convergence``)."""
    return position.chapters is not None and "convergence" in position.chapters.modules


def draw_outcomes(position: Position, ruleset: Ruleset = STANDARD) -> tuple[tuple[str, Fraction], ...]:
    """The pairs the draw may give, each with its chance; none once drawn.

    Rule: CONVERGENCE.DRAW
    Before the first turn, one of the three pairs is drawn at random, each
    with chance 1/3.
    """
    if not is_undrawn(position):
        return ()
    check_variants(UNDRAWN, ruleset)
    return tuple((pair, Fraction(1, len(PAIRS))) for pair in PAIRS)


def draw_refusal(position: Position, pair: str) -> tuple[str, str] | None:
    """Why ``pair`` cannot be drawn in ``position`` (CONVERGENCE.DRAW), as (rule, reason), or None."""
    if not is_undrawn(position):
        return "CONVERGENCE.DRAW", "no pair is to be drawn: the position already names its chapters"
    if pair not in PAIRS:
        return "CONVERGENCE.DRAW", f"{pair[:40]!r} is not a pair Convergence draws ({', '.join(PAIRS)})"
    return None


def drawn(position: Position, pair: str, ruleset: Ruleset) -> Position:
    """The start of the drawn pair: ``position`` (the standard start) with both
    chapters' setups, White to move.

    The draw's outcome (CONVERGENCE.DRAW, CONVERGENCE.PAIRS).
    The position names the pair in its ``rules=`` field from now on, so the
    game replays from the draw and its turns.
    """
    assert draw_refusal(position, pair) is None
    check_variants(UNDRAWN, ruleset)
    return chapters.start_position(frozenset(pair.split("+")), ruleset)
