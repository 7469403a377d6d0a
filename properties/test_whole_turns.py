"""Bounded model checking of whole turns: each theorem holds over two turns, fails under its named break,
and is not vacuous (the sequences it speaks of exist)."""

from __future__ import annotations

import pytest

from properties import whole_turns as wt
from tests.test_traceability import spec_ids

POSITIONS = dict(wt.START_POSITIONS)
BY_NAME = {t.name: t for t in wt.THEOREMS}


def test_every_theorem_has_a_named_break_and_cites_real_rules() -> None:
    assert sorted(b.theorem for b in wt.BREAKS) == sorted(BY_NAME)
    assert [name for name, _ in wt.START_POSITIONS] == list(wt.START_NAMES)
    assert all(b.position in POSITIONS for b in wt.BREAKS)
    known = set(spec_ids())
    assert all(t.rules and set(t.rules) <= known for t in wt.THEOREMS)


QUICK = ("wins-only-by-a-last-legal-turn", "near-win")
"""The theorem and position the quick tier proves; the slow test below proves the others."""


def test_no_turn_follows_a_win_over_two_turns() -> None:
    """The quick tier's slice: the win theorem, two turns from a position one crush from a win."""
    theorem, position = QUICK
    result = wt.prove(BY_NAME[theorem], position, POSITIONS[position], wt.CI_DEPTH)
    assert result.proved, result.counterexample


@pytest.mark.slow  # a few seconds each; `./dev prove` checks every theorem from every position
@pytest.mark.parametrize("brk", [b for b in wt.BREAKS if (b.theorem, b.position) != QUICK], ids=lambda b: b.theorem)
def test_theorem_holds_over_two_turns_from_its_breaks_position(brk: wt.Break) -> None:
    """The other theorems from their breaks' positions (the quick test above proves the win theorem's)."""
    result = wt.prove(BY_NAME[brk.theorem], brk.position, POSITIONS[brk.position], wt.CI_DEPTH)
    assert result.proved, result.counterexample


@pytest.mark.slow  # a few seconds each: the symbolic turn rebuilt under the break
@pytest.mark.parametrize("brk", wt.BREAKS, ids=lambda b: b.name)
def test_theorem_fails_under_its_break(brk: wt.Break) -> None:
    result = wt.check_break(brk)
    assert not result.proved, f"{brk.theorem} still holds when the model breaks '{brk.name}' ({brk.what})"
    assert result.counterexample.startswith(f"from {brk.position}: ")


def test_the_win_theorem_speaks_of_real_wins() -> None:
    assert wt.reachable_win("near-win", POSITIONS["near-win"], 1)
    assert not wt.reachable_win("start", POSITIONS["start"], 2)


# --- from the solver-chosen boundary positions (`./dev prove` proves every theorem from each) ---


def test_the_boundary_starts_are_committed_positions_with_breaks_there() -> None:
    starts = {name: variants for name, _, variants in wt.boundary_starts()}
    assert list(starts) == [f"{r}/{b}" for r, b in wt.BOUNDARY_STARTS]
    assert starts["self-push=paradox/onto-own-copy"] == {"self-push=paradox"}
    assert all(b.position in starts for b in wt.BOUNDARY_BREAKS)
    assert sorted({b.theorem for b in wt.BOUNDARY_BREAKS}) == ["copies-conserved-over-turns",
                                                               "wins-only-by-a-last-legal-turn"]
    text, _ = wt.start_of("standard/win")
    assert wt.reachable_win("standard/win", text, 1), "the win theorem would be vacuous from standard/win"


def test_copies_are_conserved_over_one_turn_from_the_crush_at_the_wall() -> None:
    """The quick tier's slice: one turn (the crush among them) from a boundary position of the standard set."""
    text, variants = wt.start_of("standard/push-into-the-wall")
    result = wt.prove(BY_NAME["copies-conserved-over-turns"], "standard/push-into-the-wall", text, 1,
                      variants=variants)
    assert result.proved, result.counterexample


@pytest.mark.slow  # some seconds each: the symbolic turn rebuilt under the break (and the variant)
@pytest.mark.parametrize("brk", wt.BOUNDARY_BREAKS, ids=lambda b: f"{b.name}@{b.position}")
def test_theorem_fails_under_its_break_from_a_boundary_start(brk: wt.Break) -> None:
    result = wt.check_break(brk)
    assert not result.proved, f"{brk.theorem} still holds from {brk.position} under '{brk.name}' ({brk.what})"
    assert result.counterexample.startswith(f"from {brk.position}: "), result.counterexample
