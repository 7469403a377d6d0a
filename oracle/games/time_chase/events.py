"""What happens when an action is applied, in order (spec/time-chase/notation.md, events)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from oracle.games.time_chase.cards import Card

EventKind = Literal[
    "dealt",  # player: first player; card: the Invariant
    "income",  # player gains amount
    "event",  # position: the new present event
    "bids",  # amounts: every bid
    "travel",  # player moves to position
    "lead",  # player leads card at position
    "play",  # player plays card at position
    "crystal",  # player earns a crystal at position (a low follow)
    "win",  # card of player is now the winning card at position
    "hold",  # card stays the winning card at position
    "token",  # player's token goes on position
    "token-back",  # player's token leaves position, back to their Time Machine
    "invariant",  # card becomes the Invariant (old: the card it replaces)
    "paradox",  # card becomes the Invariant with no trump (old: the card it replaces)
    "unchanged",  # nobody changed the Invariant at position 0
    "over",  # the game ends; amounts: the winners; rule: why
]


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened.  Which fields are set depends on ``kind`` (see `EventKind`)."""

    kind: EventKind
    player: int | None = None
    card: Card | None = None
    position: int | None = None
    amount: int | None = None
    old: Card | None = None
    amounts: tuple[int, ...] = ()
    rule: str | None = None
