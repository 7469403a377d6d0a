"""The engine against the independent model (`properties.trois_ombres.model`) on a fixed sample of positions.

The sample is made with the real rules, once: every state of seeded games on
small tables, one game per aim of `model_machine` and seed, kept where the
model covers the step (`model_machine.in_the_model`), plus the **boundary
positions** of `BOUNDARIES` (the last hour, the first hour a bluff is allowed,
a Lieu shown with no revealable tile, a cubed tile, the last pair to make,
a face not yet accepted, ...), and one position built from them
(`with_a_cube_for_zacahire`).  At each, the engine's legal bluffs, reveals,
rerolls and looks must be the model's, and **every** legal bluff and reveal
must lead where the model says (the clock, the Agence and the result).

    python -m properties.trois_ombres.model_differential
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from dataclasses import replace
from functools import cache

from oracle.games.trois_ombres.actions import Illegal
from oracle.games.trois_ombres.components import LIEUX, Rules
from oracle.games.trois_ombres.rules import steps
from oracle.games.trois_ombres.state import State, initial_state
from oracle.games.trois_ombres.validity import check_state
from properties import boundary_vectors
from properties.trois_ombres import model
from properties.trois_ombres.model_machine import (
    AIMS,
    choose,
    compare_after,
    compare_hercule,
    compare_legal,
    compare_turning_trap,
    in_the_model,
)

TABLES = ((2, 2), (3, 3), (4, 4))  # (characters, players)
SEEDS = (21, 22)
EVERY = 5

Sample = tuple[tuple[Rules, State], ...]


def lieu_shown_empty(s: State) -> bool:
    face = s.turn.face
    return face in LIEUX and not any(loc[0] == face and not c.up and not c.cube for loc, c in s.board)


BOUNDARIES: dict[str, Callable[[State], bool]] = {
    "the last hour, the die rolled": lambda s: s.hour == model.LOSS_HOUR - 1 and s.turn.face is not None,
    "the last hour, before the roll": lambda s: s.hour == model.LOSS_HOUR - 1 and s.turn.face is None,
    "the first hour of bluffs": lambda s: s.hour == model.BLUFF_HOUR and s.turn.face is None,
    "the hour before bluffs": lambda s: s.hour == model.BLUFF_HOUR - 1 and s.turn.face is None,
    "a Lieu shown with no tile to reveal": lambda s: s.turn.accepted and not s.turn.begun and lieu_shown_empty(s),
    "a Lieu shown, its tile owed": lambda s: s.turn.accepted and s.turn.face in LIEUX and not lieu_shown_empty(s),
    "a cubed tile on the board": lambda s: s.turn.accepted and any(c.cube for _, c in s.board),
    "the second reveal": lambda s: s.turn.accepted and len(s.turn.revealed) == 1,
    "the last pair to make": lambda s: len(s.agency) == s.to_clear - 1 and len(s.turn.revealed) == 1,
    "a face not yet accepted": lambda s: s.turn.face is not None and not s.turn.accepted,
}


def played(rules: Rules, seed: int, aim: str) -> list[State]:
    """Every state of one game played by ``aim`` (the real rules, no checks)."""
    rng = random.Random(seed)
    state = initial_state(rules)
    deal = steps.apply(state, steps.sample_deal(state, rng, rules), rules)
    assert not isinstance(deal, Illegal)
    state, states = deal[0], []
    while state.result is None:
        states.append(state)
        result = steps.apply(state, choose(state, steps.legal_actions(state, rules), aim, rng), rules)
        assert not isinstance(result, Illegal)
        state = result[0]
    return states


def with_a_cube_for_zacahire(s: State) -> State | None:
    """Zacahire's look still to take, the same position with a Hercule cube from the supply on a face-down
    tile (as a Hercule trap would throw it): he alone may look under it (OMBRES.ABILITY.ZACAHIRE)."""
    if s.investigators[s.current] != "zacahire" or s.turn.face is None or s.turn.begun or s.cubes == 0:
        return None
    if "zacahire" in s.turn.used:
        return None
    spot = next((loc for loc, c in s.board if not c.up and not c.cube and c.clue is None), None)
    if spot is None:
        return None
    board = tuple((loc, replace(c, cube=True) if loc == spot else c) for loc, c in s.board)
    changed = replace(s, board=board, cubes=s.cubes - 1)
    check_state(changed)
    return changed


ZACAHIRE = "Zacahire's look with a cubed tile"
BOUNDARY_NAMES = (*BOUNDARIES, ZACAHIRE)


@cache
def sample() -> tuple[Sample, dict[str, int]]:
    """The sampled states the model covers, with the index of each boundary's first state."""
    sampler = boundary_vectors.Sampler(EVERY)
    for characters, players in TABLES:
        rules = Rules.parse(f"players={players}+characters={characters}+slots={max(characters, 3)}")
        for seed in SEEDS:
            for aim in AIMS:
                for k, state in enumerate(s for s in played(rules, seed, aim) if in_the_model(s)):
                    sampler.offer(rules, state, k, BOUNDARIES, lambda name: BOUNDARIES[name](state))  # noqa: B023
                    sampler.built(ZACAHIRE, rules, with_a_cube_for_zacahire(state))
    return tuple(sampler.chosen), sampler.found


def check_sample() -> None:
    """At every sampled state: the legal sets, and every bluff and reveal's outcome, are the model's."""
    states, _ = sample()
    for rules, state in states:
        legal = steps.legal_actions(state, rules)
        compare_legal(state, legal)
        for action in legal:
            if action.verb not in ("bluff", "reveal"):
                continue
            result = steps.apply(state, action, rules)
            assert not isinstance(result, Illegal), f"a listed action is illegal: {action}"
            compare_after(state, action, result[0])
            compare_hercule(state, action, result[0])
            compare_turning_trap(state, action, result[0])


def main() -> int:
    states, found = sample()
    return boundary_vectors.report(found, BOUNDARY_NAMES, len(states), check_sample,
                                   "the engine and the model agree on every legal set and outcome")


if __name__ == "__main__":
    sys.exit(main())
