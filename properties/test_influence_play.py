"""Random legal play under rules=influence, from the start and from generated
Influence positions, with the chapter's invariants checked after every turn:
exactly one neutral statue per era, at most one build per player, one solid
thing per square, no earlier era changed, and the events replay to the
position after."""

from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import initialize, invariant

from oracle.games.ttykm.rules.standard import successors
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import check_position
from properties.influence import INFLUENCE, any_influence_position, check_influence_turn, check_statue_invariants, start
from properties.runs import WholeRun, take_turn, turn_picks

TURNS = 12  # a run's turns


class PlayInfluence(WholeRun):
    """Plays random legal Influence turns; a won game starts again."""

    ruleset: Ruleset = INFLUENCE

    def __init__(self) -> None:
        super().__init__()
        self.position = start()
        self.win = False

    @initialize(position=any_influence_position(), win=st.booleans(), picks=turn_picks(TURNS))
    def play_a_run(self, position: object, win: bool, picks: list[int]) -> None:
        self.position = position  # type: ignore[assignment]
        self.win = win
        self.play_run(picks)

    def take(self, pick: int) -> None:
        turn, applied = take_turn(self.position, self.ruleset, pick, win=self.win)
        check_influence_turn(self.position, turn, applied.position, applied.events)
        self.position = applied.position

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


STEPS = settings(stateful_step_count=1)
TestPlayInfluence = PlayInfluence.TestCase
TestPlayInfluence.settings = settings(STEPS, max_examples=60)
TestPlayInfluenceAutomaticPull = PlayInfluenceAutomaticPull.TestCase
TestPlayInfluenceAutomaticPull.settings = settings(STEPS, max_examples=25)
TestPlayInfluenceMoveCopy = PlayInfluenceMoveCopy.TestCase
TestPlayInfluenceMoveCopy.settings = settings(STEPS, max_examples=25)
TestPlayInfluenceSidewaysPull = PlayInfluenceSidewaysPull.TestCase
TestPlayInfluenceSidewaysPull.settings = settings(STEPS, max_examples=25)
