"""Board geometry and the BGA space table."""

from __future__ import annotations

import pytest

from oracle.games.ttykm.board import NEIGHBOUR, Action, square_of_bga_space
from oracle.games.ttykm.notation import parse_square, square_name


@pytest.mark.rule("SETUP.BGA-SPACES")
@pytest.mark.parametrize(("space", "name"), [(1, "a1"), (4, "d1"), (5, "a2"), (7, "c2"), (13, "a4"), (16, "d4")])
def test_bga_space_numbers(space: int, name: str) -> None:
    assert square_name(square_of_bga_space(space)) == name


@pytest.mark.parametrize("space", [0, 17, -1])
def test_bga_space_out_of_range(space: int) -> None:
    with pytest.raises(ValueError, match="1 to 16"):
        square_of_bga_space(space)


def test_neighbours_and_walls() -> None:
    a1, d4, b2 = parse_square("a1"), parse_square("d4"), parse_square("b2")
    assert NEIGHBOUR[Action.WEST][a1] is None
    assert NEIGHBOUR[Action.SOUTH][a1] is None
    assert NEIGHBOUR[Action.NORTH][d4] is None
    assert NEIGHBOUR[Action.EAST][d4] is None
    assert [square_name(n) for d in (Action.NORTH, Action.EAST, Action.SOUTH, Action.WEST)
            if (n := NEIGHBOUR[d][b2]) is not None] == ["b3", "c2", "b1", "a2"]
