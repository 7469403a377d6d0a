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
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from oracle.games.ttykm.notation import format_position
from oracle.games.ttykm.rules.standard import apply_turn, start_position, successors
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.turn import Aimed
from properties.checks import check_growth_invariants, check_position_invariants, check_turn_invariants, shrub_cells

GROWTH = Ruleset.parse("growth")


class GrowthPlay(RuleBasedStateMachine):
    """Plays random legal Growth turns; a won game starts again from the start."""

    ruleset: Ruleset = GROWTH

    def __init__(self) -> None:
        super().__init__()
        self.restart_game()

    def restart_game(self) -> None:
        self.position: Position = start_position(self.ruleset)
        self.shrubs_seen = 0

    @initialize(planting=st.booleans())
    def begin(self, planting: bool) -> None:
        self.prefer_planting = planting

    def take(self, data: st.DataObject) -> None:
        options = successors(self.position, self.ruleset)
        assert options, f"no legal turn in {format_position(self.position)} although nobody has won"
        if self.prefer_planting:
            planting = [o for o in options if any(isinstance(a, Aimed) for a in o[0].actions)]
            options = planting or options
        turn, after = data.draw(st.sampled_from(options), label="turn")
        applied = apply_turn(self.position, turn, self.ruleset)
        assert applied.position == after
        check_turn_invariants(self.position, turn, applied, self.ruleset)
        self.position = applied.position
        self.shrubs_seen |= shrub_cells(self.position)

    @precondition(lambda self: self.position.winner is None)
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        self.take(data)

    @precondition(lambda self: self.position.winner is None)
    @rule()
    def stop_preferring(self) -> None:
        self.prefer_planting = False

    @precondition(lambda self: self.position.winner is not None)
    @rule()
    def restart(self) -> None:
        assert not successors(self.position, self.ruleset), "a won game has legal turns"
        self.restart_game()

    @invariant()
    def valid(self) -> None:
        check_position_invariants(self.position)
        check_growth_invariants(self.position, self.shrubs_seen)


TestGrowthPlay = GrowthPlay.TestCase
TestGrowthPlay.settings = settings(max_examples=30, stateful_step_count=12, deadline=None)
