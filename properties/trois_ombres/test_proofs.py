"""Z3 proves the theorems about the model of L'heure des 3 ombres, and the model admits every turn the engine plays."""

from __future__ import annotations

import itertools

import pytest
import z3

from oracle.games.trois_ombres.actions import Illegal
from oracle.games.trois_ombres.components import Rules
from oracle.games.trois_ombres.state import State
from oracle.games.trois_ombres.team import play_game
from properties.trois_ombres.theorems import THEOREMS, Break, Theorem, proved, refuted_under
from properties.trois_ombres.z3model import Counts, Table, lex_greater, measure, step


@pytest.mark.parametrize("theorem", THEOREMS, ids=[t.name for t in THEOREMS])
def test_theorem(theorem: Theorem) -> None:
    ok, counterexample = proved(theorem)
    assert ok, f"{theorem.statement}: counterexample {counterexample}"


BROKEN = [(t, b) for t in THEOREMS for b in t.breaks]


@pytest.mark.parametrize(("theorem", "broken"), BROKEN, ids=[f"{t.name}: {b.name}" for t, b in BROKEN])
def test_theorem_fails_under_its_break(theorem: Theorem, broken: Break) -> None:
    """Each theorem has teeth: a named misreading put into the model makes Z3 find a counterexample."""
    assert refuted_under(theorem, broken), f"{theorem.name} still proves with '{broken.name}'"
    assert proved(theorem)[0], "the break was not undone"


def test_every_theorem_names_a_break() -> None:
    assert all(t.breaks for t in THEOREMS)


def test_every_model_clause_is_constrained_or_justified() -> None:
    """Dropping any clause of any kind of turn makes some theorem fail, but for the clauses justified."""
    from properties.trois_ombres.theorems import JUSTIFIED, unconstrained

    assert sorted(unconstrained()) == sorted(JUSTIFIED), "a clause no theorem constrains: add a theorem or justify it"


def counts_of(state: State) -> dict[str, int | bool]:
    """The model's counts read off an engine state at the start of a turn."""
    return {
        "h": state.hour, "L": len(state.limbes_deck), "c": len(state.agency),
        "t": sum(1 for _, cell in state.board if not cell.tile[0].isdigit()),
        "o": sum(o == "archeoscript" for o in state.objets), "a": 1 if state.turn.archeo == 1 else 0,
        "over": state.result is not None,
    }


def turn_starts(rules: Rules, seed: int, forget: float) -> list[tuple[State, bool]]:
    """The state at the start of each turn of a team game, and the last state (with whether a bluff ended it)."""
    from oracle.games.trois_ombres.rules import steps

    final, actions = play_game(rules, seed, forget)
    from oracle.games.trois_ombres.state import initial_state

    state = initial_state(rules)
    starts = []
    for action in actions:
        result = steps.apply(state, action, rules)
        assert not isinstance(result, Illegal)
        state, events = result
        if any(e.kind in ("next", "deal") for e in events):
            starts.append((state, False))
    starts.append((final, actions[-1].verb == "bluff"))
    return starts


@pytest.mark.parametrize(("seed", "forget"), [(1, 0.0), (2, 0.3), (3, 0.6)])
def test_the_model_admits_every_engine_turn(seed: int, forget: float) -> None:
    rules = Rules()
    k = Table(to_clear=13, limbes=15, traps=len(rules.setup.traps()), archeoscripts=1)
    s, n = Counts.named("0"), Counts.named("1")
    relation = step(s, n, k)
    progress = lex_greater(measure(n), measure(s))
    starts = turn_starts(rules, seed, forget)
    for (before, _), (after, bluffed) in itertools.pairwise(starts):
        if bluffed:
            continue
        values = [(getattr(s, f), counts_of(before)[f]) for f in ("h", "L", "c", "t", "o", "a", "over")]
        values += [(getattr(n, f), counts_of(after)[f]) for f in ("h", "L", "c", "t", "o", "a", "over")]
        pairs = [(var, z3.BoolVal(v) if isinstance(v, bool) else z3.IntVal(v)) for var, v in values]
        assert z3.is_true(z3.simplify(z3.substitute(relation, *pairs))), f"the model refuses {values}"
        if not counts_of(after)["over"]:
            assert z3.is_true(z3.simplify(z3.substitute(progress, *pairs)))
