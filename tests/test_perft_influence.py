"""The Influence perft fast path agrees with the plain rules, and the start counts hold."""

from __future__ import annotations

import pytest
from hypothesis import given

from oracle.games.ttykm import perft_influence
from oracle.games.ttykm.perft import has_fast_path, perft, perft_plain
from oracle.games.ttykm.rules.standard import legal_turns, start_position, successors
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import Position
from properties.influence import influence_positions, seeded_positions

INFLUENCE = Ruleset.parse("influence")
START_COUNTS = [1, 36, 1296, 38792, 1195428]


@pytest.mark.parametrize("depth", range(4))
def test_influence_start_perft(depth: int) -> None:
    assert perft(start_position(INFLUENCE), depth, INFLUENCE) == START_COUNTS[depth]


@pytest.mark.slow
def test_influence_start_perft_4() -> None:
    assert perft(start_position(INFLUENCE), 4, INFLUENCE) == START_COUNTS[4]


def test_plain_perft_matches_at_depth_2() -> None:
    start = start_position(INFLUENCE)
    assert has_fast_path(start, INFLUENCE)
    assert perft_plain(start, 2, INFLUENCE) == START_COUNTS[2]


def test_variants_take_the_plain_rules() -> None:
    variant = Ruleset.parse("influence+pull=automatic")
    assert not has_fast_path(start_position(variant), variant)


def _plain_children(position: Position) -> dict[object, int]:
    found: dict[object, int] = {}
    for _, after in successors(position, INFLUENCE):
        key = None if after.winner is not None else perft_influence.state_of(after)
        found[key] = found.get(key, 0) + 1
    return found


def _agrees(position: Position) -> None:
    state = perft_influence.state_of(position)
    assert perft_influence.count_turns(state) == len(legal_turns(position, INFLUENCE)), position
    assert dict(perft_influence.children(state)) == _plain_children(position), position


def test_fast_generator_matches_plain_rules_on_played_positions() -> None:
    positions = seeded_positions(150, 20261130)
    assert any(p.chapters is not None and any(p.chapters.built) for p in positions)
    for position in positions:
        _agrees(position)


@given(influence_positions(crowded=True))
def test_fast_generator_matches_plain_rules_on_crowded_positions(position: Position) -> None:
    if position.winner is None:
        _agrees(position)


@given(influence_positions())
def test_fast_generator_matches_plain_rules_on_any_position(position: Position) -> None:
    if position.winner is None:
        _agrees(position)
