"""Whole runs for the TTYKM play machines: the turns of a run drawn at once, and one turn taken.

A machine that draws each turn in its own rule step is often given up by Hypothesis: its first runs are
held to a few times the size of the smallest one, and a run of many small draws overruns that.  A run
played whole by the machine's initialize rule, from one draw of fixed size (`turn_picks`), never is.
"""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, rule

from oracle.games.ttykm.notation import format_position
from oracle.games.ttykm.rules.standard import Applied, apply_turn, successors
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.turn import Turn


def turn_picks(turns: int) -> st.SearchStrategy[list[int]]:
    """The choices of a run of ``turns`` turns: each picks one of the legal turns (by its index, modulo
    their number) and shrinks towards the first."""
    return st.lists(st.integers(0, 2**16), min_size=turns, max_size=turns)


def take_turn(position: Position, ruleset: Ruleset, pick: int, prefer: Callable[[Turn], bool] | None = None,
              win: bool = False) -> tuple[Turn, Applied]:
    """The legal turn ``pick`` chooses, among those ``prefer`` likes if any, or a winning one if ``win`` and
    there is one; applied, and checked to give what `successors` said."""
    options = successors(position, ruleset)
    assert options, f"no legal turn in {format_position(position)} although nobody has won"
    if win:
        options = [o for o in options if o[1].winner is not None] or options
    if prefer is not None:
        options = [o for o in options if prefer(o[0])] or options
    turn, after = options[pick % len(options)]
    applied = apply_turn(position, turn, ruleset)
    assert applied.position == after
    return turn, applied


class WholeRun(RuleBasedStateMachine):
    """A play machine whose initialize rule plays the whole run (`play_run`); a subclass's initialize rule
    draws the start and the `turn_picks`, and the subclass defines `take` (one turn, checked), `restart`
    (a won game starts again) and its invariant `valid`, which is also checked after every turn."""

    position: Position

    def play_run(self, picks: list[int]) -> None:
        for pick in picks:
            if self.position.winner is not None:
                self.restart()
            else:
                self.take(pick)
            self.valid()

    @rule()
    def nothing_more(self) -> None:
        """The run was played whole by the initialize rule (a machine needs one rule)."""

    def take(self, pick: int) -> None:
        raise NotImplementedError

    def restart(self) -> None:
        raise NotImplementedError

    def valid(self) -> None:
        raise NotImplementedError
