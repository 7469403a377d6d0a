"""Which rules are in play: the chapter modules and the named variants.

The standard game is the empty ruleset.  A chapter module (Growth,
Influence, Memory; Convergence is two of them together) is named in a
position's ``rules=`` field and in ``Ruleset.modules``; `CHAPTERS` lists them
and says which are in the oracle yet.  The variants are the readings of the
sources that the spec does not adopt (spec/ttykm/variants.md), selectable for
testing engines built on them.
"""

from __future__ import annotations

from dataclasses import dataclass

# Variant names as written on the command line and in files, with their meaning.
VARIANTS: dict[str, str] = {
    "self-push=paradox": "moving onto your own copy removes both copies (VARIANT.SELF-PUSH-PARADOX)",
    "copy-choice=free": "any copy on the Focus era may be chosen (VARIANT.COPY-CHOICE-FREE)",
    "plant-under-adjacent-copy=forbidden": "Growth: a seed goes under a copy only on the active copy's own square"
    " (VARIANT.PLANT-UNDER-ADJACENT-COPY)",
    "growth-onto-copy=kill": "Growth: a shrub or tree grows onto a copy standing alone and removes it"
    " (VARIANT.GROWTH-ONTO-COPY-KILL)",
    "self-push=ends": "moving onto your own copy removes both and ends the copy's actions, whatever else it could"
                      " have done (VARIANT.SELF-PUSH-ENDS)",
    "pull=automatic": "Influence: a Move always pulls the statue directly behind the copy (VARIANT.PULL-AUTOMATIC)",
    "statue-build=move-copy": "Influence: later build copies go on the build square and an earlier rebound"
    " follows as a statue move (VARIANT.STATUE-BUILD-MOVE-COPY)",
    "statue-build=skip-occupied": "Influence: later build copies go only on free squares"
    " (VARIANT.STATUE-BUILD-SKIP-OCCUPIED)",
    "effect-order=recorded": "chapters: a later era applies the effects of the era before in recorded order,"
    " without phases (VARIANT.EFFECT-ORDER-RECORDED)",
    "train-propagation=R2": "Memory: training always reaches the next era, replacing an opponent's hat, and goes on"
    " only from a version that was wild (VARIANT.TRAIN-PROPAGATION-R2)",
    "train-hatted=stays": "Memory: training an elephant that wore the opponent's hat reaches no later era"
    " (VARIANT.TRAIN-HATTED-STAYS)",
    "command-needs-adjacency": "Memory: only an elephant next to the active copy can be commanded"
    " (VARIANT.COMMAND-NEEDS-ADJACENCY)",
    "elephant-moves-propagate": "Memory: a commanded step is tried by the same elephant on later eras"
    " (VARIANT.ELEPHANT-MOVES-PROPAGATE)",
    "elephants=swapped": "Memory: the light elephant starts on d1 and the dark one on a4 (VARIANT.ELEPHANTS-SWAPPED)",
    "pull=sideways": "Influence: a Move may also pull a statue standing beside the copy into the square it left"
    " (VARIANT.PULL-SIDEWAYS)",
    "pull-with-push=forbidden": "Influence: a Move that pushes cannot pull (VARIANT.PULL-WITH-PUSH-FORBIDDEN)",
    "rebound-blocked=illegal": "Influence: a build is illegal when a later era cannot take its copy"
    " (VARIANT.REBOUND-BLOCKED-ILLEGAL)",
    "seed-removal-cascade=dig-only": "Convergence: only a seed dug up takes its shrub and tree with it; a seed or"
    " shrub removed otherwise goes alone (VARIANT.SEED-REMOVAL-CASCADE-DIG-ONLY)",
    "effect-order=global-phases": "chapters: every later era's removals, then every era's placements, then every"
    " era's movements, repeated until nothing is left (VARIANT.EFFECT-ORDER-GLOBAL-PHASES)",
    "self-push=whole-turn": "moving onto your own copy removes both and counts as the copy's whole turn, for the"
    " number of actions and for the copy choice (VARIANT.SELF-PUSH-WHOLE-TURN)",
    "statue-build=v2023": "Influence: a later build copy pushes a movable occupant, and when the occupant cannot"
    " move no copy goes on that era or later (VARIANT.STATUE-BUILD-V2023)",
    "self-push-pull=none": "Influence: a Move that ends in a self-push paradox pulls no statue"
    " (VARIANT.SELF-PUSH-PULL-NONE)",
}

# Names that were variants once, with why they are not any more.
RETIRED: dict[str, str] = {
    "neutral-statue-square=b3": "the neutral statue on b3 is the default start mirrored across the a1-d4 diagonal,"
    " a relabelling of the squares that never changes an answer; an engine whose axes run the other way writes c2"
    " as b3 (spec/ttykm/notation.md, axes)",
}


# Chapter modules, in chapter order, with whether the oracle implements them yet
# (NOTATION.RULES).  A chapter not yet implemented is refused with a
# one-line error wherever it is named, never played by the standard rules.
CHAPTERS: dict[str, bool] = {
    "growth": True,
    "influence": True,
    "memory": True,
    "convergence": True,
}
"""``convergence`` is Chapter 4 before its pair is drawn (CONVERGENCE.DRAW);
a drawn game names its pair, such as ``growth+memory``."""


def chapters_refusal(names: list[str]) -> str | None:
    """Why chapters cannot be played together, or None.

    Convergence plays two chapters (CONVERGENCE.PAIRS, CONVERGENCE.DRAW); three together are not a game the
    sources describe.  ``convergence`` (the pair not drawn yet) stands alone.
    """
    if "convergence" in names and len(names) > 1:
        return "convergence draws its own pair of chapters; name it alone, or name the pair"
    if len(names) > 2:
        return "Convergence plays two chapters, never three (CONVERGENCE.PAIRS)"
    return None


class UnknownVariant(ValueError):
    """A variant name that is not in `VARIANTS`."""


@dataclass(frozen=True, slots=True)
class Ruleset:
    """The named variants in play; ``Ruleset()`` is the game as the spec reads it.

    The chapters in play are not here: they belong to the position
    (`oracle.games.ttykm.state.Chapters`, rule NOTATION.RULES).
    """

    variants: frozenset[str] = frozenset()
    chapters: frozenset[str] = frozenset()
    """The chapters of the start position asked for (``growth``); a given
    position always plays by its own ``rules=`` field."""

    @property
    def self_push_paradox(self) -> bool:
        return "self-push=paradox" in self.variants

    @property
    def self_push_ends(self) -> bool:
        return "self-push=ends" in self.variants

    @property
    def self_push_whole_turn(self) -> bool:
        return "self-push=whole-turn" in self.variants

    @property
    def self_push_removes(self) -> bool:
        """Whether a Move onto your own copy removes both (any self-push variant)."""
        return self.self_push_paradox or self.self_push_ends or self.self_push_whole_turn

    @property
    def self_push_completes(self) -> bool:
        """Whether a Move onto your own copy completes the copy's actions, however
        many it could have taken (self-push=ends, self-push=whole-turn)."""
        return self.self_push_ends or self.self_push_whole_turn

    @property
    def self_push_pull_none(self) -> bool:
        return "self-push-pull=none" in self.variants

    @property
    def copy_choice_free(self) -> bool:
        return "copy-choice=free" in self.variants

    @property
    def plant_under_adjacent_copy_forbidden(self) -> bool:
        return "plant-under-adjacent-copy=forbidden" in self.variants

    @property
    def growth_onto_copy_kill(self) -> bool:
        return "growth-onto-copy=kill" in self.variants

    @property
    def pull_automatic(self) -> bool:
        return "pull=automatic" in self.variants

    @property
    def statue_build_move_copy(self) -> bool:
        return "statue-build=move-copy" in self.variants

    @property
    def statue_build_skip_occupied(self) -> bool:
        return "statue-build=skip-occupied" in self.variants

    @property
    def statue_build_v2023(self) -> bool:
        return "statue-build=v2023" in self.variants

    @property
    def effect_order_recorded(self) -> bool:
        return "effect-order=recorded" in self.variants

    @property
    def effect_order_global_phases(self) -> bool:
        return "effect-order=global-phases" in self.variants

    @property
    def seed_removal_dig_only(self) -> bool:
        return "seed-removal-cascade=dig-only" in self.variants

    @property
    def train_propagation_r2(self) -> bool:
        return "train-propagation=R2" in self.variants

    @property
    def train_hatted_stays(self) -> bool:
        return "train-hatted=stays" in self.variants

    @property
    def command_needs_adjacency(self) -> bool:
        return "command-needs-adjacency" in self.variants

    @property
    def elephant_moves_propagate(self) -> bool:
        return "elephant-moves-propagate" in self.variants

    @property
    def elephants_swapped(self) -> bool:
        return "elephants=swapped" in self.variants

    @property
    def pull_sideways(self) -> bool:
        return "pull=sideways" in self.variants

    @property
    def pull_with_push_forbidden(self) -> bool:
        return "pull-with-push=forbidden" in self.variants

    @property
    def rebound_blocked_illegal(self) -> bool:
        return "rebound-blocked=illegal" in self.variants

    @property
    def name(self) -> str:
        """``standard``, or the chapters in chapter order then the variants in
        sorted order, joined by ``+``."""
        if not self.chapters and not self.variants:  # the common case, asked on every protocol request
            return "standard"
        names = [c for c in CHAPTERS if c in self.chapters] + sorted(self.variants)
        return "+".join(names) or "standard"

    @classmethod
    def parse(cls, text: str) -> Ruleset:
        """``"standard"``, or chapter and variant names joined by ``+`` or ``,``."""
        text = text.strip()
        if text in ("", "standard"):
            return STANDARD
        names = [n.strip() for n in text.replace(",", "+").split("+")]
        ready = [c for c, done in CHAPTERS.items() if done]
        for n in names:
            if n in RETIRED:
                raise UnknownVariant(f"{n!r} is no longer a variant: {RETIRED[n]}")
            if n not in VARIANTS and n not in ready:
                known = ", ".join(["standard", *VARIANTS, *ready])
                raise UnknownVariant(f"unknown variant {n[:40]!r}; known: {known}")
            if names.count(n) > 1:
                raise UnknownVariant(f"variant {n!r} named twice")
        for n in names:  # two readings of one rule cannot both hold
            other = next((m for m in names if m != n and m.split("=")[0] == n.split("=")[0]), None)
            if other is not None:
                raise UnknownVariant(f"variants {n!r} and {other!r} are two readings of one rule; choose one")
        refusal = chapters_refusal([n for n in names if n in CHAPTERS])
        if refusal is not None:
            raise UnknownVariant(f"{text[:60]!r}: {refusal}")
        return cls(
            variants=frozenset(n for n in names if n in VARIANTS),
            chapters=frozenset(n for n in names if n in CHAPTERS),
        )


STANDARD = Ruleset()
