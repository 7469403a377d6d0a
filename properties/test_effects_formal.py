"""The order of effects (EFFECTS.*): the Z3 theorems of the independent
model `properties.effects_z3`, and the differential check of that model
against the engine on 300 positions of each Convergence pair, every action of
every copy.  `./dev prove` proves the same theorems on more boards."""

from __future__ import annotations

from functools import cache

import pytest

from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import Position
from properties import effects_z3 as model
from properties.effects_engine import PAIRS, cases, compare, differential, pair_positions
from tests.test_traceability import spec_ids


@cache
def sample(pair: str) -> tuple[Position, ...]:
    return tuple(pair_positions(pair, 300, seed=1))


@pytest.mark.parametrize("theorem", model.EFFECTS_THEOREMS, ids=lambda t: t.name)
def test_theorem_is_proved(theorem: model.EffectsTheorem) -> None:
    assert model.prove_effects(theorem, every_board=False) is None, theorem.statement


def test_theorems_cite_real_rules() -> None:
    known = set(spec_ids())
    for theorem in model.EFFECTS_THEOREMS:
        assert theorem.rules and set(theorem.rules) <= known, theorem.name


FALSE_CLAIMS = {
    "an effect makes at most 2L events": model.one_effect(lambda b, a, e, line: a.events <= 2 * line),
    "no effect ever kills a copy": model.one_effect(lambda b, a, e, line: a.removed[0] + a.removed[1] == 0),
    "no effect removes a seed": model.one_effect(lambda b, a, e, line: a.supply == 0),
}


@pytest.mark.parametrize("name", FALSE_CLAIMS)
def test_a_false_claim_gets_a_counterexample(name: str) -> None:
    assert FALSE_CLAIMS[name](False) is not None


@pytest.mark.parametrize("pair", PAIRS)
def test_the_model_and_the_engine_agree_on_300_positions(pair: str) -> None:
    positions = sample(pair)
    assert len(set(positions)) == 300
    assert differential(positions, pair) == []


def test_the_model_and_the_engine_agree_in_recorded_order() -> None:
    """Under the variant effect-order=recorded too (VARIANT.EFFECT-ORDER-RECORDED)."""
    assert differential(sample("growth+influence")[:100], "growth+influence", recorded_order=True) == []


def test_the_sample_is_where_the_order_of_phases_matters() -> None:
    """The differential sample is not trivial: on some of its actions the
    phases give another result than the recorded order (rulings K3, K4)."""
    pair = "growth+influence"
    ruleset = Ruleset.parse(pair)
    differs = sum(compare(case, ruleset, recorded_order=True) is not None
                  for position in sample(pair) for case in cases(position))
    assert differs >= 5
