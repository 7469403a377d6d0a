"""The actions of Time Chase: the deal (chance), a player's sealed bid, the joint bids, a card play.

(spec/time-chase/notation.md)
"""

from __future__ import annotations

from dataclasses import dataclass

from oracle.games.time_chase.cards import Card


@dataclass(frozen=True, slots=True)
class Deal:
    """The chance action that starts a game: every hand, the Invariant, the unused cards, the first player.

    Written from one seat (TC.VIEW), a deal names only the cards that seat sees: ``hidden`` counts the
    cards of each hand it does not name, ``unused_hidden`` the unused ones (all four, at a table).
    """

    hands: tuple[tuple[Card, ...], ...]
    invariant: Card
    unused: tuple[Card, ...]
    first: int
    hidden: tuple[int, ...] = ()
    unused_hidden: int = 0


@dataclass(frozen=True, slots=True)
class Bid:
    """One player's sealed bid: how many crystals they spend to travel back."""

    amount: int


@dataclass(frozen=True, slots=True)
class Bids:
    """Every player's bid, revealed together: the joint action of a bidding step."""

    amounts: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Play:
    """The player to act plays ``card`` at the position being resolved."""

    card: Card


Action = Deal | Bid | Bids | Play
