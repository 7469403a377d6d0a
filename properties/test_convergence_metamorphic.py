"""Metamorphic property of the Convergence pairs (CONVERGENCE.PAIRS): where
one chapter's objects are not touched, a pair plays exactly as the other
chapter alone.

For a pair position P and each chapter X of the pair (Y the other), P_X is P
without Y's objects and state (seeds, shrubs and trees; statues and the build
flags; elephants and their hats), played under X alone.  For every action of
X, of every copy of either colour: if it is legal on P_X and changes no
square that holds one of Y's objects in P, then on P under the pair it is
legal too, reports the same events, and gives the same position with Y's
objects as they were.  And an action X alone refuses, the pair refuses too
(Y's objects only ever stand in the way).

This holds in every pair, including influence+memory, whose positions always
hold both chapters' objects (the neutral statue and both elephants on every
era); the play machines of `test_convergence_play` check the whole-turn
version on positions with no Growth object.  Positions come from random legal
actions from each pair's named positions; ~200 examples per pair under the ci
profile.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from oracle.games.ttykm.board import SQUARES, Colour
from oracle.games.ttykm.notation import format_position, parse_position
from oracle.games.ttykm.objects import SEEDS, Chapters
from oracle.games.ttykm.rules.chapters import candidate_actions
from oracle.games.ttykm.rules.standard import Illegal, Step, perform
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import Position
from oracle.games.ttykm.vector_sets import PAIR_POSITIONS

PAIRS = ("growth+influence", "growth+memory", "influence+memory")


def chapters_of(position: Position) -> Chapters:
    assert position.chapters is not None
    return position.chapters


def without(position: Position, chapter: str) -> Position:
    """``position`` with ``chapter``'s objects and state taken away, under the other chapters."""
    c = chapters_of(position)
    solids = tuple((cell, t) for cell, t in c.solids if t.kind.chapter != chapter)
    growth_gone = chapter == "growth"
    return replace(position, chapters=Chapters(
        c.modules - {chapter},
        0 if growth_gone else c.seeds,
        solids,
        SEEDS if growth_gone else c.seed_supply,
        (False, False) if chapter == "influence" else c.built,
    ))


def objects_of(position: Position, chapter: str) -> tuple[object, ...]:
    """Everything of ``chapter`` in ``position``: its objects, and its seeds or build flags."""
    c = chapters_of(position)
    solids = tuple((cell, t) for cell, t in c.solids if t.kind.chapter == chapter)
    extra: tuple[object, ...] = ()
    if chapter == "growth":
        extra = (c.seeds, c.seed_supply)
    elif chapter == "influence":
        extra = (c.built,)
    return (solids, *extra)


def cells_of(position: Position, chapter: str) -> set[int]:
    """The cells that hold one of ``chapter``'s objects (or a seed)."""
    c = chapters_of(position)
    cells = {cell for cell, t in c.solids if t.kind.chapter == chapter}
    if chapter == "growth":
        cells |= {cell for cell in range(3 * SQUARES) if c.seeds >> cell & 1}
    return cells


def footprint(before: Position, after: Position) -> set[int]:
    """The cells whose contents differ: a copy, a seed or an object."""
    b, a = chapters_of(before), chapters_of(after)
    changed = (before.copies[0] ^ after.copies[0]) | (before.copies[1] ^ after.copies[1]) | (b.seeds ^ a.seeds)
    cells = {cell for cell in range(3 * SQUARES) if changed >> cell & 1}
    solids_before, solids_after = dict(b.solids), dict(a.solids)
    cells |= {cell for cell in solids_before.keys() | solids_after.keys()
              if solids_before.get(cell) != solids_after.get(cell)}
    return cells


def check_inert(position: Position, pair: str) -> int:
    """The property for every chapter of the pair; the number of actions compared."""
    ruleset = Ruleset.parse(pair)
    compared = 0
    for chapter in sorted(ruleset.chapters):
        other = next(c for c in ruleset.chapters if c != chapter)
        alone, single = without(position, other), Ruleset.parse(chapter)
        blocked = cells_of(position, other)
        for cell in range(3 * SQUARES):
            colour = Colour.WHITE if position.copies[0] >> cell & 1 else Colour.BLACK
            if not (position.copies[0] | position.copies[1]) >> cell & 1:
                continue
            for action in candidate_actions(alone, cell):
                as_single = perform(alone, colour, cell, action, single)
                as_pair = perform(position, colour, cell, action, ruleset)
                where = f"{action} of the copy on {cell} in {format_position(position)}"
                if isinstance(as_single, Illegal):
                    assert isinstance(as_pair, Illegal), f"{chapter} alone refuses but {pair} allows {where}"
                    continue
                if footprint(alone, as_single.position) & blocked:
                    continue
                assert isinstance(as_pair, Step), f"{pair} refuses what {chapter} alone allows: {where}"
                assert as_pair.events == as_single.events, f"other events under {pair}: {where}"
                assert without(as_pair.position, other) == as_single.position, f"another result under {pair}: {where}"
                assert objects_of(as_pair.position, other) == objects_of(position, other), (
                    f"{pair} moved the {other} objects: {where}")
                compared += 1
    return compared


@st.composite
def pair_positions(draw: st.DrawFn, pair: str) -> Position:
    """A named position of the pair, then up to 12 random legal actions by copies of either colour."""
    ruleset = Ruleset.parse(pair)
    position = parse_position(draw(st.sampled_from([n.text for n in PAIR_POSITIONS[pair]])))
    for _ in range(draw(st.integers(0, 12))):
        options = []
        for cell in range(3 * SQUARES):
            if (position.copies[0] | position.copies[1]) >> cell & 1:
                colour = Colour.WHITE if position.copies[0] >> cell & 1 else Colour.BLACK
                options += [(colour, cell, a) for a in candidate_actions(position, cell)]
        colour, cell, action = draw(st.sampled_from(options))
        step = perform(position, colour, cell, action, ruleset)
        if isinstance(step, Step) and (step.position.copies[0] and step.position.copies[1]):
            position = step.position
    return position


@pytest.mark.parametrize("pair", PAIRS)
@given(data=st.data())
def test_a_pair_plays_as_each_chapter_where_the_other_is_untouched(pair: str, data: st.DataObject) -> None:
    check_inert(data.draw(pair_positions(pair), label="position"), pair)


@pytest.mark.parametrize("pair", PAIRS)
def test_the_property_compares_actions_in_every_chapter(pair: str) -> None:
    """Not vacuous: from the pair's start, many actions of each chapter are compared."""
    start = parse_position(PAIR_POSITIONS[pair][0].text)
    assert check_inert(start, pair) >= 20
