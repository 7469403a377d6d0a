"""The chapter hooks: what each chapter declares, and the table the shared rules ask.

The shared rooms never import a chapter.  The push resolution
(`oracle.games.ttykm.rules.push`), the order of effects
(`oracle.games.ttykm.rules.effects`) and the chapter turn
(`oracle.games.ttykm.rules.chapters`) ask this table instead, and each
chapter fills it with one `Chapter` value:

- its objects' behaviour: whether a kind is immovable when entered, how it
  makes way, and what a commanded elephant does to it (`ObjectRules`,
  `ElephantEntry`);
- what carries to the next era: the rule that applies each kind of effect it
  records;
- its setup, its candidate actions and how it performs them;
- the variants that change its rules.

Convergence adds the rules of a pair the same way, as a `Chapter` whose
``modules`` name both chapters.  `oracle.games.ttykm.rules` installs every
chapter, in chapter order, when the rules are first imported.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from oracle.games.ttykm.board import Action, Colour
from oracle.games.ttykm.objects import Chapters, Kind, Thing
from oracle.games.ttykm.rules.step import Illegal
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.scene import Scene
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.turn import TurnAction

Refusal = tuple[str, str]
"""(rule, reason): why something cannot happen."""


@dataclass(frozen=True, slots=True)
class ObjectRules:
    """How one kind of object meets the push resolution (OBJECTS.IMMOVABLE, OBJECTS.MAKE-WAY, OBJECTS.MOVE)."""

    immovable: Callable[[Scene, int, Action], bool]
    """Whether the object on a cell stays put when entered in a direction."""
    stays: Callable[[Thing, Action], Refusal]
    """The rule and the words for an active copy's Move that it blocks, such as
    ``("OBJECTS.MOVE", "cannot fall east")``."""
    make_way: Callable[[Scene, int, Action], None] | None = None
    """How it leaves its cell in a direction, when it is not immovable that way
    (None: it never makes way)."""


@dataclass(frozen=True, slots=True)
class ElephantEntry:
    """What a commanded elephant does to one kind of object on the square it
    steps onto (MEMORY.COMMAND.STEP, and the pair rules of Convergence)."""

    refusal: Callable[[Scene, int, Action], Refusal | None]
    """Why the elephant cannot enter that way, or None."""
    enter: Callable[[Scene, int, Action], None]
    """Clear the cell for the elephant (called only when `refusal` said it can)."""


Candidates = Callable[[Position, Colour, int], Iterable[TurnAction]]
Perform = Callable[[Scene, Colour, int, Any, Ruleset], Illegal | None]
EffectRule = Callable[[Scene, int, Any, Ruleset], None]
Rider = Callable[[], None]


def _claims_nothing(action: TurnAction) -> bool:
    return False


@dataclass(frozen=True)
class Chapter:
    """Everything one chapter (or the pair rules of two) adds to the standard game.

    ``modules`` are the chapter modules that must all be in play for these
    rules to hold: one chapter, or two for Convergence's pair rules.
    """

    name: str
    modules: frozenset[str]
    objects: Mapping[Kind, ObjectRules] = field(default_factory=dict)
    elephant_entries: Mapping[Kind, ElephantEntry] = field(default_factory=dict)
    effects: Mapping[type, EffectRule] = field(default_factory=dict)
    """The rule applying each kind of effect this chapter records (EFFECTS.RECORD)."""
    seed_removed: Callable[[Scene, int], None] | None = None
    """What follows when something removes a seed from a cell (Growth's seeds only)."""
    setup: Callable[[Chapters, Ruleset], Chapters] | None = None
    candidates: Candidates | None = None
    """The chapter's actions the active copy may try, in the oracle's order (OBJECTS.ORDER)."""
    claims: Callable[[TurnAction], bool] = _claims_nothing
    """Whether an action is this chapter's to perform."""
    perform: Perform | None = None
    """Resolve one of its actions in the acting era (the effects propagate afterwards), or say why not."""
    absent: Callable[[int, Any], Illegal] | None = None
    """The refusal of one of its actions in a game without this chapter (ACTION.KINDS)."""
    before_move: Callable[[Scene, int, Action, Ruleset], Rider | None] | None = None
    """Called before the active copy's plain Move: what the chapter adds once the Move is done, or None."""
    after_effects: Callable[[Scene, int, TurnAction, Ruleset], Illegal | None] | None = None
    """Called once an action's effects have reached every later era: a variant that refuses the action."""
    variants: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """The variants that change these rules, each with the other variants one
    of which it needs to change anything (empty: it changes them on its own)."""


@dataclass
class _Table:
    chapters: list[Chapter] = field(default_factory=list)
    objects: dict[Kind, ObjectRules] = field(default_factory=dict)
    elephant_entries: dict[Kind, ElephantEntry] = field(default_factory=dict)
    effects: dict[type, EffectRule] = field(default_factory=dict)
    seed_removed: Callable[[Scene, int], None] | None = None
    in_play: dict[frozenset[str], tuple[Chapter, ...]] = field(default_factory=dict)


TABLE = _Table()
"""The installed chapters, and what they declared, looked up by kind and by effect."""


def install(*chapters: Chapter) -> None:
    """Add ``chapters`` to the table, in the order given (the oracle's chapter order).

    A kind of object, a kind of effect and the seed rule each belong to one
    chapter; a chapter installed twice is refused.
    """
    for chapter in chapters:
        if any(c.name == chapter.name for c in TABLE.chapters):
            raise ValueError(f"the chapter {chapter.name} is installed already")
        for kind in chapter.objects:
            if kind in TABLE.objects:
                raise ValueError(f"two chapters declare the {kind.word}")
        TABLE.chapters.append(chapter)
        TABLE.objects.update(chapter.objects)
        TABLE.elephant_entries.update(chapter.elephant_entries)
        TABLE.effects.update(chapter.effects)
        if chapter.seed_removed is not None:
            TABLE.seed_removed = chapter.seed_removed
    TABLE.in_play.clear()


def in_play(modules: frozenset[str]) -> tuple[Chapter, ...]:
    """The installed chapters whose modules are all in ``modules``, in chapter
    order: each chapter, then the pair rules of the pair."""
    found = TABLE.in_play.get(modules)
    if found is None:
        found = TABLE.in_play[modules] = tuple(c for c in TABLE.chapters if c.modules <= modules)
    return found


def chapters() -> tuple[Chapter, ...]:
    """Every installed chapter, in chapter order."""
    return tuple(TABLE.chapters)


def object_rules(kind: Kind) -> ObjectRules:
    """The push rules of ``kind``, as its chapter declared them."""
    return TABLE.objects[kind]


def elephant_entry(kind: Kind) -> ElephantEntry:
    """What a commanded elephant does to ``kind``, as the pair rules (or Memory) declared it."""
    return TABLE.elephant_entries[kind]


def effect_rule(effect: object) -> EffectRule:
    """The rule that applies ``effect`` in the next era."""
    return TABLE.effects[type(effect)]


def seed_removed(scene: Scene, c: int) -> None:
    """The seed on ``c`` is removed (by whatever arrived): Growth's rule for it."""
    rule = TABLE.seed_removed
    assert rule is not None, "seeds lie only on Growth's boards"
    rule(scene, c)


def owner(action: TurnAction, modules: frozenset[str]) -> Chapter | None:
    """The chapter that performs ``action`` in a game of ``modules``: the last
    one in play that claims it (the pair rules before a single chapter), or,
    when none in play does, the first installed chapter that claims it (to
    refuse it, ACTION.KINDS); None for an action no chapter claims."""
    for chapter in reversed(in_play(modules)):
        if chapter.claims(action):
            return chapter
    return next((c for c in TABLE.chapters if c.claims(action)), None)
