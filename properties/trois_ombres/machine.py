"""A Hypothesis state machine that plays *L'heure des 3 ombres* with random legal actions and random chance.

Small tables (2 to 4 characters, 2 to 4 players, any variants) so that
games end within a run; every action is checked by `checks.check_transition`.
Each run draws an aim of `model_machine.AIMS` (random play, or steered to a
win, a loss at 12 h, a bluff won or lost) and the clock's start
(``clock-start``, often late) so that a run of a few hundred actions reaches
every end clause.

`ShortPiles` plays the same games from a deal whose 3ID deck, Limbes deck
and trap pile keep a card or two, the others in their discards, so that
every pile runs out and takes its discard within a run; `RESHUFFLES` counts
the reshuffles the machines played, by clause.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, rule

from oracle.games.trois_ombres.actions import Action, Illegal
from oracle.games.trois_ombres.components import VARIANTS, Rules
from oracle.games.trois_ombres.rules import steps
from oracle.games.trois_ombres.state import State, initial_state
from oracle.games.trois_ombres.validity import check_state
from properties.trois_ombres.checks import check_transition
from properties.trois_ombres.model_machine import AIMS, choose

VARIANT_NAMES = sorted(VARIANTS)
RESHUFFLES: Counter[str] = Counter()


def apply_checked(state: State, action: Action, rules: Rules) -> State:
    result = steps.apply(state, action, rules)
    assert not isinstance(result, Illegal), f"a listed action is illegal: {action}: {result}"
    after, events = result
    check_transition(state, action, after, events)
    RESHUFFLES.update(event.rule for event in events if event.kind == "reshuffle")
    return after


class Play(RuleBasedStateMachine):
    """Plays until the game ends, then starts a new one."""

    def __init__(self) -> None:
        super().__init__()
        self.game_rules = Rules()
        self.state = initial_state(self.game_rules)
        self.aim = "random"

    @initialize(
        players=st.integers(2, 4),
        characters=st.integers(2, 4),
        slots=st.integers(2, 9),
        variants=st.sets(st.sampled_from(VARIANT_NAMES), max_size=3),
        seed=st.integers(0, 2**32),
        aim=st.sampled_from(AIMS),
        clock_start=st.sampled_from((0, 6, 9, 10, 11)),
    )
    def deal(self, players: int, characters: int, slots: int, variants: set[str], seed: int, aim: str,
             clock_start: int) -> None:
        slots = max(slots, characters)  # room for the 4 * characters - 1 tiles dealt
        self.aim = aim
        setup = [f"players={players}", f"characters={characters}", f"slots={slots}", f"clock-start={clock_start}"]
        self.game_rules = Rules.parse("+".join([*setup, *sorted(variants)]))
        self.start(seed)

    def start(self, seed: int) -> None:
        state = initial_state(self.game_rules)
        deal = steps.sample_deal(state, random.Random(seed), self.game_rules)
        self.state = apply_checked(state, deal, self.game_rules)

    # One rule, always enabled: a rule whose precondition fails makes Hypothesis retry and give up the run.
    @rule(pick=st.integers(0, 2**16), avoid_bluff=st.booleans(), seed=st.integers(0, 2**32))
    def act(self, pick: int, avoid_bluff: bool, seed: int) -> None:
        if self.state.result is not None:
            self.again(seed)
            return
        options = steps.legal_actions(self.state, self.game_rules)
        assert options, f"nobody can act although the game goes on: {self.state.steps}"
        if self.aim != "random":
            action = choose(self.state, options, self.aim, random.Random(pick))
        else:
            if avoid_bluff:
                options = [a for a in options if a.verb != "bluff"] or options
            action = options[pick % len(options)]
        self.state = apply_checked(self.state, action, self.game_rules)

    def again(self, seed: int) -> None:
        assert steps.legal_actions(self.state, self.game_rules) == [], "an ended game has legal actions"
        self.start(seed)


def cut_short(state: State, left: int, rng: random.Random) -> State:
    """``state`` with its 3ID deck, Limbes deck and trap pile down to ``left`` cards each, drawn by ``rng``,
    the others in their discards."""
    id_deck, id_discard = split(state.id_deck, left, rng)
    limbes_deck, limbes_discard = split(state.limbes_deck, left, rng)
    traps, trap_discard = split(state.traps, left, rng)
    return replace(state, id_deck=id_deck, id_discard=id_discard, limbes_deck=limbes_deck,
                   limbes_discard=limbes_discard, traps=traps, trap_discard=trap_discard)


def split(cards: tuple[str, ...], left: int, rng: random.Random) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``left`` of ``cards`` drawn by ``rng``, and the others, each sorted as a pile is."""
    kept = sorted(rng.sample(cards, min(left, len(cards))))
    return tuple(kept), tuple(sorted((Counter(cards) - Counter(kept)).elements()))


class ShortPiles(Play):
    """Plays from deals whose piles keep none, one or two cards (by the seed), so that each pile is
    reshuffled (OMBRES.ID.DRAW, OMBRES.LIMBES.DRAW, OMBRES.TRAP.PILE)."""

    def start(self, seed: int) -> None:
        super().start(seed)
        self.state = cut_short(self.state, seed % 3, random.Random(seed))
        check_state(self.state)


# The runs from short piles, the same every time: ten games or parts of games reshuffle every pile.
SHORT_RUNS = settings(max_examples=10, stateful_step_count=100, derandomize=True, deadline=None, database=None,
                      phases=(Phase.generate,), suppress_health_check=list(HealthCheck))
