"""Time Chase as integers and tensors, for game-AI frameworks (spec/time-chase/encoding.md).

A card play is numbered by the card's place in the box (suit by suit, ranks
ascending), a sealed bid after the 65 cards by its amount.  The deal is a
chance outcome, numbered by the adapters.  The observation is read from the
player's view (`TimeChase.observe`, TC.OBSERVE), so it holds no other hand
and no unused card.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from oracle.errors import NotationError
from oracle.games.time_chase.actions import Action, Bid, Play
from oracle.games.time_chase.cards import PLAYER_COUNTS, RANKS, ROUNDS, SUITS, Card, full_deck
from oracle.games.time_chase.ruleset import Rules
from oracle.interface import Encoding, Json, Traits

CARDS = len(SUITS) * len(RANKS)
"""65 cards in the box, every one with its number (TC.DECK)."""
MAX_BID = ROUNDS
"""No bid goes further back than position 0, and the present is at most event 10 (TC.BID)."""
SEATS = 6
"""Every per-seat section has room for six players; seats beyond the table's stay zero."""
POSITIONS = ROUNDS + 1
"""Positions 0 (the Invariant) to 10 on the timeline."""
PHASES = ("deal", "bid", "play", "over")

# The sections of the observation vector, in order, with their sizes (ENCODING.OBSERVATION of this game).
SECTIONS: tuple[tuple[str, int], ...] = (
    ("the observing seat", SEATS),
    ("the players at the table", SEATS),
    ("the phase", len(PHASES)),
    ("the round", POSITIONS),
    ("the first player", SEATS),
    ("the reference player", SEATS),
    ("the Invariant card", CARDS),
    ("no trump (rank-paradox variant)", 1),
    ("paradoxes so far / 2", 1),
    ("own hand", CARDS),
    ("cards removed for the player count", CARDS),
    ("discarded cards", CARDS),
    ("each event's lead card", ROUNDS * CARDS),
    ("each event's winning crosswise card", ROUNDS * CARDS),
    ("each event's controlling seat", ROUNDS * SEATS),
    ("the position being resolved", POSITIONS),
    ("the trick there: each seat's card", SEATS * CARDS),
    ("each seat's crystals / 10", SEATS),
    ("each seat's crystals gained / 10", SEATS),
    ("each seat's crystals spent / 10", SEATS),
    ("each seat's pawn position", SEATS * POSITIONS),
    ("each seat's hand size / 10", SEATS),
    ("each seat's events ever won", SEATS * ROUNDS),
    ("the last seat to place a token", SEATS),
    ("the winners", SEATS),
)
SIZE = sum(size for _, size in SECTIONS)
_BOX = {card.text: k for k, card in enumerate(full_deck())}


def card_id(text: object) -> int | None:
    """A card's number 0-64, or None for what the player does not see (``?``) or no card."""
    return _BOX.get(text) if isinstance(text, str) else None


class TimeChaseEncoding:
    """The `oracle.interface.Encoding` of Time Chase.

    Rule: TC.ENCODING.ACTIONS
    Playing the card of suit s (R, B, G, Y, P = 0-4) and rank r is action
    ``13 * s + r - 1`` (0-64); bidding b crystals is action ``65 + b``
    (b = 0-10).  The numbering is the same for every player count.
    """

    def traits(self, rules: Rules) -> Traits:
        return Traits(simultaneous=True, chance=True, sampled_chance=True, perfect_information=False,
                      cooperative=False, seats=(min(PLAYER_COUNTS), max(PLAYER_COUNTS)), one_winner=True)

    def settings(self) -> Mapping[str, int]:
        return {"players": Rules().players}

    def player_count(self, rules: Rules) -> int:
        return rules.players

    def num_actions(self, rules: Rules) -> int:
        return CARDS + MAX_BID + 1

    def action_id(self, action: Action, rules: Rules) -> int:
        if isinstance(action, Play):
            return action.card.suit * len(RANKS) + action.card.rank - 1
        if isinstance(action, Bid) and 0 <= action.amount <= MAX_BID:
            return CARDS + action.amount
        raise NotationError("only a card play or one player's bid has a number (TC.ENCODING.ACTIONS)", str(action))

    def action_of(self, action_id: int, rules: Rules) -> Action:
        if 0 <= action_id < CARDS:
            suit, rank = divmod(action_id, len(RANKS))
            return Play(Card(suit, rank + 1))
        if CARDS <= action_id <= CARDS + MAX_BID:
            return Bid(action_id - CARDS)
        raise NotationError(f"an action number is 0 to {CARDS + MAX_BID}", str(action_id))

    def max_chance_outcomes(self, rules: Rules) -> int:
        return 0  # the deal is the only chance, and it is dealt in parts (TC.ENCODING.DEAL)

    def observation_shape(self, rules: Rules) -> tuple[int, ...]:
        return (SIZE,)

    def observation_tensor(self, view: Json, player: int, rules: Rules) -> list[float]:
        return observation_tensor(view)


def observation_tensor(view: Json) -> list[float]:
    """The observation vector of one player's view, section by section (`SECTIONS`).

    Rule: TC.ENCODING.OBSERVATION
    A card the view writes as unknown (``?``) leaves its section empty.
    """
    out: list[float] = []

    def one_hot(size: int, index: object) -> None:
        block = [0.0] * size
        if isinstance(index, int) and 0 <= index < size:
            block[index] = 1.0
        out.extend(block)

    def cards(texts: Sequence[object]) -> None:
        block = [0.0] * CARDS
        for text in texts:
            k = card_id(text)
            if k is not None:
                block[k] = 1.0
        out.extend(block)

    def per_seat(values: Sequence[object], scale: float) -> None:
        block = [0.0] * SEATS
        for seat, value in enumerate(values[:SEATS]):
            block[seat] = float(value) / scale if isinstance(value, int | float) else 0.0
        out.extend(block)

    players = int(view["players"])
    timeline = list(view.get("timeline") or [])
    one_hot(SEATS, view.get("player"))
    out.extend([1.0 if seat < players else 0.0 for seat in range(SEATS)])
    one_hot(len(PHASES), PHASES.index(view["phase"]) if view["phase"] in PHASES else None)
    one_hot(POSITIONS, view.get("round"))
    one_hot(SEATS, view.get("first"))
    one_hot(SEATS, view.get("reference"))
    cards([view.get("invariant")])
    out.append(1.0 if view.get("trump_void") else 0.0)
    out.append(float(view.get("paradoxes") or 0) / 2)
    cards(view.get("hand") or [])
    cards(view.get("removed") or [])
    cards(view.get("discard") or [])
    events = [timeline[k] if k < len(timeline) and isinstance(timeline[k], dict) else {} for k in range(ROUNDS)]
    for field in ("lead", "cross"):
        for event in events:
            cards([event.get(field)])
    for event in events:
        one_hot(SEATS, event.get("controller"))
    one_hot(POSITIONS, view.get("at"))
    for seat in range(SEATS):
        cards([card for who, card in view.get("trick") or [] if who == seat])
    per_seat(view.get("crystals") or [], 10)
    per_seat(view.get("gained") or [], 10)
    per_seat(view.get("spent") or [], 10)
    pawns = list(view.get("pawns") or [])
    for seat in range(SEATS):
        one_hot(POSITIONS, pawns[seat] if seat < len(pawns) else None)
    per_seat(view.get("hand_sizes") or [], 10)
    won = list(view.get("won") or [])
    for seat in range(SEATS):
        block = [0.0] * ROUNDS
        for event in won[seat] if seat < len(won) else []:
            if isinstance(event, int) and 1 <= event <= ROUNDS:
                block[event - 1] = 1.0
        out.extend(block)
    one_hot(SEATS, view.get("last_token"))
    out.extend([1.0 if seat in (view.get("winners") or []) else 0.0 for seat in range(SEATS)])
    assert len(out) == SIZE
    return out


ENCODING: Encoding[Action, Rules] = TimeChaseEncoding()
