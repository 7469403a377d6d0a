"""A Time Chase state: every card's place, the timeline, crystals, pawns and the trick on the table.

(spec/time-chase/state.md)

States are immutable.  Players are seats 0..N-1, clockwise by increasing
number.  The timeline holds events 1..round; position 0 is the Invariant
(the trump card), kept apart in ``invariant``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from oracle.games.time_chase.cards import (
    HAND_SIZE,
    ROUNDS,
    SMALL,
    SMALL_HAND,
    SMALL_ROUNDS,
    UNUSED,
    Card,
    deck,
    full_deck,
    small_deck,
)

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
    ``reference`` is the starter, the player who starts each position this round (TC.ORDER.REFERENCE).
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
    variants: str | None = None  # the rules played, when recorded (TC.NOTATION.VARIANTS)
    # A player's view (TC.VIEW): how many cards of each hand, and of the unused cards, it cannot name
    # (``hands`` and ``unused`` then hold only the cards it can), and whose view it is.
    hidden: tuple[int, ...] = ()
    unused_hidden: int = 0
    view: int | None = None

    @property
    def is_small(self) -> bool:
        """Whether the game is played in the research setting ``small`` (TC.RESEARCH.SMALL)."""
        return self.variants is not None and SMALL in self.variants.split("+")

    @property
    def in_play(self) -> tuple[Card, ...]:
        """The cards in play, in deck order: the player count's (TC.REMOVE), or the small setting's seven."""
        return small_deck() if self.is_small else deck(self.players)

    @property
    def out_of_play(self) -> tuple[Card, ...]:
        """The cards set aside before the deal: public knowledge."""
        kept = set(self.in_play)
        return tuple(card for card in full_deck() if card not in kept)

    @property
    def dealt_hand(self) -> int:
        """The cards dealt to each hand: ten (TC.DEAL), two in the small setting."""
        return SMALL_HAND if self.is_small else HAND_SIZE

    @property
    def last_round(self) -> int:
        """The number of rounds: ten (TC.ROUND), one in the small setting."""
        return SMALL_ROUNDS if self.is_small else ROUNDS

    @property
    def unused_count(self) -> int:
        """The cards left face down and unused: four (TC.DEAL), none in the small setting."""
        return 0 if self.is_small else UNUSED

    @property
    def is_view(self) -> bool:
        """Whether some cards are unknown (TC.VIEW): a player's view rather than the whole state."""
        return self.view is not None or self.unused_hidden > 0 or any(self.hidden)

    def hand_size(self, player: int) -> int:
        """The cards ``player`` holds, named or not."""
        return len(self.hands[player]) + (self.hidden[player] if self.hidden else 0)

    def hidden_in(self, player: int) -> int:
        """How many of ``player``'s cards this state cannot name (0 in the whole state)."""
        return self.hidden[player] if self.hidden else 0

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


def hidden_pool(state: State) -> tuple[Card, ...]:
    """In a view, the cards it cannot place: every card in play that is in none of its known places
    (hands, the Invariant, the unused cards, events, the trick, the discard), in card order.

    (Part of TC.VIEW.)
    """
    known = set(placed_cards(state)) | set(state.discard)
    return tuple(card for card in state.in_play if card not in known)


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
    return tuple(card for card in sorted(state.in_play) if card not in placed)
