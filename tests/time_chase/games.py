"""Seeded random Time Chase games for the tests: every state and action along the way."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from random import Random

from oracle.games.time_chase.actions import Action
from oracle.games.time_chase.game import GAME
from oracle.games.time_chase.ruleset import Rules
from oracle.games.time_chase.state import State


@dataclass(frozen=True)
class Step:
    before: State
    action: Action
    after: State


def random_game(seed: int, rules: Rules) -> Iterator[Step]:
    """Play one game with uniformly random legal choices, drawn from ``seed``."""
    rng = Random(seed)
    state = GAME.initial_state(rules)
    while (mover := GAME.to_act(state)).kind != "over":
        if mover.kind == "chance":
            action = GAME.sample_chance(state, rules, rng)
        elif mover.kind == "simultaneous":
            choices = {p: rng.choice(GAME.legal_actions(state, rules, p)) for p in mover.players}
            action = GAME.joint_action(state, choices)
        else:
            action = rng.choice(GAME.legal_actions(state, rules))
        after = GAME.apply(state, action, rules).state
        yield Step(state, action, after)
        state = after
