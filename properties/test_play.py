"""Random legal play, from the start and from generated valid positions,
with every invariant checked after every turn; in the standard game and in
both variants.

What changes under a variant: the fact that a turn with a copy on the Focus
era always has two actions holds only in the standard game (self-push=paradox
ends a turn when the active copy is removed; copy-choice=free lets a weaker
copy be chosen), so `check_turn_invariants` asks it only there.  Every other
invariant holds under both variants.
"""

from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from oracle.games.ttykm.notation import format_position
from oracle.games.ttykm.rules.standard import apply_turn, successors
from oracle.games.ttykm.ruleset import STANDARD, Ruleset
from oracle.games.ttykm.state import Position
from properties.checks import check_position_invariants, check_turn_invariants
from properties.strategies import VARIANTS, any_position


class Play(RuleBasedStateMachine):
    """Plays random legal turns; a won game starts again from the start."""

    ruleset: Ruleset = STANDARD

    def __init__(self) -> None:
        super().__init__()
        self.position = Position.start()
        self.turns = 0

    @initialize(position=any_position())
    def begin(self, position: Position) -> None:
        self.position = position

    # One rule, always enabled: a rule whose precondition fails makes Hypothesis retry and give up the run.
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        if self.position.winner is not None:
            self.restart()
            return
        options = successors(self.position, self.ruleset)
        assert options, f"no legal turn in {format_position(self.position)} although nobody has won"
        turn, after = data.draw(st.sampled_from(options), label="turn")
        applied = apply_turn(self.position, turn, self.ruleset)
        assert applied.position == after
        check_turn_invariants(self.position, turn, applied, self.ruleset)
        self.position = applied.position
        self.turns += 1

    def restart(self) -> None:
        assert not successors(self.position, self.ruleset), "a won game has legal turns"
        self.position = Position.start()

    @invariant()
    def valid(self) -> None:
        check_position_invariants(self.position)


class PlaySelfPushParadox(Play):
    ruleset = VARIANTS[1]


class PlayCopyChoiceFree(Play):
    ruleset = VARIANTS[2]


STEPS = settings(stateful_step_count=20)
TestPlay = Play.TestCase
TestPlay.settings = STEPS
TestPlaySelfPushParadox = PlaySelfPushParadox.TestCase
TestPlaySelfPushParadox.settings = STEPS
TestPlayCopyChoiceFree = PlayCopyChoiceFree.TestCase
TestPlayCopyChoiceFree.settings = STEPS
