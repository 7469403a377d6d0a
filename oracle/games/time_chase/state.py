"""A Time Chase state: every card's place, the timeline, crystals, pawns and the trick on the table.

(spec/time-chase/state.md)

States are immutable.  Players are seats 0..N-1, clockwise by increasing
number.  The timeline holds events 1..round; position 0 is the Invariant
(the trump card), kept apart in ``invariant``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Literal

from oracle.errors import InvalidPosition
from oracle.games.time_chase.cards import HAND_SIZE, PLAYER_COUNTS, ROUNDS, UNUSED, Card, deck

Phase = Literal["deal", "bid", "play", "over"]
PHASES: tuple[Phase, ...] = ("deal", "bid", "play", "over")
WIN_EVENTS = 3


@dataclass(frozen=True, slots=True)
class Slot:
    """One event of the timeline: its lead card, the winning card laid crosswise on it (None
    when the lead itself wins), and the player whose token is on it.  An empty event has none."""

    lead: Card | None = None
    cross: Card | None = None
    controller: int | None = None

    @property
    def winning(self) -> Card | None:
        return self.cross if self.cross is not None else self.lead

    @property
    def is_empty(self) -> bool:
        return self.lead is None


EMPTY = Slot()


@dataclass(frozen=True, slots=True)
class State:
    """The whole state of a game, as the oracle holds it (`observe` gives one player's view).

    ``pawns`` are positions (0 = the Invariant); during bidding every pawn is on
    the present.  ``at`` is the position being resolved and ``trick`` the cards
    already played there, in order.  ``gained`` and ``spent`` count crystals over
    the game, ``won`` is a bit mask per player of every event they ever won.
    ``reference`` is the player R who starts each position this round (TC.ORDER.REFERENCE).
    """

    players: int
    round: int = 0
    phase: Phase = "deal"
    hands: tuple[tuple[Card, ...], ...] = ()
    invariant: Card | None = None
    trump_void: bool = False
    paradoxes: int = 0
    unused: tuple[Card, ...] = ()
    first: int = 0
    reference: int = 0
    timeline: tuple[Slot, ...] = ()
    crystals: tuple[int, ...] = ()
    gained: tuple[int, ...] = ()
    spent: tuple[int, ...] = ()
    pawns: tuple[int, ...] = ()
    at: int | None = None
    trick: tuple[tuple[int, Card], ...] = ()
    discard: tuple[Card, ...] = ()
    won: tuple[int, ...] = ()
    last_token: int | None = None
    winners: tuple[int, ...] = ()
    end_rule: str | None = field(default=None)

    @property
    def trump(self) -> int | None:
        """The trump suit: the current Invariant's suit (None before the deal, and after a paradox).

        Rule: TC.TRUMP
        """
        if self.invariant is None or self.trump_void:
            return None
        return self.invariant.suit

    def slot(self, position: int) -> Slot:
        return self.timeline[position - 1]

    def controlled(self, player: int) -> tuple[int, ...]:
        """The events whose token is ``player``'s, ascending."""
        return tuple(i + 1 for i, s in enumerate(self.timeline) if s.controller == player)

    def has_played(self, player: int) -> bool:
        """Whether ``player`` has played their card this round (play phase only)."""
        if self.phase != "play" or self.at is None:
            return False
        return self.pawns[player] > self.at or any(p == player for p, _ in self.trick)

    @classmethod
    def new(cls, players: int) -> State:
        return cls(players=players)


def placed_cards(state: State) -> list[Card]:
    """Every card with a place other than the discard: hands, the Invariant, unused, events, the trick."""
    cards = [card for hand in state.hands for card in hand]
    cards += [state.invariant] if state.invariant is not None else []
    cards += list(state.unused)
    for slot in state.timeline:
        cards += [c for c in (slot.lead, slot.cross) if c is not None]
    cards += [card for _, card in state.trick]
    return cards


def complement_discard(state: State) -> tuple[Card, ...]:
    """The discard a valid dealt state must have: every card in play that has no other place, sorted."""
    if state.phase == "deal":
        return ()
    placed = set(placed_cards(state))
    return tuple(card for card in sorted(deck(state.players)) if card not in placed)


def _fail(message: str, token: str = "") -> None:
    raise InvalidPosition(f"TC.STATE.VALID: {message}", token)


def check_state(state: State) -> None:
    """Raise `InvalidPosition` naming the token unless ``state`` is a state the rules can reach.

    Rule: TC.STATE.VALID
    """
    n = state.players
    if n not in PLAYER_COUNTS:
        _fail("a game has 3, 4, 5 or 6 players", str(n))
    if state.phase == "deal":
        if state.round != 0 or state.hands or state.timeline:
            _fail("before the deal there are no hands and no events", f"round={state.round}")
        return
    if not 1 <= state.round <= ROUNDS:
        _fail("the round is 1 to 10", str(state.round))
    seats = range(n)
    per_player = (state.hands, state.crystals, state.gained, state.spent, state.pawns, state.won)
    if any(len(values) != n for values in per_player):
        _fail(f"every per-player list has {n} entries")
    for player in (state.first, state.reference, *(p for p, _ in state.trick)):
        if player not in seats:
            _fail("no such player", str(player))
    in_play = set(deck(n))
    seen: Counter[Card] = Counter()
    for card in [*placed_cards(state), *state.discard]:
        if card not in in_play:
            _fail(f"this card is not in play with {n} players", card.text)
        seen[card] += 1
        if seen[card] > 1:
            _fail("a card is in two places", card.text)
    if len(seen) != len(in_play):
        _fail(f"the cards in play number {len(in_play)}, the state places {len(seen)}")
    if state.invariant is None:
        _fail("a dealt game has an Invariant card", "invariant=-")
    if len(state.unused) != UNUSED:
        _fail(f"{UNUSED} cards stay unused", ",".join(c.text for c in state.unused) or "-")
    if len(state.timeline) != state.round:
        _fail(f"round {state.round} has {state.round} events", f"round={state.round}")
    for position, slot in enumerate(state.timeline, 1):
        if (slot.lead is None) != (slot.controller is None) or (slot.lead is None and slot.cross is not None):
            _fail("an event has a lead card and a token, or neither", f"event {position}")
        if slot.controller is not None and slot.controller not in seats:
            _fail("no such player", str(slot.controller))
    for player in seats:
        if state.crystals[player] < 0 or state.spent[player] < 0:
            _fail("crystals cannot be negative", f"p{player}")
        if state.crystals[player] != state.gained[player] - state.spent[player]:
            _fail("crystals held are those gained less those spent", f"p{player}")
        if not 0 <= state.pawns[player] <= state.round:
            _fail("a pawn stands at a position from 0 to the present", str(state.pawns[player]))
        tokens = len(state.controlled(player))
        if tokens > WIN_EVENTS or (tokens == WIN_EVENTS and state.phase != "over"):
            _fail("a player with 3 events has won", f"p{player}")
        for position in state.controlled(player):
            if not state.won[player] >> position & 1:
                _fail("a player controls an event they never won", f"p{player}")
        _check_hand_size(state, player)
    if state.phase == "bid" and any(p != state.round for p in state.pawns):
        _fail("while bidding every pawn is on the present", ",".join(map(str, state.pawns)))
    if state.phase == "play":
        if state.at is None or not 0 <= state.at <= state.round:
            _fail("a position is being resolved", f"at={state.at}")
        for player, _ in state.trick:
            if state.pawns[player] != state.at:
                _fail("only players at the position play there", f"p{player}")
    elif state.trick or state.at is not None:
        _fail("cards are on the table only while a position is resolved", f"at={state.at}")
    if state.phase == "over" and state.end_rule is None:
        _fail("a finished game names the rule that ended it", "phase=over")


def _check_hand_size(state: State, player: int) -> None:
    completed = state.round - 1
    size = len(state.hands[player])
    if state.phase == "over":
        # TC.WIN.THREE may end a round with players still waiting (K12).
        if size not in (HAND_SIZE - state.round, HAND_SIZE - completed):
            _fail(f"p{player} holds {size} cards in round {state.round}", f"p{player}")
        return
    played = 1 if state.has_played(player) else 0
    if size != HAND_SIZE - completed - played:
        _fail(f"p{player} holds {size} cards in round {state.round}", f"p{player}")
    if list(state.hands[player]) != sorted(state.hands[player]):
        _fail("a hand is written in card order", f"p{player}")
