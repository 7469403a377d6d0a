"""Random legal play under rules=growth, with the Growth invariants checked
after every turn: copies are conserved (each player's board + supply +
removed = 7), seeds on the board + the shared supply = 5, a fallen tree's root
is next to it, and trees stand (or lie) only where a shrub stood on the era
before.  Every turn's events are replayed, and `apply_turn` must agree with
`successors`.

Play starts at the Growth start and, for a drawn number of first turns,
prefers Plant and Dig up, so that shrubs, trees and falls come early; half
the runs take a winning turn whenever there is one, so that games end.
"""

from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import initialize, invariant

from oracle.games.ttykm.rules.standard import start_position, successors
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.turn import Aimed, Turn
from properties.checks import check_growth_invariants, check_position_invariants, check_turn_invariants, shrub_cells
from properties.runs import WholeRun, take_turn, turn_picks

GROWTH = Ruleset.parse("growth")


TURNS = 12  # a run's turns


def aims(turn: Turn) -> bool:
    """A turn with a Growth action (Plant or Dig up)."""
    return any(isinstance(a, Aimed) for a in turn.actions)


class GrowthPlay(WholeRun):
    """Plays random legal Growth turns; a won game starts again from the start."""

    ruleset: Ruleset = GROWTH

    def __init__(self) -> None:
        super().__init__()
        self.restart_game()
        self.prefer_planting = self.win = False

    def restart_game(self) -> None:
        self.position: Position = start_position(self.ruleset)
        self.shrubs_seen = 0

    @initialize(planting=st.integers(0, TURNS), win=st.booleans(), picks=turn_picks(TURNS))
    def play_a_run(self, planting: int, win: bool, picks: list[int]) -> None:
        """Planting and digging preferred for the first ``planting`` turns, then any turn."""
        self.win = win
        self.prefer_planting = planting > 0
        self.play_run(picks[:planting])
        self.prefer_planting = False
        self.play_run(picks[planting:])

    def take(self, pick: int) -> None:
        turn, applied = take_turn(self.position, self.ruleset, pick, aims if self.prefer_planting else None,
                                  self.win)
        check_turn_invariants(self.position, turn, applied, self.ruleset)
        self.position = applied.position
        self.shrubs_seen |= shrub_cells(self.position)

    def restart(self) -> None:
        assert not successors(self.position, self.ruleset), "a won game has legal turns"
        self.restart_game()

    @invariant()
    def valid(self) -> None:
        check_position_invariants(self.position)
        check_growth_invariants(self.position, self.shrubs_seen)


TestGrowthPlay = GrowthPlay.TestCase
TestGrowthPlay.settings = settings(max_examples=30, stateful_step_count=1, deadline=None)
