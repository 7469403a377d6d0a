"""Random legal play under rules=growth, with the Growth invariants checked
after every turn: copies are conserved (each player's board + supply +
removed = 7), seeds on the board + the shared supply = 5, a fallen tree's root
is next to it, and trees stand (or lie) only where a shrub stood on the era
before.  Every turn's events are replayed, and `apply_turn` must agree with
`successors`.

Play starts at the Growth start and, half the time, first plants a few seeds
in the past, so that shrubs, trees and falls come early.
"""

from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from oracle.games.ttykm.rules.standard import start_position, successors
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.turn import Aimed, Turn
from properties.checks import check_growth_invariants, check_position_invariants, check_turn_invariants, shrub_cells
from properties.runs import take_turn

GROWTH = Ruleset.parse("growth")


def aims(turn: Turn) -> bool:
    """A turn with a Growth action (Plant or Dig up)."""
    return any(isinstance(a, Aimed) for a in turn.actions)


class GrowthPlay(RuleBasedStateMachine):
    """Plays random legal Growth turns; a won game starts again from the start."""

    ruleset: Ruleset = GROWTH

    def __init__(self) -> None:
        super().__init__()
        self.restart_game()

    def restart_game(self) -> None:
        self.position: Position = start_position(self.ruleset)
        self.shrubs_seen = 0

    @initialize(planting=st.booleans(), win=st.booleans())
    def begin(self, planting: bool, win: bool) -> None:
        self.prefer_planting, self.win = planting, win

    def take(self, pick: int) -> None:
        turn, applied = take_turn(self.position, self.ruleset, pick, aims if self.prefer_planting else None,
                                  self.win)
        check_turn_invariants(self.position, turn, applied, self.ruleset)
        self.position = applied.position
        self.shrubs_seen |= shrub_cells(self.position)

    # Rules always enabled: a rule whose precondition fails makes Hypothesis retry and give up the run.
    @rule(pick=st.integers(0, 2**16))
    def play(self, pick: int) -> None:
        if self.position.winner is not None:
            self.restart()
        else:
            self.take(pick)

    @rule()
    def stop_preferring(self) -> None:
        self.prefer_planting = False

    def restart(self) -> None:
        assert not successors(self.position, self.ruleset), "a won game has legal turns"
        self.restart_game()

    @invariant()
    def valid(self) -> None:
        check_position_invariants(self.position)
        check_growth_invariants(self.position, self.shrubs_seen)


TestGrowthPlay = GrowthPlay.TestCase
TestGrowthPlay.settings = settings(max_examples=30, stateful_step_count=12, deadline=None)
