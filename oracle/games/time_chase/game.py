"""Time Chase behind the common game interface (`oracle.interface.Game`).

The deal is a chance action (`sample_chance` draws it from a seeded
generator, and it is written out in full); the bids of a round are one
simultaneous joint action; the card plays are sequential.  Players are
seats 0..N-1.  `observe` gives one player's hand and the public state only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from random import Random
from typing import Any

from oracle.errors import NotationError
from oracle.games.time_chase import notation, pictures, rules
from oracle.games.time_chase.actions import Action, Bid, Bids, Play
from oracle.games.time_chase.cards import deck
from oracle.games.time_chase.encoding import ENCODING
from oracle.games.time_chase.events import Event
from oracle.games.time_chase.ruleset import VARIANTS, Rules
from oracle.games.time_chase.state import State, check_state
from oracle.interface import Applied, Game, Json, Outcome, ToAct, Verdict

END_REASONS = {
    "TC.WIN.THREE": "controls three events",
    "TC.WIN.END": "controls the most events after round 10 (ties: the event closest to position 0)",
    "TC.VARIANT.RANK-PARADOX": "a second paradox ended the game: most events, ties to the event closest to 0",
}


class TimeChase:
    """Time Chase (Contre-Temps), 3 to 6 players."""

    name: str = "time-chase"
    title: str = "Time Chase (Contre-Temps)"
    players: tuple[int, ...] = (0, 1, 2, 3, 4, 5)
    encoding = ENCODING  # actions as numbers, observations as tensors (spec/time-chase/encoding.md)

    def player_name(self, player: int) -> str:
        return f"p{player}"

    def rulesets(self) -> Sequence[str]:
        return ("standard",)

    def variants(self) -> Mapping[str, str]:
        return VARIANTS

    def parse_rules(self, ruleset: str | None, variants: str | None) -> Rules:
        if ruleset not in (None, "standard"):
            raise NotationError("Time Chase has one ruleset, standard", ruleset)
        return Rules.parse(variants or "standard")

    def rules_name(self, rules: Rules) -> str:
        return rules.name

    def initial_state(self, rules: Rules) -> State:
        return State.new(rules.players)

    def parse_state(self, text: str) -> State:
        return notation.parse_state(text)

    def format_state(self, state: State) -> str:
        return notation.format_state(state)

    def state_to_json(self, state: State) -> Json:
        return notation.state_to_json(state)

    def state_text(self, state: State) -> str:
        return pictures.state_text(state)

    def state_from_json(self, obj: Any) -> State:
        return notation.state_from_json(obj)

    def check_state(self, state: State) -> None:
        check_state(state)

    def to_act(self, state: State) -> ToAct:
        if state.phase == "deal":
            return ToAct.chance()
        if state.phase == "bid":
            return ToAct.simultaneous(range(state.players))
        if state.phase == "over":
            return ToAct.over()
        player = rules.player_to_act(state)
        assert player is not None
        return ToAct.player(player)

    def legal_actions(self, state: State, rules_: Rules, player: int | None = None) -> Sequence[Action]:
        return rules.legal_actions(state, rules_, player)

    def chance_outcomes(self, state: State, rules_: Rules) -> Sequence[tuple[Action, Fraction]]:
        return ()  # a shuffled deck: too many outcomes to list, see sample_chance

    def sample_chance(self, state: State, rules_: Rules, rng: Random) -> Action:
        if state.phase != "deal":
            raise NotationError("the only chance in Time Chase is the deal, before round 1", state.phase)
        return rules.sample_deal(state.players, rng)

    def joint_action(self, state: State, choices: Mapping[int, Action]) -> Action:
        if state.phase != "bid":
            raise NotationError("bids are made only in a bidding step", state.phase)
        amounts = []
        for player in range(state.players):
            choice = choices.get(player)
            if not isinstance(choice, Bid):
                raise NotationError("every player makes one bid, such as 'bid 0'", f"p{player}")
            amounts.append(choice.amount)
        return Bids(tuple(amounts))

    def parse_action(self, text: str) -> Action:
        return notation.parse_action(text)

    def format_action(self, action: Action) -> str:
        return notation.format_action(action)

    def action_to_json(self, action: Action) -> Json:
        return notation.action_to_json(action)

    def action_from_json(self, obj: Any) -> Action:
        return notation.action_from_json(obj)

    def apply(self, state: State, action: Action, rules_: Rules) -> Applied[State, Event]:
        after, events = rules.apply(state, action, rules_)
        return Applied(after, events)

    def explain(self, state: State, action: Action, rules_: Rules) -> Verdict:
        return rules.explain(state, action, rules_)

    def completions(self, state: State, partial: Action, rules_: Rules) -> Sequence[Action]:
        return ()  # Time Chase actions have no parts: nothing is ever "legal so far"

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over" or state.end_rule is None:
            return None
        who = ", ".join(f"p{w}" for w in state.winners) or "nobody"
        return Outcome(state.winners, f"{who} {END_REASONS[state.end_rule]}", state.end_rule)

    def observe(self, state: State, player: int) -> Json:
        return notation.observation(state, player)

    def event_text(self, event: Event) -> str:
        return notation.event_text(event)

    def event_to_json(self, event: Event) -> Json:
        return notation.event_to_json(event)


GAME: Game[State, Action, Rules, Event] = TimeChase()


# Extras for the shared tools (oracle.tools.game_vectors, oracle.tools.conform), beyond the interface.

# The clause that says what each player may see (`TimeChase.observe`).
OBSERVE_RULE = "TC.OBSERVE"

# The clause behind each kind of event (spec/time-chase/notation.md, TC.NOTATION.EVENTS).
EVENT_RULES = {
    "dealt": "TC.DEAL", "income": "TC.INCOME", "event": "TC.ROUND", "bids": "TC.BID", "travel": "TC.TRAVEL",
    "lead": "TC.LEAD", "play": "TC.PLAY", "crystal": "TC.CRYSTAL", "win": "TC.WINNER", "hold": "TC.REPLAY",
    "token": "TC.CONTROL", "token-back": "TC.CONTROL", "invariant": "TC.ZERO", "paradox": "TC.ZERO",
    "unchanged": "TC.ZERO",
}


def state_svg(state: State) -> str:
    """The SVG picture of a state (``oracle render``): the timeline, pawns, crystals and the current trick."""
    return pictures.timeline_svg(state)


def event_rule(event: Event) -> str | None:
    """The clause an event comes from, which a conformance report blames when an engine's event differs."""
    return event.rule if event.kind == "over" else EVENT_RULES.get(event.kind)


def near_misses(state: State, rules_: Rules) -> list[Action]:
    """Illegal actions close to legal ones, for the test vectors: cards held but not allowed
    (TC.FOLLOW), a card not held (TC.PLAY), one bid per player just above their limit (TC.BID)."""
    if state.phase == "bid":
        misses: list[Action] = []
        for player in range(state.players):
            too_many = [0] * state.players
            too_many[player] = rules.bid_limit(state, player) + 1
            misses.append(Bids(tuple(too_many)))
        return misses
    if state.phase != "play":
        return []
    actor = rules.player_to_act(state)
    assert actor is not None
    legal = {a.card for a in rules.legal_actions(state, rules_) if isinstance(a, Play)}
    held: list[Action] = [Play(c) for c in state.hands[actor] if c not in legal]
    foreign = next(c for c in sorted(deck(state.players)) if c not in state.hands[actor])
    return [*held, Play(foreign)]
