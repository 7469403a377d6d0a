"""The engine's Time Chase states and the independent model's (`properties.time_chase.model`) in one common form.

`compare_step` is the model differential: from one engine state and the model's
reading of the same position, the legal actions must be the same, and every
successor (every card; every joint bid, or a sample when there are many) must
be the same position.  A difference raises AssertionError naming the field.
"""

from __future__ import annotations

import itertools
from random import Random
from typing import Any

from oracle.games.time_chase import rules as engine
from oracle.games.time_chase.actions import Bid, Bids, Deal, Play
from oracle.games.time_chase.cards import Card
from oracle.games.time_chase.ruleset import Rules
from oracle.games.time_chase.state import State
from properties.time_chase import model

# Joint bids compared at one bidding step: all of them up to this many, else this many drawn.
JOINT_BIDS = 24


def options_of(ruleset: Rules) -> model.Options:
    return model.Options(
        rank_paradox=ruleset.rank_paradox, last_token=ruleset.last_token, won_so_far=ruleset.won_so_far,
        income_round1=ruleset.income_round1, fuel_supply=ruleset.fuel_supply is not None,
    )


def pair(card: Card | None) -> model.Card | None:
    return None if card is None else (card.suit, card.rank)


def model_start(deal: Deal, ruleset: Rules) -> model.Game:
    """The model's game after the same deal."""
    invariant = pair(deal.invariant)
    assert invariant is not None
    hands = [[(c.suit, c.rank) for c in hand] for hand in deal.hands]
    return model.start(hands, invariant, deal.first, options_of(ruleset))


def from_engine(state: State) -> model.Game:
    """An engine state (dealt, the whole state) read as a model game: the start of a differential step."""
    events: list[model.Event] = []
    for slot in state.timeline:
        lead, winning = pair(slot.lead), pair(slot.winning)
        if lead is None or winning is None or slot.controller is None:
            events.append(None)
        else:
            events.append((lead, winning, slot.controller))
    invariant = pair(state.invariant)
    assert invariant is not None
    return model.Game(
        n=state.players, round=state.round, over=state.phase == "over",
        hands=tuple(frozenset((c.suit, c.rank) for c in h) for h in state.hands), invariant=invariant,
        no_trump=state.trump_void, paradoxes=state.paradoxes, first=state.first, starter=state.reference,
        events=tuple(events), crystals=state.crystals, pawns=state.pawns, at=state.at,
        trick=tuple((p, (c.suit, c.rank)) for p, c in state.trick),
        discard=frozenset((c.suit, c.rank) for c in state.discard),
        ever_won=tuple(frozenset(e for e in range(1, 11) if mask >> e & 1) for mask in state.won),
        last_token=state.last_token, winners=state.winners, ending=state.end_rule,
    )


def common(game: model.Game) -> dict[str, Any]:
    """The fields both readings must agree on (the model's ``starter`` is the engine's ``reference``)."""
    return {
        "round": game.round, "over": game.over, "hands": game.hands, "invariant": game.invariant,
        "trump": game.trump, "paradoxes": game.paradoxes, "starter": game.starter, "events": game.events,
        "crystals": game.crystals, "pawns": game.pawns, "at": game.at, "trick": game.trick,
        "discard": game.discard, "ever won": game.ever_won, "last token": game.last_token,
        "winners": game.winners, "ending": game.ending,
    }


def assert_same(state: State, game: model.Game, where: str) -> None:
    """The engine state and the model game are the same position."""
    mine, theirs = common(from_engine(state)), common(game)
    wrong = [k for k in mine if mine[k] != theirs[k]]
    assert not wrong, f"{where}: " + "; ".join(f"{k}: engine {mine[k]} model {theirs[k]}" for k in wrong)


def bid_ranges(state: State, ruleset: Rules) -> list[list[int]]:
    ranges = []
    for p in range(state.players):
        actions = engine.legal_actions(state, ruleset, p)
        ranges.append([a.amount for a in actions if isinstance(a, Bid)])
    return ranges


def compare_step(state: State, ruleset: Rules, rng: Random) -> None:
    """The model differential at one engine state: legal actions and every successor agree."""
    options = options_of(ruleset)
    game = from_engine(state)
    if state.phase == "bid":
        ranges = bid_ranges(state, ruleset)
        expected = [list(model.bid_range(game, p)) for p in range(state.players)]
        assert ranges == expected, f"round {state.round} bids: engine {ranges} model {expected}"
        joint = list(itertools.product(*expected))
        for amounts in (joint if len(joint) <= JOINT_BIDS else rng.sample(joint, JOINT_BIDS)):
            after, _ = engine.apply(state, Bids(amounts), ruleset)
            assert_same(after, model.bid(game, amounts), f"round {state.round} bids {amounts}")
    elif state.phase == "play":
        plays = [a.card for a in engine.legal_actions(state, ruleset) if isinstance(a, Play)]
        expected_cards = model.playable(game, options)
        assert [pair(c) for c in plays] == expected_cards, (
            f"round {state.round} at {state.at}: engine plays {[c.text for c in plays]} model {expected_cards}")
        for card in plays:
            after, _ = engine.apply(state, Play(card), ruleset)
            assert_same(after, model.play(game, (card.suit, card.rank), options),
                        f"round {state.round} at {state.at}: {card.text}")
    else:
        assert engine.legal_actions(state, ruleset) == () and game.over
