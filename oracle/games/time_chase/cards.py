"""The cards of Time Chase: five suits of ranks 1-13, and the deck for a player count.

(spec/time-chase/cards.md)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

# The suits have no printed names we can source; the spec labels them by colour.
SUITS = ("R", "B", "G", "Y", "P")
SUIT_NAMES = ("Red", "Blue", "Green", "Yellow", "Purple")
RANKS = range(1, 14)
HAND_SIZE = 10
ROUNDS = 10
UNUSED = 4
PLAYER_COUNTS = (3, 4, 5, 6)

# Highest removed rank per player count (0: nothing removed).
REMOVED_UP_TO = {3: 6, 4: 4, 5: 2, 6: 0}

SMALL = "small"
"""The research setting TC.RESEARCH.SMALL, not a rule of the published game: three players, two cards
each from seven, one round, so that exact game-solving algorithms can walk the whole game."""
SMALL_PLAYERS, SMALL_HAND, SMALL_ROUNDS = 3, 2, 1


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card: a suit index (0-4, see SUITS) and a rank (1-13).  Ordered by suit, then rank."""

    suit: int
    rank: int

    def __hash__(self) -> int:  # cards are hashed in every check of a state: keep it cheap
        return self.suit * 16 + self.rank

    @property
    def text(self) -> str:
        return f"{SUITS[self.suit]}{self.rank}"

    @property
    def name(self) -> str:
        return f"{SUIT_NAMES[self.suit]} {self.rank}"

    def __str__(self) -> str:
        return self.text


@cache
def full_deck() -> tuple[Card, ...]:
    """Every card of the box, in deck order: suit by suit, ranks ascending.

    Rule: TC.DECK
    """
    return tuple(Card(suit, rank) for suit in range(len(SUITS)) for rank in RANKS)


def lowest_rank(players: int) -> int:
    """The lowest rank in play for a player count.

    Rule: TC.REMOVE
    """
    return REMOVED_UP_TO[players] + 1


@cache
def deck(players: int) -> tuple[Card, ...]:
    """The cards in play for a player count, in deck order (the order before the shuffle)."""
    low = lowest_rank(players)
    return tuple(card for card in full_deck() if card.rank >= low)


@cache
def small_deck() -> tuple[Card, ...]:
    """The seven cards of the research setting, in deck order: Red 11-13, Blue 12-13, Green 12-13.

    Rule: TC.RESEARCH.SMALL
    """
    return tuple(Card(suit, rank) for suit, rank in ((0, 11), (0, 12), (0, 13), (1, 12), (1, 13), (2, 12), (2, 13)))


def removed(players: int) -> tuple[Card, ...]:
    """The cards set aside for a player count: public knowledge."""
    low = lowest_rank(players)
    return tuple(card for card in full_deck() if card.rank < low)
