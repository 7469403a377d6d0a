"""Properties of the named variants (spec/ttykm/variants.md), checked on random positions.

Each variant replaces one clause: self-push=paradox replaces MOVE.OWN-COPY,
copy-choice=free replaces TURN.COPY-CHOICE.  The properties say what that
may and may not change: which turns appear and disappear, that copies are
still conserved, and that the clauses a variant keeps still hold.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from oracle.games.ttykm.events import Event, FocusMoved, Paradox
from oracle.games.ttykm.notation import format_turn
from oracle.games.ttykm.rules.standard import apply_turn, explain, focus_copies, legal_turns, longest_sequence
from oracle.games.ttykm.ruleset import STANDARD, Ruleset
from oracle.games.ttykm.state import Position, check_position
from oracle.games.ttykm.strategies import CORNER, blocked_copy_positions, played_positions, positions
from oracle.games.ttykm.turn import Turn

PARADOX = Ruleset.parse("self-push=paradox")
FREE = Ruleset.parse("copy-choice=free")
BOTH = Ruleset.parse("self-push=paradox+copy-choice=free")
RULESETS = (STANDARD, PARADOX, FREE, BOTH)

any_position = (positions() | positions(squares=CORNER) | blocked_copy_positions() | played_positions(PARADOX)
                | played_positions(FREE) | played_positions(STANDARD))


def names(position: Position, ruleset: Ruleset) -> set[str]:
    return {format_turn(t) for t in legal_turns(position, ruleset)}


def own_paradox_ends_actions(events: tuple[Event, ...], position: Position) -> bool:
    """The events hold the mover's own paradox (the active copy walked onto its own
    copy), which the Focus move follows at once: the copy acted no more."""
    mover = position.to_move
    return any(isinstance(e, Paradox) and e.colour == mover and isinstance(events[i + 1], FocusMoved)
               for i, e in enumerate(events[:-1]))


@given(any_position)
def test_copy_choice_free_only_adds_turns_that_copy_choice_forbids(position: Position) -> None:
    for base, free in ((STANDARD, FREE), (PARADOX, BOTH)):
        strict, loose = names(position, base), names(position, free)
        assert strict <= loose
        for text in loose - strict:
            turn = next(t for t in legal_turns(position, free) if format_turn(t) == text)
            assert explain(position, turn, base).rule in ("TURN.COPY-CHOICE", "TURN.NO-ACTION")


@given(any_position)
def test_copy_choice_free_still_takes_every_action_it_can(position: Position) -> None:
    if position.winner is not None:
        return
    assert position.to_move is not None
    colour = position.to_move
    era = position.focus[colour]
    turns = legal_turns(position, FREE)
    for turn in turns:
        if turn.copy is not None:
            cell = era * 16 + turn.copy
            assert len(turn.actions) == longest_sequence(position, colour, cell, FREE) > 0
    stuck = [c for c in focus_copies(position, colour) if longest_sequence(position, colour, c, FREE) == 0]
    no_action = any(t.copy is None for t in turns)
    assert no_action == (bool(stuck) or not focus_copies(position, colour))


@given(any_position)
def test_self_push_adds_only_turns_with_the_movers_own_paradox(position: Position) -> None:
    for base, variant in ((STANDARD, PARADOX), (FREE, BOTH)):
        extra = names(position, variant) - names(position, base)
        for turn in legal_turns(position, variant):
            if format_turn(turn) not in extra:
                continue
            assert own_paradox_ends_actions(apply_turn(position, turn, variant).events, position)
            assert explain(position, turn, base).rule in (
                "MOVE.OWN-COPY", "TURN.COPY-CHOICE", "TURN.ACTION-COUNT", "TURN.NO-ACTION")


@given(any_position)
def test_self_push_keeps_standard_turns_unless_a_longer_sequence_appears(position: Position) -> None:
    lost = names(position, STANDARD) - names(position, PARADOX)
    for turn in legal_turns(position, STANDARD):
        if format_turn(turn) in lost:
            # Only the new own-paradox sequences can make another sequence too short.
            assert explain(position, turn, PARADOX).rule in ("TURN.ACTION-COUNT", "TURN.COPY-CHOICE")
            assert len(turn.actions) < 2


@given(any_position)
def test_an_own_paradox_is_the_last_action_and_first_only_when_nothing_longer(position: Position) -> None:
    for turn in legal_turns(position, PARADOX):
        events = apply_turn(position, turn, PARADOX).events
        if not own_paradox_ends_actions(events, position):
            continue
        if len(turn.actions) == 1:
            # TURN.ACTION-COUNT still applies: the chosen copy had no two-action sequence.
            assert all(len(t.actions) <= 1 for t in legal_turns(position, PARADOX) if t.copy == turn.copy)


@given(any_position, st.sampled_from(RULESETS), st.data())
def test_copies_are_conserved_under_every_ruleset(position: Position, ruleset: Ruleset, data: st.DataObject) -> None:
    turns = legal_turns(position, ruleset)
    if not turns:
        return
    turn: Turn = data.draw(st.sampled_from(turns))
    assert position.to_move is not None
    mover, other = position.to_move, position.to_move.opponent
    applied = apply_turn(position, turn, ruleset)
    after = applied.position
    check_position(after)  # board + supply + removed = 7 for each player (POSITION.VALID)
    assert after.supply[other] == position.supply[other] and after.supply[mover] <= position.supply[mover]
    assert all(after.removed[c] >= position.removed[c] for c in (mover, other))
    own = sum(2 for e in applied.events if isinstance(e, Paradox) and e.colour == mover)
    assert after.removed[mover] - position.removed[mover] >= own
    if not ruleset.self_push_paradox:
        assert not own_paradox_ends_actions(applied.events, position)


@given(any_position)
def test_self_push_changes_nothing_for_a_player_with_one_copy_on_the_board(position: Position) -> None:
    """Backward travel leaves its new copy on the era the active copy left, so a
    lone copy can never step onto one of its own."""
    if position.to_move is not None and position.on_board(position.to_move) <= 1:
        assert names(position, PARADOX) == names(position, STANDARD)
        assert names(position, BOTH) == names(position, FREE)


ENDS = Ruleset.parse("self-push=ends")


@given(any_position | played_positions(ENDS))
def test_self_push_ends_only_adds_self_pushes_that_the_action_count_forbids(position: Position) -> None:
    """VARIANT.SELF-PUSH-ENDS: every self-push=paradox turn stays legal; each turn it
    adds is a single action removing the active copy, which self-push=paradox
    refuses under TURN.ACTION-COUNT."""
    strict, loose = names(position, PARADOX), names(position, ENDS)
    assert strict <= loose
    for turn in legal_turns(position, ENDS):
        if format_turn(turn) in strict:
            continue
        applied = apply_turn(position, turn, ENDS)
        assert len(turn.actions) == 1 and own_paradox_ends_actions(applied.events, position)
        assert explain(position, turn, PARADOX).rule == "TURN.ACTION-COUNT"
        check_position(applied.position)
