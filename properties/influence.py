"""Influence: positions with statues, the chapter's invariants, and a replay
of statue events, for the property tests and the mutation harness.

This is test code: it states the invariants independently of
`oracle.games.ttykm.objects.check_statues` and replays what each event says,
not the rules that produced it.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import strategies as st

from oracle.games.ttykm.board import CELLS, SQUARES, Colour, Era
from oracle.games.ttykm.events import (
    Built,
    CopyChosen,
    Created,
    Crushed,
    Event,
    FocusMoved,
    Halted,
    Moved,
    Paradox,
    Placed,
    Pushed,
    Shifted,
    Travelled,
    Unplaced,
    Won,
)
from oracle.games.ttykm.notation import event_text
from oracle.games.ttykm.objects import Chapters, Kind, Thing, statue
from oracle.games.ttykm.rules.standard import start_position, successors
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import COPIES_PER_PLAYER, Position
from oracle.games.ttykm.strategies import CORNER, played_positions, positions
from oracle.games.ttykm.turn import Turn
from properties.replay import ReplayError, replay

INFLUENCE = Ruleset(chapters=frozenset({"influence"}))
Owner = Colour | None


def start() -> Position:
    return start_position(INFLUENCE)


def statues(p: Position) -> dict[int, Owner]:
    """Each statue's cell and owner."""
    assert p.chapters is not None
    return {c: t.owner for c, t in p.chapters.solids if t.kind is Kind.STATUE}


# --- positions --------------------------------------------------------------------------


@st.composite
def influence_positions(draw: st.DrawFn, crowded: bool = False) -> Position:
    """Any valid Influence position: copies as `positions` draws them, the
    neutral statue on a free square of every era, and each player's statue
    built or not, on an unbroken run of eras ending in the future."""
    base = draw(positions(squares=CORNER if crowded else None))
    taken = base.copies[0] | base.copies[1]
    free = [c for c in range(CELLS) if not taken >> c & 1]
    near = [c for c in free if c % SQUARES in (*CORNER, 6, 9)] if crowded else free
    solids: dict[int, Thing] = {}

    def place(era: int, owner: Owner) -> None:
        options = [c for c in near if c // SQUARES == era and c not in solids]
        options = options or [c for c in free if c // SQUARES == era and c not in solids]
        solids[draw(st.sampled_from(options))] = statue(owner)

    for era in Era:
        place(era, None)
    built = [False, False]
    for colour in Colour:
        if draw(st.booleans()):
            built[colour] = True
            for later in range(draw(st.sampled_from(Era)), Era.FUTURE + 1):
                place(later, colour)
    chapters = Chapters(frozenset({"influence"})).with_objects(0, solids, 5, (built[0], built[1]))
    return replace(base, chapters=chapters)


def played_influence_positions(ruleset: Ruleset = INFLUENCE, max_plies: int = 30) -> st.SearchStrategy[Position]:
    """A position reached from the Influence start by random legal turns."""
    return played_positions(ruleset, max_plies, start())


def any_influence_position() -> st.SearchStrategy[Position]:
    return st.one_of(st.just(start()), played_influence_positions(), influence_positions(),
                     influence_positions(crowded=True))


# --- invariants ---------------------------------------------------------------------------


def check_statue_invariants(p: Position) -> None:
    """Exactly one neutral statue per era; at most one statue of each player
    per era, standing exactly when the player has built; one solid thing per
    square; seven copies per player."""
    assert p.chapters is not None
    cells = [c for c, _ in p.chapters.solids]
    assert len(cells) == len(set(cells)), "two objects on one square"
    assert not (p.copies[0] | p.copies[1]) & sum(1 << c for c in cells), "a copy shares a square with a statue"
    assert not p.copies[0] & p.copies[1], "two copies on one square"
    on = statues(p)
    for era in Era:
        owners = [o for c, o in on.items() if c // SQUARES == era]
        assert owners.count(None) == 1, f"{owners.count(None)} neutral statues on the {era.word}"
        for colour in Colour:
            assert owners.count(colour) <= 1, f"two {colour.word} statues on the {era.word}"
    for colour in Colour:
        assert any(o is colour for o in on.values()) == p.chapters.built[colour], f"{colour.word}'s build flag"
        assert p.on_board(colour) + p.supply[colour] + p.removed[colour] == COPIES_PER_PLAYER


def earliest_acting_era(events: tuple[Event, ...]) -> int:
    """The earliest era the active copy stood on during the turn."""
    eras = [Era.FUTURE + 1]
    for e in events:
        match e:
            case CopyChosen(_, c) | Moved(_, c, _, _) | Built(_, c):
                eras.append(c // SQUARES)
            case Travelled(_, source, target):
                eras += [source // SQUARES, target // SQUARES]
    return min(eras)


def check_influence_turn(before: Position, turn: Turn, after: Position, events: tuple[Event, ...]) -> None:
    """What every legal Influence turn must do: the invariants hold, a player
    builds at most once, nothing changes a statue on an era before the ones the
    active copy acted on, and replaying the events gives the position after."""
    assert before.chapters is not None and after.chapters is not None and before.to_move is not None
    check_statue_invariants(after)
    builds = [e for e in events if isinstance(e, Built)]
    assert len(builds) <= 1, "two builds in one turn"
    for colour in Colour:
        assert after.chapters.built[colour] >= before.chapters.built[colour], "a build flag was reset"
        if colour is not before.to_move:
            assert after.chapters.built[colour] == before.chapters.built[colour], "the opponent built"
    if builds:
        assert not before.chapters.built[before.to_move], "a second build"
    first = earliest_acting_era(events)
    early = {c: o for c, o in statues(before).items() if c // SQUARES < first}
    assert early == {c: o for c, o in statues(after).items() if c // SQUARES < first}, "an earlier era changed"
    assert replay_statues(before, events) == after, "replaying the events gives another position"


# --- replay ----------------------------------------------------------------------------------

# The events an Influence turn may have: any other is a fault (the general replay would pass it by).
INFLUENCE_EVENTS = (CopyChosen, Moved, Pushed, Crushed, Paradox, Travelled, Created, Shifted, Halted, Built, Placed,
                    Unplaced, FocusMoved, Won)


def replay_statues(before: Position, events: tuple[Event, ...]) -> Position:
    """The position the events lead to from ``before``, statues included: the general replay of every
    chapter's events (`properties.replay`), over the events Influence has."""
    for event in events:
        if not isinstance(event, INFLUENCE_EVENTS):
            raise ReplayError(f"{event_text(event)}: an event Influence does not have")
    return replay(before, events)


def seeded_positions(count: int, seed: int) -> list[Position]:
    """``count`` distinct Influence positions from seeded random play and
    seeded crowded draws: the fixed sample of the differential check and the
    mutation harness."""
    import random

    rng = random.Random(seed)
    found: list[Position] = []
    seen: set[Position] = set()
    position = start()
    while len(found) < count:
        if position.winner is not None or rng.random() < 0.04:
            position = start()
        options = successors(position, INFLUENCE)
        if not options:
            position = start()
            continue
        position = options[rng.randrange(len(options))][1]
        if position.winner is None and position not in seen:
            seen.add(position)
            found.append(position)
    return found
