"""Hypothesis state machines that play Time Chase through the common interface and check its invariants.

A machine deals from a drawn seed, then draws every sealed bid and every card
play from the legal actions, and after each step checks the invariants of the
issue against the state and against a ledger kept from the events alone:

* every card is in exactly one place (a hand, an event, the trick, the
  Invariant, the discard or the unused cards) and the removed ranks nowhere;
* crystals held = gained - spent, and the ledger's income + low-card crystals
  - bids agrees; with a 30-crystal supply, the players never hold more;
* at most one token per event, and the tokens on the timeline are those the
  token events put there;
* nobody holds more than three events, and three only when the game is over;
* every player plays exactly one card in every completed round.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from random import Random
from typing import TypeVar

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from oracle.games.time_chase.actions import Action
from oracle.games.time_chase.cards import HAND_SIZE, deck
from oracle.games.time_chase.events import Event
from oracle.games.time_chase.game import GAME
from oracle.games.time_chase.ruleset import Rules
from oracle.games.time_chase.state import State, placed_cards
from oracle.games.time_chase.validity import check_state

SUPPLY = 30


class TimeChaseMachine(RuleBasedStateMachine):
    """Plays one game per run; subclasses set ``players`` and ``variant``."""

    players = 4
    variant = "standard"

    def __init__(self) -> None:
        super().__init__()
        self.ruleset = replace(Rules.parse(self.variant), players=self.players)
        self.state: State = GAME.initial_state(self.ruleset)
        self.crystals = [0] * self.players
        self.tokens: dict[int, int] = {}
        self.plays: list[Counter[int]] = []
        self.problems: list[str] = []

    def record(self, events: tuple[Event, ...]) -> None:
        for event in events:
            p = event.player
            if event.kind == "income" and p is not None and event.amount is not None:
                self.crystals[p] += event.amount
            elif event.kind == "crystal" and p is not None:
                self.crystals[p] += 1
            elif event.kind == "bids":
                for player, amount in enumerate(event.amounts):
                    self.crystals[player] -= amount
            elif event.kind == "token" and p is not None and event.position is not None:
                if event.position in self.tokens:
                    self.problems.append(f"a second token on event {event.position}")
                self.tokens[event.position] = p
            elif event.kind == "token-back" and event.position is not None:
                if self.tokens.pop(event.position, None) != p:
                    self.problems.append(f"token-back of a token not on event {event.position}")
            elif event.kind in ("lead", "play") and p is not None:
                self.plays[-1][p] += 1
            elif event.kind == "event":
                self.check_round_played()
                self.plays.append(Counter())

    def check_round_played(self) -> None:
        if self.plays and sorted(self.plays[-1].items()) != [(p, 1) for p in range(self.players)]:
            self.problems.append(f"round {len(self.plays)}: plays {dict(self.plays[-1])}")

    def apply(self, action: Action) -> None:
        applied = GAME.apply(self.state, action, self.ruleset)
        self.state = applied.state
        self.record(applied.events)

    @initialize(seed=st.integers(min_value=0, max_value=2**32 - 1))
    def deal(self, seed: int) -> None:
        self.apply(GAME.sample_chance(self.state, self.ruleset, Random(seed)))

    # One rule, always enabled: a rule whose precondition fails makes Hypothesis retry and give up the run.
    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        if self.state.phase == "over":
            self.game_over()
            return
        mover = GAME.to_act(self.state)
        if mover.kind == "simultaneous":
            choices = {
                p: data.draw(st.sampled_from(GAME.legal_actions(self.state, self.ruleset, p))) for p in mover.players
            }
            self.apply(GAME.joint_action(self.state, choices))
        else:
            legal = GAME.legal_actions(self.state, self.ruleset)
            assert legal, "a player to act has no legal action"
            self.apply(data.draw(st.sampled_from(legal)))

    def game_over(self) -> None:
        """Nothing more happens once the game is over."""
        assert GAME.legal_actions(self.state, self.ruleset) == ()
        assert GAME.outcome(self.state) is not None

    @invariant()
    def state_is_valid(self) -> None:
        check_state(self.state)

    @invariant()
    def every_card_in_exactly_one_place(self) -> None:
        everywhere = Counter([*placed_cards(self.state), *self.state.discard])
        if self.state.phase != "deal":
            assert everywhere == Counter(deck(self.players))

    @invariant()
    def crystals_add_up(self) -> None:
        s = self.state
        if s.phase == "deal":
            return
        assert list(s.crystals) == [g - x for g, x in zip(s.gained, s.spent, strict=True)]
        assert list(s.crystals) == self.crystals
        assert min(s.crystals) >= 0
        if self.ruleset.fuel_supply is not None:
            assert sum(s.crystals) <= SUPPLY

    @invariant()
    def one_token_per_event_and_at_most_three_each(self) -> None:
        s = self.state
        on_timeline = {i + 1: slot.controller for i, slot in enumerate(s.timeline) if slot.controller is not None}
        assert on_timeline == self.tokens
        assert self.problems == []
        for player in range(self.players):
            held = len(s.controlled(player))
            assert held <= 3
            assert held < 3 or s.phase == "over"

    @invariant()
    def one_card_per_round(self) -> None:
        s = self.state
        if s.phase == "deal":
            return
        for player in range(self.players):
            played = sum(round_plays[player] for round_plays in self.plays)
            assert len(s.hands[player]) == HAND_SIZE - played
            assert played <= s.round
            assert played >= s.round - 1
        if s.phase == "over" and s.end_rule != "TC.WIN.THREE":
            self.check_round_played()
            assert self.problems == []

    @invariant()
    def players_see_only_their_own_hand(self) -> None:
        s = self.state
        if s.phase == "deal":
            return
        seen = str(GAME.observe(s, 0))
        hidden = [c for h in s.hands[1:] for c in h] + list(s.unused)
        assert not any(f"'{c.text}'" in seen for c in hidden)


# The tables the machines play: (name, players, variants).  `model_machine` plays the same tables.
TABLES: tuple[tuple[str, int, str], ...] = (
    ("ThreePlayers", 3, "reference=last-token+income=won-so-far"),
    ("FourPlayers", 4, "standard"),
    ("FivePlayers", 5, "invariant=rank-paradox+income-round1"),
    ("SixPlayers", 6, "fuel-supply=30"),
)


Machine = TypeVar("Machine", bound=TimeChaseMachine)


def at_table(base: type[Machine], name: str, players: int, variant: str) -> type[Machine]:
    """The machine ``base`` for ``players`` players under ``variant``, named ``name``."""
    return type(name, (base,), {"players": players, "variant": variant})


ThreePlayers, FourPlayers, FivePlayers, SixPlayers = (at_table(TimeChaseMachine, *t) for t in TABLES)
MACHINES = (ThreePlayers, FourPlayers, FivePlayers, SixPlayers)
