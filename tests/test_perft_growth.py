"""The Growth perft fast path agrees with the plain rules, and the start counts hold."""

from __future__ import annotations

import random

import pytest

from oracle.games.ttykm import perft_growth
from oracle.games.ttykm.objects import Kind
from oracle.games.ttykm.perft import perft, perft_plain
from oracle.games.ttykm.rules.standard import legal_turns, start_position, successors
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import Position
from properties.growth_positions import growth_playout_position, random_growth_position

GROWTH = Ruleset.parse("growth")
START_COUNTS = [1, 62, 3844, 225296]


@pytest.mark.parametrize("depth", range(len(START_COUNTS)))
def test_growth_start_perft(depth: int) -> None:
    assert perft(start_position(GROWTH), depth, GROWTH) == START_COUNTS[depth]


def test_plain_perft_matches_at_depth_2() -> None:
    assert perft_plain(start_position(GROWTH), 2, GROWTH) == START_COUNTS[2]


def _plain_children(position: Position) -> dict[object, int]:
    found: dict[object, int] = {}
    for _, after in successors(position, GROWTH):
        key = None if after.winner is not None else perft_growth.state_of(after)
        found[key] = found.get(key, 0) + 1
    return found


def _positions() -> list[Position]:
    rng = random.Random(20261130)
    positions = [random_growth_position(rng) for _ in range(400)]
    positions += [random_growth_position(rng, objects=20) for _ in range(200)]
    positions += [growth_playout_position(rng, rng.randint(1, 10)) for _ in range(60)]
    return [p for p in positions if p.winner is None]


def test_fast_generator_matches_plain_rules_on_random_growth_positions() -> None:
    positions = _positions()
    kinds = {t.kind for p in positions if p.chapters for _, t in p.chapters.solids}
    assert kinds == {Kind.SHRUB, Kind.TREE, Kind.FALLEN}
    for position in positions:
        state = perft_growth.state_of(position)
        assert perft_growth.count_turns(state) == len(legal_turns(position, GROWTH)), position
        assert dict(perft_growth.children(state)) == _plain_children(position), position
