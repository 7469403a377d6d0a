"""Random legal play in the three Convergence pairs (rules=growth+influence,
growth+memory, influence+memory), with these checked after every turn:

- the position is valid (POSITION.VALID with every chapter's objects: one
  solid thing per square, seeds only under copies, one neutral statue and
  both elephants on every era, the seed count) and reads back from its text;
- every event replays (`check_turn_invariants`), and `apply_turn` agrees
  with `successors`;
- nothing changes an era before the earliest one the turn's copies stood on
  (EFFECTS.ERAS);
- metamorphic (CONVERGENCE.PAIRS): while a growth+influence or growth+memory
  game holds no Growth object and every seed is in supply, it plays exactly
  as Influence or Memory alone: the same turns without a Growth action, each
  with the same result.  (In influence+memory both chapters' objects are
  always on the boards, so it has no such positions.)

Play starts from each pair's start or one of the rulings' scenario positions
(the vector sets' named positions) and half the time prefers chapter actions.
Each machine runs the profile's examples (200 under ci), of up to 6 turns.
`test_convergence_metamorphic` checks the action-level metamorphic property
in every pair, influence+memory included.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant

from oracle.games.ttykm.board import SQUARES
from oracle.games.ttykm.events import CopyChosen, Travelled
from oracle.games.ttykm.notation import format_position, parse_position
from oracle.games.ttykm.objects import SEEDS
from oracle.games.ttykm.rules.standard import Applied, successors
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.turn import Aimed, Pull, Turn
from oracle.games.ttykm.vector_sets import PAIR_POSITIONS
from properties.checks import check_position_invariants, check_turn_invariants
from properties.runs import WholeRun, take_turn, turn_picks

TURNS = 6  # a run's turns


def era_view(position: Position, era: int) -> tuple[object, ...]:
    """Everything on one era: both colours' copies, the seeds and the objects."""
    mask = 0xFFFF << (era * SQUARES)
    chapters = position.chapters
    assert chapters is not None
    return (
        position.copies[0] & mask,
        position.copies[1] & mask,
        chapters.seeds & mask,
        tuple((c, t) for c, t in chapters.solids if c // SQUARES == era),
    )


def check_earlier_eras(before: Position, applied: Applied) -> None:
    """EFFECTS.ERAS: the eras before the first one a copy of the turn stood on never change."""
    stood = [e.cell // SQUARES for e in applied.events if isinstance(e, CopyChosen)]
    stood += [e.target // SQUARES for e in applied.events if isinstance(e, Travelled)]
    for era in range(min(stood, default=0)):
        assert era_view(before, era) == era_view(applied.position, era), f"era {era} changed"


def alone(position: Position, chapter: str) -> Position | None:
    """The same position under ``chapter`` alone, if it holds no Growth object; else None."""
    chapters = position.chapters
    assert chapters is not None
    if chapters.seeds or chapters.seed_supply != SEEDS or any(t.kind.chapter == "growth" for _, t in chapters.solids):
        return None
    return replace(position, chapters=replace(chapters, modules=frozenset({chapter})))


def uses_a_chapter(turn: Turn) -> bool:
    return any(isinstance(a, (Aimed, Pull)) for a in turn.actions)


def uses_growth(turn: Turn) -> bool:
    return any(isinstance(a, Aimed) and a.letter in ("P", "D") for a in turn.actions)


def without_modules(position: Position) -> Position:
    """The position with its chapter names dropped, its objects kept."""
    assert position.chapters is not None
    return replace(position, chapters=replace(position.chapters, modules=frozenset()))


def check_metamorphic(position: Position, pair: Ruleset, chapter: str) -> None:
    single = alone(position, chapter)
    if single is None or position.winner is not None:
        return
    as_pair = {t: without_modules(after) for t, after in successors(position, pair) if not uses_growth(t)}
    as_single = {t: without_modules(after) for t, after in successors(single, Ruleset.parse(chapter))}
    assert as_pair == as_single, f"the pair plays otherwise than {chapter} alone in {format_position(position)}"


def machine(pair: str) -> type[RuleBasedStateMachine]:
    ruleset = Ruleset.parse(pair)
    starts = tuple(n.text for n in PAIR_POSITIONS[pair])
    single = next((c for c in ("influence", "memory") if c in ruleset.chapters), "") if "growth" in pair else ""

    class PairPlay(WholeRun):
        def __init__(self) -> None:
            super().__init__()
            self.position = parse_position(starts[0])
            self.prefer_chapter = self.win = False

        @initialize(start=st.sampled_from(starts), prefer=st.booleans(), win=st.booleans(), picks=turn_picks(TURNS))
        def play_a_run(self, start: str, prefer: bool, win: bool, picks: list[int]) -> None:
            self.position = parse_position(start)
            self.prefer_chapter, self.win = prefer, win
            self.play_run(picks)

        def take(self, pick: int) -> None:
            turn, applied = take_turn(self.position, ruleset, pick, uses_a_chapter if self.prefer_chapter else None,
                                      self.win)
            check_turn_invariants(self.position, turn, applied, ruleset)
            check_earlier_eras(self.position, applied)
            self.position = applied.position

        def restart(self) -> None:
            self.position = parse_position(starts[0])

        @invariant()
        def valid(self) -> None:
            check_position_invariants(self.position)
            assert parse_position(format_position(self.position)) == self.position
            if single:
                check_metamorphic(self.position, ruleset, single)

    PairPlay.__name__ = PairPlay.__qualname__ = "Play_" + pair.replace("+", "_")
    return PairPlay


PROFILE = settings.default
assert PROFILE is not None
SHARE = settings(max_examples=PROFILE.max_examples, stateful_step_count=1, deadline=None)

TestGrowthInfluencePlay = machine("growth+influence").TestCase
TestGrowthInfluencePlay.settings = SHARE
TestGrowthMemoryPlay = machine("growth+memory").TestCase
TestGrowthMemoryPlay.settings = SHARE
TestInfluenceMemoryPlay = machine("influence+memory").TestCase
TestInfluenceMemoryPlay.settings = SHARE
