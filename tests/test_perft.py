"""The fast perft agrees with the plain rules, and known counts hold."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from oracle.games.ttykm.perft import children, count_turns, divide, engine, perft, perft_plain, state_of
from oracle.games.ttykm.rules.standard import legal_turns, successors
from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import Position
from tests.conftest import sample_tiers
from tests.positions import random_playout_position, random_position

START_COUNTS = [1, 16, 256, 5696, 123888]


@pytest.mark.parametrize("depth", range(len(START_COUNTS)))
def test_start_perft(depth: int) -> None:
    assert perft(Position.start(), depth) == START_COUNTS[depth]


def test_start_perft_5() -> None:
    assert perft(Position.start(), 5) == 3273456
    assert perft(Position.start(), 5, cache=False) == 3273456


def test_plain_perft_matches_at_depth_3() -> None:
    assert perft_plain(Position.start(), 3) == START_COUNTS[3]


def _fast_successor_states(position: Position) -> dict[object, int]:
    return {k: v for k, v in children(state_of(position)).items() if k is not None}


def _plain_successor_states(position: Position) -> dict[object, int]:
    found: dict[object, int] = {}
    for _, after in successors(position):
        if after.winner is None:
            key = state_of(after)
            found[key] = found.get(key, 0) + 1
    return found


@pytest.mark.parametrize("part", sample_tiers(2300, 5))
def test_fast_generator_matches_plain_rules_on_random_positions(part: Sequence[int]) -> None:
    rng = random.Random(20261129)
    positions = [random_position(rng) for _ in range(1000)]
    positions += [random_position(rng, dense=True) for _ in range(1000)]
    positions += [random_playout_position(rng, rng.randint(1, 12)) for _ in range(300)]
    for position in (positions[i] for i in part):
        if position.winner is not None:
            continue
        assert count_turns(state_of(position)) == len(legal_turns(position)), position
        assert _fast_successor_states(position) == _plain_successor_states(position), position
        wins_fast = children(state_of(position)).get(None, 0)
        wins_plain = sum(1 for _, after in successors(position) if after.winner is not None)
        assert wins_fast == wins_plain, position


def test_fast_perft_matches_plain_perft_at_depth_2() -> None:
    rng = random.Random(7)
    for _ in range(60):
        position = random_position(rng)
        assert perft(position, 2) == perft_plain(position, 2), position


def test_divide_sums_to_perft() -> None:
    parts = divide(Position.start(), 3)
    assert [t for t, _ in parts] == legal_turns(Position.start())
    assert sum(n for _, n in parts) == START_COUNTS[3]


def test_a_variant_counts_as_the_plain_rules_do() -> None:
    """The standard game under a variant has the chapters' hooks (tests/test_perft_chapters.py checks them)."""
    free = Ruleset.parse("copy-choice=free")
    assert engine(Position.start(), free).name == "chapters"
    assert perft(Position.start(), 3, free) == perft_plain(Position.start(), 3, free)


def test_won_position_has_no_turns() -> None:
    position = random_playout_position(random.Random(1), 0)
    won = Position(position.copies, position.supply, position.removed, position.focus, None, position.to_move)
    assert perft(won, 1) == 0
    assert perft(won, 0) == 1
