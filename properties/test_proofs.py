"""Every theorem is proved, and the proof machinery can fail: false claims
get a counterexample, printed as a valid position."""

from __future__ import annotations

import re

import pytest
import z3

from oracle.games.ttykm.notation import parse_position
from properties import z3model as zm
from properties.theorems import THEOREMS, Theorem, one, prove, some_action_breaks, some_path_breaks
from tests.test_traceability import spec_ids


@pytest.mark.parametrize("theorem", THEOREMS, ids=lambda t: t.name)
def test_theorem_is_proved(theorem: Theorem) -> None:
    result = prove(theorem)
    assert result.proved, f"{theorem.name}: {result.counterexample or result.unknown}"


def test_theorems_cite_real_rules() -> None:
    known = set(spec_ids())
    assert len({t.name for t in THEOREMS}) == len(THEOREMS)
    for theorem in THEOREMS:
        assert theorem.rules and set(theorem.rules) <= known, theorem.name


FALSE_CLAIMS = (
    Theorem("supply-never-changes", ("TRAVEL.BACKWARD",), "",
            lambda: some_action_breaks(lambda b, c: c.outcome.after.supply[c.mover] == b.supply[c.mover])),
    Theorem("nothing-is-ever-removed", ("MOVE.PUSH.CRUSH",), "",
            lambda: some_path_breaks(lambda b, a, m: z3.And(a.removed[0] == b.removed[0],
                                                            a.removed[1] == b.removed[1]))),
    Theorem("the-mover-never-wins", ("WIN.CHECK",), "",
            lambda: some_path_breaks(lambda b, a, m: a.status < 2)),
    Theorem("a-copy-is-always-on-the-focus-era", ("TURN.NO-COPY",), "",
            lambda: one(z3.And(zm.valid(zm.symbolic_models()[0]),
                               z3.Not(z3.Or(list(zm.symbolic_models()[2][0].on_focus)))))),
)


@pytest.mark.parametrize("claim", FALSE_CLAIMS, ids=lambda t: t.name)
def test_false_claims_get_a_counterexample(claim: Theorem) -> None:
    result = prove(claim)
    assert not result.proved
    position = result.counterexample.split("  (")[0]
    parse_position(position)  # a valid position in the project's notation
    assert re.search(r"turn=|winner=", position)
