"""The engine against the independent model (`properties.time_chase.model`) on a fixed sample of positions.

The sample is made with the real rules, once: every ``EVERY``-th state of
seeded games (each machine's player count and variants, each aim of
`model_machine`), plus the **boundary positions**, the first state of those
games that meets each named condition of `BOUNDARIES` (a hand with the led
suit and one without, the last round, a bid limited by the crystals held and
one limited by position 0, an exhausted supply, ...), and two positions built
from them (`with_changed_trump`, `with_events_lost`).  At each state
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
from oracle.games.time_chase.validity import check_state
from properties import boundary_vectors
from properties.time_chase import bridge, model
from properties.time_chase.model_machine import AIMS, END_GAMES, MODEL_MACHINES, ModelMachine

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
# Reached by constructed positions (`with_changed_trump`): random and aimed play almost never gets there.
LAPSED = "a replayed event whose winning card no longer qualifies"
LOST = "the last card of the game, events once won and lost"
BOUNDARY_NAMES = (*BOUNDARIES, LAPSED, LOST)
LAPSED_SEARCH = 60


def with_changed_trump(s: State) -> State | None:
    """At a past event won by a trump played off-suit, where the traveller to play holds a card of the lead
    suit under the lead card, the same position with the Invariant swapped for an unused card of a third
    suit that nobody played there (a trump change, as position 0 would make it): the old winner no longer
    qualifies, and as the last to play there the traveller's low card takes the event (TC.REPLAY: the
    lead card does not compete).  None if the position has no such event, traveller or unused card."""
    if s.phase != "play" or s.at is None or s.at == 0 or s.at == s.round or s.invariant is None:
        return None
    slot, player = s.slot(s.at), engine.player_to_act(s)
    if slot.lead is None or slot.winning is None or slot.winning.suit == slot.lead.suit or player is None:
        return None
    if not any(c.suit == slot.lead.suit and c.rank < slot.lead.rank for c in s.hands[player]):
        return None  # the traveller must be able to play under the lead card: only then does its role show
    if len(engine.players_at(s, s.at)) != len(s.trick) + 1:
        return None  # and be the last to play there, so that the step resolves the event
    third = [c for c in s.unused if c.suit not in (slot.lead.suit, slot.winning.suit)
             and all(played.suit not in (c.suit, slot.lead.suit) for _, played in s.trick)]
    if not third:
        return None
    unused = tuple(sorted((*(c for c in s.unused if c != third[0]), s.invariant)))
    changed = replace(s, invariant=third[0], unused=unused, trump_void=False)
    check_state(changed)
    assert old_winner_lapsed(changed)
    return changed


def with_events_lost(s: State) -> State | None:
    """At the last card of round 10 that ends the game by TC.WIN.END, the same position where the player
    holding the fewest events had once won every event on the timeline (and lost them since): TC.WIN.END
    counts the events held now, so the winner must not change.  None if the position is not such a card."""
    if not BOUNDARIES["the last round, the last card"](s, Rules(players=s.players)):
        return None
    game, options = bridge.from_engine(s), bridge.options_of(Rules.parse(s.variants or "standard"))
    if any(model.play(game, card, options).ending != "TC.WIN.END" for card in model.playable(game, options)):
        return None  # the last card must end the game by TC.WIN.END (the model says so, whatever is played)
    fewest = min(range(s.players), key=lambda p: len(s.controlled(p)))
    everything = sum(1 << e for e in range(1, s.round + 1) if s.slot(e).lead is not None)
    won = tuple(w | everything if p == fewest else w for p, w in enumerate(s.won))
    changed = replace(s, won=won)
    check_state(changed)
    return changed


def old_winner_lapsed(s: State) -> bool:
    """At a past event being replayed, its winning card is now neither trump nor of the lead suit."""
    if s.phase != "play" or s.at is None or s.at == 0 or s.at == s.round:
        return False
    slot = s.slot(s.at)
    winning = slot.winning
    return slot.lead is not None and winning is not None and winning.suit not in (slot.lead.suit, s.trump)


def played_states(ruleset: Rules, seed: int, aim: str) -> list[State]:
    """Every state of one game played by ``aim``'s choices (`model_machine`), from the deal on."""
    from oracle.games.time_chase.game import GAME

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
    sampler = boundary_vectors.Sampler(EVERY)
    games: list[tuple[type[ModelMachine], int, str]] = [(m, s, a) for m in MODEL_MACHINES for s in SEEDS for a in AIMS]
    games += [(m, seed, aim) for m, seed, aim, _, _ in END_GAMES]
    for machine, seed, aim in games:
        ruleset = replace(Rules.parse(machine.variant), players=machine.players)
        for k, state in enumerate(played_states(ruleset, seed, aim)):
            sampler.offer(ruleset, state, k, BOUNDARIES, lambda name: BOUNDARIES[name](state, ruleset))  # noqa: B023
            sampler.built(LOST, ruleset, with_events_lost(state))
    for seed in range(100, 100 + LAPSED_SEARCH):  # more seeded games, until one gives the constructed position
        ruleset = Rules()
        changed = next((c for c in map(with_changed_trump, played_states(ruleset, seed, "random")) if c), None)
        if changed is not None:
            sampler.built(LAPSED, ruleset, changed)
            break
    return tuple(sampler.chosen), sampler.found


def check_sample() -> None:
    """Every sampled state: the engine's legal actions and successors are the model's."""
    states, _ = sample()
    rng = Random(5)
    for ruleset, state in states:
        bridge.compare_step(state, ruleset, rng)


def main() -> int:
    states, found = sample()
    return boundary_vectors.report(found, BOUNDARY_NAMES, len(states), check_sample,
                                   "the engine and the model agree on every legal action and successor")


if __name__ == "__main__":
    sys.exit(main())
