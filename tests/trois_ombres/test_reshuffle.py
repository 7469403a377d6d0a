"""An empty pile takes its shuffled discard: the 3ID deck (OMBRES.ID.DRAW), the Limbes deck (OMBRES.LIMBES.DRAW)
and the trap pile (OMBRES.TRAP.PILE).

Each state is built in the text notation with the pile empty and its discard
full, then the action that makes a draw due is played.  The clause: every
card of the discard goes back, face down and shuffled, so the draw that
follows is a chance node whose outcomes are the discard's cards at their
shares (a pile is a multiset, OMBRES.CHANCE); the discard is empty after;
an event says so.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

import pytest

from oracle.games.trois_ombres.events import Event
from oracle.games.trois_ombres.game import GAME
from oracle.games.trois_ombres.state import State

TABLE = "ombres players=4 characters=2 board=R1:1n,R2:1h,C1:1n,C2:2n,P1:2h,P2:2h,G1:1h demon=2n"
NO_PAIR = ("roll", "die loupe", "reveal R1", "reveal R2", "done")  # a turn with no pair: a Limbes card is due
PAIR = ("roll", "die loupe", "reveal R1", "reveal C1")  # a pair: a 3ID card is due


@dataclass(frozen=True)
class Pile:
    """One pile, its field and its discard's in the notation, the head step that draws from it, and the
    clause and words of its reshuffle (spec/trois-ombres/cards-3id.md, cards-limbes.md, traps.md)."""

    name: str
    pile_field: str
    discard_field: str
    draw_step: str
    rule: str
    words: str

    def pile(self, state: State) -> tuple[str, ...]:
        return {"3ID": state.id_deck, "Limbes": state.limbes_deck, "trap": state.traps}[self.name]

    def discard(self, state: State) -> tuple[str, ...]:
        return {"3ID": state.id_discard, "Limbes": state.limbes_discard, "trap": state.trap_discard}[self.name]


ID = Pile("3ID", "id-deck", "id-discard", "draw-id", "OMBRES.ID.DRAW", "the 3ID discard is shuffled into a new deck")
LIMBES = Pile("Limbes", "limbes-deck", "limbes-discard", "draw-limbes", "OMBRES.LIMBES.DRAW",
              "the Limbes discard is shuffled into a new deck")
TRAP = Pile("trap", "traps", "trap-discard", "draw-trap", "OMBRES.TRAP.PILE",
            "the trap discard is shuffled into a new trap pile")

# (pile, the table before the draw is due, the steps, the actions that make it due)
CASES = (
    (ID, TABLE, "steps=turn", PAIR),
    (LIMBES, f"{TABLE} hour=5", "steps=turn", NO_PAIR),
    (TRAP, TABLE, "steps=trap-slot;end-turn", ("trap G5",)),
)
DISCARDS = {ID: "calepin,calepin,debriefing,invertigo", LIMBES: "amnesie,amnesie,silence,vortex",
            TRAP: "hercule,hercule,vortex,yeux-R"}  # several cards, one of them twice
LAST = {ID: "calepin", LIMBES: "silence", TRAP: "horloge"}  # a last card in the pile


def played(text: str, actions: tuple[str, ...], rules_text: str | None = None) -> tuple[State, State, list[Event]]:
    """The state read from ``text``, the state after ``actions``, and the events of the last action."""
    rules = GAME.parse_rules(None, rules_text)
    start = state = GAME.parse_state(text)
    events: list[Event] = []
    for action in actions:
        applied = GAME.apply(state, GAME.parse_action(action), rules)
        state, events = applied.state, list(applied.events)
    return start, state, events


def draw_shares(state: State, rules_text: str | None = None) -> dict[str, Fraction]:
    """Each card the head draw can give, with its chance."""
    outcomes = GAME.chance_outcomes(state, GAME.parse_rules(None, rules_text))
    assert all(action.verb == "draw" and len(action.args) == 1 for action, _ in outcomes)
    return {action.args[0]: p for action, p in outcomes}


def shares(cards: tuple[str, ...]) -> dict[str, Fraction]:
    return {card: Fraction(n, len(cards)) for card, n in Counter(cards).items()}


def reshuffles(events: list[Event]) -> list[Event]:
    return [e for e in events if e.kind == "reshuffle"]


@pytest.mark.rule("OMBRES.ID.DRAW", "OMBRES.LIMBES.DRAW", "OMBRES.TRAP.PILE", "OMBRES.CHANCE")
@pytest.mark.parametrize(("pile", "table", "steps", "actions"), CASES, ids=[c[0].name for c in CASES])
def test_an_empty_pile_takes_its_whole_discard_shuffled(pile: Pile, table: str, steps: str,
                                                        actions: tuple[str, ...]) -> None:
    start, after, events = played(f"{table} {pile.discard_field}={DISCARDS[pile]} {steps}", actions)
    assert pile.pile(start) == () and len(pile.discard(start)) > 1
    assert after.steps[0].kind == pile.draw_step, f"no {pile.name} draw is due: {after.steps}"
    assert GAME.to_act(after).kind == "chance"
    assert Counter(pile.pile(after)) == Counter(pile.discard(start)), "every card of the discard goes back"
    assert draw_shares(after) == shares(pile.discard(start)), "the draw is a chance over the whole discard"
    assert pile.discard(after) == (), "the discard is empty once shuffled into the pile"
    assert [(e.rule, e.text) for e in reshuffles(events)] == [(pile.rule, pile.words)]


@pytest.mark.rule("OMBRES.ID.DRAW", "OMBRES.LIMBES.DRAW", "OMBRES.TRAP.PILE")
@pytest.mark.parametrize(("pile", "table", "steps", "actions"), CASES, ids=[c[0].name for c in CASES])
def test_a_pile_with_a_card_left_is_not_reshuffled(pile: Pile, table: str, steps: str,
                                                   actions: tuple[str, ...]) -> None:
    """The discard waits until the pile is empty: its last card is drawn for sure."""
    text = f"{table} {pile.pile_field}={LAST[pile]} {pile.discard_field}={DISCARDS[pile]} {steps}"
    start, after, events = played(text, actions)
    assert pile.pile(start) == (LAST[pile],)
    assert draw_shares(after) == {LAST[pile]: Fraction(1)}
    assert pile.discard(after) == pile.discard(start) and reshuffles(events) == []


@pytest.mark.rule("OMBRES.LIMBES.DRAW")
def test_with_limbes_clock_on_last_the_last_card_drawn_advances_the_clock_and_refills_without_an_event() -> None:
    """The variant's clause: the clock advances when the last card is drawn (not when a card is due from an
    empty deck), and the discard becomes the deck there and then; the refill has no event of its own."""
    text = f"{TABLE} hour=5 limbes-deck=silence limbes-discard=amnesie,amnesie,vortex steps=draw-limbes;end-turn"
    start, after, events = played(text, ("draw silence",), "limbes-clock-on-last")
    assert after.hour == start.hour + 1
    assert [e.kind for e in events if e.kind in ("clock", "reshuffle")] == ["clock"]
    assert Counter(after.limbes_deck) == Counter(start.limbes_discard) and after.limbes_discard == ()
    # The next turn without a pair draws from the refilled deck: no clock, no reshuffle, a chance over it.
    _, due, events = played(GAME.format_state(after), NO_PAIR, "limbes-clock-on-last")
    assert due.steps[0].kind == "draw-limbes" and due.hour == after.hour
    assert draw_shares(due, "limbes-clock-on-last") == shares(start.limbes_discard) and reshuffles(events) == []


@pytest.mark.rule("OMBRES.LIMBES.DRAW")
def test_with_limbes_clock_on_last_a_card_due_from_an_empty_deck_takes_the_discard_without_the_clock() -> None:
    text = f"{TABLE} hour=5 limbes-discard=amnesie,amnesie,silence,vortex steps=turn"
    start, after, events = played(text, NO_PAIR, "limbes-clock-on-last")
    assert after.hour == start.hour and after.limbes_discard == ()
    assert draw_shares(after, "limbes-clock-on-last") == shares(start.limbes_discard)
    assert [(e.rule, e.text) for e in reshuffles(events)] == [(LIMBES.rule, LIMBES.words)]
