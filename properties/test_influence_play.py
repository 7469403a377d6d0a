"""Random legal play under rules=influence, from the start and from generated
Influence positions, with the chapter's invariants checked after every turn:
exactly one neutral statue per era, at most one build per player, one solid
thing per square, no earlier era changed, and the events replay to the
position after."""

from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from oracle.games.ttykm.notation import format_position
from oracle.games.ttykm.rules.standard import apply_turn, successors
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import check_position
from properties.influence import INFLUENCE, any_influence_position, check_influence_turn, check_statue_invariants, start


class PlayInfluence(RuleBasedStateMachine):
    """Plays random legal Influence turns; a won game starts again."""

    ruleset: Ruleset = INFLUENCE

    def __init__(self) -> None:
        super().__init__()
        self.position = start()

    @initialize(position=any_influence_position())
    def begin(self, position: object) -> None:
        self.position = position  # type: ignore[assignment]

    @precondition(lambda self: self.position.winner is None)
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        options = successors(self.position, self.ruleset)
        assert options, f"no legal turn in {format_position(self.position)} although nobody has won"
        turn, after = data.draw(st.sampled_from(options), label="turn")
        applied = apply_turn(self.position, turn, self.ruleset)
        assert applied.position == after
        check_influence_turn(self.position, turn, after, applied.events)
        self.position = after

    @precondition(lambda self: self.position.winner is not None)
    @rule()
    def restart(self) -> None:
        assert not successors(self.position, self.ruleset), "a won game has legal turns"
        self.position = start()

    @invariant()
    def valid(self) -> None:
        check_position(self.position)
        check_statue_invariants(self.position)


class PlayInfluenceAutomaticPull(PlayInfluence):
    ruleset = Ruleset(variants=frozenset({"pull=automatic"}), chapters=frozenset({"influence"}))


class PlayInfluenceMoveCopy(PlayInfluence):
    ruleset = Ruleset(variants=frozenset({"statue-build=move-copy"}), chapters=frozenset({"influence"}))


class PlayInfluenceSidewaysPull(PlayInfluence):
    ruleset = Ruleset(variants=frozenset({"pull=sideways", "pull-with-push=forbidden"}),
                      chapters=frozenset({"influence"}))


STEPS = settings(stateful_step_count=12)
TestPlayInfluence = PlayInfluence.TestCase
TestPlayInfluence.settings = settings(STEPS, max_examples=60)
TestPlayInfluenceAutomaticPull = PlayInfluenceAutomaticPull.TestCase
TestPlayInfluenceAutomaticPull.settings = settings(STEPS, max_examples=25)
TestPlayInfluenceMoveCopy = PlayInfluenceMoveCopy.TestCase
TestPlayInfluenceMoveCopy.settings = settings(STEPS, max_examples=25)
TestPlayInfluenceSidewaysPull = PlayInfluenceSidewaysPull.TestCase
TestPlayInfluenceSidewaysPull.settings = settings(STEPS, max_examples=25)
