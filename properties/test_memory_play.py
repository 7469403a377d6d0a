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
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from oracle.games.ttykm.board import SQUARES, Colour, Era
from oracle.games.ttykm.events import Commanded, CopyChosen, Travelled
from oracle.games.ttykm.notation import format_position, parse_position
from oracle.games.ttykm.objects import ELEPHANTS, Kind
from oracle.games.ttykm.rules.standard import Applied, apply_turn, successors
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.turn import Aimed
from oracle.games.ttykm.vector_sets import MEMORY_POSITIONS
from properties.checks import check_position_invariants, check_turn_invariants

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


class MemoryPlay(RuleBasedStateMachine):
    """Plays random legal Memory turns; a won game starts again."""

    def __init__(self) -> None:
        super().__init__()
        self.position = parse_position(STARTS[0])
        self.prefer_elephants = False

    @initialize(start=st.sampled_from(STARTS), prefer=st.booleans())
    def begin(self, start: str, prefer: bool) -> None:
        self.position = parse_position(start)
        self.prefer_elephants = prefer

    @precondition(lambda self: self.position.winner is None)
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        options = successors(self.position, MEMORY)
        assert options, f"no legal turn in {format_position(self.position)} although nobody has won"
        if self.prefer_elephants:
            options = [o for o in options if any(isinstance(a, Aimed) for a in o[0].actions)] or options
        turn, after = data.draw(st.sampled_from(options), label="turn")
        applied = apply_turn(self.position, turn, MEMORY)
        assert applied.position == after
        check_turn_invariants(self.position, turn, applied, MEMORY)
        check_memory_turn(self.position, applied)
        self.position = applied.position

    @precondition(lambda self: self.position.winner is not None)
    @rule()
    def restart(self) -> None:
        assert not successors(self.position, MEMORY), "a won game has legal turns"
        self.position = parse_position(STARTS[0])

    @invariant()
    def valid(self) -> None:
        check_position_invariants(self.position)
        check_memory_position(self.position)


TestMemoryPlay = MemoryPlay.TestCase
TestMemoryPlay.settings = settings(stateful_step_count=8, deadline=None)
