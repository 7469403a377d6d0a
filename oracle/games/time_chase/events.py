"""What happens when an action is applied, in order (spec/time-chase/notation.md, events), the clause
each comes from, and each in words for a reader (the notation's lines, TC.NOTATION.EVENTS, are the
protocol's: `oracle.games.time_chase.notation.event_text`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from oracle.games.time_chase.cards import SUIT_NAMES, Card
from oracle.words import counted

EventKind = Literal[
    "dealt",  # player: first player; card: the Invariant; rule: TC.RESEARCH.SMALL when p0 starts by that setting
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


END_REASONS = {
    "TC.WIN.THREE": "controls three events",
    "TC.WIN.END": "controls the most events after the last round (ties: the event closest to position 0)",
    "TC.VARIANT.RANK-PARADOX":
        "controls the most events when a second paradox ends the game (ties: the event closest to 0)",
}


# The clause behind each kind of event (spec/time-chase/notation.md, TC.NOTATION.EVENTS).
EVENT_RULES = {
    "dealt": "TC.DEAL", "income": "TC.INCOME", "event": "TC.ROUND", "bids": "TC.BID", "travel": "TC.TRAVEL",
    "lead": "TC.LEAD", "play": "TC.PLAY", "crystal": "TC.CRYSTAL", "win": "TC.WINNER", "hold": "TC.REPLAY",
    "token": "TC.CONTROL", "token-back": "TC.CONTROL", "invariant": "TC.ZERO", "paradox": "TC.ZERO",
    "unchanged": "TC.ZERO",
}


def event_rule(event: Event) -> str | None:
    """The clause an event comes from: the game's end names its own."""
    return event.rule if event.kind == "over" else EVENT_RULES.get(event.kind)


def _where(position: int | None) -> str:
    return "position 0" if position == 0 else f"event {position}"


def _players(players: tuple[int, ...]) -> str:
    names = [f"p{p}" for p in players]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def event_sentence(event: Event) -> str:
    """One event in words, as the rules site lists an example's events (its clause is `EVENT_RULES`)."""
    p, at = f"p{event.player}", _where(event.position)
    card = event.card.text if event.card is not None else ""
    old = event.old.text if event.old is not None else ""
    match event.kind:
        case "dealt" if event.rule == "TC.RESEARCH.SMALL":  # p0 starts, as the research setting says
            return (f"the cards are dealt: {p} is first player, as always in the research setting, and {card} is "
                    "the Invariant")
        case "dealt":
            return f"the cards are dealt: {p} is drawn as first player, and {card} is the Invariant"  # rulings SU-6
        case "income":
            return f"{p} gains {counted(event.amount or 0, 'crystal')} of income"
        case "event":
            return f"event {event.position} is the new present"
        case "bids":
            return "the bids are revealed: " + ", ".join(f"p{n} {b}" for n, b in enumerate(event.amounts))
        case "travel":
            return f"{p} spends {counted(event.amount or 0, 'crystal')} and goes back to {at}"
        case "lead":
            return f"{p} leads {card} at {at}"
        case "play":
            return f"{p} plays {card} at {at}"
        case "crystal":
            return f"{p} played under the lead card and earns a crystal"
        case "win":
            return f"{p}'s {card} is now the winning card at {at}"
        case "hold":
            return f"{card} still wins {at}"
        case "token":
            return f"{p} puts a token on {at}"
        case "token-back":
            return f"{p}'s token leaves {at}"
        case "invariant":
            trump = SUIT_NAMES[event.card.suit] if event.card is not None else "no suit"
            return f"{card} replaces {old} as the Invariant: {trump} is trump"
        case "paradox":
            return f"{card} replaces {old} as the Invariant, and there is no trump"
        case "unchanged":
            return f"the Invariant {card} stands"
        case _:
            if not event.amounts:
                return "the game is over: nobody wins"
            return f"the game is over: {_players(event.amounts)} {END_REASONS.get(event.rule or '', 'wins')} and wins"
