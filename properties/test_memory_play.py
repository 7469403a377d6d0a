"""Random legal play under rules=memory, with the Memory invariants checked
after every turn:

- each elephant exists exactly once on every era;
- no player has two hats on one era (so at most three on the boards);
- a wild elephant never moves: only a ``commanded`` event moves an elephant,
  and the event replay checks that it wore the commander's hat when it
  stepped;
- training never changes an earlier era: the elephants on the eras before the
  earliest one the active copy stood on are untouched.

Every turn's events are replayed (`check_turn_invariants`), and `apply_turn`
must agree with `successors`.  Play starts from the Memory start or from one
of the named mid-game positions with hatted elephants, and half the time
prefers turns with Train or Command.
"""

from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import initialize, invariant

from oracle.games.ttykm.board import SQUARES, Colour, Era
from oracle.games.ttykm.events import Commanded, CopyChosen, Travelled
from oracle.games.ttykm.notation import parse_position
from oracle.games.ttykm.objects import ELEPHANTS, Kind
from oracle.games.ttykm.rules.standard import Applied, successors
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.turn import Aimed, Turn
from oracle.games.ttykm.vector_sets import MEMORY_POSITIONS
from properties.checks import check_position_invariants, check_turn_invariants
from properties.runs import WholeRun, take_turn, turn_picks

MEMORY = Ruleset.parse("memory")
STARTS = tuple(n.text for n in MEMORY_POSITIONS)

Versions = dict[tuple[int, Kind], tuple[int, Colour | None]]


def versions(position: Position) -> Versions:
    """(era, elephant) -> (cell, hat) for every elephant version; fails if one is missing or doubled."""
    assert position.chapters is not None
    found: Versions = {}
    for c, thing in position.chapters.solids:
        if thing.kind in ELEPHANTS:
            key = (c // SQUARES, thing.kind)
            assert key not in found, f"two {thing.kind.word}s on the {Era(key[0]).word}"
            found[key] = (c, thing.hat)
    return found


def check_memory_position(position: Position) -> None:
    found = versions(position)
    assert set(found) == {(era, kind) for era in Era for kind in ELEPHANTS}, "an elephant is missing from an era"
    for era in Era:
        for colour in Colour:
            hats = [kind for kind in ELEPHANTS if found[(era, kind)][1] is colour]
            assert len(hats) <= 1, f"{colour.word} has two hats on the {era.word}"


def check_memory_turn(before: Position, applied: Applied) -> None:
    old, new = versions(before), versions(applied.position)
    commanded = {(e.source // SQUARES, Kind(e.elephant)) for e in applied.events if isinstance(e, Commanded)}
    for key, (cell, _) in old.items():
        if new[key][0] != cell:
            # the replay checks that it wore the mover's hat when commanded; a later Train
            # of the other elephant may take that hat off it again in the same turn
            assert key in commanded, "an elephant moved without a command"
    stood = [e.cell // SQUARES for e in applied.events if isinstance(e, CopyChosen)]
    stood += [e.target // SQUARES for e in applied.events if isinstance(e, Travelled)]
    if stood:
        for key in old:
            if key[0] < min(stood):
                assert new[key] == old[key], f"the {key[1].word} on the {Era(key[0]).word} changed"


def aims(turn: Turn) -> bool:
    """A turn with a Memory action (Train or Command)."""
    return any(isinstance(a, Aimed) for a in turn.actions)


TURNS = 8  # a run's turns


class MemoryPlay(WholeRun):
    """Plays random legal Memory turns; a won game starts again."""

    def __init__(self) -> None:
        super().__init__()
        self.position = parse_position(STARTS[0])
        self.prefer_elephants = self.win = False

    @initialize(start=st.sampled_from(STARTS), prefer=st.booleans(), win=st.booleans(), picks=turn_picks(TURNS))
    def play_a_run(self, start: str, prefer: bool, win: bool, picks: list[int]) -> None:
        self.position = parse_position(start)
        self.prefer_elephants, self.win = prefer, win
        self.play_run(picks)

    def take(self, pick: int) -> None:
        turn, applied = take_turn(self.position, MEMORY, pick, aims if self.prefer_elephants else None, self.win)
        check_turn_invariants(self.position, turn, applied, MEMORY)
        check_memory_turn(self.position, applied)
        self.position = applied.position

    def restart(self) -> None:
        assert not successors(self.position, MEMORY), "a won game has legal turns"
        self.position = parse_position(STARTS[0])

    @invariant()
    def valid(self) -> None:
        check_position_invariants(self.position)
        check_memory_position(self.position)


TestMemoryPlay = MemoryPlay.TestCase
TestMemoryPlay.settings = settings(stateful_step_count=1, deadline=None)
