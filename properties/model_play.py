"""Model-based state machines: random legal play, the engine checked against an independent
model after every step.

In the standard game and under each of its variants (self-push=paradox, =ends, =whole-turn,
copy-choice=free), after every turn the engine's set of legal turns and the position each
one leads to must equal the Z3 model's (`properties.differential`: the model's turns are
enumerated by the solver, their outcomes executed from the model).  In the chapters and the
pairs, after every turn every action of every copy of either colour is resolved by the engine
and by the chapter's model, and the two must agree: Growth's line and column model
(`properties.growth_differential`), Memory's elephant layer (`properties.memory_differential`),
and for Influence and the pairs the order-of-effects model of what an action carries to the
later eras (`properties.effects_engine`).

A run starts from a position of the committed vector set (never a filtered draw, so no run is
invalid), plays random legal turns (a winning turn, when there is one, half the time, so that
runs reach the game's end), and starts again from another vector position when a game is won.
Each machine counts the positions it checked and the games it saw end.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from oracle.games.ttykm.notation import format_position
from oracle.games.ttykm.rules.standard import apply_turn, successors
from oracle.games.ttykm.ruleset import STANDARD, Ruleset
from oracle.games.ttykm.state import Position
from properties.checks import check_position_invariants
from properties.vector_check import ruleset_of, vector_positions

Compare = Callable[[Position], list[str]]


def standard_differences(position: Position) -> list[str]:
    from properties.differential import differences

    return differences(position)


def growth_differences(position: Position) -> list[str]:
    from properties.growth_differential import differences

    return list(differences(position))[:1]


@cache
def _memory_model() -> object:
    from properties.memory_differential import Model

    return Model(r2=False)


def memory_differences(position: Position) -> list[str]:
    from properties.memory_differential import MEMORY, Model, differences

    model = _memory_model()
    assert isinstance(model, Model)
    return differences(position, model, MEMORY)[:1]


def effects_differences(rules: str) -> Compare:
    def compare(position: Position) -> list[str]:
        from properties.effects_engine import differential

        return differential([position], rules)

    return compare


def variant_differences(variants: frozenset[str]) -> Compare:
    def compare(position: Position) -> list[str]:
        from properties.differential import differences

        return differences(position, variants=variants)

    return compare


@cache
def starts(directory: str) -> tuple[Position, ...]:
    """The set's positions with a player to move that have a legal turn."""
    ruleset = ruleset_of(directory)
    return tuple(p for p in vector_positions(directory) if p.winner is None and successors(p, ruleset))


class ModelPlay(RuleBasedStateMachine):
    """Random legal play; the model is asked after every turn."""

    ruleset: Ruleset = STANDARD
    vectors: str = "standard"
    compare: Compare = staticmethod(standard_differences)
    checked: int = 0  # turns checked against the model, over every run of the class
    ended: int = 0  # games won during the runs

    def __init__(self) -> None:
        super().__init__()
        self.position = Position.start()

    @initialize(data=st.data())
    def begin(self, data: st.DataObject) -> None:
        self.position = data.draw(st.sampled_from(starts(self.vectors)), label="start")
        self.agree()

    def agree(self) -> None:
        if self.position.winner is not None and self.ruleset.chapters:
            return  # the chapters' models are of actions; a won position has none (`play` checks it)
        problems = type(self).compare(self.position)
        assert not problems, f"{format_position(self.position)}: {problems[0]}"
        type(self).checked += 1

    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        if self.position.winner is not None:
            assert not successors(self.position, self.ruleset), "a won game has legal turns"
            type(self).ended += 1
            self.position = data.draw(st.sampled_from(starts(self.vectors)), label="restart")
        else:
            options = successors(self.position, self.ruleset)
            assert options, f"no legal turn in {format_position(self.position)} although nobody has won"
            winning = [option for option in options if option[1].winner is not None]
            take: bool = bool(winning) and data.draw(st.booleans(), label="take the win")
            if take:  # so that runs reach the end
                options = winning
            turn, after = data.draw(st.sampled_from(options), label="turn")
            assert apply_turn(self.position, turn, self.ruleset).position == after
            self.position = after
        self.agree()

    @invariant()
    def valid(self) -> None:
        check_position_invariants(self.position)


def machine(directory: str) -> type[ModelPlay]:
    """The model-based machine of the ruleset of the vector set ``vectors/<directory>``: the
    standard game, a variant of it, a chapter or a pair."""
    ruleset = ruleset_of(directory)
    compare = {"standard": standard_differences, "growth": growth_differences, "memory": memory_differences}.get(
        directory) or (variant_differences(ruleset.variants) if not ruleset.chapters
                       else effects_differences(ruleset.name))
    return type(f"ModelPlay_{directory.replace('+', '_').replace('-', '_')}", (ModelPlay,), {
        "ruleset": ruleset, "vectors": directory, "compare": staticmethod(compare), "checked": 0, "ended": 0})


VARIANT_SETS = ("self-push-paradox", "self-push-ends", "self-push-whole-turn", "copy-choice-free")
RULESETS = ("standard", *VARIANT_SETS, "growth", "influence", "memory", "growth+influence", "growth+memory",
            "influence+memory")
MACHINES = {rules: machine(rules) for rules in RULESETS}


def run(rules: str, examples: int, steps: int) -> tuple[int, int]:
    """Run the machine of ``rules`` with fixed randomness; (positions checked, games ended)."""
    from hypothesis import HealthCheck, Phase, settings
    from hypothesis.stateful import run_state_machine_as_test

    chosen = MACHINES[rules]
    chosen.checked = chosen.ended = 0
    run_state_machine_as_test(chosen, settings=settings(
        max_examples=examples, stateful_step_count=steps, derandomize=True, database=None, deadline=None,
        phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck)))
    return chosen.checked, chosen.ended
