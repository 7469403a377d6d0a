"""Mutants of the Time Chase rules: do the checks catch real bugs?

Each mutant is a deliberately broken copy of one rule, swapped into
`oracle.games.time_chase.rules` for the length of a ``with`` block.  The
checks run against the mutant engine, cheapest first, and the first check
that fails has caught it.  A mutant that no check catches is a finding.

    python -m properties.time_chase.mutants

prints the table and exits 1 if any mutant survives.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, settings
from hypothesis.stateful import run_state_machine_as_test

from oracle.games.time_chase import rules
from oracle.games.time_chase.cards import Card
from oracle.games.time_chase.events import Event
from oracle.games.time_chase.examples import check_example, read_examples
from oracle.games.time_chase.ruleset import Rules
from oracle.games.time_chase.state import Slot, State
from properties.time_chase import differential
from properties.time_chase.machine import MACHINES

SPEC = Path(__file__).resolve().parents[2] / "spec" / "time-chase"


@contextmanager
def patched(replacements: dict[str, Callable[..., Any]]) -> Iterator[None]:
    """Replace functions of `oracle.games.time_chase.rules` inside the block."""
    originals = {name: getattr(rules, name) for name in replacements}
    for name, function in replacements.items():
        setattr(rules, name, function)
    try:
        yield
    finally:
        for name, function in originals.items():
            setattr(rules, name, function)


_winning_index = rules.winning_index
_legal_cards = rules.legal_cards
_contest = rules.contest


def winner_ignores_trump(cards: Sequence[Card], lead_suit: int, trump: int | None) -> int | None:
    return _winning_index(cards, lead_suit, None)


def trump_loses_to_high_lead(cards: Sequence[Card], lead_suit: int, trump: int | None) -> int | None:
    """Compares by rank alone among qualifying cards."""
    qualifying = [i for i, c in enumerate(cards) if c.suit in (lead_suit, trump)]
    return max(qualifying, key=lambda i: cards[i].rank) if qualifying else None


def no_must_follow(hand: Sequence[Card], suit: int | None) -> tuple[Card, ...]:
    return tuple(hand)


def follow_only_when_leading(hand: Sequence[Card], suit: int | None) -> tuple[Card, ...]:
    """Requires the suit even of a player who holds none (leaves them nothing)."""
    return tuple(c for c in hand if c.suit == suit) if suit is not None else tuple(hand)


def crystal_for_higher(card: Card, lead: Card | None, position: int) -> bool:
    return position > 0 and lead is not None and card.suit == lead.suit and card.rank > lead.rank


def no_crystal_in_the_past(card: Card, lead: Card | None, position: int) -> bool:
    return False


def flat_income(state: State, ruleset: Rules, player: int) -> int:
    return 2


def token_never_moves(state: State, position: int, player: int, events: list[Event]) -> State:
    slot = state.slot(position)
    if slot.controller is not None:
        return state
    events.append(Event("token", player=player, position=position))
    timeline = list(state.timeline)
    timeline[position - 1] = replace(slot, controller=player)
    won = list(state.won)
    won[player] |= 1 << position
    return replace(state, timeline=tuple(timeline), won=tuple(won), last_token=player)


def zero_never_resolved(state: State, below: int) -> int | None:
    occupied = [p for p in state.pawns if 0 < p < below]
    return max(occupied) if occupied else None


def past_before_present(state: State, below: int) -> int | None:
    """Resolves the lowest occupied position first."""
    occupied = [p for p in state.pawns if p < below]
    return min(occupied) if occupied and below > state.round else (max(occupied) if occupied else None)


def bid_past_zero(state: State, player: int) -> int:
    return state.crystals[player]


def no_immediate_win(state: State, player: int, events: list[Event]) -> State:
    return state


def reference_is_first_player(state: State, ruleset: Rules) -> int:
    return state.first


def lead_competes(slot: Slot, trick: Sequence[tuple[int, Card]], trump: int | None) -> tuple[int, Card] | None:
    """Rulings A5 (b): the lead card competes too, so a low card cannot take the event."""
    if slot.lead is None or slot.cross is None:
        return _contest(slot, trick, trump)
    cards = [slot.cross, slot.lead, *(c for _, c in trick)]
    best = _winning_index(cards, slot.lead.suit, trump)
    return None if best is None or best < 2 else trick[best - 2]


@dataclass(frozen=True)
class Mutant:
    name: str
    meaning: str
    replacements: dict[str, Callable[..., Any]]


MUTANTS = (
    Mutant("winner-ignores-trump", "TC.WINNER without trumps", {"winning_index": winner_ignores_trump}),
    Mutant("rank-only", "TC.WINNER by rank alone", {"winning_index": trump_loses_to_high_lead}),
    Mutant("no-must-follow", "TC.FOLLOW off", {"legal_cards": no_must_follow}),
    Mutant("follow-or-nothing", "TC.FOLLOW leaves a void hand nothing", {"legal_cards": follow_only_when_leading}),
    Mutant("crystal-for-higher", "TC.CRYSTAL for a higher card", {"earns_crystal": crystal_for_higher}),
    Mutant("no-crystals", "TC.CRYSTAL never", {"earns_crystal": no_crystal_in_the_past}),
    Mutant("flat-income", "TC.INCOME ignores events", {"income_amount": flat_income}),
    Mutant("token-never-moves", "TC.CONTROL keeps the first token", {"place_token": token_never_moves}),
    Mutant("zero-never-resolved", "TC.ORDER.POSITIONS skips position 0", {"next_position": zero_never_resolved}),
    Mutant("past-first", "TC.ORDER.POSITIONS lowest first", {"next_position": past_before_present}),
    Mutant("bid-past-zero", "TC.BID without the position-0 bound", {"bid_limit": bid_past_zero}),
    Mutant("no-immediate-win", "TC.WIN.THREE off", {"check_three_events": no_immediate_win}),
    Mutant(
        "first-player-starts", "TC.ORDER.REFERENCE ignores the winners", {"reference_player": reference_is_first_player}
    ),
    Mutant("lead-competes", "TC.REPLAY with the lead card competing", {"contest": lead_competes}),
)


# --- the checks, cheapest first ------------------------------------------------------------


def check_examples() -> None:
    problems = [p for e in read_examples(SPEC) for p in check_example(e)]
    assert problems == [], problems[:3]


def check_machines() -> None:
    quick = settings(
        max_examples=15, stateful_step_count=75, deadline=None, database=None,
        phases=[Phase.generate], suppress_health_check=list(HealthCheck),
    )
    for machine in MACHINES:
        run_state_machine_as_test(machine, settings=quick)


def check_differential() -> None:
    for test in (differential.differential_winner, differential.differential_follow):
        settings(max_examples=100, deadline=None, database=None, phases=[Phase.generate])(test)()


CHECKS: tuple[tuple[str, Callable[[], None]], ...] = (
    ("worked examples", check_examples),
    ("Z3 differential", check_differential),
    ("state machines", check_machines),
)


@dataclass(frozen=True)
class Judgement:
    mutant: Mutant
    caught_by: str | None
    seconds: float


def judge(mutant: Mutant) -> Judgement:
    """Run the checks against the mutant, stopping at the first that fails."""
    start = time.perf_counter()
    with patched(mutant.replacements):
        for name, check in CHECKS:
            try:
                check()
            except Exception:
                return Judgement(mutant, name, time.perf_counter() - start)
    return Judgement(mutant, None, time.perf_counter() - start)


def main() -> int:
    survivors = 0
    for mutant in MUTANTS:
        verdict = judge(mutant)
        survivors += verdict.caught_by is None
        print(f"{mutant.name:<22} {mutant.meaning:<45} {verdict.caught_by or 'SURVIVED':<16} {verdict.seconds:.1f}s")
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main())
