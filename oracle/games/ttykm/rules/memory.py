"""Chapter 3, Memory: elephants, hats, training and commands.

One function per `MEMORY.*` clause of spec/ttykm/memory.md.  Train and
Command run on a `Scene` in the acting era.  Only training reaches later eras,
through the `Trained` effect that the order of effects
(`oracle.games.ttykm.rules.effects`) applies in the placement phase; a command
records no effect (unless the variant elephant-moves-propagate is in play).
What a commanded elephant does to another chapter's objects is the pair
rules' (`oracle.games.ttykm.rules.convergence`), reached through the shared
push resolution.  `CHAPTER` declares all of it to the shared rules.
"""

from __future__ import annotations

from collections.abc import Iterator

from oracle.games.ttykm.board import MOVES, NEIGHBOUR, SQUARES, Action, Colour, Era, cell, cell_prose
from oracle.games.ttykm.events import Commanded, HatOff, HatOn, Stepped, Trampled
from oracle.games.ttykm.objects import ELEPHANTS, Chapters, Kind, Thing
from oracle.games.ttykm.rules.hooks import Chapter, ElephantEntry, ObjectRules, Refusal
from oracle.games.ttykm.rules.push import beyond, elephant_enters, elephant_entry_refusal, remove_seed
from oracle.games.ttykm.rules.step import Illegal
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.scene import ElephantStepped, Scene, Trained
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.turn import Aimed, TurnAction

START = {Kind.DARK_ELEPHANT: 3, Kind.LIGHT_ELEPHANT: 12}
"""The start squares: the dark elephant on d1, the light one on a4 (MEMORY.SETUP)."""


def setup(chapters: Chapters, ruleset: Ruleset) -> Chapters:
    """The Memory start: the standard start, with a wild dark elephant on d1
    and a wild light elephant on a4 of every era, every hat in its owner's
    supply.

    Rule: MEMORY.SETUP
    The variant elephants=swapped exchanges the two squares (`start_squares`).
    """
    squares = start_squares(ruleset)
    solids = dict(chapters.solids)
    solids.update({cell(era, squares[kind]): Thing(kind) for era in Era for kind in ELEPHANTS})
    return chapters.with_objects(chapters.seeds, solids, chapters.seed_supply)


def start_squares(ruleset: Ruleset) -> dict[Kind, int]:
    """Variant elephants=swapped: the light elephant starts on d1 and the dark one on a4.

    Rule: VARIANT.ELEPHANTS-SWAPPED
    """
    if ruleset.elephants_swapped:
        return {Kind.DARK_ELEPHANT: START[Kind.LIGHT_ELEPHANT], Kind.LIGHT_ELEPHANT: START[Kind.DARK_ELEPHANT]}
    return dict(START)


def elephant_at(scene: Scene, era: int, kind: Kind) -> int:
    """The cell of the ``kind`` elephant's version on ``era``.

    Rule: MEMORY.ELEPHANTS
    Each elephant has exactly one version on every era; nothing removes one,
    so there is always one to find.
    """
    for c in range(cell(era, 0), cell(era, SQUARES - 1) + 1):
        thing = scene.solid(c)
        if thing is not None and thing.kind is kind:
            return c
    raise AssertionError(f"no {kind.word} on the {Era(era).word}")  # pragma: no cover: MEMORY.VALID


def other(kind: Kind) -> Kind:
    return Kind.LIGHT_ELEPHANT if kind is Kind.DARK_ELEPHANT else Kind.DARK_ELEPHANT


def candidates(scene: Scene, colour: Colour, active: int) -> list[tuple[str, int]]:
    """The Train and Command actions the copy on ``active`` may try, in order.

    Rule: MEMORY.ORDER
    After the standard actions (and Growth's), Train, aimed at an elephant's
    square next to the copy, then Command, aimed at the square the commanded
    elephant steps onto; each in square order a1, b1, ... d4.  Only the
    squares a rule could allow are listed.
    """
    era = active // SQUARES
    trains = sorted(c % SQUARES for c in train_reach(active) if _is_elephant(scene, c))
    commands: list[int] = []
    for kind in ELEPHANTS:
        c = elephant_at(scene, era, kind)
        if scene.solid(c) == Thing(kind, hat=colour):
            commands.extend(t % SQUARES for d in MOVES if (t := beyond(c, d)) is not None)
    return [("T", s) for s in trains] + [("C", s) for s in sorted(commands)]


def _is_elephant(scene: Scene, c: int) -> bool:
    thing = scene.solid(c)
    return thing is not None and thing.kind in ELEPHANTS


def train_reach(active: int) -> tuple[int, ...]:
    """The cells an elephant must stand on to be trained by the copy on ``active``.

    Rule: MEMORY.TRAIN.REACH
    "Next to" the copy: its four orthogonal neighbours on its own era.
    """
    return tuple(active - active % SQUARES + n for d in MOVES if (n := NEIGHBOUR[d][active % SQUARES]) is not None)


def train_refusal(scene: Scene, colour: Colour, active: int, target: int) -> tuple[str, str] | None:
    """Why Train on ``target`` is illegal, as (rule, reason), or None.

    Rule: MEMORY.TRAIN.OWN-HAT
    An elephant that already wears the player's own hat cannot be trained
    again (training it to reach its later versions is what the sentence
    forbids); one wearing the opponent's hat can.
    """
    if target not in train_reach(active):
        return "MEMORY.TRAIN.REACH", "it is not next to the copy"
    thing = scene.solid(target)
    if thing is None or thing.kind not in ELEPHANTS:
        return "MEMORY.TRAIN.REACH", "no elephant stands there"
    if thing.hat is colour:
        return "MEMORY.TRAIN.OWN-HAT", f"the {thing.kind.word} there already wears {colour.word}'s hat"
    return None


def train(scene: Scene, colour: Colour, target: int, ruleset: Ruleset) -> None:
    """Put a hat of ``colour`` on the elephant on ``target`` and record Trained.

    Rule: MEMORY.TRAIN
    An opponent's hat there returns to its owner's supply; the player's hat
    for this era comes off the other elephant if it is there
    (MEMORY.TRAIN.HAT), otherwise from the supply.  Trained is recorded in
    this era, so later versions may follow (MEMORY.TRAIN.LATER).
    """
    thing = scene.solid(target)
    assert thing is not None
    put_hat(scene, target, colour)
    if reaches_later(thing, ruleset):
        scene.record(target, Trained(thing.kind, colour))


def reaches_later(before: Thing, ruleset: Ruleset) -> bool:
    """Whether a training reaches later eras, given the elephant before it.

    Rule: VARIANT.TRAIN-HATTED-STAYS
    Always, except under the variant train-hatted=stays, where training an
    elephant that wore the opponent's hat changes that version only.
    """
    return before.hat is None or not ruleset.train_hatted_stays


def put_hat(scene: Scene, c: int, colour: Colour) -> None:
    """The hat of ``colour`` goes on the elephant on ``c``.

    Rule: MEMORY.TRAIN.HAT
    A player has one hat per era: if the other elephant of that era wears it,
    it moves from there (and that move never reaches a later era); an
    opponent's hat on this elephant returns to the opponent's supply.
    """
    thing = scene.solid(c)
    assert thing is not None and thing.kind in ELEPHANTS
    era = c // SQUARES
    partner = elephant_at(scene, era, other(thing.kind))
    partner_thing = scene.solid(partner)
    assert partner_thing is not None
    if partner_thing.hat is colour:
        scene.solids[partner] = Thing(partner_thing.kind)
        scene.events.append(HatOff(colour, partner_thing.kind.word, partner))
    if thing.hat is not None:
        scene.events.append(HatOff(thing.hat, thing.kind.word, c))
    scene.solids[c] = Thing(thing.kind, hat=colour)
    scene.events.append(HatOn(colour, thing.kind.word, c))


def apply_trained(scene: Scene, era: int, kind: Kind, colour: Colour, ruleset: Ruleset) -> None:
    """Trained reaches ``era``: the same elephant there gets the hat if it is wild.

    Rule: MEMORY.TRAIN.LATER
    A wild version gets the hat (MEMORY.TRAIN.HAT) and Trained is recorded
    again, for the era after; a version wearing any hat keeps it, and the
    training goes no further.  Under train-propagation=R2 the rule is
    `apply_trained_r2`.
    """
    if ruleset.train_propagation_r2:
        apply_trained_r2(scene, era, kind, colour)
        return
    c = elephant_at(scene, era, kind)
    thing = scene.solid(c)
    assert thing is not None
    if thing.hat is not None:
        return
    put_hat(scene, c, colour)
    scene.record(c, Trained(kind, colour))


def apply_trained_r2(scene: Scene, era: int, kind: Kind, colour: Colour) -> None:
    """Variant train-propagation=R2: the next version always gets the hat,
    replacing an opponent's; it carries on only from a version that was wild.

    Rule: VARIANT.TRAIN-PROPAGATION-R2
    """
    c = elephant_at(scene, era, kind)
    thing = scene.solid(c)
    assert thing is not None
    if thing.hat is colour:
        return
    put_hat(scene, c, colour)
    if thing.hat is None:
        scene.record(c, Trained(kind, colour))


def commanded(scene: Scene, colour: Colour, active: int) -> int | None:
    """The cell of the elephant the player may command from ``active``'s era, or None.

    Rule: MEMORY.COMMAND.WHICH
    The elephant that wears the player's hat on the active copy's era, at any
    distance from the copy (a player has one hat per era, so at most one).
    """
    era = active // SQUARES
    for kind in ELEPHANTS:
        c = elephant_at(scene, era, kind)
        if scene.solid(c) == Thing(kind, hat=colour):
            return c
    return None


def command_refusal(scene: Scene, colour: Colour, active: int, target: int, ruleset: Ruleset) -> tuple[str, str] | None:
    """Why commanding an elephant onto ``target`` is illegal, or None.

    Rule: MEMORY.COMMAND.STEP
    The elephant steps one square orthogonally, onto the board, never onto
    the other elephant.  A copy there does not stop it (MEMORY.TRAMPLE); the
    other chapter's objects are the pair rules' (CONVERGENCE.*).
    """
    source = commanded(scene, colour, active)
    if source is None:
        return "MEMORY.COMMAND.WHICH", f"no elephant on the {Era(active // SQUARES).word} wears {colour.word}'s hat"
    if ruleset.command_needs_adjacency and (refusal := adjacency_refusal(active, source)) is not None:
        return refusal
    direction = direction_to(source, target)
    if direction is None:
        return "MEMORY.COMMAND.STEP", f"the elephant on {cell_prose(source)} can step only to a square next to it"
    return elephant_entry_refusal(scene, target, direction)


def adjacency_refusal(active: int, source: int) -> tuple[str, str] | None:
    """Variant command-needs-adjacency: only an elephant next to the active copy obeys.

    Rule: VARIANT.COMMAND-NEEDS-ADJACENCY
    """
    if source in train_reach(active):
        return None
    return "VARIANT.COMMAND-NEEDS-ADJACENCY", f"the elephant on {cell_prose(source)} is not next to the copy"


def direction_to(source: int, target: int) -> Action | None:
    """The direction from ``source`` to the neighbouring ``target``, or None."""
    for d in MOVES:
        if beyond(source, d) == target:
            return d
    return None


def command(scene: Scene, colour: Colour, active: int, target: int, ruleset: Ruleset) -> None:
    """The player's elephant steps onto ``target``, trampling any copy there.

    Rules: MEMORY.COMMAND, MEMORY.COMMAND.NO-PROPAGATION
    What stands there makes way first, by the pair rules (the shared
    `elephant_enters`).  The step records no effect: the same elephant on
    later eras stays where it is (unless the variant elephant-moves-propagate
    is in play).
    """
    source = commanded(scene, colour, active)
    assert source is not None
    direction = direction_to(source, target)
    assert direction is not None
    elephant_enters(scene, target, direction)
    kind = step(scene, source, target)
    scene.events.append(Commanded(colour, kind.word, source, target, direction))
    if ruleset.elephant_moves_propagate:
        scene.record(source, ElephantStepped(kind, direction))


def step(scene: Scene, source: int, target: int) -> Kind:
    """Move the elephant on ``source`` onto ``target``, trampling a copy there."""
    thing = scene.solid(source)
    assert thing is not None
    if scene.copy_at(target) is not None:
        trample(scene, target)
    del scene.solids[source]
    scene.solids[target] = thing
    return thing.kind


def trample(scene: Scene, c: int) -> None:
    """An elephant entering a copy's square removes the copy.

    Rules: MEMORY.TRAMPLE, MEMORY.ACTIVE-KILLED
    Whatever its colour, even the active copy: it is removed as a kill (never
    back to supply) and never pushed, so it is never a paradox.  An active
    copy removed so takes no further action (`Scene.remove_copy`).
    """
    colour = scene.remove_copy(c)
    scene.events.append(Trampled(colour, c))


def apply_stepped(scene: Scene, era: int, kind: Kind, direction: Action) -> None:
    """Variant elephant-moves-propagate: the same elephant on the next era
    tries the same step, and stays put when the wall, the other elephant or
    another chapter's object is in the way.

    Rule: VARIANT.ELEPHANT-MOVES-PROPAGATE
    A seed there is removed first, with the dig cascade, as a commanded
    elephant removes it (CONVERGENCE.ELEPHANT-TRAMPLE): nothing shares a
    square with an elephant.
    """
    source = elephant_at(scene, era, kind)
    target = beyond(source, direction)
    if target is None or scene.solid(target) is not None:
        return
    if scene.has_seed(target):
        remove_seed(scene, target)
    step(scene, source, target)
    scene.events.append(Stepped(kind.word, source, target, direction))
    scene.record(source, ElephantStepped(kind, direction))


# --- what Memory declares to the shared rules (oracle.games.ttykm.rules.hooks) ----------


def candidate_actions(position: Position, colour: Colour, active: int) -> Iterator[Aimed]:
    """Train, then Command (MEMORY.ORDER, `candidates`)."""
    scene = Scene(position, active)
    yield from (Aimed(letter, square) for letter, square in candidates(scene, colour, active))


def is_memory_action(action: TurnAction) -> bool:
    return isinstance(action, Aimed) and action.letter in ("T", "C")


def perform(scene: Scene, colour: Colour, active: int, action: Aimed, ruleset: Ruleset) -> Illegal | None:
    """Train or Command (MEMORY.TRAIN, MEMORY.COMMAND), or the rule that forbids it.

    Only an elephant in a game with statues pulls one (the pair rules of
    Influence with Memory perform that Command), so here a Command with pull
    is refused.
    """
    target = active - active % SQUARES + action.square
    if action.letter == "T":
        refusal = train_refusal(scene, colour, active, target)
        if refusal is not None:
            return Illegal(refusal[0], f"the copy on {cell_prose(active)} cannot train on {cell_prose(target)}:"
                                       f" {refusal[1]}")
        train(scene, colour, target, ruleset)
        return None
    refusal = command_refusal(scene, colour, active, target, ruleset)
    if refusal is None and action.pull:
        refusal = "ACTION.KINDS", "only an elephant in a game with statues (Influence with Memory) pulls"
    if refusal is not None:
        return command_illegal(colour, target, action, refusal)
    command(scene, colour, active, target, ruleset)
    return None


def command_illegal(colour: Colour, target: int, action: Aimed, refusal: Refusal) -> Illegal:
    """The refusal of a Command onto ``target``, in words."""
    pulling = " with pull" if action.pull else ""
    return Illegal(refusal[0], f"{colour.word} cannot command an elephant onto {cell_prose(target)}{pulling}:"
                               f" {refusal[1]}")


def absent(active: int, action: Aimed) -> Illegal:
    return Illegal("ACTION.KINDS", f"{action.value} ({action.word}) is a Memory action and this game is not Memory")


def _stays_put(scene: Scene, c: int, direction: Action) -> bool:
    """An elephant, trained or wild, is immovable whatever enters it.

    Rule: MEMORY.SOLID
    It moves only by its own command, so the active copy cannot move into it,
    a copy pushed into it dies, and travel cannot arrive on it.
    """
    return True


def _does_not_move(thing: Thing, direction: Action) -> Refusal:
    return "OBJECTS.MOVE", "does not move"


def _other_elephant_refusal(scene: Scene, c: int, direction: Action) -> Refusal:
    thing = scene.solid(c)
    assert thing is not None
    return "MEMORY.COMMAND.STEP", f"the {thing.kind.word} stands there"


def _never_entered(scene: Scene, c: int, direction: Action) -> None:
    """Nothing to clear: the refusal above always stops an elephant here first."""


def _trained(scene: Scene, era: int, effect: Trained, ruleset: Ruleset) -> None:
    apply_trained(scene, era, effect.kind, effect.colour, ruleset)


def _stepped(scene: Scene, era: int, effect: ElephantStepped, ruleset: Ruleset) -> None:
    apply_stepped(scene, era, effect.kind, effect.direction)


_ELEPHANT = ObjectRules(_stays_put, _does_not_move)
_NO_ENTRY = ElephantEntry(_other_elephant_refusal, _never_entered)

CHAPTER = Chapter(
    name="memory",
    modules=frozenset({"memory"}),
    objects={kind: _ELEPHANT for kind in ELEPHANTS},
    elephant_entries={kind: _NO_ENTRY for kind in ELEPHANTS},
    effects={Trained: _trained, ElephantStepped: _stepped},
    setup=setup,
    candidates=candidate_actions,
    claims=is_memory_action,
    perform=perform,
    absent=absent,
    variants={
        "train-propagation=R2": frozenset(),
        "train-hatted=stays": frozenset(),
        "command-needs-adjacency": frozenset(),
        "elephant-moves-propagate": frozenset(),
        "elephants=swapped": frozenset(),
    },
)
"""Chapter 3, Memory, as the shared rules see it (MEMORY.*)."""
