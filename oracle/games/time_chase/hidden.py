"""Time Chase's hidden cards for game-AI frameworks: the deal card by card, information states, resampling.

(spec/time-chase/encoding.md: TC.ENCODING.DEAL, TC.ENCODING.INFOSTATE, TC.ENCODING.RESAMPLE.)  Every card
play and every revealed set of bids is public, so what a player knows is their own dealt hand, the
Invariant, the first player and the public actions since: that is their information state, exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb
from random import Random
from typing import Any

from oracle.errors import NotationError
from oracle.games.time_chase.actions import Action, Bid, Bids, Deal, Play
from oracle.games.time_chase.cards import ROUNDS, Card, full_deck
from oracle.games.time_chase.encoding import CARDS, MAX_BID, SEATS, SIZE, observation_tensor
from oracle.games.time_chase.rules import player_to_act, suit_to_follow
from oracle.games.time_chase.ruleset import Rules
from oracle.games.time_chase.state import State
from oracle.games.time_chase.views import observation

Record = Sequence[tuple[Any, Action | None, Sequence[tuple[int, Action]]]]
BOX = full_deck()
NUMBER = {card: k for k, card in enumerate(BOX)}


def deal_parts(state: State, rules: Rules, dealt: Sequence[int]) -> list[tuple[int, Fraction]]:
    """The next card of the deal, or the first player, with its probability; empty once dealt.

    Rule: TC.ENCODING.DEAL
    Seat 0's ten cards are dealt lowest first, then seat 1's, and so on; then the Invariant from the
    five cards left (the other four are the unused cards); then the first player.  A hand's next card
    is its lowest among those not yet dealt, so the chance of card c is the share of the hand's
    remaining cards that are c and cards above it: C(above c, k - 1) / C(pool, k), k the cards still
    to come.  Each deal is one sequence of parts, with the probability of the shuffle (TC.SHUFFLE).
    """
    n, size = state.players, state.dealt_hand
    hands = n * size
    if len(dealt) > hands + 1:
        return []
    if len(dealt) == hands + 1:  # the small setting's first player is p0 (TC.RESEARCH.SMALL)
        return [(0, Fraction(1))] if state.is_small else [(seat, Fraction(1, n)) for seat in range(n)]
    left = [NUMBER[c] for c in state.in_play if NUMBER[c] not in set(dealt)]
    if len(dealt) == hands:
        return [(card, Fraction(1, len(left))) for card in left]
    j = len(dealt) % size
    low = dealt[-1] if j else -1
    pool = [card for card in left if card > low]
    need = size - j
    total = comb(len(pool), need)
    return [(card, Fraction(comb(len(pool) - 1 - k, need - 1), total))
            for k, card in enumerate(pool) if len(pool) - 1 - k >= need - 1]


def deal_of(state: State, rules: Rules, dealt: Sequence[int]) -> Deal:
    """The deal a complete sequence of parts makes (see `deal_parts`)."""
    n, size = state.players, state.dealt_hand
    if len(dealt) != n * size + 2:
        raise NotationError(f"a {n}-player deal has {n * size + 2} parts", str(len(dealt)))
    cards = [BOX[k] for k in dealt[:-1]]
    hands = tuple(tuple(cards[s * size:(s + 1) * size]) for s in range(n))
    unused = tuple(c for c in state.in_play if c not in set(cards))
    return Deal(hands=hands, invariant=cards[-1], unused=unused, first=dealt[-1])


def actor_of(state: State, action: Action) -> int | None:
    return player_to_act(state) if isinstance(action, Play) else None


def information_state(record: Record, player: int, rules: Rules) -> str:
    """What ``player`` saw and did: their seat, their dealt hand, the Invariant and the first player, then
    every revealed set of bids and every card play in order, and their own sealed bid while it is sealed.

    Rule: TC.ENCODING.INFOSTATE
    """
    out = [f"p{player}"]
    for state, action, choices in record:
        if isinstance(action, Deal):
            hand = " ".join(c.text for c in action.hands[player])
            out.append(f"hand {hand}; invariant {action.invariant.text}; first p{action.first}")
        elif isinstance(action, Bids):
            out.append("bids " + ",".join(map(str, action.amounts)))
        elif isinstance(action, Play):
            out.append(f"p{actor_of(state, action)} {action.card.text}")
        elif action is None:
            out += [f"you bid {c.amount}" for p, c in choices if p == player and isinstance(c, Bid)]
    return "\n".join(out)


def information_state_size() -> int:
    return 2 * SEATS + 2 * CARDS + SEATS + ROUNDS * SEATS * (MAX_BID + 1 + CARDS)


def information_state_tensor(record: Record, player: int, rules: Rules) -> list[float]:
    """`information_state` as numbers, followed by the player's observation now (TC.ENCODING.OBSERVATION).

    (Part of TC.ENCODING.INFOSTATE.)  Sections: the seat (6), the seats at the table (6), the dealt
    hand (65), the Invariant dealt (65),
    the first player (6), then for each round 1-10 and each seat 0-5 its bid (11) and the card it played
    (65); a sealed bid shows only the player's own.
    """
    head = [0.0] * (2 * SEATS + 2 * CARDS + SEATS)
    rounds = [0.0] * (ROUNDS * SEATS * (MAX_BID + 1 + CARDS))
    head[player] = 1.0
    now = record[-1][0]
    for seat in range(now.players):
        head[SEATS + seat] = 1.0

    def at(round_: int, seat: int, offset: int) -> int:
        return ((round_ - 1) * SEATS + seat) * (MAX_BID + 1 + CARDS) + offset

    for state, action, choices in record:
        if isinstance(action, Deal):
            for card in action.hands[player]:
                head[2 * SEATS + NUMBER[card]] = 1.0
            head[2 * SEATS + CARDS + NUMBER[action.invariant]] = 1.0
            head[2 * SEATS + 2 * CARDS + action.first] = 1.0
        elif isinstance(action, Bids):
            for seat, amount in enumerate(action.amounts):
                rounds[at(state.round, seat, amount)] = 1.0
        elif isinstance(action, Play):
            seat_ = actor_of(state, action)
            assert seat_ is not None
            rounds[at(state.round, seat_, MAX_BID + 1 + NUMBER[action.card])] = 1.0
        elif action is None:
            for p, c in choices:
                if p == player and isinstance(c, Bid):
                    rounds[at(state.round, p, c.amount)] = 1.0
    return [*head, *rounds, *observation_tensor(observation(now, player))]


def resample(record: Record, player: int, rules: Rules, rng: Random) -> tuple[State, list[Action]]:
    """A play ``player`` cannot tell from ``record``: the same actions from another deal that agrees with
    everything they saw.

    Rule: TC.ENCODING.RESAMPLE
    Their own hand, the Invariant and the first player stay; every other seat keeps the cards it
    played; the cards the player has not seen are dealt again at random to the other hands and the
    unused cards, no seat getting a card of a suit it has shown it lacks (it did not follow).  Drawn
    uniformly among such deals by rejection, then by a seat-by-seat draw if that keeps failing.
    """
    start = record[0][0]
    deal = next((a for _, a, _ in record if isinstance(a, Deal)), None)
    if deal is None:
        return start, [a for _, a, _ in record if a is not None]
    n = start.players
    played: list[list[Card]] = [[] for _ in range(n)]
    void: list[set[int]] = [set() for _ in range(n)]
    for state, action, _ in record:
        if isinstance(action, Play):
            seat = player_to_act(state)
            assert seat is not None
            played[seat].append(action.card)
            suit = suit_to_follow(state, rules)
            if suit is not None and action.card.suit != suit:
                void[seat].add(suit)
    seen = {*deal.hands[player], deal.invariant, *(c for cards in played for c in cards)}
    pool = [c for c in start.in_play if c not in seen]
    others = [s for s in range(n) if s != player]
    sizes = {s: start.dealt_hand - len(played[s]) for s in others}
    hands = draw_hands(pool, others, sizes, void, rng)
    new_hands = tuple(deal.hands[s] if s == player else tuple(sorted([*played[s], *hands[s]])) for s in range(n))
    used = {c for s in others for c in hands[s]}
    unused = tuple(c for c in pool if c not in used)
    new = Deal(hands=new_hands, invariant=deal.invariant, unused=unused, first=deal.first)
    return start, [new if isinstance(a, Deal) else a for _, a, _ in record if a is not None]


def draw_hands(pool: Sequence[Card], seats: Sequence[int], sizes: dict[int, int], void: Sequence[set[int]],
               rng: Random) -> dict[int, list[Card]]:
    """The unseen cards dealt to ``seats`` (``sizes`` each), none of a suit the seat lacks."""
    for _ in range(200):  # rejection: uniform among the deals that respect every void
        cards = list(pool)
        rng.shuffle(cards)
        hands, k = {}, 0
        for s in seats:
            hands[s], k = cards[k:k + sizes[s]], k + sizes[s]
        if all(c.suit not in void[s] for s in seats for c in hands[s]):
            return hands
    for _ in range(200):  # the most constrained seats first, each from the cards it may hold
        left = list(pool)
        hands = {}
        for s in sorted(seats, key=lambda s: -len(void[s])):
            allowed = [c for c in left if c.suit not in void[s]]
            if len(allowed) < sizes[s]:
                break
            hands[s] = rng.sample(allowed, sizes[s])
            left = [c for c in left if c not in hands[s]]
        else:
            return hands
    raise NotationError("no deal agrees with what this player saw", "resample")


class TimeChaseHidden:
    """The `oracle.interface.HiddenInformation` of Time Chase."""

    def deal_parts(self, state: State, rules: Rules, dealt: Sequence[int]) -> Sequence[tuple[int, Fraction]]:
        return deal_parts(state, rules, dealt)

    def deal_of(self, state: State, rules: Rules, dealt: Sequence[int]) -> Action:
        return deal_of(state, rules, dealt)

    def max_deal_part_outcomes(self, rules: Rules) -> int:
        return CARDS

    def information_state(self, record: Record, player: int, rules: Rules) -> str:
        return information_state(record, player, rules)

    def information_state_shape(self, rules: Rules) -> tuple[int, ...]:
        return (information_state_size() + SIZE,)

    def information_state_tensor(self, record: Record, player: int, rules: Rules) -> list[float]:
        return information_state_tensor(record, player, rules)

    def resample(self, record: Record, player: int, rules: Rules, rng: Random) -> tuple[Any, Sequence[Action]]:
        return resample(record, player, rules, rng)


HIDDEN = TimeChaseHidden()
