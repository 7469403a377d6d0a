"""The engine against the independent model (`properties.time_chase.model`) on a fixed sample of positions.

The sample is made with the real rules, once: every ``EVERY``-th state of
seeded games (each machine's player count and variants, each aim of
`model_machine`), plus the **boundary positions**, the first state of those
games that meets each named condition of `BOUNDARIES` (a hand with the led
suit and one without, the last round, a bid limited by the crystals held and
one limited by position 0, an exhausted supply, ...).  At each state
`bridge.compare_step` compares the legal actions and every successor.

    python -m properties.time_chase.model_differential

prints the sample's size, the boundaries found, and any difference.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from random import Random

from oracle.games.time_chase import rules as engine
from oracle.games.time_chase.actions import Action
from oracle.games.time_chase.ruleset import Rules
from oracle.games.time_chase.state import State
from properties.time_chase import bridge
from properties.time_chase.model_machine import AIMS, MODEL_MACHINES

EVERY = 7
SEEDS = (11, 12)

Sample = tuple[tuple[Rules, State], ...]


def holds_led_suit(s: State, r: Rules) -> bool | None:
    """At a played position with a suit to follow: whether the player to act holds it (None: no such step)."""
    if s.phase != "play" or s.at is None:
        return None
    suit = engine.suit_to_follow(s, r)
    player = engine.player_to_act(s)
    if suit is None or player is None:
        return None
    return any(c.suit == suit for c in s.hands[player])


def bid_bound(s: State, which: str) -> bool:
    if s.phase != "bid":
        return False
    if which == "crystals":
        return any(0 < c < s.round for c in s.crystals)
    return any(c >= s.round for c in s.crystals)


BOUNDARIES: dict[str, Callable[[State, Rules], bool]] = {
    "a card of the led suit in hand": lambda s, r: holds_led_suit(s, r) is True,
    "no card of the led suit in hand": lambda s, r: holds_led_suit(s, r) is False,
    "a past event replayed": lambda s, r: s.phase == "play" and s.at is not None and 0 < s.at < s.round
    and s.slot(s.at).lead is not None,
    "an empty past event led": lambda s, r: s.phase == "play" and s.at is not None and 0 < s.at < s.round
    and s.slot(s.at).lead is None,
    "position 0, one player": lambda s, r: s.phase == "play" and s.at == 0 and s.pawns.count(0) == 1,
    "position 0, several players": lambda s, r: s.phase == "play" and s.at == 0 and s.pawns.count(0) > 1,
    "position 0 after a paradox": lambda s, r: s.phase == "play" and s.at == 0 and s.trump_void,
    "the last round, the last card": lambda s, r: s.phase == "play" and s.round == 10
    and sum(len(h) for h in s.hands) == 1,
    "a bid limited by the crystals held": lambda s, r: bid_bound(s, "crystals"),
    "a bid limited by position 0": lambda s, r: bid_bound(s, "zero"),
    "a player with no crystal": lambda s, r: s.phase == "bid" and s.round > 1 and 0 in s.crystals,
    "an exhausted supply": lambda s, r: r.fuel_supply is not None and s.phase != "deal"
    and sum(s.crystals) == r.fuel_supply,
    "a player one event from three": lambda s, r: s.phase == "play"
    and any(len(s.controlled(p)) == 2 for p in range(s.players)),
}


def played_states(ruleset: Rules, seed: int, aim: str) -> list[State]:
    """Every state of one game played by ``aim``'s choices (`model_machine`), from the deal on."""
    from oracle.games.time_chase.game import GAME
    from properties.time_chase.model_machine import ModelMachine

    machine = type("Sampler", (ModelMachine,), {"players": ruleset.players, "variant": ruleset.name})()
    machine.ruleset = ruleset
    states: list[State] = []
    original = machine.apply

    def recording(action: Action) -> None:
        original(action)
        states.append(machine.state)

    machine.apply = recording
    machine.deal_and_play(seed, aim)
    assert GAME.outcome(machine.state) is not None
    return states


@cache
def sample() -> tuple[Sample, dict[str, int]]:
    """The sampled states and the boundary states (made with the rules in force when first called);
    with the index in the sample of each boundary's first state."""
    chosen: list[tuple[Rules, State]] = []
    found: dict[str, int] = {}
    for machine in MODEL_MACHINES:
        ruleset = replace(Rules.parse(machine.variant), players=machine.players)
        for seed in SEEDS:
            for aim in AIMS:
                for k, state in enumerate(played_states(ruleset, seed, aim)):
                    boundary = [name for name, test in BOUNDARIES.items() if name not in found and test(state, ruleset)]
                    if k % EVERY == 0 or boundary:
                        for name in boundary:
                            found[name] = len(chosen)
                        chosen.append((ruleset, state))
    return tuple(chosen), found


def check_sample() -> None:
    """Every sampled state: the engine's legal actions and successors are the model's."""
    states, _ = sample()
    rng = Random(5)
    for ruleset, state in states:
        bridge.compare_step(state, ruleset, rng)


def main() -> int:
    states, found = sample()
    print(f"{len(states)} states; boundaries reached: {len(found)} of {len(BOUNDARIES)}")
    for name in BOUNDARIES:
        print(f"  {'found' if name in found else 'MISSING':<8} {name}")
    check_sample()
    print("the engine and the model agree on every legal action and successor")
    return 0 if len(found) == len(BOUNDARIES) else 1


if __name__ == "__main__":
    sys.exit(main())
