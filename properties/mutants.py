"""The mutation harness: what does each kind of check catch on its own?

Each mutant is a deliberately broken copy of one rule, swapped into the
engine's rules modules for the length of a ``with`` block.  Every kind of
check of the mutant's game (worked examples, vectors, the fast perft, the
sampled properties, the state machines, the model differentials) runs
against the mutant engine, and the table says which of them caught it:
one row per mutant, one column per kind (`properties.harness`).  A mutant
that no check catches is a finding to fix in the checks.

    python -m properties.mutants [--markdown] [--game GAME] [--kind KIND ...] [NAME ...]
                                                                      (or: ./dev mutants)

prints the table, each row as its mutant is judged, then each kind's rate
and the formal kinds' rate alone; exit status 1 if any mutant survives, 2 for
an unknown name, game or kind.  ``--markdown`` prints the table for
docs/formal-checks.md.  Other games join through their folder's
``report.py`` (``harness_mutants()``, see `properties.game_reports`).
"""

from __future__ import annotations

import dataclasses
import random
import sys
from collections.abc import Callable
from contextlib import AbstractContextManager
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, settings
from hypothesis.stateful import run_state_machine_as_test

from oracle.games.ttykm.board import NEIGHBOUR, SQUARES, Action, Colour, Era
from oracle.games.ttykm.events import Crushed, Event, Moved, Paradox, Pushed
from oracle.games.ttykm.examples import check_example, read_examples
from oracle.games.ttykm.objects import SHRUB, Kind, Thing
from oracle.games.ttykm.perft import engine
from oracle.games.ttykm.rules import growth
from oracle.games.ttykm.rules import standard as rules
from oracle.games.ttykm.ruleset import STANDARD, Ruleset
from oracle.games.ttykm.scene import Scene, SeedRemoved, ShrubGrown
from oracle.games.ttykm.state import Position, check_position
from oracle.games.ttykm.turn import Turn
from properties import convergence_mutants, game_reports, influence_mutants
from properties import harness as h
from properties.checks import (
    check_growth_invariants,
    check_legality,
    check_play,
    check_symmetry,
    check_turn_invariants,
    near_misses,
    shrub_cells,
)
from properties.growth_positions import GROWTH, growth_playout_position, random_growth_position

SPEC_DIR = Path(__file__).resolve().parent.parent / "spec" / "ttykm"

# --- the mutants ------------------------------------------------------------------------


def patched(module: Any = rules, **replacements: Callable[..., Any]) -> AbstractContextManager[None]:
    """Replace functions of ``module`` (default `oracle.games.ttykm.rules.standard`) inside the block."""
    return h.replaced(module, **replacements)


def broken_push(paradox: bool, chain: bool) -> Callable[[list[int], list[int], int, Action, list[Event]], None]:
    """A push that, without ``paradox``, pushes a copy of the same colour on
    like any other; without ``chain``, crushes the pushed copy when another
    copy stands beyond it instead of pushing that one first."""

    def push(copies: list[int], removed: list[int], pushed: int, direction: Action, events: list[Event]) -> None:
        colour = Colour.WHITE if copies[0] >> pushed & 1 else Colour.BLACK
        square = NEIGHBOUR[direction][pushed % SQUARES]
        copies[colour] &= ~(1 << pushed)
        if square is None:
            removed[colour] += 1
            events.append(Crushed(colour, pushed, direction))
            return
        beyond = pushed - pushed % SQUARES + square
        same = bool(copies[colour] >> beyond & 1)
        other = bool(copies[colour.opponent] >> beyond & 1)
        if same and paradox:
            copies[colour] &= ~(1 << beyond)
            removed[colour] += 2
            events.append(Paradox(colour, pushed, beyond))
            return
        if (same or other) and not chain:
            removed[colour] += 1
            events.append(Crushed(colour, pushed, direction))
            return
        if same or other:
            push(copies, removed, beyond, direction, events)
        copies[colour] |= 1 << beyond
        events.append(Pushed(colour, pushed, beyond, direction))

    return push


def supply_not_spent(original: Callable[..., Any]) -> Callable[..., Any]:
    def travel_backward(position: Position, colour: Colour, active: int) -> Any:
        step = original(position, colour, active)
        if isinstance(step, rules.Illegal):
            return step
        return dataclasses.replace(step, position=dataclasses.replace(step.position, supply=position.supply))

    return travel_backward


def focus_may_stay(position: Position, colour: Colour) -> tuple[Era, ...]:
    return tuple(Era)


def win_for_wrong_player(position: Position, mover: Colour) -> Colour | None:
    return mover if len(position.eras_of(mover)) <= 1 else None


def one_action_too(original: Callable[..., Any]) -> Callable[..., Any]:
    def copy_lines(position: Position, colour: Colour, active: int, ruleset: Ruleset) -> tuple[Any, ...]:
        lines: tuple[Any, ...] = original(position, colour, active, ruleset)
        ones = tuple(line for line in rules.sequences(position, colour, active, ruleset) if len(line.actions) == 1)
        return lines + ones if len(lines[0].actions) == 2 else lines

    return copy_lines


def onto_own_copy(original: Callable[..., Any]) -> Callable[..., Any]:
    """A Move onto your own copy pushes it, like an opponent's."""

    def move(position: Position, colour: Colour, active: int, direction: Action, ruleset: Ruleset) -> Any:
        square = NEIGHBOUR[direction][active % SQUARES]
        target = None if square is None else active - active % SQUARES + square
        if target is None or not position.copies[colour] >> target & 1:
            return original(position, colour, active, direction, ruleset)
        copies, removed = [*position.copies], [*position.removed]
        events: list[Event] = []
        rules.push(copies, removed, target, direction, events)
        copies[colour] = copies[colour] & ~(1 << active) | 1 << target
        events.append(Moved(colour, active, target, direction))
        after = dataclasses.replace(position, copies=(copies[0], copies[1]), removed=(removed[0], removed[1]))
        return rules.Step(after, target, tuple(events))

    return move


def travel_over_anything(original: Callable[..., Any], step: int) -> Callable[..., Any]:
    """Travel that ignores an occupied square: the copy there is overlooked."""

    def travel(position: Position, colour: Colour, active: int) -> Any:
        target = active + step
        if not 0 <= target < 48 or position.occupant(target) is None:
            return original(position, colour, active)
        hidden = [*position.copies]
        owner = position.occupant(target)
        assert owner is not None
        hidden[owner] &= ~(1 << target)
        result = original(dataclasses.replace(position, copies=(hidden[0], hidden[1])), colour, active)
        if isinstance(result, rules.Illegal):
            return result
        copies = [*result.position.copies]
        copies[owner] |= 1 << target  # the overlooked copy is still there
        return dataclasses.replace(result, position=dataclasses.replace(result.position, copies=(copies[0], copies[1])))

    return travel


# --- Growth mutants: each breaks one GROWTH clause in `oracle.games.ttykm.rules.growth` ---


def grow_over_copies(scene: Scene, era: int, what: Thing, square: int, ruleset: Ruleset) -> bool:
    """Growth that ignores a copy standing on the square (GROWTH.GROW)."""
    c = era * SQUARES + square
    if scene.has_seed(c) or scene.solid(c) is not None:
        return False
    scene.solids[c] = what
    return True


def shrub_always_recorded(scene: Scene, era: int, square: int, ruleset: Ruleset) -> None:
    """A tree follows even when the shrub did not grow (GROWTH.TREE-GROWS)."""
    growth.grow(scene, era, SHRUB, square, ruleset)
    scene.record(era * SQUARES + square, ShrubGrown(square))


def standing_trees_only(scene: Scene, era: int, square: int) -> None:
    """The dig cascade forgets fallen trees (GROWTH.CASCADE.TREE)."""
    c = era * SQUARES + square
    thing = scene.solid(c)
    if thing is not None and thing.kind is Kind.TREE:
        del scene.solids[c]


def spare_the_mover(original: Callable[..., Any]) -> Callable[..., Any]:
    """A falling tree that spares White's copies (GROWTH.FALL.CRUSH)."""

    def crush(scene: Scene, c: int) -> None:
        if scene.copy_at(c) is Colour.BLACK:
            original(scene, c)

    return crush


def seed_kept_on_dig(scene: Scene, colour: Colour, target: int) -> None:
    """Dig up that records the cascade but leaves the seed on the board (GROWTH.DIG)."""
    scene.record(target, SeedRemoved(target % SQUARES))


def diagonal_reach(original: Callable[[int], tuple[int, ...]]) -> Callable[[int], tuple[int, ...]]:
    """Plant and Dig up that also reach the diagonal squares (GROWTH.REACH read as the eight neighbours)."""

    def reach(active: int) -> tuple[int, ...]:
        square, base = active % SQUARES, active - active % SQUARES
        file, rank = square % 4, square // 4
        around = {base + 4 * r + f for f in range(file - 1, file + 2) for r in range(rank - 1, rank + 2)
                  if 0 <= f < 4 and 0 <= r < 4}
        return tuple(sorted(set(original(active)) | around))

    return reach


def fall_onto_anything(scene: Scene, c: int, direction: Action) -> bool:
    """A tree that can fall whenever the wall is not in the way (GROWTH.FALL.BLOCKED)."""
    return NEIGHBOUR[direction][c % SQUARES] is not None



# --- Memory mutants (rules of oracle.games.ttykm.rules.memory) ----------------------------


def patched_memory(**replacements: Callable[..., Any]) -> AbstractContextManager[None]:
    """Replace functions of `oracle.games.ttykm.rules.memory` inside the block."""
    from oracle.games.ttykm.rules import memory

    return h.replaced(memory, **replacements)


def training_through_hats(scene: Any, era: int, kind: Any, colour: Colour, ruleset: Ruleset) -> None:
    """Training that replaces whatever hat a later version wears and always goes on."""
    from oracle.games.ttykm.rules import memory
    from oracle.games.ttykm.scene import Trained

    c = memory.elephant_at(scene, era, kind)
    if scene.solid(c).hat is not colour:
        memory.put_hat(scene, c, colour)
    scene.record(c, Trained(kind, colour))


def any_elephant_obeys(scene: Any, colour: Colour, active: int) -> int | None:
    """Command any elephant of the era, hat or no hat (the dark one first)."""
    from oracle.games.ttykm.objects import ELEPHANTS
    from oracle.games.ttykm.rules import memory

    return memory.elephant_at(scene, active // SQUARES, ELEPHANTS[0])


def onto_the_other_elephant(original: Callable[..., Any]) -> Callable[..., Any]:
    """A command that may step onto the other elephant."""
    def refusal(scene: Any, colour: Colour, active: int, target: int, ruleset: Ruleset) -> Any:
        found = original(scene, colour, active, target, ruleset)
        return None if found is not None and "stands there" in found[1] else found
    return refusal


def hat_left_behind(scene: Any, c: int, colour: Colour) -> None:
    """A new hat that leaves the player's hat on the other elephant of the era."""
    from oracle.games.ttykm.events import HatOn
    from oracle.games.ttykm.objects import Thing

    thing = scene.solid(c)
    scene.solids[c] = Thing(thing.kind, hat=colour)
    scene.events.append(HatOn(colour, thing.kind.word, c))


def command_propagating(original: Callable[..., Any]) -> Callable[..., Any]:
    """A command whose step always reaches the later eras."""
    def command(scene: Any, colour: Colour, active: int, target: int, ruleset: Ruleset) -> None:
        original(scene, colour, active, target, dataclasses.replace(
            ruleset, variants=ruleset.variants | {"elephant-moves-propagate"}))
    return command



# --- the checks -----------------------------------------------------------------------------


@cache
def sample_positions() -> tuple[Position, ...]:
    """A fixed sample for the quick checks: seeded play and Z3's edge cases."""
    from properties.differential import edge_positions, play_positions

    return tuple(play_positions(60, seed=11)) + tuple(p for _, p in edge_positions(3, seed=5))


def play_check() -> None:
    """The Hypothesis state machine of random legal play, with fixed randomness."""
    from properties.test_play import Play

    run_state_machine_as_test(Play, settings=settings(
        max_examples=30, stateful_step_count=15, derandomize=True, database=None, deadline=None,
        phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck),
    ))


def invariants_check() -> None:
    """Every legal turn of the sample keeps the turn invariants."""
    for position in sample_positions():
        check_position(position)
        if position.winner is None:
            check_play(position)


def legality_check() -> None:
    """explain, legal_turns and apply_turn agree on the sample's turns and near misses."""
    for position in sample_positions():
        legal = dict(rules.successors(position))
        for turn in list(legal)[:4]:
            for asked in [turn, *near_misses(turn)]:
                check_legality(position, asked, legal=legal)
        check_legality(position, Turn(None, (), Era.PAST), legal=legal)


def symmetry_check() -> None:
    for position in sample_positions():
        check_symmetry(position)


@cache
def differential_sample() -> tuple[tuple[str, Position], ...]:
    """The differential check's positions, Z3's edge cases first (they expose
    push bugs soonest)."""
    from properties.differential import profile_positions

    return tuple(sorted(profile_positions(), key=lambda p: p[0] == "random play"))


def differential_check() -> None:
    """The Z3 model and the engine agree on every successor."""
    from properties.differential import run

    for kind, _, diff in run(list(differential_sample())):
        raise AssertionError(f"{kind}: {diff[0]}")


CHECKS: tuple[tuple[str, Callable[[], None]], ...] = (
    ("play state machine", play_check),
    ("turn invariants", invariants_check),
    ("legality consistency", legality_check),
    ("symmetry", symmetry_check),
    ("Z3 differential", differential_check),
)


@cache
def growth_sample() -> tuple[Position, ...]:
    """A fixed sample of Growth positions: random objects, and seeded Growth play."""
    rng = random.Random(31)
    positions = [random_growth_position(rng) for _ in range(60)]
    positions += [growth_playout_position(rng, rng.randint(2, 8)) for _ in range(8)]
    return tuple(p for p in positions if p.winner is None)


def growth_play_check() -> None:
    """The Growth state machine of random legal play, with fixed randomness."""
    from properties.test_growth_play import GrowthPlay

    run_state_machine_as_test(GrowthPlay, settings=settings(
        max_examples=10, stateful_step_count=10, derandomize=True, database=None, deadline=None,
        phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck),
    ))


def growth_examples_check() -> None:
    """Every worked example of the Growth and objects pages says what the oracle says."""
    for example in read_examples(SPEC_DIR):
        if example.path in ("growth.md", "objects.md") or "growth" in example.fields.get("position", ""):
            problems = check_example(example)
            assert not problems, problems[0]


def growth_invariants_check() -> None:
    """Every legal turn of the Growth sample keeps the turn and Growth invariants."""
    for position in growth_sample():
        check_position(position)
        seen = shrub_cells(position)
        for turn, after in rules.successors(position, GROWTH)[::7]:  # a spread of a seventh of the turns
            applied = rules.apply_turn(position, turn, GROWTH)
            assert applied.position == after
            check_turn_invariants(position, turn, applied, GROWTH)
            check_growth_invariants(after, seen | shrub_cells(after) | _trees_as_shrubs(position))


def _trees_as_shrubs(position: Position) -> int:
    """The cells below the trees already in a sample position (they count as having had a shrub)."""
    assert position.chapters is not None
    below = {c - SQUARES for c, t in position.chapters.solids if t.kind is not Kind.SHRUB}
    below |= {t.root - SQUARES for _, t in position.chapters.solids if t.root is not None}
    return sum(1 << c for c in below)


def growth_fast_path_check() -> None:
    """The independent perft fast path counts and reaches what the plain rules do."""
    for position in growth_sample():
        fast = engine(position, GROWTH)
        state = fast.state_of(position)
        plain: dict[object, int] = {}
        for _, after in rules.successors(position, GROWTH):
            key = None if after.winner is not None else fast.state_of(after)
            plain[key] = plain.get(key, 0) + 1
        assert fast.hooks.count_turns(state) == sum(plain.values()), "the fast count differs"
        assert dict(fast.hooks.children(state)) == plain, "the fast path reaches other positions"


def growth_differential_check() -> None:
    """The Growth Z3 model and the engine agree on every action of the Growth sample."""
    from properties.growth_differential import differences

    for position in growth_sample():
        for diff in differences(position):
            raise AssertionError(diff)


GROWTH_CHECKS: tuple[tuple[str, Callable[[], None]], ...] = (
    ("Growth worked examples", growth_examples_check),
    ("Growth turn invariants", growth_invariants_check),
    ("Growth fast path", growth_fast_path_check),
    ("Growth play machine", growth_play_check),
    ("Growth Z3 differential", growth_differential_check),
)



def memory_examples_check() -> None:
    """The worked examples of spec/ttykm/memory.md."""
    from pathlib import Path

    from oracle.games.ttykm.examples import check_example, examples_in

    path = Path(__file__).resolve().parent.parent / "spec" / "ttykm" / "memory.md"
    for example in examples_in(path.read_text(encoding="utf-8"), str(path.name)):
        problems = check_example(example)
        assert not problems, problems[0]


def memory_differential_check() -> None:
    """The Memory Z3 model and the engine agree on every Memory action (a sample of positions)."""
    from properties.memory_differential import run

    _, found = run(limit=120)
    assert not found, found[0]


def memory_play_check() -> None:
    """The Memory state machine, with fixed randomness."""
    from properties.test_memory_play import MemoryPlay

    run_state_machine_as_test(MemoryPlay, settings=settings(
        max_examples=20, stateful_step_count=8, derandomize=True, database=None, deadline=None,
        phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck),
    ))


MEMORY_CHECKS: tuple[tuple[str, Callable[[], None]], ...] = (
    ("Memory worked examples", memory_examples_check),
    ("Memory Z3 differential", memory_differential_check),
    ("Memory play state machine", memory_play_check),
)


# --- the kinds of checks shared by several games -----------------------------------------


def fast_path_check(positions: Callable[[], tuple[Position, ...]], ruleset: Ruleset) -> h.Check:
    """The independent perft fast path counts and reaches what the plain rules do, on ``positions()``."""

    def check() -> None:
        for position in positions():
            if position.winner is not None:
                continue
            fast = engine(position, ruleset)
            state = fast.state_of(position)
            plain: dict[object, int] = {}
            for _, after in rules.successors(position, ruleset):
                key = None if after.winner is not None else fast.state_of(after)
                plain[key] = plain.get(key, 0) + 1
            assert fast.hooks.count_turns(state) == sum(plain.values()), "the fast count differs"
            assert dict(fast.hooks.children(state)) == plain, "the fast path reaches other positions"

    return check


def examples_check(*pages: str) -> h.Check:
    """The worked examples of the named spec pages (spec/ttykm/PAGE)."""

    def check() -> None:
        for example in read_examples(SPEC_DIR):
            if example.path in pages:
                problems = check_example(example)
                assert not problems, problems[0]

    return check


def model_machine_check(*rulesets: str, examples: int = 5, steps: int = 6) -> h.Check:
    """The model-based state machines (`properties.model_play`) of ``rulesets``, with fixed randomness."""
    from properties.model_play import run

    def check() -> None:
        for ruleset in rulesets:
            run(ruleset, examples, steps)

    return check


def vectors_check(*directories: str) -> h.Check:
    """The committed vector sets ``vectors/<directory>``."""
    from properties.vector_check import check_vectors

    def check() -> None:
        for directory in directories:
            check_vectors(directory)

    return check


STANDARD_PAGES = ("actions.md", "turn.md", "focus-and-win.md", "board.md", "position.md", "oracle.md", "notation.md")


def prepare_standard() -> None:
    sample_positions()
    differential_sample()


STANDARD_KINDS: dict[str, h.Check] = {
    h.EXAMPLES: examples_check(*STANDARD_PAGES),
    h.VECTORS: vectors_check("standard"),
    h.PERFT: fast_path_check(sample_positions, STANDARD),
    h.PROPERTIES: h.all_of(invariants_check, legality_check, symmetry_check),
    h.MACHINE: h.all_of(play_check, model_machine_check("standard")),
    h.DIFFERENTIAL: differential_check,
}

GROWTH_KINDS: dict[str, h.Check] = {
    h.EXAMPLES: growth_examples_check,
    h.VECTORS: vectors_check("growth"),
    h.PERFT: growth_fast_path_check,
    h.PROPERTIES: growth_invariants_check,
    h.MACHINE: h.all_of(growth_play_check, model_machine_check("growth")),
    h.DIFFERENTIAL: growth_differential_check,
}


@cache
def memory_sample() -> tuple[Position, ...]:
    """Seeded Memory positions, made with the real rules."""
    from properties.memory_differential import positions

    return tuple(positions()[::9])


MEMORY_KINDS: dict[str, h.Check] = {
    h.EXAMPLES: memory_examples_check,
    h.VECTORS: vectors_check("memory"),
    h.PERFT: fast_path_check(memory_sample, Ruleset.parse("memory")),
    h.MACHINE: h.all_of(memory_play_check, model_machine_check("memory")),
    h.DIFFERENTIAL: memory_differential_check,
}


def prepare_influence() -> None:
    influence_mutants.sample()
    influence_mutants.differential_sample()


INFLUENCE_KINDS: dict[str, h.Check] = {
    h.EXAMPLES: influence_mutants.examples_check,
    h.VECTORS: vectors_check("influence"),
    h.PERFT: fast_path_check(influence_mutants.sample, Ruleset.parse("influence")),
    h.PROPERTIES: influence_mutants.invariants_check,
    h.MACHINE: h.all_of(influence_mutants.play_check, model_machine_check("influence")),
    h.DIFFERENTIAL: h.all_of(influence_mutants.differential_check, influence_mutants.effects_differential_check),
}

CONVERGENCE_KINDS: dict[str, h.Check] = {
    h.EXAMPLES: convergence_mutants.examples_check,
    h.VECTORS: vectors_check("growth+influence", "growth+memory", "influence+memory"),
    h.PERFT: convergence_mutants.fast_path_check,
    h.PROPERTIES: convergence_mutants.metamorphic_check,
    h.MACHINE: h.all_of(convergence_mutants.play_check,
                        model_machine_check("growth+influence", "growth+memory", "influence+memory")),
    h.DIFFERENTIAL: convergence_mutants.differential_check,
}


def _growth(name: str, patch: Callable[[], Any]) -> h.Mutant:
    return h.Mutant(f"Growth: {name}", "ttykm/growth", patch, GROWTH_KINDS, growth_sample)


def _standard(name: str, patch: Callable[[], Any], rule: str) -> h.Mutant:
    return h.Mutant(name, "ttykm", patch, STANDARD_KINDS, prepare_standard, rule)


# --- variant mutants: each breaks one VARIANT clause of the standard game ----------------------


def struck_copy_survives(position: Position, colour: Colour, active: int, target: int) -> Any:
    """A self-push that removes only the active copy (VARIANT.SELF-PUSH-PARADOX)."""
    copies = [position.copies[0], position.copies[1]]
    removed = [position.removed[0], position.removed[1]]
    copies[colour] &= ~(1 << active)
    removed[colour] += 1
    after = dataclasses.replace(position, copies=(copies[0], copies[1]), removed=(removed[0], removed[1]))
    return rules.Step(after, None, (Paradox(colour, active, target),))


def self_push_never_ends(line: Any, ruleset: Ruleset) -> bool:
    """self-push=ends read as self-push=paradox: the self-push must still be of the longest length."""
    return False


def self_push_weighs_one(line: Any, ruleset: Ruleset) -> int:
    """self-push=whole-turn read as self-push=ends: a self-push line counts its one action."""
    return len(line.actions)


def idle_copy_never_chosen(original: Callable[..., Any]) -> Callable[..., Any]:
    """copy-choice=free without its no-action turn while another copy can act."""

    def choice(position: Position, colour: Colour, ruleset: Ruleset) -> Any:
        found = original(position, colour, ruleset)
        return dataclasses.replace(found, no_action=not found.choosable)

    return choice


@cache
def variant_sample(directory: str) -> tuple[Position, ...]:
    """A tenth of the set, and for each other reading (the standard game, the other self-push
    variants) the first positions where the engine's answer under this variant differs from it,
    made with the real rules."""
    from properties.vector_check import ruleset_of, vector_positions

    positions = vector_positions(directory)
    ruleset = ruleset_of(directory)
    found = list(positions[::10])
    for other in (STANDARD, *(Ruleset(frozenset({v})) for v in ("self-push=paradox", "self-push=ends",
                                                                 "self-push=whole-turn"))):
        if other != ruleset:
            found += [p for p in positions if p.winner is None
                      and rules.successors(p, ruleset) != rules.successors(p, other)][:4]
    return tuple(dict.fromkeys(found))


def variant_differential_check(directory: str) -> h.Check:
    """The Z3 model under the variant agrees with the engine on every successor of a slice of the set."""
    from properties.differential import differences
    from properties.vector_check import ruleset_of

    def check() -> None:
        variants = frozenset(ruleset_of(directory).variants)
        for position in variant_sample(directory):
            for diff in differences(position, variants=variants)[:1]:
                raise AssertionError(diff)

    return check


def variant_kinds(directory: str) -> dict[str, h.Check]:
    from properties.vector_check import ruleset_of

    return {
        h.EXAMPLES: examples_check("variants.md"),
        h.VECTORS: vectors_check(directory),
        h.PERFT: fast_path_check(lambda: variant_sample(directory), ruleset_of(directory)),
        h.MACHINE: model_machine_check(directory),
        h.DIFFERENTIAL: variant_differential_check(directory),
    }


def _variant_mutants() -> tuple[h.Mutant, ...]:
    def v(name: str, directory: str, patch: Callable[[], Any], rule: str) -> h.Mutant:
        return h.Mutant(f"{directory}: {name}", "ttykm/variants", patch, variant_kinds(directory),
                        lambda: variant_sample(directory), rule)

    return (
        v("the struck copy survives", "self-push-paradox",
          lambda: patched(self_push_paradox=struck_copy_survives), "VARIANT.SELF-PUSH-PARADOX"),
        v("a self-push does not end the turn", "self-push-ends",
          lambda: patched(ends_actions=self_push_never_ends), "VARIANT.SELF-PUSH-ENDS"),
        v("a self-push weighs one action", "self-push-whole-turn",
          lambda: patched(weight=self_push_weighs_one), "VARIANT.SELF-PUSH-WHOLE-TURN"),
        v("no idle choice while a copy can act", "copy-choice-free",
          lambda: patched(choice=idle_copy_never_chosen(rules.choice)), "VARIANT.COPY-CHOICE-FREE"),
    )


def _memory_mutants() -> tuple[h.Mutant, ...]:
    from oracle.games.ttykm.rules import memory

    def m(name: str, patch: Callable[[], Any]) -> h.Mutant:
        return h.Mutant(f"Memory: {name}", "ttykm/memory", patch, MEMORY_KINDS, memory_sample)

    return (
        m("training passes a hatted version", lambda: patched_memory(apply_trained=training_through_hats)),
        m("a wild elephant obeys", lambda: patched_memory(commanded=any_elephant_obeys)),
        m("a command onto the other elephant",
          lambda: patched_memory(command_refusal=onto_the_other_elephant(memory.command_refusal))),
        m("two hats of one player on an era", lambda: patched_memory(put_hat=hat_left_behind)),
        m("a command reaches later eras", lambda: patched_memory(command=command_propagating(memory.command))),
    )


MUTANTS: tuple[h.Mutant, ...] = (
    _standard("paradox disabled", lambda: patched(push=broken_push(paradox=False, chain=True)), "MOVE.PUSH.PARADOX"),
    _standard("a chain stopping at the first copy", lambda: patched(push=broken_push(paradox=True, chain=False)),
              "MOVE.PUSH.CHAIN"),
    _standard("supply not decremented", lambda: patched(travel_backward=supply_not_spent(rules.travel_backward)),
              "TRAVEL.BACKWARD.SUPPLY"),
    _standard("the Focus allowed to stay", lambda: patched(focus_targets=focus_may_stay), "FOCUS.MOVE"),
    _standard("the win checked for the wrong player", lambda: patched(winner_after=win_for_wrong_player),
              "WIN.CHECK"),
    _standard("a 1-action turn allowed when 2 were possible",
              lambda: patched(copy_lines=one_action_too(rules.copy_lines)), "TURN.ACTION-COUNT"),
    _standard("moving onto your own copy allowed", lambda: patched(move=onto_own_copy(rules.move)), "MOVE.EMPTY"),
    _standard("travel ignoring an occupied square",
              lambda: patched(travel_forward=travel_over_anything(rules.travel_forward, SQUARES),
                              travel_backward=travel_over_anything(rules.travel_backward, -SQUARES)),
              "TRAVEL.FORWARD"),
    _growth("growth over a copy", lambda: patched(growth, grow=grow_over_copies)),
    _growth("a tree without its shrub", lambda: patched(growth, grow_shrub=shrub_always_recorded)),
    _growth("the dig cascade forgets fallen trees", lambda: patched(growth, remove_tree=standing_trees_only)),
    _growth("a falling tree spares White", lambda: patched(growth, crush=spare_the_mover(growth.crush))),
    _growth("the dug seed stays on the board", lambda: patched(growth, dig=seed_kept_on_dig)),
    _growth("a tree falls onto a shrub", lambda: patched(growth, can_fall=fall_onto_anything)),
    _growth("Plant reaches a diagonal square", lambda: patched(growth, reach=diagonal_reach(growth.reach))),
    *_variant_mutants(),
    *(h.Mutant(name, "ttykm/influence", patch, INFLUENCE_KINDS, prepare_influence)
      for name, patch in influence_mutants.MUTANTS),
    *_memory_mutants(),
    *(h.Mutant(name, "ttykm/pairs", patch, CONVERGENCE_KINDS, convergence_mutants.sample)
      for name, patch in convergence_mutants.MUTANTS),
)


def registered() -> tuple[h.Mutant, ...]:
    """Every mutant: TTYKM's, then each game folder's ``harness_mutants()``."""
    return MUTANTS + tuple(m for report in game_reports.game_reports()
                           if hasattr(report, "harness_mutants") for m in report.harness_mutants())


def _options(argv: list[str]) -> tuple[bool, set[str], set[str], set[str]] | str:
    markdown = False
    games: set[str] = set()
    kinds: set[str] = set()
    names: set[str] = set()
    it = iter(argv)
    for arg in it:
        if arg == "--markdown":
            markdown = True
        elif arg in ("--game", "--kind"):
            value = next(it, None)
            if value is None:
                return f"{arg} needs a value"
            (games if arg == "--game" else kinds).add(value)
        elif arg.startswith("--"):
            return f"unknown option {arg!r}"
        else:
            names.add(arg)
    return markdown, games, kinds, names


def main(argv: list[str]) -> int:
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    options = _options(argv)
    if isinstance(options, str):
        print(f"mutants: {options}", file=sys.stderr)
        return 2
    markdown, games, kinds, names = options
    everything = registered()
    problem = next((f"unknown game {g!r}" for g in games if g not in {m.game for m in everything}), None) \
        or next((f"unknown kind {k!r}; kinds: {', '.join(h.KINDS)}" for k in kinds if k not in h.KINDS), None) \
        or next((f"unknown mutant {n!r}" for n in names if n not in {m.name for m in everything}), None)
    if problem:
        print(f"mutants: {problem}", file=sys.stderr)
        return 2
    chosen = [m for m in everything if (not games or m.game in games) and (not names or m.name in names)]
    print(h.header(), flush=True)
    verdicts = []
    try:
        for mutant in chosen:
            verdict = h.judge(mutant, kinds or None)
            verdicts.append(verdict)
            print(h.row(verdict), flush=True)
    except KeyboardInterrupt:
        print(f"stopped after {len(verdicts)} of {len(chosen)} mutants", file=sys.stderr)
    print(h.footer(verdicts))
    if markdown:
        print("\n" + h.markdown(verdicts))
    survivors = sum(not v.is_caught for v in verdicts)
    if not games and not names and not kinds:
        survivors += sum(report.mutants() for report in game_reports.game_reports()
                         if not hasattr(report, "harness_mutants"))
    return 1 if survivors or len(verdicts) < len(chosen) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
