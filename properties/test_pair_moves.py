"""The acting era of a copy's own Move where two chapters meet (a copy pushing a statue onto a seed or into
a tree, a copy pushed against an elephant, ...): the independent model `effects_z3.move_into` against the
engine on every Move of every copy of either colour, in the mutation harness's positions of each pair (the
first 25 of each in the quick tier, the 80 in the slow tier; the harness runs the 80 on every pair mutant)."""

from __future__ import annotations

from collections import Counter

import pytest

from oracle.games.ttykm.board import SQUARES
from oracle.games.ttykm.scene import Scene
from oracle.games.ttykm.state import Position
from properties import convergence_mutants
from properties import effects_z3 as model
from properties.effects_engine import PAIRS, differential, move_cases, move_differential, worlds

NAMES = {model.EMPTY: "nothing", model.WHITE: "a copy", model.BLACK: "a copy", model.SHRUB: "a shrub",
         model.TREE: "a tree", model.DARK: "an elephant", model.LIGHT: "an elephant"}


QUICK = 25


@pytest.mark.parametrize("pair", PAIRS)
def test_the_model_and_the_engine_agree_on_every_move(pair: str) -> None:
    assert move_differential(convergence_mutants.sample()[pair][:QUICK], pair) == []


@pytest.mark.slow
@pytest.mark.parametrize("pair", PAIRS)
def test_the_model_and_the_engine_agree_on_every_move_of_the_whole_sample(pair: str) -> None:
    assert move_differential(convergence_mutants.sample()[pair], pair) == []


def what_is_entered() -> Counter[str]:
    """What the Moves of the sample meet on the square they enter, and beyond it."""
    met: Counter[str] = Counter()
    for positions in convergence_mutants.sample().values():
        for position in positions[:QUICK]:
            for case in move_cases(position):
                world = worlds(Scene(position, case.active))[case.active // SQUARES]
                t = model.BOARD.beyond(case.active % SQUARES, case.action.value)
                if t is None:
                    continue
                v = world.solid[t]
                met[NAMES.get(v, "a statue" if v in model.STATUES else "a fallen tree")] += 1
                met["a seed"] += world.seed[t]
                u = model.BOARD.beyond(t, case.action.value)
                if u is not None and v in model.STATUES:
                    met["a statue onto a seed"] += world.seed[u]
                    met["a statue into a tree"] += world.solid[u] == model.TREE
    return met


def statue_onto_seed(position: Position) -> bool:
    """Whether a copy of ``position`` can push a statue onto a seed in the past or the present."""
    for case in move_cases(position):
        era = case.active // SQUARES
        world = worlds(Scene(position, case.active))[era]
        t = model.BOARD.beyond(case.active % SQUARES, case.action.value)
        u = None if t is None else model.BOARD.beyond(t, case.action.value)
        if era < 2 and t is not None and u is not None and world.solid[t] in model.STATUES and world.seed[u]:
            return True
    return False


def test_the_sample_reaches_every_branch_of_the_model() -> None:
    met = what_is_entered()
    for branch in ("nothing", "a copy", "a shrub", "a tree", "a fallen tree", "a statue", "an elephant", "a seed",
                   "a statue onto a seed", "a statue into a tree"):
        assert met[branch] > 0, f"no Move of the sample meets {branch}"


def test_the_differential_notices_a_broken_model(monkeypatch: pytest.MonkeyPatch) -> None:
    """Break the model's statue push (its move not recorded): the differential must notice."""
    original = model.record
    monkeypatch.setattr(model, "record", lambda w, e: None if e.kind == "StatueMoved" else original(w, e))
    assert move_differential(convergence_mutants.sample()["influence+memory"][:QUICK], "influence+memory")


def test_only_the_move_model_catches_its_mutant() -> None:
    """The harness's mutant "a copy pushes a statue onto a seed, its removal unrecorded": the order-of-effects
    differential takes the engine's records as given and agrees; the acting-era Move model does not."""
    positions = [p for p in convergence_mutants.sample()["growth+influence"] if statue_onto_seed(p)]
    assert positions
    with convergence_mutants.pushed_statue_seed_unrecorded():
        assert move_differential(positions, "growth+influence")
        assert differential(positions, "growth+influence") == []
