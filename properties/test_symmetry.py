"""Metamorphic tests: the 8 symmetries of the square, applied to all three
eras at once, and the colour swap map legal turns to legal turns exactly,
and applying a turn commutes with them."""

from __future__ import annotations

import pytest
from hypothesis import given

from oracle.games.ttykm.ruleset import Ruleset
from oracle.games.ttykm.state import Position
from properties.checks import check_symmetry, map_turn
from properties.strategies import VARIANTS, any_position
from properties.symmetry import SYMMETRIES


@pytest.mark.parametrize("ruleset", VARIANTS, ids=lambda r: r.name)
@given(position=any_position(allow_won=True))
def test_symmetries(ruleset: Ruleset, position: Position) -> None:
    check_symmetry(position, ruleset)


def test_the_eight_symmetries_are_distinct_and_map_letters() -> None:
    assert len({s.squares for s in SYMMETRIES}) == 8
    for s in SYMMETRIES:
        assert sorted(s.squares) == list(range(16))
        assert sorted(s.compass.values()) == ["E", "N", "S", "W"]
    from oracle.games.ttykm.notation import parse_turn

    rotate = next(s for s in SYMMETRIES if s.name == "rotate-90")
    assert map_turn(parse_turn("a1 N E >present"), rotate) == parse_turn("a4 E S >present")
