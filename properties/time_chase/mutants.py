"""Mutants of the Time Chase rules: what does each kind of check catch on its own?

Each mutant is a deliberately broken copy of one rule, swapped into
`oracle.games.time_chase.rules` for the length of a ``with`` block.  The
mutation harness (`properties.harness`) runs every kind of check against each
mutant: the worked examples, the committed vectors, the state machines (the
engine's own invariants and the model-based machines) and the differentials
(the Z3 trick model and the executable model of the whole game).

    python -m properties.time_chase.mutants

prints one row per mutant and one column per kind, and exits 1 if any
mutant survives every kind.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import run_state_machine_as_test

from oracle.games.time_chase import rules
from oracle.games.time_chase.cards import Card
from oracle.games.time_chase.events import Event
from oracle.games.time_chase.examples import check_example, read_examples
from oracle.games.time_chase.game import GAME
from oracle.games.time_chase.ruleset import Rules
from oracle.games.time_chase.state import Slot, State
from properties import harness as h
from properties.time_chase import differential, model_differential, model_machine
from properties.time_chase.machine import MACHINES

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "spec" / "time-chase"
VECTORS = ROOT / "vectors" / "time-chase"


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


_start_round = rules.start_round
_income_amount = rules.income_amount
_travel = rules.travel
_resolve_zero = rules.resolve_zero
_resolve_zero_by_rank = rules.resolve_zero_by_rank
_place_token = rules.place_token
_suit_to_follow = rules.suit_to_follow


def income_in_round_one(state: State, ruleset: Rules, number: int, events: list[Event]) -> State:
    return _start_round(state, replace(ruleset, income_round1=True), number, events)


def income_counts_ever_won(state: State, ruleset: Rules, player: int) -> int:
    return _income_amount(state, replace(ruleset, won_so_far=True), player)


def income_at_least_one(state: State, ruleset: Rules, player: int) -> int:
    return max(1, _income_amount(state, ruleset, player))


def bid_ignores_crystals(state: State, player: int) -> int:
    return state.round


def travel_one_short(state: State, ruleset: Rules, action: Any, events: list[Event]) -> State:
    """A bid of b > 1 moves the pawn back b - 1 events (the crystals are still all paid)."""
    after = _travel(state, ruleset, action, events)
    pawns = tuple(p + 1 if b > 1 else p for p, b in zip(after.pawns, action.amounts, strict=True))
    after = replace(after, pawns=pawns)
    return replace(after, at=rules.next_position(after, state.round + 1))


def crystal_at_zero(card: Card, lead: Card | None, position: int) -> bool:
    return lead is not None and card.suit == lead.suit and card.rank < lead.rank


def crystal_for_any_low_card(card: Card, lead: Card | None, position: int) -> bool:
    return position > 0 and lead is not None and card.rank < lead.rank


def zero_lowest_wins(state: State, ruleset: Rules, events: list[Event]) -> State:
    """TC.ZERO with the lowest card of the first suit becoming the Invariant."""
    if ruleset.rank_paradox:
        return _resolve_zero(state, ruleset, events)
    suit = state.trick[0][1].suit
    player, new = min(((p, c) for p, c in state.trick if c.suit == suit), key=lambda pc: pc[1].rank)
    assert state.invariant is not None
    gone = [c for _, c in state.trick if c != new] + [state.invariant]
    events.append(Event("invariant", player=player, card=new, old=state.invariant))
    return replace(state, invariant=new, discard=tuple(sorted((*state.discard, *gone))))


def zero_follows_nothing(state: State, ruleset: Rules) -> int | None:
    return None if state.at == 0 else _suit_to_follow(state, ruleset)


def zero_keeps_old_invariant(state: State, ruleset: Rules, events: list[Event]) -> State:
    """The old Invariant is not discarded (it vanishes from every place)."""
    after = _resolve_zero(state, ruleset, events)
    if after.invariant != state.invariant and state.invariant is not None:
        after = replace(after, discard=tuple(c for c in after.discard if c != state.invariant))
    return after


def first_paradox_ends(state: State, events: list[Event]) -> State:
    after = _resolve_zero_by_rank(state, events)
    if after.phase != "over" and after.paradoxes == 1 and state.paradoxes == 0:
        return rules.finish(after, "TC.VARIANT.RANK-PARADOX", events)
    return after


def rewin_is_a_last_token(state: State, position: int, player: int, events: list[Event]) -> State:
    """Winning an event you control counts as placing the last token (TC.VARIANT.LAST-TOKEN)."""
    after = _place_token(state, position, player, events)
    return replace(after, last_token=player)


def win_at_two(state: State, player: int, events: list[Event]) -> State:
    if len(state.controlled(player)) < 2:
        return state
    events.append(Event("over", amounts=(player,), rule="TC.WIN.THREE"))
    return replace(state, phase="over", at=None, trick=(), winners=(player,), end_rule="TC.WIN.THREE")


def end_tie_latest_event(state: State) -> tuple[int, ...]:
    counts = [len(state.controlled(p)) for p in range(state.players)]
    most = max(counts)
    if most == 0:
        return ()
    tied = [p for p in range(state.players) if counts[p] == most]
    return (max(tied, key=lambda p: state.controlled(p)[-1]),)


def end_counts_ever_won(state: State) -> tuple[int, ...]:
    counts = [bin(state.won[p]).count("1") for p in range(state.players)]
    most = max(counts)
    if most == 0:
        return ()
    tied = [p for p in range(state.players) if counts[p] == most]
    return (min(tied, key=lambda p: (state.controlled(p) or (99,))[0]),)


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
    Mutant("income-in-round-1", "TC.INCOME paid in round 1 too", {"start_round": income_in_round_one}),
    Mutant("income-counts-ever-won", "TC.INCOME counts events lost", {"income_amount": income_counts_ever_won}),
    Mutant("income-at-least-one", "TC.INCOME never below 1", {"income_amount": income_at_least_one}),
    Mutant("bid-ignores-crystals", "TC.BID offers more than the crystals", {"bid_limit": bid_ignores_crystals}),
    Mutant("travel-one-short", "TC.TRAVEL a bid over 1 falls one short", {"travel": travel_one_short}),
    Mutant("crystal-at-zero", "TC.CRYSTAL earned at position 0", {"earns_crystal": crystal_at_zero}),
    Mutant("crystal-any-low-card", "TC.CRYSTAL for a low card of any suit",
           {"earns_crystal": crystal_for_any_low_card}),
    Mutant("zero-lowest-wins", "TC.ZERO the lowest card replaces", {"resolve_zero": zero_lowest_wins}),
    Mutant("zero-follows-nothing", "TC.ZERO without must-follow", {"suit_to_follow": zero_follows_nothing}),
    Mutant("zero-keeps-old-invariant", "TC.ZERO the old Invariant not discarded",
           {"resolve_zero": zero_keeps_old_invariant}),
    Mutant("first-paradox-ends", "TC.VARIANT.RANK-PARADOX ends at one", {"resolve_zero_by_rank": first_paradox_ends}),
    Mutant("rewin-is-last-token", "TC.VARIANT.LAST-TOKEN counts a re-win", {"place_token": rewin_is_a_last_token}),
    Mutant("win-at-two", "TC.WIN.THREE at two events", {"check_three_events": win_at_two}),
    Mutant("end-tie-latest-event", "TC.WIN.END ties to the latest event", {"final_winners": end_tie_latest_event}),
    Mutant("end-counts-ever-won", "TC.WIN.END counts events lost", {"final_winners": end_counts_ever_won}),
)


# --- the checks, one callable per kind --------------------------------------------------------


def check_examples() -> None:
    problems = [p for e in read_examples(SPEC) for p in check_example(e)]
    assert problems == [], problems[:3]


def check_vectors(step: int = 3) -> None:
    """Every ``step``-th apply record of the committed sets: the same state after, the same events."""
    for directory in sorted(p for p in VECTORS.iterdir() if (p / "apply.jsonl").is_file()):
        lines = (directory / "apply.jsonl").read_text(encoding="utf-8").splitlines()
        for line in lines[::step]:
            record = json.loads(line)
            state = GAME.parse_state(record["state"])
            rules_ = GAME.state_rules(state, Rules(players=state.players))
            applied = GAME.apply(state, GAME.parse_action(record["action"]), rules_)
            assert GAME.format_state(applied.state) == record["after"], f"{directory.name} {record['id']}"
            assert [GAME.event_text(e) for e in applied.events] == record["events"], f"{directory.name} {record['id']}"


def check_machines() -> None:
    """The model-based machines (drawn games, then one game per end clause), then the engine's own invariants
    in random play."""
    model_machine.run(model_machine.MODEL_MACHINES, 4)
    model_machine.play_end_games()
    quick = settings(
        max_examples=15, stateful_step_count=75, deadline=None, database=None,
        phases=[Phase.generate], suppress_health_check=list(HealthCheck),
    )
    for machine in MACHINES:
        run_state_machine_as_test(machine, settings=quick)


def check_z3_differential() -> None:
    """The Z3 trick model against the engine's winner and must-follow, 100 draws each (fresh tests each call:
    Hypothesis refuses to set a test's settings twice)."""
    quick = settings(max_examples=100, deadline=None, database=None, phases=[Phase.generate])
    cards = st.lists(differential.CARD, min_size=1, max_size=6, unique=True)
    hands = st.lists(differential.CARD, min_size=1, max_size=10, unique=True)
    quick(given(cards, st.integers(0, 4), differential.SUIT_OR_NONE)(differential.check_winner))()
    quick(given(hands, differential.SUIT_OR_NONE)(differential.check_legal))()


def check_differential() -> None:
    """The executable model on its sample of positions, then the Z3 trick model."""
    model_differential.check_sample()
    check_z3_differential()


KINDS: dict[str, Callable[[], None]] = {
    h.EXAMPLES: check_examples,
    h.VECTORS: check_vectors,
    h.MACHINE: check_machines,
    h.DIFFERENTIAL: check_differential,
}


def prepare() -> None:
    """The differential's sample, made with the real rules before any mutant is in place."""
    model_differential.sample()


def harness_mutant(mutant: Mutant) -> h.Mutant:
    def patch() -> AbstractContextManager[None]:
        return patched(mutant.replacements)

    rule = mutant.meaning.split(" ")[0]
    return h.Mutant(mutant.name, "time-chase", patch, KINDS, prepare, rule)


def harness_mutants() -> tuple[h.Mutant, ...]:
    return tuple(harness_mutant(m) for m in MUTANTS)


def main() -> int:
    return h.run_table(harness_mutants(), "--markdown" in sys.argv)


if __name__ == "__main__":
    sys.exit(main())
